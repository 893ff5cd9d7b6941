import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import {
  copyVault,
  corpusOhelp,
  corpusTldr,
  FAST_EMBEDDING_MODEL,
  runCli,
  sampleVault,
  tempDir,
  writeNotes,
} from '../helpers/fixtures.js';
import { chooseEmbeddingModel, VaultService } from '../../src/services/vaultService.js';
import { similaritySearch } from '../../src/search/similaritySearch.js';
import { loadManifest } from '../../src/models/manifest.js';
import { multilingualModel } from '../../src/models/vaultLanguage.js';
import { estimateChunks } from '../../src/pipeline/chunkEstimate.js';
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
    expect(m.reason).toBe('mixed vault (30% of sampled notes not English): 20 notes, ~20 chunks');
  });

  it('a vault in a language detectLanguage cannot name (Polish, Turkish, Swedish) gets the multilingual model; terse English keeps the default', async () => {
    const polish = (i: number) =>
      `# Notatka ${i}\n\nDzisiaj na spotkaniu rozmawialiśmy o planie nowego projektu. Do przyszłego tygodnia przygotuję slajdy i udostępnię je zespołowi.`;
    const turkish = (i: number) =>
      `# Not ${i}\n\nBugün toplantıda yeni projenin planını konuştuk. Gelecek haftaya kadar sunumu hazırlayıp ekiple paylaşacağım.`;
    // Fragments with no function word: detectLanguage is unsure of them too, but their words are English.
    const terse = (i: number) =>
      `# Log ${i}\n\n- Ran 5k, knee fine\n- Coffee with Maya, budget review\n- Fixed bike brakes\n- Groceries: apples, bread, cheese, coffee beans\n- Called plumber about kitchen leak`;
    const pick = (vault: string) =>
      chooseEmbeddingModel({ vault, dataDir: path.join(tmp.dir, `data-${path.basename(vault)}`) });
    // Named by letter n-grams since the twenty-first session (they were "a language other than English"), and a
    // Swedish vault, which detectLanguage named German with confidence, is Swedish.
    const swedish = (i: number) =>
      `# Anteckning ${i}\n\nIdag pratade vi på mötet om planen för det nya projektet. Till nästa vecka förbereder jag bilderna och delar dem med teamet.`;
    for (const [name, make] of [
      ['pl', polish],
      ['tr', turkish],
      ['sv', swedish],
    ] as const) {
      const choice = await pick(vaultOf(name, notes(12, make, 'notatki')));
      expect(choice, name).toMatchObject({
        model: { id: multilingualModel()!.id },
        source: 'detected',
        language: name,
      });
      expect(choice.reason, name).toMatch(new RegExp(`^${name} vault: 12 notes`));
    }
    const english = await pick(vaultOf('terse', notes(12, terse, 'log')));
    expect(english.model.id).toBe(loadManifest().embedding.id);
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

/**
 * The English default is size-aware: a new English vault whose first sync with MPNet would take more than ~8
 * minutes on 2 cores (more chunks than the manifest's `maxFirstSyncChunks`) gets the fast English model; a smaller
 * one keeps MPNet. Tested against the real threshold, with vaults generated just below and just above it, and on
 * the real corpora; only stats and a 50-note language sample are read, nothing is embedded.
 */
describe('the English default is size-aware', () => {
  let tmp: ReturnType<typeof tempDir>;
  const saved = process.env.OBSIQUERY_EMBEDDING_MODEL;
  const manifest = loadManifest();
  const limit = manifest.embedding.maxFirstSyncChunks!;
  const mpnet = manifest.embedding.id;
  const prose =
    'Today we discussed the plan for the new project in the meeting. I will prepare the slides by next week and share them with the team. ';
  const longEnglish = (i: number) =>
    `# Meeting ${i}\n\n` + Array.from({ length: 8 }, (_, p) => `${prose.repeat(4)}(part ${p})`).join('\n\n') + '\n';
  const longJapanese = (i: number) =>
    `# 会議${i}\n\n` +
    Array.from({ length: 8 }, () =>
      '今日は会議で新しいプロジェクトの計画について話し合いました。来週までに資料を準備して、チームに共有する予定です。'.repeat(
        2,
      ),
    ).join('\n\n') +
    '\n';
  /** A vault of n generated notes; returns it with the chunks the estimate expects of it. */
  const vaultOf = (name: string, n: number, make: (i: number) => string) => {
    const vault = path.join(tmp.dir, name);
    writeNotes(vault, Object.fromEntries(Array.from({ length: n }, (_, i) => [`notes/${i}.md`, make(i)])));
    return vault;
  };
  const perNote = (make: (i: number) => string) => estimateChunks([Buffer.byteLength(make(0))]);
  const pick = (vault: string, opts: Parameters<typeof chooseEmbeddingModel>[1] = {}) =>
    chooseEmbeddingModel({ vault, dataDir: path.join(tmp.dir, `data-${path.basename(vault)}`) }, opts);
  let small: string;
  let large: string;

  beforeAll(() => {
    tmp = tempDir('obq-vault-size-');
    delete process.env.OBSIQUERY_EMBEDDING_MODEL;
    expect(limit).toBeGreaterThan(1000); // the manifest carries the threshold, and it is not a toy number
    const each = perNote(longEnglish);
    expect(each).toBeGreaterThanOrEqual(5); // several chunks per note, so the vaults below stay a few hundred files
    small = vaultOf('en-small', Math.floor(limit / each) - 5, longEnglish);
    large = vaultOf('en-large', Math.ceil(limit / each) + 5, longEnglish);
  });
  afterAll(() => {
    if (saved !== undefined) process.env.OBSIQUERY_EMBEDDING_MODEL = saved;
    tmp?.cleanup();
  });

  it('an English vault just under the threshold keeps MPNet; just over it gets the fast model, with the reason', async () => {
    const under = await pick(small);
    expect(under).toMatchObject({ model: { id: mpnet }, language: 'en', source: 'detected' });
    const underChunks = Number(/~([\d,]+) chunks/.exec(under.reason!)![1]!.replace(/,/g, ''));
    expect(underChunks).toBeLessThanOrEqual(limit);
    expect(under.reason).toMatch(/^English vault: \d+ notes, ~[\d,]+ chunks$/);

    const over = await pick(large);
    expect(over).toMatchObject({ model: { id: FAST_EMBEDDING_MODEL }, language: 'en', source: 'detected' });
    expect(over.reason).toMatch(/^large English vault: \d+ notes, ~[\d,]+ chunks, more than the [\d,]+ all-mpnet/);
    const overChunks = Number(/~([\d,]+) chunks/.exec(over.reason!)![1]!.replace(/,/g, ''));
    expect(overChunks).toBeGreaterThan(limit);
  });

  it('a large Japanese vault still gets the multilingual model', async () => {
    const ja = vaultOf('ja-large', Math.ceil(limit / perNote(longJapanese)) + 5, longJapanese);
    const choice = await pick(ja);
    expect(choice).toMatchObject({ model: { id: multilingualModel()!.id }, language: 'ja', source: 'detected' });
    expect(choice.reason).toMatch(/^ja vault: \d+ notes/);
  });

  it('the real corpora: tldr (7,426 pages) gets the fast model, the help vault and the sample vault keep MPNet', async () => {
    const tldr = await chooseEmbeddingModel({ vault: corpusTldr, dataDir: path.join(tmp.dir, 'data-tldr') });
    expect(tldr).toMatchObject({ model: { id: FAST_EMBEDDING_MODEL }, language: 'en', source: 'detected' });
    expect(tldr.reason).toMatch(/^large English vault: 7,4\d\d notes/);
    const help = await chooseEmbeddingModel({ vault: corpusOhelp, dataDir: path.join(tmp.dir, 'data-help') });
    expect(help).toMatchObject({ model: { id: mpnet }, language: 'en' });
    const sample = await chooseEmbeddingModel({ vault: sampleVault, dataDir: path.join(tmp.dir, 'data-sample') });
    expect(sample).toMatchObject({
      model: { id: mpnet },
      language: 'en',
      reason: 'English vault: 26 notes, ~78 chunks',
    });
  });

  it('an explicit model or Settings win over the size; --language en stays size-aware', async () => {
    expect(await pick(large, { embeddingModel: mpnet })).toMatchObject({ model: { id: mpnet }, source: 'cli' });
    const dataDir = path.join(tmp.dir, 'data-en-large');
    saveSettings(dataDir, { embeddingModel: mpnet });
    expect(await pick(large)).toMatchObject({ model: { id: mpnet }, source: 'settings' });
    saveSettings(dataDir, { embeddingModel: null, language: 'en' });
    // The language is the user's; the model for an English vault of this size is still the fast one.
    expect(await pick(large)).toMatchObject({
      model: { id: FAST_EMBEDDING_MODEL },
      language: 'en',
      source: 'language',
    });
    saveSettings(dataDir, { language: null });
  });

  it('an MPNet index keeps its model when its vault grows past the threshold; a re-index moves it, and says why', async () => {
    const vault = vaultOf('grows', 10, longEnglish);
    const dataDir = path.join(tmp.dir, 'data-grows');
    const s = await VaultService.open({ vault, dataDir });
    try {
      expect(s.embedder.modelId).toBe(mpnet);
      expect(s.status()).toMatchObject({
        embeddingModelSource: 'detected',
        embeddingModelReason: expect.stringMatching(/^English vault: 10 notes/),
      });
    } finally {
      s.close();
    }
    const each = perNote(longEnglish);
    writeNotes(
      vault,
      Object.fromEntries(Array.from({ length: Math.ceil(limit / each) }, (_, i) => [`more/${i}.md`, longEnglish(i)])),
    );
    expect(await chooseEmbeddingModel({ vault, dataDir })).toMatchObject({ model: { id: mpnet }, source: 'index' });
    const re = await VaultService.open({ vault, dataDir, reindex: true });
    try {
      expect(re.embedder.modelId).toBe(FAST_EMBEDDING_MODEL);
      expect(re.index.db.getMeta('embedding_model')).toBe(FAST_EMBEDDING_MODEL);
      expect(re.index.db.getMeta('embedding_model_reason')).toMatch(/^large English vault: \d+ notes/);
    } finally {
      re.close();
    }
    // `obsiquery status` shows the model with how and why it was chosen.
    const r = await runCli(['status', '--data', dataDir], { home: path.join(tmp.dir, 'home') });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(`Model: ${FAST_EMBEDDING_MODEL} \\(detected: large English vault: \\d+ notes, ~[\\d,]+ chunks`),
    );
  });
});
