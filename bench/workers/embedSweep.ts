/**
 * Embedder sweep worker: one embedder configuration (threads, batch size, ONNX session options) per
 * process, so each configuration's peak RSS is its own. Embeds the same sample of real chunk texts `reps`
 * times in 256-text calls, as the pipeline does.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { embeddingText } from '../../src/pipeline/chunkRecords.js';
import type { ChunkRecord } from '../../src/store/indexDb.js';
import { loadEmbedder } from '../../src/models/embedder.js';
import { peakRssMb, workerMain } from '../lib/proc.js';

export interface SweepInput {
  dataDir: string;
  texts: number;
  threads: number;
  batchSize: number;
  sessionOptions?: Record<string, unknown>;
  reps: number;
}

export interface SweepOutput {
  texts: number;
  ms: number[];
  load_ms: number;
  peak_rss_mb: number;
  rss_after_load_mb: number;
}

await workerMain<SweepInput, SweepOutput>(async (input) => {
  const db = new Database(path.join(input.dataDir, 'obq.sqlite'), { readonly: true, fileMustExist: true });
  const texts = (
    db
      .prepare('select title, header_path, page_content from obq_chunks order by file_id, chunk_index limit ?')
      .all(input.texts) as ChunkRecord[]
  ).map(embeddingText);
  db.close();
  const t0 = performance.now();
  const embedder = await loadEmbedder({
    threads: input.threads,
    batchSize: input.batchSize,
    sessionOptions: input.sessionOptions,
  });
  const loadMs = performance.now() - t0;
  const afterLoad = peakRssMb();
  await embedder.embed(texts.slice(0, 8)); // warm-up
  const ms: number[] = [];
  for (let r = 0; r < input.reps; r++) {
    const s = performance.now();
    for (let i = 0; i < texts.length; i += 256) await embedder.embed(texts.slice(i, i + 256));
    ms.push(performance.now() - s);
  }
  return { texts: texts.length, ms, load_ms: loadMs, peak_rss_mb: peakRssMb(), rss_after_load_mb: afterLoad };
});
