import { describe, expect, it } from 'vitest';
import { loadEmbedder, cosine } from '../../src/models/embedder.js';
import { loadManifest } from '../../src/models/manifest.js';
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
      for (let i = 0; i < texts.length; i++) {
        const [single] = await embedder.embed([texts[i]!]);
        expect(cosine(batched[i]!, single!)).toBeGreaterThan(0.999);
      }
    } finally {
      await embedder.dispose();
    }
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
