import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FAR_PAST_MTIME, snapshotTree, tempDir, useFastEmbedder, writeNotes } from '../helpers/fixtures.js';
import { VaultService } from '../../src/services/vaultService.js';
import { similaritySearch } from '../../src/search/similaritySearch.js';

/**
 * A vault whose Daily notes plugin names notes in its own format (`.obsidian/daily-notes.json`): dates come
 * from that format, date questions find those notes, and changing the format re-dates exactly the notes
 * whose name now means another day. This suite tests dates, not ranking, so it runs on the fast embedder.
 */

const NOTES: Record<string, string> = {
  'Journal/18.01.2026.md': '# Sunday\nRepaired the greenhouse heater and planted tomato seedlings.\n',
  'Journal/01.02.2026.md': '# Entry\nCalled the plumber about the leaking tap in the kitchen.\n',
  'Journal/10.01.2026.md': '# Entry\nRead a chapter about bread baking.\n',
  'Projects/Greenhouse.md': '# Greenhouse\nThe heater needs a new thermostat. Tomato seedlings go in after frost.\n',
  'Meeting 2026-01-05 notes.md': '# Kickoff\nAgreed on the garden budget.\n',
};

/** Each note's date as the index holds it (its first chunk's note_date), by path. */
const noteDatesOf = (service: VaultService) =>
  Object.fromEntries(
    (
      service.index.db.db
        .prepare('select source, note_date from obq_chunks where chunk_index = 0 order by source')
        .all() as { source: string; note_date: string | null }[]
    ).map((r) => [r.source, r.note_date]),
  );

describe('the vault’s daily-note format (.obsidian/daily-notes.json)', () => {
  let tmp: ReturnType<typeof tempDir>;
  let vault: string;
  let service: VaultService;
  const noteDates = () => noteDatesOf(service);
  const setFormat = (format: string) =>
    writeFileSync(path.join(vault, '.obsidian/daily-notes.json'), JSON.stringify({ folder: 'Journal', format }));
  const yesterdayOf = async (today: Date) =>
    (
      await similaritySearch(service.index, service.embedder, {
        refined_query_for_vector_search: 'what did I do yesterday',
        today,
        k: 10,
        perNote: true,
      })
    ).map((h) => h.source);

  beforeAll(async () => {
    useFastEmbedder();
    tmp = tempDir('obq-dailyfmt-');
    process.env.OBSIQUERY_HOME = path.join(tmp.dir, 'home');
    vault = path.join(tmp.dir, 'vault');
    writeNotes(vault, NOTES, FAR_PAST_MTIME);
    mkdirSync(path.join(vault, '.obsidian'));
    setFormat('DD.MM.YYYY');
    service = await VaultService.open({ vault, dataDir: path.join(tmp.dir, 'data') });
    expect((await service.sync()).added).toBe(Object.keys(NOTES).length);
  }, 300_000);
  afterAll(() => {
    service?.close();
    tmp?.cleanup();
  });

  it('dates daily notes by the configured format, and still by a YYYY-MM-DD anywhere in a name', () => {
    expect(noteDates()).toEqual({
      'Journal/01.02.2026.md': '2026-02-01',
      'Journal/10.01.2026.md': '2026-01-10',
      'Journal/18.01.2026.md': '2026-01-18',
      'Meeting 2026-01-05 notes.md': '2026-01-05',
      'Projects/Greenhouse.md': null,
    });
  });

  it('"what did I do yesterday" on Monday 19 January finds the note named 18.01.2026, and only it', async () => {
    expect(await yesterdayOf(new Date(2026, 0, 19, 9, 0, 0))).toEqual(['Journal/18.01.2026.md']);
  });

  it('a format change re-indexes only the notes whose name now means another day', async () => {
    const before = snapshotTree(vault);
    const unchanged = await service.sync();
    expect(unchanged.added + unchanged.modified).toBe(0);

    // 18.01.2026 means nothing as MM.DD.YYYY; 01.02.2026 becomes 2 January; 10.01.2026 becomes 1 October.
    setFormat('MM.DD.YYYY');
    const resync = await service.sync();
    expect(resync.modified).toBe(3);
    // Each note counted once: the three re-indexed are not also unchanged.
    expect(resync.unchanged).toBe(unchanged.unchanged - 3);
    expect(resync.failed).toBe(0);
    expect(noteDates()).toMatchObject({
      'Journal/01.02.2026.md': '2026-01-02',
      'Journal/10.01.2026.md': '2026-10-01',
      'Journal/18.01.2026.md': null,
      'Meeting 2026-01-05 notes.md': '2026-01-05',
    });
    expect(await yesterdayOf(new Date(2026, 0, 3, 9, 0, 0))).toEqual(['Journal/01.02.2026.md']);
    // Dense and sparse filters read the same date: the LanceDB rows were rewritten too, not just SQLite.
    const dense = await similaritySearch(service.index, service.embedder, {
      refined_query_for_vector_search: 'plumber on 2026-01-02',
      mode: 'dense',
      k: 5,
    });
    expect(dense.map((h) => h.source)).toEqual(['Journal/01.02.2026.md']);

    // Only the settings file we rewrote changed in the vault: the index never writes there.
    const after = snapshotTree(vault);
    expect(after.filter((e) => !e.startsWith('.obsidian/daily-notes.json'))).toEqual(
      before.filter((e) => !e.startsWith('.obsidian/daily-notes.json')),
    );
    expect(readFileSync(path.join(vault, '.obsidian/daily-notes.json'), 'utf8')).toContain('MM.DD.YYYY');
    expect((await service.sync()).modified).toBe(0);
  });

  it('a garbled daily-notes.json falls back to Obsidian’s default format without failing the sync', async () => {
    writeFileSync(path.join(vault, '.obsidian/daily-notes.json'), '{ not json');
    const s = await service.sync();
    expect(s.failed).toBe(0);
    // Under YYYY-MM-DD no journal name is a date any more; the ISO date inside a name still is.
    expect(noteDates()).toMatchObject({
      'Journal/01.02.2026.md': null,
      'Journal/10.01.2026.md': null,
      'Meeting 2026-01-05 notes.md': '2026-01-05',
    });
  });
});

describe('a daily-note format with month names in the app’s language', () => {
  // Obsidian writes MMMM and dddd in its app language: a German user's "dddd, D. MMMM YYYY" notes are "Sonntag, 18.
  // Januar 2026". Before the thirty-eighth session only English month names were read, so these notes had no date
  // and "Was habe ich gestern gemacht?" found nothing dated.
  const GERMAN: Record<string, string> = {
    'Tagebuch/Sonntag, 18. Januar 2026.md': '# Sonntag\nDie Heizung im Gewächshaus repariert.\n',
    'Tagebuch/Samstag, 10. Januar 2026.md': '# Samstag\nEin Kapitel über Brotbacken gelesen.\n',
    'Projekte/Gewächshaus.md': '# Gewächshaus\nDie Heizung braucht ein neues Thermostat.\n',
  };
  let tmp: ReturnType<typeof tempDir>;
  let service: VaultService;

  beforeAll(async () => {
    useFastEmbedder();
    tmp = tempDir('obq-dailyfmt-de-');
    process.env.OBSIQUERY_HOME = path.join(tmp.dir, 'home');
    const vault = path.join(tmp.dir, 'vault');
    writeNotes(vault, GERMAN, FAR_PAST_MTIME);
    mkdirSync(path.join(vault, '.obsidian'));
    writeFileSync(
      path.join(vault, '.obsidian/daily-notes.json'),
      JSON.stringify({ folder: 'Tagebuch', format: 'dddd, D. MMMM YYYY' }),
    );
    service = await VaultService.open({ vault, dataDir: path.join(tmp.dir, 'data') });
    expect((await service.sync()).added).toBe(Object.keys(GERMAN).length);
  }, 300_000);
  afterAll(() => {
    service?.close();
    tmp?.cleanup();
  });

  it('dates the notes by their German names, and a German date question finds the day’s note alone', async () => {
    expect(noteDatesOf(service)).toEqual({
      'Projekte/Gewächshaus.md': null,
      'Tagebuch/Samstag, 10. Januar 2026.md': '2026-01-10',
      'Tagebuch/Sonntag, 18. Januar 2026.md': '2026-01-18',
    });
    const hits = await similaritySearch(service.index, service.embedder, {
      refined_query_for_vector_search: 'Was habe ich gestern gemacht?',
      today: new Date(2026, 0, 19, 9, 0, 0),
      k: 10,
      perNote: true,
    });
    expect(hits.map((h) => h.source)).toEqual(['Tagebuch/Sonntag, 18. Januar 2026.md']);
  });
});
