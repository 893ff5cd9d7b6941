/**
 * Memoised embeddings and vector searches for the benches (bench/fusionEval.ts, bench/calibrationEval.ts,
 * bench/answerRule.ts): the retrieved lists do not depend on the fusion, so every candidate after the first
 * costs only fusion and boosts.
 */
import type { Embedder } from '../src/models/embedder.js';
import type { Index } from '../src/store/openIndex.js';
import type { VectorHit, VectorStore } from '../src/store/vectorStore.js';

/**
 * The embedder with every embedding memoised by text and kind (query or passage), returning the same vector object
 * each time: every candidate searches with the same query vectors (cachedVectors keys on that object), and the
 * answer-rule replay re-ranks the same sentences, embedded once.
 */
export function memoisedEmbedder(embedder: Embedder): Embedder {
  const cache = new Map<string, Float32Array>();
  const key = (t: string, kind = 'passage') => `${kind}\u0000${t}`;
  return {
    modelId: embedder.modelId,
    dimension: embedder.dimension,
    calibration: embedder.calibration,
    dispose: () => embedder.dispose(),
    async embed(texts, opts) {
      const missing = [...new Set(texts.filter((t) => !cache.has(key(t, opts?.kind))))];
      if (missing.length)
        (await embedder.embed(missing, opts)).forEach((v, i) => cache.set(key(missing[i]!, opts?.kind), v));
      return texts.map((t) => cache.get(key(t, opts?.kind))!);
    },
  };
}

/**
 * The index with its vector searches memoised per query vector (the same cached vector object each time): the
 * retrieved lists do not depend on the fusion, so every candidate after the first costs only fusion and boosts.
 */
export function cachedVectors(index: Index): Index {
  const searches = new Map<string, Promise<VectorHit[]>>();
  const lookups = new Map<string, Promise<Map<string, Float32Array>>>();
  const ids = new WeakMap<object, number>();
  let next = 0;
  const keyOf = (v: object) => ids.get(v) ?? (ids.set(v, ++next), next);
  const vectors = Object.create(index.vectors) as VectorStore;
  vectors.search = (vector, k, where) => {
    const key = `${keyOf(vector)}|${k}|${where ?? ''}`;
    if (!searches.has(key)) searches.set(key, index.vectors.search(vector, k, where));
    return searches.get(key)!;
  };
  vectors.vectorsOf = (chunkIds) => {
    const key = chunkIds.join('\n');
    if (!lookups.has(key)) lookups.set(key, index.vectors.vectorsOf(chunkIds));
    return lookups.get(key)!;
  };
  return { ...index, vectors, close: () => index.close() };
}

/**
 * The index with every SQLite read memoised by statement and arguments (BM25 hits, title and alias matches, links):
 * with cachedVectors, a fusion candidate after the first costs only the fusion and the boosts. Only for benches that
 * never write to the index.
 */
export function cachedDb(index: Index): Index {
  const results = new Map<string, unknown>();
  const statement = (stmt: object, key: string): object =>
    new Proxy(stmt, {
      get(target, prop) {
        const value = (target as Record<PropertyKey, unknown>)[prop];
        if (prop === 'all' || prop === 'get')
          return (...params: unknown[]) => {
            const k = `${key}\u0000${String(prop)}\u0000${JSON.stringify(params)}`;
            if (!results.has(k)) results.set(k, (value as (...a: unknown[]) => unknown).apply(target, params));
            return results.get(k);
          };
        if (prop === 'pluck' || prop === 'raw' || prop === 'expand')
          return (on = true) => {
            (value as (on: boolean) => unknown).call(target, on);
            return statement(target, `${key}\u0000${String(prop)}${on}`);
          };
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  const raw = index.db.db;
  const db = new Proxy(raw, {
    get(target, prop) {
      if (prop === 'prepare') return (sql: string) => statement(target.prepare(sql), sql);
      const value = (target as unknown as Record<PropertyKey, unknown>)[prop];
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  const indexDb = Object.create(index.db) as Index['db'];
  Object.defineProperty(indexDb, 'db', { value: db });
  return { ...index, db: indexDb };
}
