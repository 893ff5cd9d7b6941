/**
 * Embeddings an answer has computed, kept for the next one. Choosing answer sentences embeds every candidate sentence
 * of the retrieved chunks under its note's title (src/agent/synthesizer.ts): 26–49 texts a question on the sample
 * vault, about 20 ms each with MPNet on 2 cores, so nearly all of an answer's time. A follow-up, or another question
 * about the same notes, meets the same sentences again. The bundled embedder embeds one text per forward pass
 * (EmbedderOptions.batchSize), so a text's vector does not depend on what it was embedded with, and a remembered
 * vector is the one a new call would give.
 */
import { wrapEmbedder, type EmbedOptions, type Embedder } from './embedder.js';

/** How much the remembered vectors may take: about 10,000 sentences at MPNet's 768 dimensions. */
export const EMBEDDING_CACHE_BYTES = 32 * 1024 * 1024;

/** An Embedder that remembers its vectors, least recently used first out once `budgetBytes` is reached. */
export function withEmbeddingCache(inner: Embedder, budgetBytes = EMBEDDING_CACHE_BYTES): Embedder {
  // A Map keeps insertion order: re-inserting on every use makes its first key the least recently used.
  const vectors = new Map<string, Float32Array>();
  let bytes = 0;
  // A key's UTF-16 text counts too: a long sentence costs as much as its vector.
  const cost = (key: string, vec: Float32Array) => vec.byteLength + key.length * 2;
  const remember = (key: string, vec: Float32Array) => {
    vectors.set(key, vec);
    bytes += cost(key, vec);
    for (const [oldest, old] of vectors) {
      if (bytes <= budgetBytes) break;
      vectors.delete(oldest);
      bytes -= cost(oldest, old);
    }
  };
  return wrapEmbedder(
    inner,
    async (texts: string[], opts: EmbedOptions = {}): Promise<Float32Array[]> => {
      // A query and a passage of the same text differ (E5 prefixes them), so the kind is part of the key.
      const keyOf = (text: string) => `${opts.kind ?? 'passage'}\u0000${text}`;
      // The hits are taken now: while the missing texts are embedded, another call may push them out.
      const found = new Map<string, Float32Array>();
      const missing: string[] = [];
      for (const text of new Set(texts)) {
        const vec = vectors.get(keyOf(text));
        if (vec) found.set(text, vec);
        else missing.push(text);
      }
      if (missing.length) {
        const computed = await inner.embed(missing, opts);
        missing.forEach((text, i) => found.set(text, computed[i]!));
      }
      for (const text of found.keys()) {
        const key = keyOf(text);
        const had = vectors.get(key);
        const vec = found.get(text)!;
        // Used now, so last out: taken out and put back at the end.
        if (had) {
          vectors.delete(key);
          bytes -= cost(key, had);
        }
        if (cost(key, vec) <= budgetBytes) remember(key, vec);
      }
      // Copies: a caller may scale or sum what it is given, and must not change what the next caller gets.
      return texts.map((t) => Float32Array.from(found.get(t)!));
    },
    async () => {
      vectors.clear();
      bytes = 0;
      await inner.dispose();
    },
  );
}
