import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEmbedder, type EmbedOptions, type Embedder } from '../../src/models/embedder.js';
import { findEmbeddingModel } from '../../src/models/manifest.js';
import { withEmbeddingCache } from '../../src/models/embeddingCache.js';

/**
 * The answer path's embeddings are remembered across questions (src/models/embeddingCache.ts). On the real
 * multilingual model, whose query and passage vectors differ (E5's prefixes): a remembered vector is exactly what the
 * model gives, only missing texts reach the model, and the memory stays within its budget.
 */
describe('withEmbeddingCache', () => {
  let model: Embedder;
  /** Every text the model was asked to embed, with its kind. */
  const asked: string[] = [];
  const counting = (): Embedder => ({
    modelId: model.modelId,
    dimension: model.dimension,
    calibration: model.calibration,
    embed: (texts: string[], opts?: EmbedOptions) => {
      asked.push(...texts.map((t) => `${opts?.kind ?? 'passage'}:${t}`));
      return model.embed(texts, opts);
    },
    dispose: async () => {},
  });

  beforeAll(async () => {
    model = await loadEmbedder({ threads: 1 }, findEmbeddingModel('multilingual-e5-small-int8', 'test'));
  }, 60_000);
  afterAll(async () => {
    await model?.dispose();
  });

  const texts = ['Birthday: 14 January', 'Plays bass in a band called Lowercase Letters', 'Wife: Ingrid'];

  it('gives exactly the vectors the model gives, asking the model only for texts it has not embedded', async () => {
    asked.length = 0;
    const cached = withEmbeddingCache(counting());
    const direct = await model.embed(texts);
    const first = await cached.embed(texts);
    expect(first.map((v) => [...v])).toEqual(direct.map((v) => [...v]));
    expect(asked).toHaveLength(3);
    // Again, with one new text and one repeated within the call: only the new one is embedded, once.
    const again = await cached.embed([texts[2]!, 'Has a dog named Pixel', texts[0]!, 'Has a dog named Pixel']);
    expect(asked.slice(3)).toEqual(['passage:Has a dog named Pixel']);
    expect([...again[0]!]).toEqual([...direct[2]!]);
    expect([...again[2]!]).toEqual([...direct[0]!]);
    expect([...again[1]!]).toEqual([...again[3]!]);
    // A question is embedded as a query, which E5 prefixes: never answered with the passage's vector.
    const [query] = await cached.embed([texts[0]!], { kind: 'query' });
    expect(asked.at(-1)).toBe(`query:${texts[0]}`);
    const [queryDirect] = await model.embed([texts[0]!], { kind: 'query' });
    expect([...query!]).toEqual([...queryDirect!]);
    expect([...query!]).not.toEqual([...direct[0]!]);
  });

  it('hands out copies: what a caller does to a vector never reaches the next caller', async () => {
    const cached = withEmbeddingCache(counting());
    const [v] = await cached.embed([texts[1]!]);
    const before = [...v!];
    v!.fill(0);
    const [w] = await cached.embed([texts[1]!]);
    expect([...w!]).toEqual(before);
  });

  it('forgets the least recently used vectors beyond its budget, and keeps serving', async () => {
    asked.length = 0;
    // Room for two of these vectors with their keys (384 floats each), not three.
    const vectorBytes = model.dimension * 4;
    const cached = withEmbeddingCache(counting(), 2 * vectorBytes + 200);
    await cached.embed([texts[0]!]);
    await cached.embed([texts[1]!]);
    await cached.embed([texts[0]!]); // used again: texts[1] is now the oldest
    expect(asked).toHaveLength(2);
    await cached.embed([texts[2]!]); // pushes out texts[1]
    await cached.embed([texts[0]!, texts[2]!]);
    expect(asked).toHaveLength(3);
    await cached.embed([texts[1]!]);
    expect(asked.at(-1)).toBe(`passage:${texts[1]}`);
    // Calls in flight at once, each pushing out what the other had found: every one gets every vector.
    const all = await Promise.all([cached.embed(texts), cached.embed([...texts].reverse()), cached.embed(texts)]);
    for (const got of all) expect(got.every((v) => v.length === model.dimension)).toBe(true);
    expect([...all[1]![0]!]).toEqual([...all[0]![2]!]);
  });
});
