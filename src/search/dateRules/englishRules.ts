/**
 * English date phrases: relative days and periods, "N days ago", "the last N weeks", weekdays, month names with or
 * without a day and a year, numeric dates, and the compound phrases ("since …", "between … and …", "from … to …")
 * built from them.
 */

import { MONTH_BY_WORD, MONTH_WORDS, fromDays, weekday } from '../../text/calendar.js';
import {
  YEAR,
  ago,
  explicitDay,
  hasDateContext,
  inferDay,
  inferMonth,
  longestAt,
  monthRange,
  regexRule,
  relativePeriod,
  rolling,
  single,
  sticky,
  weekdayAs,
  yearRange,
} from './ruleKit.js';
import type { Ctx, Rule } from './ruleKit.js';

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

const WD = `(${WEEKDAYS.join('|')})`;
/** An optional weekday before a full date ("Saturday 7 November"): redundant, but people write it. */
const WD_PREFIX = `(?:(?:${WEEKDAYS.join('|')}),?\\s+)?`;
// Full names come first in the alternation so "mar" never wins over "march"; only abbreviations take a dot.
const MON = `(${MONTH_WORDS.slice(0, 12)
  .map(([w]) => w)
  .join('|')}|(?:${MONTH_WORDS.slice(12)
  .map(([w]) => w)
  .join('|')})\\.?)`;
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const NUM_WORDS = Object.keys(NUMBER_WORDS).join('|');
// "couple" forms first so "a couple of" is not cut short at "a".
const NUM = `((?:a\\s+)?couple(?:\\s+of)?|\\d{1,4}|${NUM_WORDS})`;
const NUM_OR_A = `((?:a\\s+)?couple(?:\\s+of)?|\\d{1,4}|${NUM_WORDS}|an?)`;
const UNIT = '(days?|weeks?|months?|years?)';

function parseCount(raw: string): number {
  const s = raw.toLowerCase().replace(/\s+/g, ' ');
  if (/^\d+$/.test(s)) return Number(s);
  if (s === 'a' || s === 'an') return 1;
  if (s.includes('couple')) return 2;
  return NUMBER_WORDS[s] ?? NaN;
}

function monthNumber(raw: string): number {
  const m = MONTH_BY_WORD.get(raw.toLowerCase().replace(/\.$/, ''));
  if (m === undefined) throw new Error(`unreachable: month ${raw}`);
  return m;
}

function weekdayNumber(raw: string): number {
  return WEEKDAYS.indexOf(raw.toLowerCase() as (typeof WEEKDAYS)[number]);
}

export const ENGLISH_RULES: readonly Rule[] = [
  regexRule('(?:the\\s+)?day\\s+(before\\s+yesterday|after\\s+tomorrow)', (m, ctx) =>
    single(ctx.today + (m[1]!.toLowerCase().startsWith('before') ? -2 : 2)),
  ),
  regexRule('(today|yesterday|tomorrow)', (m, ctx) => {
    const w = m[1]!.toLowerCase();
    return single(ctx.today + (w === 'today' ? 0 : w === 'yesterday' ? -1 : 1));
  }),
  regexRule('(this|current|last|previous|next)\\s+(week|month|year)', (m, ctx) => relativePeriod(ctx, m[1]!, m[2]!)),
  // "the last week" / "the past month" read as a rolling window, unlike the calendar "last week".
  regexRule('(?:(?:the|this)\\s+(?:last|past)|past)\\s+(week|month|year)', (m, ctx) => rolling(ctx, 1, m[1]!)),
  regexRule(`(?:the\\s+)?(?:last|past|previous)\\s+${NUM}\\s+${UNIT}`, (m, ctx) =>
    rolling(ctx, parseCount(m[1]!), m[2]!),
  ),
  regexRule(`${NUM_OR_A}\\s+${UNIT}\\s+ago`, (m, ctx) => ago(ctx, parseCount(m[1]!), m[2]!)),

  regexRule(`(this\\s+past|last|past|previous|this|next)\\s+${WD}`, (m, ctx) => {
    const which = m[1]!.toLowerCase().replace(/\s+/g, ' ');
    return weekdayAs(ctx, which === 'this' || which === 'next' ? which : 'last', weekdayNumber(m[2]!));
  }),
  regexRule(`${WD}(?:\\s+of)?\\s+(this|last|previous|next)\\s+week`, (m, ctx) => {
    const w = m[2]!.toLowerCase();
    return weekdayAs(ctx, w === 'next' ? 'nextWeek' : w === 'this' ? 'this' : 'lastWeek', weekdayNumber(m[1]!));
  }),
  regexRule(WD, (m, ctx) => weekdayAs(ctx, 'named', weekdayNumber(m[1]!))),
  regexRule('(this|last|past|next)\\s+weekend', (m, ctx) => {
    const w = m[1]!.toLowerCase();
    const dow = weekday(ctx.today);
    // Saturday of the weekend that contains today, or else the coming one.
    const thisSat = dow === 0 ? ctx.today - 1 : ctx.today + (6 - dow);
    const sat = w === 'this' ? thisSat : w === 'next' ? thisSat + 7 : thisSat - 7;
    return { from: sat, to: sat + 1 };
  }),

  regexRule(`(this|last|previous|next)\\s+${MON}`, (m, ctx) => {
    const w = m[1]!.toLowerCase();
    const month = monthNumber(m[2]!);
    const [ty, tm] = fromDays(ctx.today);
    if (w === 'this') return monthRange(ty, month);
    if (w === 'next') return monthRange(month > tm ? ty : ty + 1, month);
    return monthRange(month < tm ? ty : ty - 1, month);
  }),
  regexRule(`${MON},?\\s+(?:of\\s+)?${YEAR}`, (m) => monthRange(Number(m[2]), monthNumber(m[1]!))),
  regexRule(`${WD_PREFIX}${MON}\\s+(?:the\\s+)?${DAY}(?:,?\\s+${YEAR})?`, (m, ctx) => {
    const month = monthNumber(m[1]!);
    const day = Number(m[2]);
    return m[3] ? explicitDay(Number(m[3]), month, day) : inferDay(month, day, ctx);
  }),
  regexRule(`${WD_PREFIX}(?:the\\s+)?${DAY}(?:\\s+of)?\\s+${MON}(?:,?\\s+${YEAR})?`, (m, ctx) => {
    const month = monthNumber(m[2]!);
    const day = Number(m[1]);
    return m[3] ? explicitDay(Number(m[3]), month, day) : inferDay(month, day, ctx);
  }),
  regexRule(MON, (m, ctx, text, pos) => (hasDateContext(text, pos, ctx) ? inferMonth(monthNumber(m[1]!), ctx) : null)),
  regexRule(YEAR, (m, ctx, text, pos) => (hasDateContext(text, pos, ctx) ? yearRange(Number(m[1])) : null)),

  regexRule('(\\d{4})([-/])(\\d{1,2})\\2(\\d{1,2})', (m) => explicitDay(Number(m[1]), Number(m[3]), Number(m[4]))),
  regexRule('(\\d{4})[-/](\\d{1,2})', (m) => {
    const month = Number(m[2]);
    return month >= 1 && month <= 12 ? monthRange(Number(m[1]), month) : null;
  }),
  // Dotted day-first dates are unambiguous (nobody writes month-first with dots); slashed ones are not, so they are left alone.
  regexRule('(\\d{1,2})\\.(\\d{1,2})\\.(\\d{4})', (m) => explicitDay(Number(m[3]), Number(m[2]), Number(m[1]))),
];

const sinceKeyword = sticky('since\\s+');
export const betweenKeyword = sticky('between\\s+');
export const andKeyword = sticky('\\s+and\\s+');
export const fromKeyword = sticky('from\\s+');
export const toKeyword = sticky('\\s+(?:to|until|till|through|thru)\\s+|\\s*[-–]\\s*');

export const sinceRule: Rule = {
  match(text, pos, ctx) {
    const start = sinceKeyword(text, pos);
    if (start === null) return null;
    const sub = longestAt(ENGLISH_RULES, text, start, { ...ctx, inCompound: true });
    if (!sub) return null;
    // "since tomorrow" has no past to cover; keep the expression's own range instead of an inverted one.
    const to = sub.range.from <= ctx.today ? ctx.today : sub.range.to;
    return { end: sub.end, range: { from: sub.range.from, to } };
  },
};

export function spanRule(
  open: (t: string, p: number) => number | null,
  join: (t: string, p: number) => number | null,
): Rule {
  return {
    match(text, pos, ctx) {
      const aStart = open(text, pos);
      if (aStart === null) return null;
      const sub: Ctx = { ...ctx, inCompound: true };
      // Resolve the left side against the right side's year so "between December and February" spans the new year.
      // The right side is located first with a throwaway parse of the left side.
      const aProbe = longestAt(ENGLISH_RULES, text, aStart, sub);
      if (!aProbe) return null;
      const bStart = join(text, aProbe.end);
      if (bStart === null) return null;
      const b = longestAt(ENGLISH_RULES, text, bStart, sub);
      if (!b) return null;
      const reparsed = longestAt(ENGLISH_RULES, text, aStart, {
        ...sub,
        inferBefore: Math.min(b.range.to, ctx.inferBefore),
      });
      const a = reparsed && reparsed.end === aProbe.end ? reparsed : aProbe;
      return {
        end: b.end,
        range: { from: Math.min(a.range.from, b.range.from), to: Math.max(a.range.to, b.range.to) },
      };
    },
  };
}
