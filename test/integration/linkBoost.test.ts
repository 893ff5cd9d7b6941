import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { tempDir, useFastEmbedder, writeNotes } from '../helpers/fixtures.js';
import { VaultService } from '../../src/services/vaultService.js';
import { LINK_BOOST, similaritySearch, type SearchResult } from '../../src/search/similaritySearch.js';

/**
 * The wikilink graph as a light ranking boost: links resolve the way Obsidian resolves them, a note linked
 * from one of the best hits gains LINK_BOOST of that hit's score when it is a near-tie, and nothing else
 * moves. What the boost is worth in ranking quality is measured in retrievalQuality.test.ts.
 */

const HUB = 'Garden/Greenhouse log.md';
const NOTES: Record<string, string> = {
  [HUB]:
    '# Greenhouse log\nThe greenhouse heater failed again during the frost, so the tomato seedlings got cold.\n' +
    'See [[Thermostat]], [[Projects/Wiring]], [[Seeds#Tomatoes|tomato seeds]], [[Oven]], [[Missing note]] and [[Greenhouse log]].\n',
  'Garden/Thermostat.md': '# Thermostat\nThe thermostat switches the greenhouse heater on when the frost comes.\n',
  'Garden/Seeds.md': '# Seeds\n## Tomatoes\nTomato seedlings need warmth; keep them away from frost.\n',
  'Projects/Wiring.md': '# Wiring\nThe greenhouse heater runs on its own fused circuit.\n',
  'Archive/Wiring.md': '# Wiring (old)\nThe greenhouse heater used to share a circuit with the pond pump.\n',
  'Kitchen/Oven.md': '# Oven\nPreheat to 250 degrees for sourdough bread; bake with steam.\n',
  'Garden/Frost cloth.md': '# Frost cloth\nCover the seedlings with frost cloth on cold nights.\n',
};

describe('wikilink boost', () => {
  let tmp: ReturnType<typeof tempDir>;
  let service: VaultService;
  const search = (mode: 'dense' | 'sparse' | 'hybrid', linkBoost?: number) =>
    similaritySearch(service.index, service.embedder, {
      refined_query_for_vector_search: 'greenhouse heater frost',
      k: 20,
      perNote: true,
      threshold: 0,
      mode,
      linkBoost,
    });
  const bySource = (hits: SearchResult[]) => new Map(hits.map((h) => [h.source, h.score]));

  beforeAll(async () => {
    useFastEmbedder();
    tmp = tempDir('obq-links-');
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

  it('resolves links as Obsidian does: a path picks that file, a bare name its note; missing and self-links drop', () => {
    const chunk = service.index.db.db
      .prepare('select chunk_id from obq_chunks where source = ? and chunk_index = 0')
      .get(HUB) as { chunk_id: string };
    const links = service.index.db.linkedNotes([chunk.chunk_id]);
    expect([...links.keys()]).toEqual([HUB]);
    expect(links.get(HUB)!.sort()).toEqual([
      'Garden/Seeds.md',
      'Garden/Thermostat.md',
      'Kitchen/Oven.md',
      'Projects/Wiring.md',
    ]);
    expect(service.index.db.linkedNotes(['no-such-chunk']).size).toBe(0);
  });

  it('lifts notes linked from the top 3 hits by LINK_BOOST x the linking score when near-ties; nothing else moves', async () => {
    const off = await search('hybrid', 0);
    const on = await search('hybrid');
    const before = bySource(off);
    const after = bySource(on);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    // The rule, from the unboosted ranking: the three best notes lend LINK_BOOST of their score to the notes
    // they link to, and only notes within 70% of the best score take it.
    const hubs = off.slice(0, 3);
    const links = service.index.db.linkedNotes(hubs.map((h) => h.chunk_id));
    const expected = new Map<string, number>();
    for (const h of hubs)
      for (const t of links.get(h.source) ?? []) expected.set(t, Math.max(expected.get(t) ?? 0, LINK_BOOST * h.score));
    const lifted: string[] = [];
    for (const [source, score] of before) {
      const gain = score >= 0.7 * off[0]!.score ? (expected.get(source) ?? 0) : 0;
      expect(after.get(source)! - score, source).toBeCloseTo(gain, 9);
      if (gain > 0) lifted.push(source);
    }
    // The greenhouse log is among the best hits and links to the heater notes (near-ties) and to the oven
    // note (linked, but unrelated): the first gain, the oven note must not.
    expect(hubs.map((h) => h.source)).toContain(HUB);
    expect(lifted.length).toBeGreaterThan(0);
    expect(lifted).not.toContain('Kitchen/Oven.md');
    expect(after.get('Archive/Wiring.md')).toBeCloseTo(before.get('Archive/Wiring.md')!, 9);
  });

  it('dense-only and BM25-only rankings ignore links (they are the baselines hybrid is measured against)', async () => {
    for (const mode of ['dense', 'sparse'] as const) {
      expect(await search(mode)).toEqual(await search(mode, 0));
    }
  });
});
