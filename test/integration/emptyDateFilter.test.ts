import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { FAR_PAST_MTIME, tempDir, useFastEmbedder, writeNotes } from '../helpers/fixtures.js';
import { askOnDay } from '../helpers/askOnDay.js';
import { VaultService } from '../../src/services/vaultService.js';
import { isNotInNotesAnswer } from '../../src/agent/language.js';
import { similaritySearch } from '../../src/search/similaritySearch.js';

/*
 * A date filter that matches nothing (src/search/emptyDateFilter.ts), on real indexes (SQLite + LanceDB, the
 * bundled embedder) of two small vaults, through the whole agent without a chat model (the path under test,
 * retrieval and its notices, is the same with any model):
 * - a help vault with no dated note: "today's daily note" names a feature, so the question is searched without
 *   the date filter, with a notice; it used to be refused unsearched;
 * - a journal with daily notes: a day with no note gets the honest "no note is dated …" (never other days'
 *   notes), days with notes stay filtered, and "today's daily note" that does not exist yet is the feature again.
 */
useFastEmbedder();

/** Wednesday 25 November 2026, local time: the agent's "today". */
const TODAY = new Date(2026, 10, 25, 10, 0, 0);

const HELP_NOTES: Record<string, string> = {
  'Extending/Command line.md':
    '# Command line\n\nThe command line interface controls Obsidian from your terminal. Run `obsidian daily:append content="text"` to append a line to the daily note from a shell script or your terminal.\n',
  'Plugins/Daily notes.md':
    "# Daily notes\n\nThe Daily notes plugin creates a note named after today's date. Set the folder and the template for new daily notes in the plugin's settings.\n",
  'Plugins/Sync.md':
    '# Sync\n\nSync keeps your vault the same on every device. Sync settings choose which file types and settings are synced, and version history keeps older versions of each note.\n',
  'Editing/Tables.md':
    '# Tables\n\nTables are written with pipes and dashes. Align a column with colons in the separator row.\n',
  'Projects/Greenhouse.md':
    '# Greenhouse\n\nPlan for a small greenhouse: polycarbonate panels, an automatic vent opener and a rain barrel.\n',
};

const JOURNAL_NOTES: Record<string, string> = {
  'Daily/2026-11-16.md': '# Monday\n\nPlanted tulip bulbs along the fence and raked the leaves.\n',
  'Daily/2026-11-18.md': '# Wednesday\n\nRepaired the bicycle chain and cooked a lentil soup for dinner.\n',
  'Daily/2026-11-21.md': '# Saturday\n\nHiked to the waterfall with Dana; the trail was muddy after the rain.\n',
  'Projects/Greenhouse.md':
    '# Greenhouse\n\nPlan for a small greenhouse: polycarbonate panels, an automatic vent opener and a rain barrel.\n',
  'Reference/Command line.md':
    '# Command line\n\nRun `obsidian daily:append content="text"` in your terminal to append a line to the daily note without opening the app.\n',
  // Undated notes about a time: a month's column, and a trip whose month is of another year.
  'Areas/Finances.md':
    '# Finances\n\n## Monthly budget\n\n| Category | Budget | November actual |\n| --- | ---: | ---: |\n| Groceries | €420 | €465 |\n| Eating out | €150 | €190 |\n',
  'Projects/Lisbon trip.md': '# Lisbon trip\n\nGroceries for the flat during the trip in April 2027: about €80.\n',
  // Names a day still to come.
  'Projects/Marathon.md': '# Marathon\n\nGoal: the city marathon on 6 December 2026, under 4 hours.\n',
  // Names February beside "petrol", but holds no price.
  'Areas/Car.md': '# Car\n\nPetrol: fill the tank at the cheap station on the ring road before the February trip.\n',
};

async function indexVault(root: string, name: string, notes: Record<string, string>): Promise<VaultService> {
  const vault = path.join(root, name);
  writeNotes(vault, notes, FAR_PAST_MTIME);
  const service = await VaultService.open({ vault, dataDir: path.join(root, `${name}-data`) });
  const summary = await service.sync();
  expect(summary.failed).toBe(0);
  expect(summary.added).toBe(Object.keys(notes).length);
  return service;
}

const ask = (service: VaultService, question: string) => askOnDay(service, question, TODAY);

describe('a date filter that matches nothing', () => {
  const tmp = tempDir('obq-empty-date-');
  let help: VaultService;
  let journal: VaultService;

  beforeAll(async () => {
    process.env.OBSIQUERY_HOME = path.join(tmp.dir, 'home');
    help = await indexVault(tmp.dir, 'help', HELP_NOTES);
    journal = await indexVault(tmp.dir, 'journal', JOURNAL_NOTES);
  }, 300_000);

  afterAll(() => {
    help?.close();
    journal?.close();
    tmp.cleanup();
  });

  describe('in a vault with no dated note', () => {
    it('"today\'s daily note" is searched without the date filter, with a notice saying why', async () => {
      const r = await ask(help, "append a line to today's daily note from my terminal");
      expect(r.answer).not.toBe("I couldn't find anything about that in your notes.");
      expect(r.sources.map((s) => s.source)).toContain('Extending/Command line.md');
      expect(r.notices).toHaveLength(1);
      expect(r.notices[0]).toMatch(/No note is dated “today” \(2026-11-25\)/);
      expect(r.notices[0]).toMatch(/without the date filter/);
    }, 120_000);

    it('a past day is no filter either: nothing has a date of its own, and the notice says so', async () => {
      const r = await ask(help, 'which file types did the sync settings keep yesterday');
      expect(r.sources.map((s) => s.source)).toContain('Plugins/Sync.md');
      expect(r.notices).toEqual([
        expect.stringMatching(
          /No note is dated “yesterday” \(2026-11-24\).*no note in this vault has a date of its own/,
        ),
      ]);
    }, 120_000);

    it('what is planned for a day no note names: the coming day, not in the notes, though a note says "plan"', async () => {
      const r = await ask(help, 'What is planned for December 20?');
      expect(isNotInNotesAnswer(r.answer)).toBe(true);
      expect(r.sources).toEqual([]);
      expect(r.notices.join(' ')).toMatch(/No note is dated “December 20” \(2026-12-20\)/);
    }, 120_000);
  });

  describe('in a journal with daily notes', () => {
    it('a day without a note gets the honest answer, never another day’s note', async () => {
      const r = await ask(journal, 'what did I do yesterday');
      expect(r.answer).toBe('No note is dated “yesterday” (2026-11-24). The nearest dated note is from 2026-11-21.');
      expect(r.sources).toEqual([]);
      expect(r.notices).toEqual([]);
      // It cites nothing, so the answer eval counts it as a refusal.
      expect(isNotInNotesAnswer(r.answer)).toBe(true);
    }, 120_000);

    it('the honest answer is in the question’s language', async () => {
      const r = await ask(journal, '¿qué hice ayer en el jardín?');
      expect(r.answer).toBe(
        'Ninguna nota tiene fecha de “ayer” (2026-11-24). La nota con fecha más cercana es del 2026-11-21.',
      );
      expect(r.sources).toEqual([]);
    }, 120_000);

    it('a day and month within the next two weeks is the coming one: the note naming it answers', async () => {
      // 6 December, asked on 25 November, was read as 2025-12-06: "No note is dated “December 6” (2025-12-06)…".
      const r = await ask(journal, 'Which marathon is on December 6?');
      expect(r.answer).toMatch(/city marathon on 6 December 2026/);
      expect(r.sources.map((s) => s.source)).toEqual(['Projects/Marathon.md']);
      expect(r.notices.join(' ')).not.toMatch(/2025/);
      // Asked with nothing but the day, the note is found by the day's words, and only its line naming the day shows.
      const day = await ask(journal, 'What is on December 6?');
      expect(day.answer).toBe('Goal: the city marathon on 6 December 2026, under 4 hours. [1]');
      expect(day.sources.map((s) => s.source)).toEqual(['Projects/Marathon.md']);
    }, 120_000);

    it('what is planned for a time is whatever names it, read forward from today', async () => {
      // "planned" was a word the line naming the day had to hold: "What is planned for December 6?" was refused.
      const day = await ask(journal, 'What is planned for December 6?');
      expect(day.answer).toBe('Goal: the city marathon on 6 December 2026, under 4 hours. [1]');
      expect(day.sources.map((s) => s.source)).toEqual(['Projects/Marathon.md']);
      // A month without a year, asked about its plans in November, is the coming one, not December 2025.
      const month = await ask(journal, 'Anything scheduled for December?');
      expect(month.answer).toMatch(/city marathon on 6 December 2026/);
      expect(month.sources.map((s) => s.source)).toEqual(['Projects/Marathon.md']);
      expect([month.answer, ...month.notices].join(' ')).not.toMatch(/2025/);
    }, 120_000);

    it('days with notes stay filtered to those notes', async () => {
      const day = await ask(journal, 'where did I hike on Saturday');
      expect(day.sources.map((s) => s.source)).toEqual(['Daily/2026-11-21.md']);
      expect(day.answer).toMatch(/waterfall/);
      const week = await ask(journal, 'where did I hike with Dana last week');
      expect(week.sources.length).toBeGreaterThan(0);
      for (const s of week.sources)
        expect(['Daily/2026-11-16.md', 'Daily/2026-11-18.md', 'Daily/2026-11-21.md']).toContain(s.source);
      expect(week.notices).toEqual([]);
    }, 120_000);

    it('a week with no note between dated ones is honest too, naming the notes on both sides', async () => {
      // Monday 9 – Sunday 15 November: none; 2026-11-16 follows, nothing is dated before it.
      const r = await ask(journal, 'what did I do two weeks ago');
      expect(r.answer).toBe(
        'No note is dated “two weeks ago” (2026-11-09 – 2026-11-15). The nearest dated note is from 2026-11-16.',
      );
    }, 120_000);

    it('"today\'s daily note" that does not exist yet names the feature: searched without the date filter', async () => {
      const r = await ask(journal, "append a line to today's daily note from my terminal");
      expect(r.sources.map((s) => s.source)).toContain('Reference/Command line.md');
      expect(r.notices).toEqual([expect.stringMatching(/“today” .*names the daily note Obsidian creates/)]);
    }, 120_000);

    it('an undated note that names the month asked about answers too; a month of another year does not', async () => {
      // The date filter keeps November's day notes; the budget table's "November actual" is about November as well.
      const r = await ask(journal, 'how much did I spend on groceries in November');
      expect(r.sources.map((s) => s.source)).toContain('Areas/Finances.md');
      expect(r.answer).toMatch(/€465/);
      // "April 2027" is not the April just past: the honest answer, not the trip's groceries.
      const april = await ask(journal, 'how much did I spend on groceries in April');
      expect(april.answer).toMatch(/^No note is dated “April” \(2026-04-01 – 2026-04-30\)/);
      expect(april.sources).toEqual([]);
    }, 120_000);

    it('a note that names the month but does not answer leaves the honest answer, not "not in your notes"', async () => {
      const r = await ask(journal, 'how much did I spend on petrol in February');
      expect(r.answer).toMatch(/^No note is dated “February” \(2026-02-01 – 2026-02-28\)/);
      expect(r.sources).toEqual([]);
    }, 120_000);

    it('a date more than a year from every dated note is no filter on this vault', async () => {
      const r = await ask(journal, 'what was the greenhouse plan in March 2024');
      expect(r.sources.map((s) => s.source)).toContain('Projects/Greenhouse.md');
      expect(r.notices).toEqual([expect.stringMatching(/“March 2024” .*more than a year away/)]);
    }, 120_000);
  });

  /** The search box, CLI and MCP: similaritySearch reads the query's own date phrase, without the agent. */
  async function searchOnDay(service: VaultService, query: string) {
    const notices: string[] = [];
    const hits = await similaritySearch(service.index, service.embedder, {
      refined_query_for_vector_search: query,
      k: 5,
      perNote: true,
      today: TODAY,
      onNotice: (n) => notices.push(n),
    });
    return { sources: hits.map((h) => h.source), notices };
  }

  describe('in the search box (no agent)', () => {
    it('a help vault: "today\'s daily note" is searched without the date filter, with the reason', async () => {
      const r = await searchOnDay(help, "append a line to today's daily note from my terminal");
      expect(r.sources).toContain('Extending/Command line.md');
      expect(r.notices).toEqual([expect.stringMatching(/No note is dated “today” \(2026-11-25\).*without the date/)]);
    }, 120_000);

    it('a journal: a day without a note shows nothing, and the notice names the nearest dated note', async () => {
      const r = await searchOnDay(journal, 'what did I do yesterday');
      expect(r.sources).toEqual([]);
      expect(r.notices).toEqual([
        'No note is dated “yesterday” (2026-11-24); the nearest dated note is from 2026-11-21.',
      ]);
      const between = await searchOnDay(journal, 'bicycle repair on 2026-11-17');
      expect(between.sources).toEqual([]);
      expect(between.notices).toEqual([
        'No note is dated “2026-11-17” (2026-11-17); the nearest dated notes are from 2026-11-16 and 2026-11-18.',
      ]);
    }, 120_000);

    it('notes changed today are not today’s daily note: the feature is searched in every note', async () => {
      // A help vault whose tables note was edited today, with no daily note of today: the date filter alone
      // would show only that note.
      writeNotes(
        help.vault,
        { 'Editing/Tables.md': `${HELP_NOTES['Editing/Tables.md']}\nA table can hold links.\n` },
        TODAY,
      );
      try {
        expect((await help.sync()).modified).toBe(1);
        const r = await searchOnDay(help, "append a line to today's daily note from my terminal");
        expect(r.sources).toContain('Extending/Command line.md');
        expect(r.notices).toEqual([expect.stringMatching(/names the daily note Obsidian creates/)]);
        const asked = await ask(help, "append a line to today's daily note from my terminal");
        expect(asked.sources.map((s) => s.source)).toContain('Extending/Command line.md');
        // What was changed today is still what "today" means without a daily note in the question.
        expect((await searchOnDay(help, 'tables changed today')).sources).toEqual(['Editing/Tables.md']);
      } finally {
        writeNotes(help.vault, { 'Editing/Tables.md': HELP_NOTES['Editing/Tables.md']! }, FAR_PAST_MTIME);
        await help.sync();
      }
    }, 120_000);

    it("a journal: an undated note that names the month is shown beside the month's day notes", async () => {
      // The search box searches a time as the agent does: "November actual" is about November too.
      const r = await searchOnDay(journal, 'groceries in November');
      expect(r.sources).toContain('Areas/Finances.md');
      expect(r.sources).not.toContain('Projects/Lisbon trip.md');
      expect(r.notices).toEqual([]);
      // No day note of April, and "April 2027" is another year's April: nothing shown, and the notice says why.
      const april = await searchOnDay(journal, 'groceries in April');
      expect(april.sources).toEqual([]);
      expect(april.notices).toEqual([expect.stringMatching(/^No note is dated “April” \(2026-04-01 – 2026-04-30\)/)]);
    }, 120_000);

    it('a journal: a day with notes stays filtered, with no notice', async () => {
      const r = await searchOnDay(journal, 'hike on Saturday');
      expect(r.sources).toEqual(['Daily/2026-11-21.md']);
      expect(r.notices).toEqual([]);
    }, 120_000);
  });
});
