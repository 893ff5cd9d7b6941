import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { FAR_PAST_MTIME, tempDir, writeNotes } from '../helpers/fixtures.js';
import { askOnDay } from '../helpers/askOnDay.js';
import { VaultService } from '../../src/services/vaultService.js';
import { isNotInNotesAnswer } from '../../src/agent/language.js';

/*
 * Questions scoped to a date (src/agent/dateScope.ts), on a real index (SQLite + LanceDB, the bundled embedder) of
 * a small journal, through the whole agent without a chat model (answers are the notes' own sentences either way):
 * the date is met by the notes' own dates, so "what happened on <day>" and "what did I do last week" are answered
 * from that day's or week's notes; a date with a topic still needs the topic; a topic no note has is refused.
 */
// The embedder English notes get (MPNet), not the fast one: a day's sentence that shares no word with the question
// ("Ran the Lakeside 30 km race…" for "how far did I run") answers by its meaning, on that model's scale.

/** Wednesday 25 November 2026, local time: "yesterday" is the 24th, "last week" 16–22 November. */
const TODAY = new Date(2026, 10, 25, 10, 0, 0);

const NOTES: Record<string, string> = {
  'Daily/2026-11-07.md':
    '# Saturday, 7 November 2026\n\nMoved the home server from the Raspberry Pi to the new mini PC.\n\n- Pizza with Lena in the evening, then a documentary about octopuses.\n',
  'Daily/2026-11-12.md':
    '# Thursday\n\nRan the Lakeside 30 km race as a test for the marathon: 2 h 51 min, negative split.\n\nAfternoon nap, then pasta with Ravi to celebrate.\n',
  'Daily/2026-11-16.md': '# Monday\n\nPlanted tulip bulbs along the fence and raked the leaves in the back garden.\n',
  'Daily/2026-11-18.md':
    '# Wednesday\n\nRepaired the bicycle chain and cooked a lentil soup for dinner.\n\nMaya walked me through the onboarding checklist for the new hires; the welcome email goes out on day one.\n',
  'Daily/2026-11-21.md': '# Saturday\n\nHiked to the waterfall with Dana; the trail was muddy after the rain.\n',
  'Daily/2026-11-24.md': '# Tuesday\n\nBaked a rye sourdough loaf and called my sister about the holidays.\n',
  'People/Maya.md': '# Maya\n\nMaya leads the onboarding team at work and likes long checklists.\n',
  'Projects/Marathon.md': '# Marathon\n\nFour runs a week, the long run on Saturday. So far the knee holds.\n',
  'Projects/Greenhouse.md':
    '# Greenhouse\n\nPlan for a small greenhouse: polycarbonate panels, an automatic vent opener and a rain barrel.\n',
};

const ask = (service: VaultService, question: string) => askOnDay(service, question, TODAY);

describe('questions scoped to a date', () => {
  const tmp = tempDir('obq-date-scoped-');
  let journal: VaultService;

  beforeAll(async () => {
    process.env.OBSIQUERY_HOME = path.join(tmp.dir, 'home');
    const vault = path.join(tmp.dir, 'journal');
    writeNotes(vault, NOTES, FAR_PAST_MTIME);
    journal = await VaultService.open({ vault, dataDir: path.join(tmp.dir, 'journal-data') });
    const summary = await journal.sync();
    expect(summary.added).toBe(Object.keys(NOTES).length);
  }, 300_000);

  afterAll(() => {
    journal?.close();
    tmp.cleanup();
  });

  it('"what happened on <day>" is answered from that day’s note, whose date is its name', async () => {
    const r = await ask(journal, 'What happened on Saturday 7 November?');
    expect(isNotInNotesAnswer(r.answer)).toBe(false);
    expect(r.sources.map((s) => s.source)).toEqual(['Daily/2026-11-07.md']);
    expect(r.answer).toMatch(/home server/);
  }, 120_000);

  it('"what did I do last week" summarises last week’s daily notes in date order, each cited', async () => {
    const r = await ask(journal, 'what did I do last week');
    expect(r.sources.map((s) => s.source)).toEqual([
      'Daily/2026-11-16.md',
      'Daily/2026-11-18.md',
      'Daily/2026-11-21.md',
    ]);
    expect(r.answer).toMatch(/tulip bulbs.*\[1\].*bicycle chain.*\[2\].*waterfall.*\[3\]/s);
  }, 120_000);

  it('"yesterday" is the pinned today’s yesterday', async () => {
    const r = await ask(journal, 'what did I do yesterday');
    expect(r.sources.map((s) => s.source)).toEqual(['Daily/2026-11-24.md']);
    expect(r.answer).toMatch(/sourdough/);
  }, 120_000);

  it('a date with a topic still needs the topic: the onboarding sentence, not the day’s first line', async () => {
    const r = await ask(journal, 'what did Maya say about onboarding last week');
    expect(r.sources.map((s) => s.source)).toEqual(['Daily/2026-11-18.md']);
    expect(r.answer).toMatch(/onboarding checklist/);
    expect(r.answer).not.toMatch(/bicycle/);
  }, 120_000);

  it('a word of the question no note writes, but which is not its topic ("did"), does not refuse the day’s answer', async () => {
    // No note writes "did", and "ran" shares no stem with "run": the sentence answers by its meaning ("far" and "run"
    // are written, in the marathon note).
    const r = await ask(journal, 'How far did I run on 12 November');
    expect(r.sources.map((s) => s.source)).toEqual(['Daily/2026-11-12.md']);
    expect(r.answer).toMatch(/30 km race/);
  }, 120_000);

  it('a date with a topic no dated note has is still refused', async () => {
    const r = await ask(journal, 'what did the plumber say yesterday');
    expect(isNotInNotesAnswer(r.answer)).toBe(true);
    expect(r.sources).toEqual([]);
  }, 120_000);
});
