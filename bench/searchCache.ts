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
