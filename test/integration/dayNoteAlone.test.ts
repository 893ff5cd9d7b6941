import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { FAR_PAST_MTIME, tempDir, useFastEmbedder, writeNotes } from '../helpers/fixtures.js';
import { VaultService } from '../../src/services/vaultService.js';
import { similaritySearch } from '../../src/search/similaritySearch.js';

/*
 * A date-scoped question whose day has one note of one chunk (real SQLite + LanceDB index, the bundled embedder).
 * searchInPeriod merges the day's notes with undated chunks that name the day, by score. Hybrid search rescales its
 * fused scores to 0..1 over its candidates, and a lone candidate was rescaled to 0, so the day's note, first on
 * both sides, came after a table row naming the date ("what was the first dance song at the wedding on 10 october":
 * the gig list above the day's own note, personal-en-2-tune).
 */
useFastEmbedder();

const TODAY = new Date(2026, 11, 1, 10, 0, 0);

const NOTES: Record<string, string> = {
  'Daily/2026-10-10.md':
    '# Saturday\n\nWedding gig at Harelaw Barn (see [[Gigs]]). The first dance was "Caledonia", slowed right down; the couple cried.\n',
  'Band/Gigs.md':
    '# Gigs\n\n| Date | Event | Venue |\n| --- | --- | --- |\n| 2026-10-10 | Wedding (Siobhan & Marcus) | Harelaw Barn |\n| 2026-10-31 | Halloween ceilidh | Leith Community Centre |\n',
  'Band/Setlist.md':
    '# Setlist\n\nOpeners: Strip the Willow, Gay Gordons. Slow numbers for a first dance on request.\n',
  'Daily/2026-10-12.md': '# Monday\n\nRestrung the fiddle and booked the van for the Halloween ceilidh.\n',
};

describe('a day whose note is the only dated chunk', () => {
  const tmp = tempDir('obq-day-alone-');
  let service: VaultService;
  beforeAll(async () => {
    const vault = path.join(tmp.dir, 'vault');
    writeNotes(vault, NOTES, FAR_PAST_MTIME);
    service = await VaultService.open({ vault, dataDir: path.join(tmp.dir, 'data') });
    expect((await service.sync()).failed).toBe(0);
  }, 120_000);
  afterAll(() => {
    service?.close();
    tmp.cleanup();
  });

  const search = (query: string, filters = {}) =>
    similaritySearch(service.index, service.embedder, {
      refined_query_for_vector_search: query,
      k: 5,
      perNote: true,
      mode: 'hybrid',
      threshold: 0,
      today: TODAY,
      metadata_filters: filters,
    });

  it('comes before an undated note that only names the day', async () => {
    const hits = await search('what was the first dance song at the wedding on 10 october');
    expect(hits.map((h) => h.source)).toEqual(['Daily/2026-10-10.md', 'Band/Gigs.md']);
  });

  it('a lone hybrid candidate scores as the best match, not 0', async () => {
    const hits = await search('first dance song at the wedding', { date_from: '2026-10-10', date_to: '2026-10-10' });
    expect(hits.map((h) => h.source)).toEqual(['Daily/2026-10-10.md']);
    expect(hits[0]!.score).toBeGreaterThan(0.2);
  });
});
