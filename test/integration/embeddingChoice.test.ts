import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { copyVault, FAST_EMBEDDING_MODEL, sampleVault, tempDir, writeNotes } from '../helpers/fixtures.js';
import { chooseEmbeddingModel, VaultService } from '../../src/services/vaultService.js';
import { similaritySearch } from '../../src/search/similaritySearch.js';
import { loadManifest } from '../../src/models/manifest.js';
import { multilingualModel } from '../../src/models/vaultLanguage.js';
import { saveSettings } from '../../src/services/settings.js';

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

/**
 * A new index gets its embedder from the vault's language: a sample of notes is read, English vaults get the
 * English default, Japanese (or mostly-English with a quarter or more Japanese) vaults the multilingual model.
 * Real notes on disk, real language detection; nothing is embedded, so these stay cheap.
 */
describe("a new index gets the embedder for its vault's language", () => {
  let tmp: ReturnType<typeof tempDir>;
  const saved = process.env.OBSIQUERY_EMBEDDING_MODEL;
  const japanese = (i: number) =>
    `# ノート${i}\n\n今日は会議で新しいプロジェクトの計画について話し合いました。来週までに資料を準備して、チームに共有する予定です。`;
  const english = (i: number) =>
    `# Note ${i}\n\nToday we discussed the plan for the new project in the meeting. I will prepare the slides by next week and share them with the team.`;
  const vaultOf = (name: string, notes: Record<string, string>) => {
    const vault = path.join(tmp.dir, name);
    writeNotes(vault, notes);
    return vault;
  };
  const notes = (n: number, make: (i: number) => string, prefix: string) =>
    Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}/${i}.md`, make(i)]));

  beforeAll(() => {
    tmp = tempDir('obq-vault-language-');
    delete process.env.OBSIQUERY_EMBEDDING_MODEL;
  });
  afterAll(() => {
    if (saved !== undefined) process.env.OBSIQUERY_EMBEDDING_MODEL = saved;
    tmp?.cleanup();
  });

  it('detects English, Japanese and a 30%-Japanese mixed vault, and picks the model for each', async () => {
    const en = vaultOf('en', notes(20, english, 'notes'));
    const ja = vaultOf('ja', notes(20, japanese, 'ノート'));
    const mixed = vaultOf('mixed', { ...notes(14, english, 'work'), ...notes(6, japanese, '日記') });
    const multilingual = multilingualModel()!.id;
    const pick = (vault: string) =>
      chooseEmbeddingModel({ vault, dataDir: path.join(tmp.dir, `data-${path.basename(vault)}`) });
    expect(await pick(en)).toMatchObject({
      model: { id: loadManifest().embedding.id },
      language: 'en',
      source: 'detected',
    });
    expect(await pick(ja)).toMatchObject({ model: { id: multilingual }, language: 'ja', source: 'detected' });
    const m = await pick(mixed);
    expect(m.language).toBe('en'); // English is still the most frequent language…
    expect(m.model.id).toBe(multilingual); // …but 30% Japanese notes need the multilingual model
  });

  it('records the choice with the index; Settings and --language / --embedding-model override detection', async () => {
    const ja = vaultOf('ja2', notes(10, japanese, 'ノート'));
    const dataDir = path.join(tmp.dir, 'data-ja2');
    const s = await VaultService.open({ vault: ja, dataDir });
    try {
      expect(s.embedder.modelId).toBe(multilingualModel()!.id);
      expect(s.index.db.getMeta('vault_language')).toBe('ja');
      expect(s.index.db.getMeta('embedding_model_source')).toBe('detected');
    } finally {
      s.close();
    }
    // The existing index keeps its model, whatever the settings now say, until it is re-indexed.
    saveSettings(dataDir, { language: 'en' });
    expect((await chooseEmbeddingModel({ vault: ja, dataDir })).source).toBe('index');
    expect(await chooseEmbeddingModel({ vault: ja, dataDir }, { reindex: true })).toMatchObject({
      model: { id: loadManifest().embedding.id },
      language: 'en',
      source: 'language',
    });
    saveSettings(dataDir, { language: null, embeddingModel: FAST_EMBEDDING_MODEL });
    expect((await chooseEmbeddingModel({ vault: ja, dataDir }, { reindex: true })).model.id).toBe(FAST_EMBEDDING_MODEL);
    expect(
      (
        await chooseEmbeddingModel(
          { vault: ja, dataDir },
          { reindex: true, language: 'ja', embeddingModel: 'all-mpnet-base-v2-int8' },
        )
      ).model.id,
    ).toBe('all-mpnet-base-v2-int8');
    await expect(chooseEmbeddingModel({ vault: ja, dataDir }, { embeddingModel: 'nope' })).rejects.toThrow(
      /--embedding-model=nope is not a bundled embedding model/,
    );
  });
});
