import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { tempDir, useFastEmbedder, writeNotes } from '../helpers/fixtures.js';
import { VaultService } from '../../src/services/vaultService.js';
import { similaritySearch, type SearchInput } from '../../src/search/similaritySearch.js';
import { wordDocumentCounts } from '../../src/store/sparse.js';

/**
 * The dense weight hybrid search fuses with, on a real index (SQLite FTS5, LanceDB, the bundled MiniLM): the
 * model's calibrated weight by default, an explicit weight or a shift of the calibrated one on request (the shift
 * kept inside 0.1..0.95, so neither side is ever dropped), and the store helpers the calibration bench
 * (bench/calibrationEval.ts) samples the vault with.
 */

const NOTES: Record<string, string> = {
  'Garden/Greenhouse.md':
    '# Greenhouse\nThe greenhouse heater failed during the frost.\n\n## Seedlings\nTomato seedlings need warmth at night.\n',
  'Garden/Frost cloth.md': '# Frost cloth\nCover young plants with frost cloth when the nights turn cold.\n',
  'Kitchen/Oven.md': '# Oven\nPreheat to 250 degrees for sourdough bread and bake with steam.\n',
  'Kitchen/Starter.md': '# Starter\nFeed the sourdough starter with flour and water the night before baking.\n',
  'Projects/Wiring.md': '# Wiring\nThe greenhouse heater runs on its own fused circuit in the shed.\n',
  'Travel/Packing.md': '# Packing\nPack warm clothes: the mountain nights are cold even in summer.\n',
};

describe('hybrid fusion weight', () => {
  let tmp: ReturnType<typeof tempDir>;
  let service: VaultService;
  const search = (extra: Partial<SearchInput>) =>
    similaritySearch(service.index, service.embedder, {
      refined_query_for_vector_search: 'keeping plants warm on cold nights',
      k: 10,
      threshold: 0,
      mode: 'hybrid',
      ...extra,
    });
  const ranking = (hits: { chunk_id: string; score: number }[]) => hits.map((h) => [h.chunk_id, h.score.toFixed(6)]);

  beforeAll(async () => {
    useFastEmbedder();
    tmp = tempDir('obq-fusion-weight-');
    process.env.OBSIQUERY_HOME = path.join(tmp.dir, 'home');
    const vault = path.join(tmp.dir, 'vault');
    writeNotes(vault, NOTES);
    service = await VaultService.open({ vault, dataDir: path.join(tmp.dir, 'data') });
    expect((await service.sync()).added).toBe(Object.keys(NOTES).length);
  }, 300_000);
  afterAll(() => {
    service?.close();
    tmp?.cleanup();
  });

  it("fuses with the model's calibrated weight unless told otherwise", async () => {
    const w = service.embedder.calibration.denseWeight;
    expect(service.embedder.modelId).toMatch(/MiniLM/);
    expect(w).toBe(0.95);
    const byDefault = await search({});
    expect(byDefault.length).toBeGreaterThan(3);
    expect(ranking(byDefault)).toEqual(ranking(await search({ denseWeight: w })));
    // The weight matters on this query: leaning on BM25 alone reorders the list.
    expect(ranking(byDefault)).not.toEqual(ranking(await search({ denseWeight: 0.1 })));
  });

  it('shifts the calibrated weight on request, kept within 0.1..0.95', async () => {
    const w = service.embedder.calibration.denseWeight;
    expect(ranking(await search({ denseWeightShift: -0.35 }))).toEqual(
      ranking(await search({ denseWeight: Number((w - 0.35).toFixed(10)) })),
    );
    expect(ranking(await search({ denseWeightShift: -5 }))).toEqual(ranking(await search({ denseWeight: 0.1 })));
    expect(ranking(await search({ denseWeightShift: 5 }))).toEqual(ranking(await search({ denseWeight: 0.95 })));
    // An explicit weight wins over a shift.
    expect(ranking(await search({ denseWeight: 0.1, denseWeightShift: 0.5 }))).toEqual(
      ranking(await search({ denseWeight: 0.1 })),
    );
  });

  it('samples one chunk per enabled note, the same sample every time', () => {
    const sample = service.index.db.calibrationSample(100);
    expect(new Set(sample.map((s) => s.source))).toEqual(new Set(Object.keys(NOTES)));
    expect(sample).toHaveLength(Object.keys(NOTES).length);
    expect(service.index.db.calibrationSample(100)).toEqual(sample);
    expect(service.index.db.calibrationSample(2)).toEqual(sample.slice(0, 2));
    for (const s of sample) expect(s.page_content.length).toBeGreaterThan(0);
    // A note the user disabled is never sampled (the log keys files by absolute path).
    const packing = service.index.db.listFiles().find((f) => f.file_path.endsWith('Packing.md'))!.file_path;
    service.index.db.setEnabled(packing, false);
    try {
      const sources = service.index.db.calibrationSample(100).map((s) => s.source);
      expect(sources).toHaveLength(Object.keys(NOTES).length - 1);
      expect(sources).not.toContain('Travel/Packing.md');
    } finally {
      service.index.db.setEnabled(packing, true);
    }
  });

  it("counts the chunks holding each of a text's words", () => {
    const counts = wordDocumentCounts(service.index.db, 'greenhouse sourdough zeppelin');
    const chunksWith = (word: string) =>
      (
        service.index.db.db
          .prepare('select count(*) n from obq_chunks where lower(page_content || title) like ?')
          .get(`%${word}%`) as { n: number }
      ).n;
    expect(counts.get('greenhouse')).toBe(chunksWith('greenhouse'));
    expect(counts.get('greenhouse')).toBeGreaterThanOrEqual(2);
    expect(counts.get('sourdough')).toBe(chunksWith('sourdough'));
    expect(counts.get('zeppelin')).toBe(0);
  });
});
