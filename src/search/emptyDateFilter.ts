/**
 * What a date filter that matched nothing means. The filter agent turns every date phrase into a date filter
 * (src/search/dates.ts); in a journal ("what did I do yesterday") that is the point of the question, but the same
 * words also name things that are not a day's notes: "append a line to today's daily note from my terminal" asks
 * how to use a feature, and over a help vault with no dated note it matched nothing and was refused unsearched.
 *
 * So when no note is dated in the range (by its own date, or by its last change when it has none), the vault
 * decides:
 * - notes with a date of their own lie near the range: the vault keeps dated notes, the date is a real filter,
 *   and the honest answer is that no note is dated then (with the nearest dated notes), never other days' notes;
 * - otherwise the phrase cannot be a filter on this vault (no note has a date of its own; the nearest is far
 *   away; the range has not begun yet, "this weekend" asked on a Thursday; or the phrase names a note Obsidian
 *   creates on demand, "today's daily note", that does not exist yet),
 *   and the search goes on without the date filter, telling the user so.
 */

import type { DateRange } from './dates.js';
import { WORD_CHAR } from '../text/wordCharacters.js';

/**
 * How far (in days) the nearest dated note may lie from the asked range for the vault to count as dated around
 * it. Generous on purpose: an honest "no note is dated yesterday; the nearest is 3 months earlier" costs a
 * rephrased question, while dropping the filter in a journal shows other days' notes for the day asked about.
 * A year covers a journal kept with gaps; a vault whose nearest dated note is further away is not a journal of
 * that time (a help vault with one dated changelog).
 */
export const NEAR_DATED_DAYS = 366;

/** A question scoped to a time: what it asks, the words that named the time, the range they mean, and today. */
export interface DatedQuery {
  query: string;
  phrase: string;
  range: DateRange;
  /** 'YYYY-MM-DD' */
  today: string;
}

/** What the index holds around the range (IndexDb.noteDatesAround). */
export interface DatesAround {
  /** Notes the date filter matches: their own date in the range, or no own date and changed in the range. */
  inRange: number;
  /** Notes with a date of their own (a daily-note name, a date property) in the range. */
  ownInRange: number;
  /** The latest own date before the range and the earliest after it ('YYYY-MM-DD'), null when none. */
  before: string | null;
  after: string | null;
}

/** The honest answer's facts: no note is dated in `range`; `nearest` are the closest own dates around it. */
export interface NothingDated {
  phrase: string;
  range: DateRange;
  nearest: string[];
}

export type EmptyDateVerdict =
  /** Notes are dated in the range: what emptied the search was another filter, not the date. */
  | { kind: 'other-filters' }
  /** The date is a real filter on this vault and nothing is dated then: answer so, search nothing else. */
  | { kind: 'nothing-dated'; answer: NothingDated; note: string }
  /** The phrase cannot be a filter on this vault: search without the date filter; `notice` says why. */
  | { kind: 'dropped'; notice: string };

const DAY_MS = 86_400_000;
const dayNumber = (iso: string): number => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / DAY_MS;

/** "2026-11-24" or "2026-11-16 – 2026-11-22". */
export function formatRange(range: DateRange): string {
  return range.from === range.to ? range.from : `${range.from} – ${range.to}`;
}

// The notes Obsidian's core and periodic-notes plugins create on demand, named by a possessive date ("today's
// daily note") in English, or by a date after the noun in Spanish, French and German ("la nota diaria de hoy",
// "einen Tagebucheintrag für heute", as the German help writes "tägliche Notiz" and its users "Tagebuch"), or with
// の in Japanese (今日のデイリーノート, which dates.ts matches with its particle).
const PERIODIC_NOTE_AFTER =
  /^(?:['’]s\s+|\s*)(?:(?:daily|weekly|monthly|quarterly|yearly|periodic)\s+(?:notes?|pages?|journal)\b|デイリーノート|日次ノート|日记|Tagesnotiz)/iu;
const PERIODIC_NOTE_BEFORE =
  /(?:nota\s+(?:diaria|semanal|mensual)|note\s+(?:quotidienne|du\s+jour|hebdomadaire|mensuelle)|tagesnotiz|tägliche[n]?\s+notiz|tagebucheintrag|daily\s+note)\s+(?:de\s+|d['’]\s*|von\s+|vom\s+|für\s+)?$/iu;

const A_WORD_CHAR = new RegExp(`[${WORD_CHAR}]`, 'u');

/** Where `phrase` starts in `query` as words of its own (the first such occurrence), or -1. */
function phraseStart(query: string, phrase: string): number {
  const lower = query.toLowerCase();
  const p = phrase.toLowerCase();
  if (!p) return -1;
  // Japanese, Chinese and Thai have no spaces: a phrase in their scripts stands wherever it is found.
  const cjk = /[\u3040-\u9fff\u0e00-\u0e7f]/u.test(p);
  const letter = (i: number) => A_WORD_CHAR.test(lower.charAt(i));
  for (let i = lower.indexOf(p); i >= 0; i = lower.indexOf(p, i + 1)) {
    if (cjk || (!letter(i - 1) && !letter(i + p.length))) return i;
  }
  return -1;
}

/**
 * The question without its date phrase: a date's words ("March", "Saturday") are what the date filter is for,
 * not names the notes must mention (the unknown-names check in the retrieve tool).
 */
export function withoutDatePhrase(query: string, phrase: string | undefined): string {
  const start = phrase ? phraseStart(query, phrase) : -1;
  return start < 0 ? query : `${query.slice(0, start)} ${query.slice(start + phrase!.length)}`;
}

/** Whether the date phrase is the name of a periodic note ("today's daily note") rather than a day's notes. */
export function namesPeriodicNote(query: string, phrase: string): boolean {
  const start = phraseStart(query, phrase);
  if (start < 0) return false;
  return (
    PERIODIC_NOTE_AFTER.test(query.slice(start + phrase.length)) || PERIODIC_NOTE_BEFORE.test(query.slice(0, start))
  );
}

/**
 * Whether the date phrase names a periodic note of today or a later day ("today's daily note"): one Obsidian
 * creates on demand, so the date filter is judged even when it matched notes (changed that day), not only when
 * it matched nothing.
 */
export function mayNamePeriodicNote(input: DatedQuery): boolean {
  return input.range.to >= input.today && namesPeriodicNote(input.query, input.phrase);
}

/**
 * The verdict on a date-filtered search that found nothing, or on one whose phrase may name a periodic note. `today` is the agent's 'YYYY-MM-DD' (the date the
 * phrase was translated against).
 */
export function judgeEmptyDateFilter(input: DatedQuery, around: DatesAround): EmptyDateVerdict {
  const { phrase, range } = input;
  // Notes changed today are not today's daily note: while no note is dated today by its own date, "append a line
  // to today's daily note" asks about the feature, whatever else was edited today (mayNamePeriodicNote).
  const missingPeriodic = mayNamePeriodicNote(input) && around.ownInRange === 0;
  if (around.inRange > 0 && !missingPeriodic) return { kind: 'other-filters' };
  const when = `“${phrase}” (${formatRange(range)})`;
  const drop = (why: string) => ({
    kind: 'dropped' as const,
    notice: `No note is dated ${when}, and ${why}: searched all notes without the date filter.`,
  });
  // A note for today or a later day that does not exist yet is one Obsidian would create: the question is about
  // the feature (opening, appending to, templating it), not about what that day's note says.
  if (mayNamePeriodicNote(input))
    return drop(`“${phrase}” here names the daily note Obsidian creates for that day, not notes written then`);
  // A range that has not begun yet holds no note written then: "what should I cook this weekend" (asked on a
  // Thursday) asks about plans, and was answered "no note is dated this weekend" in a journal.
  if (range.from > input.today)
    return drop(`that is still to come, so the date says what the question is about, not when notes were written`);
  const nearest = [around.before, around.after].filter((d): d is string => d !== null);
  if (nearest.length === 0)
    return drop('no note in this vault has a date of its own (a daily-note name or a date property)');
  const distance = Math.min(
    ...nearest.map((d) => (d < range.from ? dayNumber(range.from) - dayNumber(d) : dayNumber(d) - dayNumber(range.to))),
  );
  if (distance > NEAR_DATED_DAYS)
    return drop(`the nearest dated note (${nearest.join(', ')}) is more than a year away`);
  return {
    kind: 'nothing-dated',
    answer: { phrase, range, nearest },
    note: `no note is dated ${when}; nearest dated notes: ${nearest.join(', ')}`,
  };
}
