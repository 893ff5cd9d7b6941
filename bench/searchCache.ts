/**
 * Memoised query embeddings and vector searches for the fusion benches (bench/fusionEval.ts,
 * bench/calibrationEval.ts): the retrieved lists do not depend on the fusion, so every candidate after the first
 * costs only fusion and boosts.
 */
import type { Embedder } from '../src/models/embedder.js';
import type { Index } from '../src/store/openIndex.js';
import type { VectorHit, VectorStore } from '../src/store/vectorStore.js';

/** The embedder with its query embeddings memoised: every candidate searches with the same query vectors. */
export function cachedQueries(embedder: Embedder): Embedder {
  const cache = new Map<string, Float32Array>();
  return {
    modelId: embedder.modelId,
    dimension: embedder.dimension,
    calibration: embedder.calibration,
    dispose: () => embedder.dispose(),
    async embed(texts, opts) {
      if (opts?.kind !== 'query' || texts.length !== 1) return embedder.embed(texts, opts);
      const hit = cache.get(texts[0]!);
      if (hit) return [hit];
      const [v] = await embedder.embed(texts, opts);
      cache.set(texts[0]!, v!);
      return [v!];
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
