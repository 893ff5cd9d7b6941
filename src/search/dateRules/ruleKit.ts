/**
 * What every language's date rules are made of: a rule reads a phrase at a position of the query and gives an
 * inclusive range of day numbers (days since 1970-01-01, src/text/calendar.ts), resolved against the context of the
 * question (today, the first day of the week, whether it asks what is planned). The language modules beside this one
 * hold only their words and patterns; the calendar reasoning (which Monday "last Monday" is, which year a bare month
 * falls in) lives here, once.
 */

import { daysInMonth, fromDays, isValidDate, shiftMonth, startOfWeek, toDays, weekday } from '../../text/calendar.js';

// ---------------------------------------------------------------------------
// Ranges
// ---------------------------------------------------------------------------

interface DayRange {
  from: number;
  to: number;
}

export const single = (d: number): DayRange => ({ from: d, to: d });

export function monthRange(year: number, month: number): DayRange {
  return { from: toDays(year, month, 1), to: toDays(year, month, daysInMonth(year, month)) };
}

export function yearRange(year: number): DayRange {
  return { from: toDays(year, 1, 1), to: toDays(year, 12, 31) };
}

// ---------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------

export interface Ctx {
  today: number;
  weekStartsOn: 0 | 1;
  /** Upper bound for inferring a missing year; `today` except inside "between X and Y". */
  inferBefore: number;
  /** True inside since/between/from…to, where the keyword already makes a bare month or year unambiguous. */
  inCompound: boolean;
  /**
   * The question asks what is planned (asksAhead): a weekday, day or month it names without more is the coming one
   * ("What is planned for December 12?" asked on 25 November), not the most recent.
   */
  ahead: boolean;
}

interface Hit {
  end: number;
  range: DayRange;
}

export interface Rule {
  match(text: string, pos: number, ctx: Ctx): Hit | null;
}

// Words after which a lone month name or year reads as a date ("in may", "from 2025")
// rather than as the modal verb or a plain number.
const DATE_CONTEXT_BEFORE = /(?:^|[^a-z0-9])(?:in|during|from|throughout|for|of)\s+$/i;

export function hasDateContext(text: string, pos: number, ctx: Ctx): boolean {
  return ctx.inCompound || DATE_CONTEXT_BEFORE.test(text.slice(0, pos));
}

/** A letter or digit of the scripts the date rules read: Latin (accented and Vietnamese too), Cyrillic, Hangul. */
const WORD_CHAR =
  '[a-z0-9\\u00c0-\\u024f\\u1e00-\\u1eff\\u0400-\\u04ff\\uac00-\\ud7af\\u0370-\\u037d\\u037f-\\u0386\\u0388-\\u03ff\\u1f00-\\u1fff' +
  // Hebrew, Arabic and Devanagari letters, marks and digits, not their punctuation ("؟", "،", "׃", "।").
  '\\u0591-\\u05bd\\u05bf\\u05c1\\u05c2\\u05c4-\\u05c7\\u05d0-\\u05f2\\u0620-\\u0669\\u066e-\\u06d3\\u06d5-\\u06ff\\u0750-\\u077f\\u0900-\\u0963\\u0966-\\u097f]';
// The class holds ranges of combining marks (Hebrew points, Devanagari vowel signs) on purpose: a mark is part of a word.
// eslint-disable-next-line no-misleading-character-class
export const WORD_CHAR_RE = new RegExp(WORD_CHAR, 'i');

/** A regex anchored at `pos` that must end on a word boundary and not in the middle of a numeric date. */
export function regexRule(
  source: string,
  resolve: (m: RegExpExecArray, ctx: Ctx, text: string, pos: number) => DayRange | null,
): Rule {
  // Nor before an ISO week: "2026-W03" is that week, never the year 2026 with a stray "-W03".
  // Accented Latin, Vietnamese, Cyrillic, Hangul, Greek, Hebrew, Arabic and Devanagari letters too (WORD_CHAR): a rule's word must not be the start of a
  // longer one ("bu ay" is not "bu ayı"; a Korean rule takes the particle after its word itself, KO_PARTICLE).
  const re = new RegExp(`(?:${source})(?!${WORD_CHAR}|[-/.]w?\\d)`, 'iy');
  return {
    match(text, pos, ctx) {
      re.lastIndex = pos;
      const m = re.exec(text);
      if (!m) return null;
      const range = resolve(m, ctx, text, pos);
      return range ? { end: pos + m[0].length, range } : null;
    },
  };
}

function weekRange(anyDay: number, weekStartsOn: 0 | 1): DayRange {
  const from = startOfWeek(anyDay, weekStartsOn);
  return { from, to: from + 6 };
}

/** The `wd` weekday inside the calendar week that contains `anyDay`. */
function weekdayInWeek(anyDay: number, wd: number, weekStartsOn: 0 | 1): number {
  return startOfWeek(anyDay, weekStartsOn) + ((wd - weekStartsOn + 7) % 7);
}

/** Most recent occurrence of weekday `wd` on or before `day`. */
function weekdayOnOrBefore(day: number, wd: number): number {
  return day - ((weekday(day) - wd + 7) % 7);
}

/** First occurrence of weekday `wd` on or after `day`. */
function weekdayOnOrAfter(day: number, wd: number): number {
  return day + ((wd - weekday(day) + 7) % 7);
}

/**
 * How a phrase picks a weekday: `this` week's, the `last` one before today, the `next` one after today, the one of
 * next or last week (`nextWeek`, `lastWeek`: "下周四", "Donnerstag nächste Woche"), or one `named` alone, the most
 * recent on or before the reference day (as a month named alone is).
 */
export type WeekdayPick = 'this' | 'last' | 'next' | 'nextWeek' | 'lastWeek' | 'named';

export function weekdayAs(ctx: Ctx, pick: WeekdayPick, wd: number): DayRange | null {
  if (wd < 0) return null;
  switch (pick) {
    case 'this':
      return single(weekdayInWeek(ctx.today, wd, ctx.weekStartsOn));
    case 'next':
      return single(ctx.today + ((wd - weekday(ctx.today) + 7) % 7 || 7));
    case 'last':
      return single(weekdayOnOrBefore(ctx.today - 1, wd));
    case 'nextWeek':
      return single(weekdayInWeek(ctx.today + 7, wd, ctx.weekStartsOn));
    case 'lastWeek':
      return single(weekdayInWeek(ctx.today - 7, wd, ctx.weekStartsOn));
    case 'named':
      return single(forward(ctx) ? weekdayOnOrAfter(ctx.today, wd) : weekdayOnOrBefore(ctx.inferBefore, wd));
  }
}

/**
 * Whether a time named without more is read forward from today (Ctx.ahead), as nothing bounds it: `inferBefore` is
 * today then (it is never later, and earlier only inside "between X and Y").
 */
export const forward = (ctx: Ctx) => ctx.ahead && ctx.inferBefore >= ctx.today;

/**
 * A month without a year means the most recent such month that has started by `ctx.inferBefore`; in a question
 * that asks what is planned, this month or the coming one.
 */
export function inferMonth(month: number, ctx: Ctx): DayRange {
  const [ry, rm] = fromDays(ctx.inferBefore);
  if (forward(ctx)) return monthRange(month >= rm ? ry : ry + 1, month);
  return monthRange(month <= rm ? ry : ry - 1, month);
}

/**
 * How far ahead a day+month without a year is still the coming one: as far as "next week" reaches (13 days). Not a
 * tuned number (no eval question writes such a date): the reading a person means by "on 3 December" said on 29
 * November is the one in four days, and a date further ahead is more often a past one being looked up.
 */
const UPCOMING_DAYS = 13;

/**
 * A day+month without a year means the coming such date within UPCOMING_DAYS of today (an appointment, a deadline:
 * "12月3日有什么安排？" asked on 29 November), or within a year in a question that asks what is planned (today
 * included); else the most recent such date on or before `ctx.inferBefore`.
 */
export function inferDay(month: number, day: number, ctx: Ctx): DayRange | null {
  const [ty] = fromDays(ctx.today);
  const [ry] = fromDays(ctx.inferBefore);
  // Eight years back always reaches a leap year, so 29 February resolves too.
  const days: number[] = [];
  for (let y = Math.min(ry, ty) - 8; y <= ty + 1; y++) if (isValidDate(y, month, day)) days.push(toDays(y, month, day));
  return inferDayAmong(days, ctx);
}

/**
 * Which of the days a date without a year may be (`days`, ascending: the same day and month in each year of some
 * calendar) it means, as inferDay reads it: the first of them from today on when it is ahead by at most
 * UPCOMING_DAYS, or at all in a question that asks what is planned; else the last on or before `ctx.inferBefore`.
 * Only the coming year counts as ahead, as a plan is not made for the year after.
 */
export function inferDayAmong(days: readonly number[], ctx: Ctx): DayRange | null {
  const ref = ctx.inferBefore;
  const next = days.find((d) => d >= ctx.today);
  if (next !== undefined && next - ctx.today <= 366) {
    const ahead = next - ctx.today;
    if (forward(ctx)) return single(next);
    if (ahead > 0 && ahead <= UPCOMING_DAYS && ref >= ctx.today) return single(next);
  }
  const past = days.filter((d) => d <= ref);
  return past.length ? single(past[past.length - 1]!) : null;
}

export function explicitDay(year: number, month: number, day: number): DayRange | null {
  return isValidDate(year, month, day) ? single(toDays(year, month, day)) : null;
}

export function rolling(ctx: Ctx, n: number, unit: string): DayRange | null {
  if (!(n >= 1)) return null;
  const u = unit.toLowerCase().replace(/s$/, '');
  const { today } = ctx;
  if (u === 'day') return { from: today - n + 1, to: today };
  if (u === 'week') return { from: today - 7 * n + 1, to: today };
  // Same day-of-month n months back, clamped, then +1 so "the last month" is a month long including today.
  const [y, m, d] = fromDays(today);
  const [py, pm] = shiftMonth(y, m, u === 'month' ? -n : -12 * n);
  return { from: toDays(py, pm, Math.min(d, daysInMonth(py, pm))) + 1, to: today };
}

export function ago(ctx: Ctx, n: number, unit: string): DayRange | null {
  if (!(n >= 1)) return null;
  const u = unit.toLowerCase().replace(/s$/, '');
  const { today, weekStartsOn } = ctx;
  if (u === 'day') return single(today - n);
  if (u === 'week') return weekRange(today - 7 * n, weekStartsOn);
  const [y, m] = fromDays(today);
  if (u === 'month') return monthRange(...shiftMonth(y, m, -n));
  return yearRange(y - n);
}

export function relativePeriod(ctx: Ctx, which: string, unit: string): DayRange {
  const w = which.toLowerCase();
  const delta = w === 'next' ? 1 : w === 'last' || w === 'previous' ? -1 : 0;
  const { today, weekStartsOn } = ctx;
  const u = unit.toLowerCase();
  if (u === 'week') return weekRange(today + 7 * delta, weekStartsOn);
  const [y, m] = fromDays(today);
  if (u === 'month') return monthRange(...shiftMonth(y, m, delta));
  return yearRange(y + delta);
}

export function longestAt(rules: readonly Rule[], text: string, pos: number, ctx: Ctx): Hit | null {
  let best: Hit | null = null;
  for (const rule of rules) {
    const hit = rule.match(text, pos, ctx);
    if (hit && (!best || hit.end > best.end)) best = hit;
  }
  return best;
}

export function sticky(source: string): (text: string, pos: number) => number | null {
  const re = new RegExp(source, 'iy');
  return (text, pos) => {
    re.lastIndex = pos;
    const m = re.exec(text);
    return m ? pos + m[0].length : null;
  };
}

// ---------------------------------------------------------------------------
// Helpers every language's rules share
// ---------------------------------------------------------------------------

export type Unit = 'day' | 'week' | 'month' | 'year';
export const day = (delta: number) => (_m: RegExpExecArray, ctx: Ctx) => single(ctx.today + delta);
export const period = (which: 'this' | 'last' | 'next', unit: Unit) => (_m: RegExpExecArray, ctx: Ctx) =>
  relativePeriod(ctx, which, unit);
/** The weekday (0 Sunday) whose pattern of `weekdays` (CYRILLIC_WEEKDAYS, PL_WEEKDAYS) matches `raw` whole. */
export function weekdayMatching(weekdays: readonly string[], raw: string): number {
  const w = raw.toLowerCase();
  return weekdays.findIndex((p) => new RegExp(`^(?:${p})$`).test(w));
}
export const agoOne = (unit: Unit) => (_m: RegExpExecArray, ctx: Ctx) => ago(ctx, 1, unit);
export const YEAR = '((?:19|20)\\d{2})';
