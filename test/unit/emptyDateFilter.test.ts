import { describe, expect, it } from 'vitest';
import {
  judgeEmptyDateFilter,
  namesPeriodicNote,
  NEAR_DATED_DAYS,
  withoutDatePhrase,
} from '../../src/search/emptyDateFilter.js';
import { isNotInNotesAnswer, nothingDatedFor } from '../../src/agent/language.js';
import { translateDates } from '../../src/search/dates.js';

/**
 * The rule for a date filter that matched nothing: the vault's own dated notes decide whether the date phrase is a
 * filter here (answer honestly) or not (search without it, with a notice). The indexes behind it are tested in
 * test/integration/emptyDateFilter.test.ts.
 */

const TODAY = '2026-11-25';

/** The verdict for `query` as the filter agent would translate it. */
function verdict(
  query: string,
  around: { inRange?: number; ownInRange?: number; before?: string | null; after?: string | null },
) {
  const dated = translateDates(query, TODAY);
  expect(dated.range, query).not.toBeNull();
  return judgeEmptyDateFilter(
    { query, phrase: dated.matched!, range: dated.range!, today: TODAY },
    {
      inRange: around.inRange ?? 0,
      ownInRange: around.ownInRange ?? 0,
      before: around.before ?? null,
      after: around.after ?? null,
    },
  );
}

describe('namesPeriodicNote', () => {
  it.each([
    ["append a line to today's daily note from my terminal", 'today'],
    ['open tomorrow’s daily note in a new tab', 'tomorrow'],
    ["what template does this week's weekly note use", 'this week'],
    ['añadir una línea a la nota diaria de hoy', 'hoy'],
    ['ajouter une ligne à la note quotidienne d’aujourd’hui', 'aujourd’hui'],
    ['今日のデイリーノートに追記する', '今日の'],
    ['Wie lege ich mit einem Klick einen Tagebucheintrag für heute an?', 'heute'],
    ['die tägliche Notiz von morgen öffnen', 'morgen'],
  ])('"%s" names a periodic note', (query, phrase) => {
    expect(namesPeriodicNote(query, phrase)).toBe(true);
  });

  it.each([
    ['what did I do today', 'today'],
    ["summary of yesterday's meeting", 'yesterday'],
    ['notes from today about the daily standup', 'today'],
    ['¿qué hice hoy?', 'hoy'],
    ['Was habe ich heute für das Projekt gemacht?', 'heute'],
  ])('"%s" does not', (query, phrase) => {
    expect(namesPeriodicNote(query, phrase)).toBe(false);
  });
});

describe('judgeEmptyDateFilter', () => {
  it('notes dated in the range: another filter emptied the search, the date stays', () => {
    expect(verdict('what did I do yesterday', { inRange: 2, before: '2026-11-20' })).toEqual({ kind: 'other-filters' });
  });

  it('notes changed today are not today’s daily note: the feature question drops the filter until one exists', () => {
    const q = "append a line to today's daily note from my terminal";
    // Three notes were edited today, none is dated today by its own date (no daily note yet).
    expect(verdict(q, { inRange: 3, ownInRange: 0, before: '2026-11-24' })).toMatchObject({
      kind: 'dropped',
      notice: expect.stringMatching(/names the daily note Obsidian creates/),
    });
    // Once today's daily note exists, it is what the phrase names: the filter stays.
    expect(verdict(q, { inRange: 3, ownInRange: 1, before: '2026-11-24' })).toEqual({ kind: 'other-filters' });
    // A day's notes, not a periodic note: notes changed today are what "today" filters.
    expect(verdict('what did I change today', { inRange: 3, ownInRange: 0 })).toEqual({ kind: 'other-filters' });
  });

  it('a vault with dated notes near the day answers honestly, naming the nearest dated notes on both sides', () => {
    const v = verdict('what did I do yesterday', { before: '2026-11-21', after: '2026-11-25' });
    expect(v).toEqual({
      kind: 'nothing-dated',
      answer: {
        phrase: 'yesterday',
        range: { from: '2026-11-24', to: '2026-11-24' },
        nearest: ['2026-11-21', '2026-11-25'],
      },
      note: 'no note is dated “yesterday” (2026-11-24); nearest dated notes: 2026-11-21, 2026-11-25',
    });
  });

  it('a range still to come holds no note written then: the date says what the question is about', () => {
    // Asked on Wednesday 2026-11-25 in a journal dated up to the day before: "this weekend" is 28–29 November.
    const v = verdict('what should I cook this weekend', { before: '2026-11-24' });
    expect(v).toMatchObject({ kind: 'dropped', notice: expect.stringMatching(/still to come/) });
    // A range that has begun is judged as before: the journal keeps dated notes, so the answer is honest.
    expect(verdict('what did I do this week', { before: '2026-11-21' }).kind).toBe('nothing-dated');
  });

  it('a vault with no note dated by itself: the date phrase is no filter here', () => {
    const v = verdict('which plugins did I set up last week', {});
    expect(v.kind).toBe('dropped');
    expect(v.kind === 'dropped' && v.notice).toBe(
      'No note is dated “last week” (2026-11-16 – 2026-11-22), and no note in this vault has a date of its own (a daily-note name or a date property): searched all notes without the date filter.',
    );
  });

  it(`dated notes exist but none within ${NEAR_DATED_DAYS} days: dropped; within it: honest`, () => {
    // 2025-11-23 is 367 days before yesterday; 2025-11-24 is 365.
    expect(verdict('what did I do yesterday', { before: '2025-11-22' }).kind).toBe('dropped');
    expect(verdict('what did I do yesterday', { before: '2025-11-24' }).kind).toBe('nothing-dated');
    // Distance is to the range's near end: "in March 2024" with notes from 2025-03-30 on is near (364 days).
    expect(verdict('what did I plant in March 2024', { after: '2025-03-30' }).kind).toBe('nothing-dated');
    expect(verdict('what did I plant in March 2024', { after: '2025-04-02' }).kind).toBe('dropped');
  });

  it('"today\'s daily note" that does not exist yet names the feature, even in a journal', () => {
    const v = verdict("append a line to today's daily note from my terminal", { before: '2026-11-24' });
    expect(v.kind).toBe('dropped');
    expect(v.kind === 'dropped' && v.notice).toMatch(/“today” here names the daily note Obsidian creates/);
    // A past day's daily note is what was written then: honest.
    expect(verdict("summarise yesterday's daily note", { before: '2026-11-23' }).kind).toBe('nothing-dated');
  });
});

describe('the honest answer', () => {
  const dated = { phrase: 'yesterday', range: { from: '2026-11-24', to: '2026-11-24' }, nearest: ['2026-11-21'] };

  it('speaks the question’s language and counts as a refusal', () => {
    const answers = [
      nothingDatedFor('what did I do yesterday', dated),
      nothingDatedFor('¿qué hice ayer en el jardín?', { ...dated, phrase: 'ayer' }),
      nothingDatedFor('was habe ich gestern im Garten gemacht?', { ...dated, phrase: 'gestern' }),
      nothingDatedFor('qu’est-ce que j’ai fait hier au jardin ?', { ...dated, phrase: 'hier' }),
      nothingDatedFor('昨日は何をしましたか', { ...dated, phrase: '昨日' }),
      nothingDatedFor('我昨天做了什么', { ...dated, phrase: '昨天' }),
    ];
    expect(answers).toEqual([
      'No note is dated “yesterday” (2026-11-24). The nearest dated note is from 2026-11-21.',
      'Ninguna nota tiene fecha de “ayer” (2026-11-24). La nota con fecha más cercana es del 2026-11-21.',
      'Keine Notiz ist auf “gestern” (2026-11-24) datiert. Die nächste datierte Notiz ist vom 2026-11-21.',
      'Aucune note n’est datée de “hier” (2026-11-24). La note datée la plus proche est du 2026-11-21.',
      '“昨日” (2026-11-24)の日付のノートはありません。いちばん近い日付のノートは2026-11-21のものです。',
      '没有日期为“昨天” (2026-11-24)的笔记。最近的有日期的笔记是2026-11-21的。',
    ]);
    for (const a of answers) expect(isNotInNotesAnswer(a), a).toBe(true);
    expect(isNotInNotesAnswer('No note is the answer.')).toBe(false);
  });
});

describe('withoutDatePhrase', () => {
  it('takes the date phrase out of the question, for the unknown-names check', () => {
    expect(withoutDatePhrase('what was the greenhouse plan in March 2024', 'March 2024')).toBe(
      'what was the greenhouse plan in  ',
    );
    expect(withoutDatePhrase('what did I do', undefined)).toBe('what did I do');
    expect(withoutDatePhrase('a Mondayish plan on Monday', 'Monday')).toBe('a Mondayish plan on  ');
  });
});
