/**
 * Ingest worker: full syncs through the real VaultService (the code path of `obsiquery sync`), with stage
 * timings from wrapped methods; then, in the same warm process, the bare-embedder baseline over the very
 * chunk texts the pipeline produced, and optionally the no-change / one-file-changed resync series.
 */
import { appendFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { syncProgressReporter } from '../../src/cli/output.js';
import { discoverNotes, toSource } from '../../src/pipeline/discover.js';
import { readNote } from '../../src/pipeline/readNote.js';
import { parseNoteMetadata } from '../../src/pipeline/noteMetadata.js';
import { chunkMarkdown, DEFAULT_CHUNK_OPTIONS } from '../../src/pipeline/chunker.js';
import { embeddingText, toChunkRecords } from '../../src/pipeline/chunkRecords.js';
import type { SyncProgress, SyncSummary } from '../../src/pipeline/sync.js';
import type { ChunkRecord } from '../../src/store/indexDb.js';
import { VaultService } from '../../src/services/vaultService.js';
import { listNotes, statTree } from '../lib/corpus.js';
import { instrument, shadowEmbedder, type PhaseTimes, type ShadowStats } from '../lib/instrument.js';
import { log, peakRssMb, workerMain } from '../lib/proc.js';
import { rng } from '../lib/stats.js';

export interface IngestJob {
  label: string;
  vault: string;
  dataDir: string;
  /** Re-embed the chunk texts with the bare embedder afterwards (the throughput baseline). */
  bare: boolean;
  /** Time read + hash + parse + chunk of every note alone, before the sync (what overlapping could hide). */
  prep: boolean;
  /** Mirror each of the sync's embed() calls with the bare embedder (paired baseline; excluded from the sync's time). */
  shadow?: boolean;
  resync?: { noChange: number; oneFile: number };
}

export interface ResyncSample {
  sync_ms: number;
  wall_ms: number;
  stat_ms: number;
  discover_ms: number;
  summary: SyncSummary;
  phases: Omit<PhaseTimes, 'batches'>;
}

export interface IngestJobResult {
  label: string;
  open_ms: number;
  sync_wall_ms: number;
  /** Process CPU time (user + system, all threads) during the sync: steadier than wall time on a loaded machine. */
  sync_cpu_ms: number;
  summary: SyncSummary;
  phases: PhaseTimes;
  /** ms from the sync's start to the first 'indexing' event, to 'finishing', and to 'done'. */
  marks: { indexing: number; finishing: number; done: number };
  peak_rss_mb_after_sync: number;
  bare: { chunks: number; ms: number; cpu_ms: number; calls: number } | null;
  /** The paired (interleaved) baseline; the sync's own time is summary.duration_ms − shadow.ms. */
  shadow: ShadowStats | null;
  prep: { files: number; chunks: number; ms: number; read_ms: number; chunk_ms: number } | null;
  resync: { noChange: ResyncSample[]; oneFile: ResyncSample[]; files: number } | null;
}

export interface IngestOutput {
  jobs: IngestJobResult[];
  embedder_load_ms: number;
  peak_rss_mb: number;
}

async function prepOnly(vault: string): Promise<NonNullable<IngestJobResult['prep']>> {
  const start = performance.now();
  const { files, root } = await discoverNotes(vault);
  let chunks = 0;
  let readMs = 0;
  let chunkMs = 0;
  for (const [i, f] of files.entries()) {
    const t0 = performance.now();
    const { text, bytes } = await readNote(f.filePath);
    createHash('sha256').update(bytes).digest('hex');
    const t1 = performance.now();
    const source = toSource(root, f.filePath);
    const meta = parseNoteMetadata(text, source);
    const records: ChunkRecord[] = toChunkRecords(chunkMarkdown(text, DEFAULT_CHUNK_OPTIONS), meta, source, i, f.mtime);
    records.map(embeddingText);
    chunks += records.length;
    readMs += t1 - t0;
    chunkMs += performance.now() - t1;
  }
  return { files: files.length, chunks, ms: performance.now() - start, read_ms: readMs, chunk_ms: chunkMs };
}

const cpuMs = (since?: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};

async function timedSync(service: VaultService): Promise<{ summary: SyncSummary; wall: number; cpu: number }> {
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  const summary = await service.sync();
  return { summary, wall: performance.now() - start, cpu: cpuMs(cpu0) };
}

async function runJob(job: IngestJob): Promise<IngestJobResult> {
  const prep = job.prep ? await prepOnly(job.vault) : null;
  if (prep)
    log(`${job.label}: read+chunk alone ${prep.files} files → ${prep.chunks} chunks in ${prep.ms.toFixed(0)} ms`);

  const openStart = performance.now();
  const service = await VaultService.open({ vault: job.vault, dataDir: job.dataDir });
  const openMs = performance.now() - openStart;
  const bareEmbed = service.embedder.embed;
  const inst = instrument(service.index, service.embedder);
  const mirror = job.shadow ? shadowEmbedder(service.embedder, bareEmbed) : null;
  const reporter = syncProgressReporter(true);
  let syncStart = 0;
  const marks = { indexing: Number.NaN, finishing: Number.NaN, done: Number.NaN };
  const off = service.onProgress((p: SyncProgress) => {
    if (p.phase === 'scanning') syncStart = performance.now();
    else if (Number.isNaN(marks[p.phase])) marks[p.phase] = performance.now() - syncStart;
    reporter.update(p);
  });
  const { summary, wall, cpu } = await timedSync(service);
  reporter.stop();
  off();
  mirror?.restore();
  const peak = peakRssMb();
  const phases = structuredClone(inst.phases);
  log(
    `${job.label}: synced ${summary.added + summary.modified} files, ${summary.chunks_added} chunks in ${((summary.duration_ms - (mirror?.stats.ms ?? 0)) / 1000).toFixed(1)} s${mirror ? ` (+ ${(mirror.stats.ms / 1000).toFixed(1)} s of paired bare embedding)` : ''}, peak RSS ${peak.toFixed(0)} MB`,
  );

  let bare: IngestJobResult['bare'] = null;
  if (job.bare) {
    inst.restore();
    const rows = service.index.db.db
      .prepare('select title, header_path, page_content from obq_chunks order by file_id, chunk_index')
      .all() as ChunkRecord[];
    const texts = rows.map(embeddingText);
    // Same grouping as the pipeline's embed() calls (so the same length-sorting and padding), else 256-chunk groups.
    let groups = phases.embed_calls;
    if (groups.reduce((a, b) => a + b, 0) !== texts.length) groups = [];
    if (groups.length === 0) for (let i = 0; i < texts.length; i += 256) groups.push(Math.min(256, texts.length - i));
    const start = performance.now();
    const cpu0 = process.cpuUsage();
    let at = 0;
    for (const n of groups) {
      await service.embedder.embed(texts.slice(at, at + n));
      at += n;
    }
    bare = { chunks: texts.length, ms: performance.now() - start, cpu_ms: cpuMs(cpu0), calls: groups.length };
    log(`${job.label}: bare embedder ${texts.length} chunks in ${(bare.ms / 1000).toFixed(1)} s`);
  }

  let resync: IngestJobResult['resync'] = null;
  if (job.resync) {
    const again = instrument(service.index, service.embedder);
    const sample = async (): Promise<ResyncSample> => {
      const t0 = performance.now();
      await statTree(job.vault);
      const t1 = performance.now();
      await discoverNotes(job.vault);
      const t2 = performance.now();
      again.reset();
      const { summary: s, wall: w } = await timedSync(service);
      const { batches: _b, ...ph } = structuredClone(again.phases);
      return { stat_ms: t1 - t0, discover_ms: t2 - t1, sync_ms: s.duration_ms, wall_ms: w, summary: s, phases: ph };
    };
    const noChange: ResyncSample[] = [];
    for (let i = 0; i < job.resync.noChange; i++) noChange.push(await sample());
    const notes = listNotes(job.vault);
    const random = rng(99);
    const oneFile: ResyncSample[] = [];
    for (let i = 0; i < job.resync.oneFile; i++) {
      const rel = notes[Math.floor(random() * notes.length)]!;
      appendFileSync(`${job.vault}/${rel}`, `\n\n- Bench edit ${i}: refresh the cache before the ${i}th run.\n`);
      oneFile.push(await sample());
    }
    again.restore();
    resync = { noChange, oneFile, files: notes.length };
    log(
      `${job.label}: resync no-change ${noChange.map((s) => s.wall_ms.toFixed(0)).join('/')} ms, one-file ${oneFile.map((s) => s.wall_ms.toFixed(0)).join('/')} ms`,
    );
  }
  inst.restore();
  service.close();
  return {
    label: job.label,
    open_ms: openMs,
    sync_wall_ms: wall,
    sync_cpu_ms: cpu,
    summary,
    phases,
    marks,
    peak_rss_mb_after_sync: peak,
    bare,
    shadow: mirror ? mirror.stats : null,
    prep,
    resync,
  };
}

await workerMain<{ jobs: IngestJob[] }, IngestOutput>(async ({ jobs }) => {
  const { sharedEmbedder } = await import('../../src/services/vaultService.js');
  const loadStart = performance.now();
  await sharedEmbedder();
  const embedderLoad = performance.now() - loadStart;
  const results: IngestJobResult[] = [];
  for (const job of jobs) results.push(await runJob(job));
  return { jobs: results, embedder_load_ms: embedderLoad, peak_rss_mb: peakRssMb() };
});
