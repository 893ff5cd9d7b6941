/**
 * Query worker: latency of what a search costs the user (query embedding + hybrid search, through the real
 * similaritySearch) against LanceDB's dense search alone on the same index, on the tldr index the ingest
 * built and on a synthetic index written directly through VectorStore/IndexDb (random unit vectors, FTS text
 * drawn from the tldr vocabulary), before and after the vector index VectorStore.optimize() creates.
 */
import { randomUUID } from 'node:crypto';
import type { Table } from '@lancedb/lancedb';
import { loadEmbedder, type Embedder } from '../../src/models/embedder.js';
import { similaritySearch } from '../../src/search/similaritySearch.js';
import { sparseSearch } from '../../src/store/sparse.js';
import { findTasks } from '../../src/agent/taskList.js';
import type { ChunkRecord, ScannedFile } from '../../src/store/indexDb.js';
import { openIndex, type Index } from '../../src/store/openIndex.js';
import type { VectorRow } from '../../src/store/vectorStore.js';
import { log, peakRssMb, workerMain } from '../lib/proc.js';
import { percentile, rng } from '../lib/stats.js';

export interface QueryInput {
  tldrDataDir: string;
  queries: string[];
  rounds: number;
  reps: number;
  synthetic: { dataDir: string; rows: number; chunksPerFile: number; indexThreshold: number };
}

export type Metric = 'hybrid' | 'dense_mode' | 'lance_dense' | 'lance_ids_only' | 'sparse' | 'embed';
/** Per round: p50 and p95 (ms) of each measured call over all queries × reps. */
export type RoundStats = Record<Metric, { p50: number; p95: number }>;

export interface QueryOutput {
  tldr: { rows: number; rounds: RoundStats[]; samples: number };
  synthetic: {
    rows: number;
    build: { total_ms: number; lance_add_ms: number; sqlite_ms: number; vectors_gen_ms: number };
    compact_ms: number;
    index_ms: number;
    has_vector_index: boolean;
    flat: RoundStats[];
    ivf: RoundStats[];
    /** Overlap of the IVF-PQ top-10 with the flat top-10 for the same query vectors (1 = identical). */
    recall_at_10: number;
    samples: number;
    /** Listing the open tasks of the index, and those about one word (TASK_SHARE of the chunks hold one). */
    tasks: { all_ms: number; topic_ms: number; tasks: number };
    /** Reading one note's chunks by its path (IndexDb.chunksOfNote), p50, through the path index and without it. */
    note_reads: { indexed_ms: number; scan_ms: number; notes: number };
  };
  peak_rss_mb: number;
}

/** The LanceDB table behind a VectorStore (private there; the bench reads it for the experiments). */
function table(index: Index): Table {
  return (index.vectors as unknown as { table: Table }).table;
}

async function measure(
  index: Index,
  embedder: Embedder,
  queries: string[],
  rounds: number,
  reps: number,
  keep?: Map<string, string[]>,
): Promise<RoundStats[]> {
  const depth = 50;
  // Warm-up: first calls pay for JIT, LanceDB's file opens and SQLite's page cache.
  for (const q of queries.slice(0, 3)) await similaritySearch(index, embedder, { refined_query_for_vector_search: q });
  const out: RoundStats[] = [];
  for (let r = 0; r < rounds; r++) {
    const t: Record<Metric, number[]> = {
      hybrid: [],
      dense_mode: [],
      lance_dense: [],
      lance_ids_only: [],
      sparse: [],
      embed: [],
    };
    for (let rep = 0; rep < reps; rep++) {
      for (const q of queries) {
        let s = performance.now();
        const vec = (await embedder.embed([q]))[0]!;
        t.embed.push(performance.now() - s);
        s = performance.now();
        const dense = await index.vectors.search(vec, depth);
        t.lance_dense.push(performance.now() - s);
        if (keep && r === 0 && rep === 0)
          keep.set(
            q,
            dense.slice(0, 10).map((h) => h.chunk_id),
          );
        // Experiment: the same search returning only ids (a search could hydrate its rows from SQLite instead).
        s = performance.now();
        await table(index)
          .vectorSearch(Array.from(vec))
          .distanceType('cosine')
          .select(['chunk_id', '_distance'])
          .limit(depth)
          .toArray();
        t.lance_ids_only.push(performance.now() - s);
        s = performance.now();
        sparseSearch(index.db, q, depth);
        t.sparse.push(performance.now() - s);
        s = performance.now();
        await similaritySearch(index, embedder, { refined_query_for_vector_search: q, k: 5 });
        t.hybrid.push(performance.now() - s);
        s = performance.now();
        await similaritySearch(index, embedder, { refined_query_for_vector_search: q, k: 5, mode: 'dense' });
        t.dense_mode.push(performance.now() - s);
      }
    }
    const stats = {} as RoundStats;
    for (const [k, v] of Object.entries(t) as [Metric, number[]][])
      stats[k] = { p50: percentile(v, 50), p95: percentile(v, 95) };
    out.push(stats);
  }
  return out;
}

/** The share of the synthetic index's chunks that hold an open task. */
const TASK_SHARE = 0.1;

/**
 * Listing tasks (src/agent/taskList.ts findTasks) on an index: every open task, and those about a word (the topic's
 * key-word rule on each task); p50 over `reps` calls each.
 */
function taskListing(index: Index, topic: string, reps: number): { all_ms: number; topic_ms: number; tasks: number } {
  const time = (q: Parameters<typeof findTasks>[1]) => {
    const ms: number[] = [];
    let tasks = 0;
    for (let i = 0; i < reps; i++) {
      const t0 = performance.now();
      tasks = findTasks(index.db, q).reduce((n, note) => n + note.tasks.length, 0);
      ms.push(performance.now() - t0);
    }
    return { ms: percentile(ms, 50), tasks };
  };
  const all = time({ status: 'open' });
  return { all_ms: all.ms, topic_ms: time({ status: 'open', topic }).ms, tasks: all.tasks };
}

/**
 * Reading notes by path (IndexDb.chunksOfNote: a preview, a note's opening, each line of a mention list), p50 over
 * `notes` random notes, through the path index (migration 7) and then with that index dropped: the same-run
 * baseline of what every such read cost before. Drops the index, so it runs last on a scratch index.
 */
function noteReads(index: Index, notes: number): { indexed_ms: number; scan_ms: number; notes: number } {
  const sources = (
    index.db.db.prepare('select source from obq_chunks where chunk_index = 0 order by random() limit ?').all(notes) as {
      source: string;
    }[]
  ).map((r) => r.source);
  const time = () =>
    percentile(
      sources.map((source) => {
        const t0 = performance.now();
        index.db.chunksOfNote(source);
        return performance.now() - t0;
      }),
      50,
    );
  const indexedMs = time();
  index.db.db.exec('drop index obq_chunks_source');
  return { indexed_ms: indexedMs, scan_ms: time(), notes: sources.length };
}

async function buildSynthetic(
  index: Index,
  rows: number,
  perFile: number,
  vocab: string[],
): Promise<QueryOutput['synthetic']['build']> {
  const random = rng(2024);
  const dim = index.vectors.dimension;
  const word = () => vocab[Math.floor(random() * vocab.length)]!;
  const words = (n: number) => Array.from({ length: n }, word).join(' ');
  const gauss = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
  const nFiles = Math.ceil(rows / perFile);
  const files: ScannedFile[] = Array.from({ length: nFiles }, (_, i) => ({
    filePath: `/synthetic/folder${i % 50}/note${i}.md`,
    fileName: `note${i}.md`,
    mtime: 1_700_000_000 + i,
    size: 1000,
  }));
  const started = performance.now();
  index.db.recordScan(files);
  const logRows = index.db.selectPending();
  let lanceMs = 0;
  let sqliteMs = 0;
  let genMs = 0;
  const filesPerBatch = Math.max(1, Math.floor(5000 / perFile));
  for (let b = 0; b < logRows.length; b += filesPerBatch) {
    const g0 = performance.now();
    const batch = logRows.slice(b, b + filesPerBatch).map((row) => {
      const source = row.file_path.slice('/synthetic/'.length);
      const title = words(2);
      const chunks: ChunkRecord[] = Array.from({ length: perFile }, (_, c) => ({
        chunk_id: randomUUID(),
        file_id: row.id,
        source,
        folder: source.split('/')[0]!,
        title,
        section_title: words(2),
        header_path: words(2),
        chunk_index: c,
        total_chunks: perFile,
        start_line: c * 10,
        end_line: c * 10 + 9,
        start_pos: c * 500,
        end_pos: c * 500 + 499,
        token_count: 120,
        contains_code: 0,
        code_language: '',
        tags: '',
        mtime: row.last_modified,
        note_date: null,
        aliases: '',
        // One chunk in TASK_SHARE holds an open task (taskListing below): a personal vault's daily notes and projects.
        page_content: `${words(40 + Math.floor(random() * 60))}${random() < TASK_SHARE ? `\n- [ ] ${words(6)}` : ''}`,
      }));
      return { id: row.id, hash: `synthetic-${row.id}`, metadataJson: '{}', chunks };
    });
    const vectors: VectorRow[] = batch.flatMap((f) =>
      f.chunks.map((r) => {
        const v = new Float32Array(dim);
        let norm = 0;
        for (let d = 0; d < dim; d++) {
          v[d] = gauss();
          norm += v[d]! * v[d]!;
        }
        norm = Math.sqrt(norm);
        for (let d = 0; d < dim; d++) v[d]! /= norm;
        return { ...r, contains_code: r.contains_code === 1, vector: v };
      }),
    );
    const g1 = performance.now();
    genMs += g1 - g0;
    await index.vectors.add(vectors);
    const g2 = performance.now();
    lanceMs += g2 - g1;
    index.db.commitFiles(batch);
    sqliteMs += performance.now() - g2;
    if ((b / filesPerBatch) % 10 === 0)
      log(`synthetic index: ${Math.min(rows, (b + filesPerBatch) * perFile)}/${rows} rows`);
  }
  return { total_ms: performance.now() - started, lance_add_ms: lanceMs, sqlite_ms: sqliteMs, vectors_gen_ms: genMs };
}

await workerMain<QueryInput, QueryOutput>(async (input) => {
  const embedder = await loadEmbedder();
  const model = { modelId: embedder.modelId, dimension: embedder.dimension };

  const tldr = await openIndex(input.tldrDataDir, model);
  const tldrRows = await tldr.vectors.count();
  log(
    `queries on the tldr index (${tldrRows} chunks): ${input.rounds} rounds × ${input.reps} reps × ${input.queries.length} queries`,
  );
  const tldrStats = await measure(tldr, embedder, input.queries, input.rounds, input.reps);
  const vocab = (tldr.db.db.prepare('select page_content from obq_chunks').all() as { page_content: string }[])
    .flatMap((r) => r.page_content.toLowerCase().match(/[a-z]{3,}/g) ?? [])
    .slice(0, 500_000);
  tldr.close();

  const syn = await openIndex(input.synthetic.dataDir, model);
  log(`building the synthetic index: ${input.synthetic.rows} rows`);
  const build = await buildSynthetic(syn, input.synthetic.rows, input.synthetic.chunksPerFile, vocab);
  let s = performance.now();
  // Compaction only (no ANN index yet): the flat-scan state.
  await syn.vectors.optimize({ indexThreshold: Number.POSITIVE_INFINITY });
  const compactMs = performance.now() - s;
  const flatTop = new Map<string, string[]>();
  log('synthetic index, flat scan: measuring');
  const flat = await measure(syn, embedder, input.queries, input.rounds, input.reps, flatTop);
  s = performance.now();
  // What the end of a sync does on a big index: a table first indexed at ≥ 50k rows (the app's IVF_PQ_MIN_ROWS) gets IVF-PQ.
  await syn.vectors.optimize({ indexThreshold: input.synthetic.indexThreshold });
  const indexMs = performance.now() - s;
  const hasIndex = (await table(syn).listIndices()).some((i) => i.columns.includes('vector'));
  log(`synthetic index: vector index built in ${(indexMs / 1000).toFixed(1)} s; measuring`);
  const ivfTop = new Map<string, string[]>();
  const ivf = await measure(syn, embedder, input.queries, input.rounds, input.reps, ivfTop);
  let hit = 0;
  let total = 0;
  for (const [q, ids] of flatTop) {
    const got = new Set(ivfTop.get(q) ?? []);
    hit += ids.filter((id) => got.has(id)).length;
    total += ids.length;
  }
  log('synthetic index: listing tasks');
  const tasks = taskListing(syn, vocab[0] ?? 'git', Math.max(3, input.reps));
  log('synthetic index: reading notes by path');
  const note_reads = noteReads(syn, 50);
  syn.close();
  return {
    tldr: { rows: tldrRows, rounds: tldrStats, samples: input.reps * input.queries.length },
    synthetic: {
      rows: input.synthetic.rows,
      build,
      compact_ms: compactMs,
      index_ms: indexMs,
      has_vector_index: hasIndex,
      flat,
      ivf,
      recall_at_10: total ? hit / total : Number.NaN,
      samples: input.reps * input.queries.length,
      tasks,
      note_reads,
    },
    peak_rss_mb: peakRssMb(),
  };
});
