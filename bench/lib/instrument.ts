import type { Embedder } from '../../src/models/embedder.js';
import type { Index } from '../../src/store/openIndex.js';

/** Where a sync's time goes, per wrapped call site (ms), plus the size of every embed() call. */
export interface PhaseTimes {
  embed_ms: number;
  lance_delete_ms: number;
  lance_add_ms: number;
  optimize_ms: number;
  sqlite_commit_ms: number;
  sqlite_scan_ms: number;
  /** markProcessing/markUnchanged/chunkIdsOf/selectPending: SQLite work done one file at a time. */
  sqlite_per_file_ms: number;
  embed_calls: number[];
  /** Per flushed batch: [embed, lance delete, lance add, sqlite commit] ms. */
  batches: [number, number, number, number][];
}

export function emptyPhases(): PhaseTimes {
  return {
    embed_ms: 0,
    lance_delete_ms: 0,
    lance_add_ms: 0,
    optimize_ms: 0,
    sqlite_commit_ms: 0,
    sqlite_scan_ms: 0,
    sqlite_per_file_ms: 0,
    embed_calls: [],
    batches: [],
  };
}

type Bucket = Exclude<keyof PhaseTimes, 'embed_calls' | 'batches'>;

/**
 * Times the pipeline's stages by wrapping methods on the live objects (the embedder, the VectorStore and the
 * IndexDb instances) rather than editing src/: the sync runs its real code, and each wrapper costs a
 * performance.now() pair. restore() puts the original methods back.
 */
export function instrument(index: Index, embedder: Embedder): { phases: PhaseTimes; reset(): void; restore(): void } {
  let phases = emptyPhases();
  let current: [number, number, number, number] | null = null;
  const restores: (() => void)[] = [];
  const wrap = <T extends object>(obj: T, name: keyof T & string, bucket: Bucket, slot?: 0 | 1 | 2 | 3) => {
    const original = (obj as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
    const own = Object.prototype.hasOwnProperty.call(obj, name);
    const record = (start: number) => {
      const ms = performance.now() - start;
      phases[bucket] += ms;
      if (slot !== undefined && current) current[slot] += ms;
    };
    (obj as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
      if (bucket === 'embed_ms') {
        phases.embed_calls.push((args[0] as unknown[]).length);
        current = [0, 0, 0, 0];
        phases.batches.push(current);
      }
      const start = performance.now();
      const result = original.apply(obj, args);
      if (result instanceof Promise) return result.finally(() => record(start));
      record(start);
      return result;
    };
    restores.push(() => {
      if (own) (obj as Record<string, unknown>)[name] = original;
      else delete (obj as Record<string, unknown>)[name];
    });
  };
  wrap(embedder, 'embed', 'embed_ms', 0);
  wrap(index.vectors, 'deleteByFileIds', 'lance_delete_ms', 1);
  wrap(index.vectors, 'add', 'lance_add_ms', 2);
  wrap(index.vectors, 'optimize', 'optimize_ms');
  wrap(index.db, 'commitFiles', 'sqlite_commit_ms', 3);
  wrap(index.db, 'recordScan', 'sqlite_scan_ms');
  for (const m of ['markProcessing', 'markUnchanged', 'chunkIdsOf', 'selectPending'] as const)
    wrap(index.db, m, 'sqlite_per_file_ms');
  return {
    get phases() {
      return phases;
    },
    reset() {
      phases = emptyPhases();
      current = null;
    },
    restore() {
      for (const r of restores.reverse()) r();
    },
  };
}

export interface ShadowStats {
  calls: number;
  chunks: number;
  ms: number;
  cpu_ms: number;
}

/**
 * Paired baseline under a noisy load: every embed() call the pipeline makes is mirrored by the bare embedder
 * on the very same texts, right before it (even calls) or right after it (odd calls), so both see the same
 * machine load within seconds. The shadow time is excluded from the pipeline's figures by the caller
 * (sync time − shadow time). `bare` must be the unwrapped embed.
 */
export function shadowEmbedder(
  embedder: Embedder,
  bare: (texts: string[]) => Promise<Float32Array[]>,
): { stats: ShadowStats; restore(): void } {
  const stats: ShadowStats = { calls: 0, chunks: 0, ms: 0, cpu_ms: 0 };
  const inner = embedder.embed;
  const shadow = async (texts: string[]) => {
    const start = performance.now();
    const cpu = process.cpuUsage();
    await bare(texts);
    const used = process.cpuUsage(cpu);
    stats.ms += performance.now() - start;
    stats.cpu_ms += (used.user + used.system) / 1000;
    stats.chunks += texts.length;
  };
  (embedder as { embed: Embedder['embed'] }).embed = async (texts: string[]) => {
    const first = stats.calls++ % 2 === 0;
    if (first) await shadow(texts);
    const out = await inner.call(embedder, texts);
    if (!first) await shadow(texts);
    return out;
  };
  return {
    stats,
    restore() {
      (embedder as { embed: Embedder['embed'] }).embed = inner;
    },
  };
}
