import { afterAll, describe, expect, it } from 'vitest';
import { FAST_EMBEDDING_MODEL } from '../helpers/fixtures.js';
import { loadEmbedder, cosine } from '../../src/models/embedder.js';
import { embeddingModels, loadManifest, selectedEmbeddingModel } from '../../src/models/manifest.js';
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
      /not a bundled embedding model; choose one of: all-mpnet-base-v2-int8, all-MiniLM-L6-v2-int8/,
    );
  });

  it('every offered model carries its own search calibration', () => {
    for (const m of embeddingModels()) {
      expect(m.search, m.id).toBeDefined();
      expect(m.search!.threshold, m.id).toBeGreaterThan(0);
    }
    // Calibrated separately because their cosine scales differ (README, "Retrieval quality").
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
