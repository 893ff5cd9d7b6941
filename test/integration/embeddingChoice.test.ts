import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { copyVault, FAST_EMBEDDING_MODEL, sampleVault, tempDir } from '../helpers/fixtures.js';
import { VaultService } from '../../src/services/vaultService.js';
import { similaritySearch } from '../../src/search/similaritySearch.js';
import { loadManifest } from '../../src/models/manifest.js';

/**
 * An index remembers its embedding model. A user whose vault was indexed with the small model (picked with
 * OBSIQUERY_EMBEDDING_MODEL, or by an older ObsiQuery whose default it was) keeps a working index; a
 * re-index moves it to the default.
 */
describe('an index keeps the bundled model it was built with', () => {
  let tmp: ReturnType<typeof tempDir>;
  let vault: string;
  let dataDir: string;
  const saved = process.env.OBSIQUERY_EMBEDDING_MODEL;

  beforeAll(async () => {
    tmp = tempDir('obq-model-choice-');
    vault = copyVault(sampleVault, tmp.dir);
    dataDir = path.join(tmp.dir, 'data');
    process.env.OBSIQUERY_EMBEDDING_MODEL = FAST_EMBEDDING_MODEL;
    const fast = await VaultService.open({ vault, dataDir });
    try {
      expect(fast.embedder.modelId).toBe(FAST_EMBEDDING_MODEL);
      expect((await fast.sync()).failed).toBe(0);
    } finally {
      fast.close();
    }
    delete process.env.OBSIQUERY_EMBEDDING_MODEL;
  }, 600_000);
  afterAll(() => {
    if (saved === undefined) delete process.env.OBSIQUERY_EMBEDDING_MODEL;
    else process.env.OBSIQUERY_EMBEDDING_MODEL = saved;
    tmp?.cleanup();
  });

  it('reopens with its own model (not the new default) and still answers', async () => {
    expect(loadManifest().embedding.id).not.toBe(FAST_EMBEDDING_MODEL);
    const s = await VaultService.open({ dataDir });
    try {
      expect(s.embedder.modelId).toBe(FAST_EMBEDDING_MODEL);
      expect(s.index.db.getMeta('embedding_model')).toBe(FAST_EMBEDDING_MODEL);
      const hits = await similaritySearch(s.index, s.embedder, {
        refined_query_for_vector_search: 'Which Arduino pin drives the relay for the garden pump?',
        perNote: true,
      });
      expect(hits[0]?.source).toBe('Projects/Garden Irrigation.md');
    } finally {
      s.close();
    }
  });

  it('a re-index switches it to the default model and re-embeds every note', async () => {
    const s = await VaultService.open({ dataDir, reindex: true });
    try {
      expect(s.embedder.modelId).toBe(loadManifest().embedding.id);
      const summary = await s.sync();
      expect(summary.failed).toBe(0);
      expect(summary.added + summary.modified).toBe(26); // every note of the sample vault, embedded anew
      expect(s.index.db.getMeta('embedding_model')).toBe(loadManifest().embedding.id);
      const hits = await similaritySearch(s.index, s.embedder, {
        refined_query_for_vector_search: 'Which Arduino pin drives the relay for the garden pump?',
        perNote: true,
      });
      expect(hits[0]?.source).toBe('Projects/Garden Irrigation.md');
    } finally {
      s.close();
    }
  });
});
