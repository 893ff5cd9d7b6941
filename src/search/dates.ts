/**
 * Deterministic translation of date phrases in a search query (English, plus Japanese, Chinese, Spanish,
 * German and French relative dates and month names) into an
 * inclusive calendar-date range, so retrieval can filter by note date while the
 * rest of the query goes to text/vector search.
 *
 * All arithmetic is done on integer day numbers (days since 1970-01-01 in the
 * proleptic Gregorian calendar). `Date` is only read through its local-calendar
 * getters, so DST changes and the host timezone can never shift a result by a day.
 */

import {
  MONTH_BY_WORD,
  MONTH_WORDS,
  daysInMonth,
  daysToIso,
  fromDays,
  isValidDate,
  isoWeekMonday,
  pad,
  shiftMonth,
  startOfWeek,
  toDays,
  weekday,
} from '../text/calendar.js';
import { detectLanguage } from '../text/language.js';
import { asciiDigits, SCRIPT_DIGIT_CLASS } from '../text/digits.js';
import { longestFirstAlternation } from '../text/regex.js';
import { asksAhead } from './timeQuestion.js';

export interface DateRange {
  /** Inclusive, 'YYYY-MM-DD'. */
  from: string;
  /** Inclusive, 'YYYY-MM-DD'. */
  to: string;
}

export interface DateQuery {
  /** The query with the date phrase (and prepositions left dangling by it) removed. */
  query: string;
  range: DateRange | null;
  /** The date phrase as written in the original query. */
  matched: string | null;
}

export interface TranslateDatesOptions {
  /** 0 = Sunday, 1 = Monday (default). Affects calendar-week phrases only. */
  weekStartsOn?: 0 | 1;
}

// ---------------------------------------------------------------------------
// Calendar arithmetic on day numbers
// ---------------------------------------------------------------------------

/** Local calendar date of `d` as 'YYYY-MM-DD' (never the UTC date). */
export function isoDate(d: Date): string {
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1, 2)}-${pad(d.getDate(), 2)}`;
}

function todayToDays(today: Date | string): number {
  if (typeof today === 'string') {
    // Read the calendar date literally: `new Date('2026-01-18')` is UTC midnight,
    // which is the previous day anywhere west of Greenwich.
    const m = /^\s*(\d{4})-(\d{2})-(\d{2})(?![\d])/.exec(today);
    if (m) {
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      if (!isValidDate(y, mo, d)) throw new RangeError(`Invalid date: ${today}`);
      return toDays(y, mo, d);
    }
    today = new Date(today);
  }
  if (Number.isNaN(today.getTime())) throw new RangeError('Invalid date');
  return toDays(today.getFullYear(), today.getMonth() + 1, today.getDate());
}

// ---------------------------------------------------------------------------
// Ranges
// ---------------------------------------------------------------------------

interface DayRange {
  from: number;
  to: number;
}

const single = (d: number): DayRange => ({ from: d, to: d });

function monthRange(year: number, month: number): DayRange {
  return { from: toDays(year, month, 1), to: toDays(year, month, daysInMonth(year, month)) };
}

function yearRange(year: number): DayRange {
  return { from: toDays(year, 1, 1), to: toDays(year, 12, 31) };
}

// ---------------------------------------------------------------------------
// Vocabulary
// ---------------------------------------------------------------------------

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
const YEAR = '((?:19|20)\\d{2})';
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

// ---------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------

interface Ctx {
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

interface Rule {
  match(text: string, pos: number, ctx: Ctx): Hit | null;
}

// Words after which a lone month name or year reads as a date ("in may", "from 2025")
// rather than as the modal verb or a plain number.
const DATE_CONTEXT_BEFORE = /(?:^|[^a-z0-9])(?:in|during|from|throughout|for|of)\s+$/i;

function hasDateContext(text: string, pos: number, ctx: Ctx): boolean {
  return ctx.inCompound || DATE_CONTEXT_BEFORE.test(text.slice(0, pos));
}

/** A letter or digit of the scripts the date rules read: Latin (accented and Vietnamese too), Cyrillic, Hangul. */
const WORD_CHAR =
  '[a-z0-9\\u00c0-\\u024f\\u1e00-\\u1eff\\u0400-\\u04ff\\uac00-\\ud7af\\u0370-\\u037d\\u037f-\\u0386\\u0388-\\u03ff\\u1f00-\\u1fff' +
  // Hebrew, Arabic and Devanagari letters, marks and digits, not their punctuation ("؟", "،", "׃", "।").
  '\\u0591-\\u05bd\\u05bf\\u05c1\\u05c2\\u05c4-\\u05c7\\u05d0-\\u05f2\\u0620-\\u0669\\u066e-\\u06d3\\u06d5-\\u06ff\\u0750-\\u077f\\u0900-\\u0963\\u0966-\\u097f]';
// The class holds ranges of combining marks (Hebrew points, Devanagari vowel signs) on purpose: a mark is part of a word.
// eslint-disable-next-line no-misleading-character-class
const WORD_CHAR_RE = new RegExp(WORD_CHAR, 'i');

/** A regex anchored at `pos` that must end on a word boundary and not in the middle of a numeric date. */
function regexRule(
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
type WeekdayPick = 'this' | 'last' | 'next' | 'nextWeek' | 'lastWeek' | 'named';

function weekdayAs(ctx: Ctx, pick: WeekdayPick, wd: number): DayRange | null {
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
const forward = (ctx: Ctx) => ctx.ahead && ctx.inferBefore >= ctx.today;

/**
 * A month without a year means the most recent such month that has started by `ctx.inferBefore`; in a question
 * that asks what is planned, this month or the coming one.
 */
function inferMonth(month: number, ctx: Ctx): DayRange {
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
function inferDay(month: number, day: number, ctx: Ctx): DayRange | null {
  const ref = ctx.inferBefore;
  const [ty] = fromDays(ctx.today);
  for (const y of [ty, ty + 1]) {
    const ahead = isValidDate(y, month, day) ? toDays(y, month, day) - ctx.today : -1;
    if (forward(ctx) && ahead >= 0) return single(ctx.today + ahead);
    if (ahead > 0 && ahead <= UPCOMING_DAYS && ref >= ctx.today) return single(ctx.today + ahead);
  }
  const [ry] = fromDays(ref);
  // Eight years back always reaches a leap year, so 29 February resolves too.
  for (let y = ry; y >= ry - 8; y--) {
    if (isValidDate(y, month, day) && toDays(y, month, day) <= ref) return single(toDays(y, month, day));
  }
  return null;
}

function explicitDay(year: number, month: number, day: number): DayRange | null {
  return isValidDate(year, month, day) ? single(toDays(year, month, day)) : null;
}

function rolling(ctx: Ctx, n: number, unit: string): DayRange | null {
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

function ago(ctx: Ctx, n: number, unit: string): DayRange | null {
  if (!(n >= 1)) return null;
  const u = unit.toLowerCase().replace(/s$/, '');
  const { today, weekStartsOn } = ctx;
  if (u === 'day') return single(today - n);
  if (u === 'week') return weekRange(today - 7 * n, weekStartsOn);
  const [y, m] = fromDays(today);
  if (u === 'month') return monthRange(...shiftMonth(y, m, -n));
  return yearRange(y - n);
}

function relativePeriod(ctx: Ctx, which: string, unit: string): DayRange {
  const w = which.toLowerCase();
  const delta = w === 'next' ? 1 : w === 'last' || w === 'previous' ? -1 : 0;
  const { today, weekStartsOn } = ctx;
  const u = unit.toLowerCase();
  if (u === 'week') return weekRange(today + 7 * delta, weekStartsOn);
  const [y, m] = fromDays(today);
  if (u === 'month') return monthRange(...shiftMonth(y, m, delta));
  return yearRange(y + delta);
}

const SIMPLE_RULES: readonly Rule[] = [
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

function longestAt(rules: readonly Rule[], text: string, pos: number, ctx: Ctx): Hit | null {
  let best: Hit | null = null;
  for (const rule of rules) {
    const hit = rule.match(text, pos, ctx);
    if (hit && (!best || hit.end > best.end)) best = hit;
  }
  return best;
}

function sticky(source: string): (text: string, pos: number) => number | null {
  const re = new RegExp(source, 'iy');
  return (text, pos) => {
    re.lastIndex = pos;
    const m = re.exec(text);
    return m ? pos + m[0].length : null;
  };
}

const sinceKeyword = sticky('since\\s+');
const betweenKeyword = sticky('between\\s+');
const andKeyword = sticky('\\s+and\\s+');
const fromKeyword = sticky('from\\s+');
const toKeyword = sticky('\\s+(?:to|until|till|through|thru)\\s+|\\s*[-–]\\s*');

const sinceRule: Rule = {
  match(text, pos, ctx) {
    const start = sinceKeyword(text, pos);
    if (start === null) return null;
    const sub = longestAt(SIMPLE_RULES, text, start, { ...ctx, inCompound: true });
    if (!sub) return null;
    // "since tomorrow" has no past to cover; keep the expression's own range instead of an inverted one.
    const to = sub.range.from <= ctx.today ? ctx.today : sub.range.to;
    return { end: sub.end, range: { from: sub.range.from, to } };
  },
};

function spanRule(open: (t: string, p: number) => number | null, join: (t: string, p: number) => number | null): Rule {
  return {
    match(text, pos, ctx) {
      const aStart = open(text, pos);
      if (aStart === null) return null;
      const sub: Ctx = { ...ctx, inCompound: true };
      // Resolve the left side against the right side's year so "between December and February" spans the new year.
      // The right side is located first with a throwaway parse of the left side.
      const aProbe = longestAt(SIMPLE_RULES, text, aStart, sub);
      if (!aProbe) return null;
      const bStart = join(text, aProbe.end);
      if (bStart === null) return null;
      const b = longestAt(SIMPLE_RULES, text, bStart, sub);
      if (!b) return null;
      const reparsed = longestAt(SIMPLE_RULES, text, aStart, {
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

// ---------------------------------------------------------------------------
// Other languages: Japanese, Chinese, Spanish, German, French (issue 18)
// ---------------------------------------------------------------------------
// Relative days and periods, "N days ago", rolling windows and month names, mapped onto the same calendar
// helpers as the English rules. Japanese and Chinese are written without spaces, so their rules may start at
// any character (see isWordStart) and swallow a following particle (昨日の → the date, not "の…").

type Unit = 'day' | 'week' | 'month' | 'year';

const CJK_DIGITS: Readonly<Record<string, number>> = {
  〇: 0,
  零: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** "3", "３", "٣", "三", "十二", "二十五" → number (1..99 for numerals); NaN when not a count. */
function parseForeignCount(raw: string): number {
  const ascii = asciiDigits(raw);
  if (/^\d+$/.test(ascii)) return Number(ascii);
  // Turkish "İki": JavaScript lowers "İ" to "i" with a combining dot.
  const lower = ascii.replace(/İ/g, 'i').toLowerCase();
  if (lower in FOREIGN_NUMBER_WORDS) return FOREIGN_NUMBER_WORDS[lower]!;
  const m = /^([一二两三四五六七八九])?(十)?([一二三四五六七八九])?$/.exec(raw);
  if (!m || raw === '') return NaN;
  if (!m[2]) return m[1] && !m[3] ? CJK_DIGITS[m[1]]! : NaN;
  return (m[1] ? CJK_DIGITS[m[1]]! : 1) * 10 + (m[3] ? CJK_DIGITS[m[3]]! : 0);
}

const FOREIGN_NUMBER_WORDS: Readonly<Record<string, number>> = {
  un: 1,
  una: 1,
  uno: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  ein: 1,
  einem: 1,
  einer: 1,
  zwei: 2,
  drei: 3,
  vier: 4,
  fünf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  six: 6,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  // Italian, Portuguese, Dutch ("uno", "una", "un" are Spanish's above; "cinco", "seis" Portuguese's too; "vier",
  // "acht" Dutch's too).
  due: 2,
  tre: 3,
  quattro: 4,
  cinque: 5,
  sei: 6,
  sette: 7,
  otto: 8,
  nove: 9,
  dieci: 10,
  um: 1,
  uma: 1,
  dois: 2,
  duas: 2,
  três: 3,
  quatro: 4,
  sete: 7,
  oito: 8,
  dez: 10,
  een: 1,
  twee: 2,
  drie: 3,
  vijf: 5,
  zes: 6,
  zeven: 7,
  negen: 9,
  tien: 10,
  // Turkish, Vietnamese, Indonesian
  bir: 1,
  iki: 2,
  üç: 3,
  dört: 4,
  beş: 5,
  altı: 6,
  yedi: 7,
  sekiz: 8,
  dokuz: 9,
  on: 10,
  một: 1,
  hai: 2,
  ba: 3,
  bốn: 4,
  năm: 5,
  sáu: 6,
  bảy: 7,
  tám: 8,
  chín: 9,
  mười: 10,
  satu: 1,
  dua: 2,
  tiga: 3,
  empat: 4,
  lima: 5,
  enam: 6,
  tujuh: 7,
  delapan: 8,
  sembilan: 9,
  sepuluh: 10,
  // Czech ("před dvěma dny": the instrumental a count takes after "před"), Swedish, Danish, Norwegian
  dvěma: 2,
  třemi: 3,
  čtyřmi: 4,
  pěti: 5,
  šesti: 6,
  sedmi: 7,
  osmi: 8,
  devíti: 9,
  deseti: 10,
  en: 1,
  ett: 1,
  et: 1,
  två: 2,
  to: 2,
  fyra: 4,
  fire: 4,
  fem: 5,
  sex: 6,
  seks: 6,
  sju: 7,
  syv: 7,
  åtta: 8,
  otte: 8,
  åtte: 8,
  nio: 9,
  ni: 9,
  tio: 10,
  ti: 10,
  // Romanian, Finnish, Hungarian
  doi: 2,
  două: 2,
  trei: 3,
  patru: 4,
  cinci: 5,
  șase: 6,
  șapte: 7,
  opt: 8,
  nouă: 9,
  zece: 10,
  yksi: 1,
  kaksi: 2,
  kolme: 3,
  neljä: 4,
  viisi: 5,
  kuusi: 6,
  seitsemän: 7,
  kahdeksan: 8,
  yhdeksän: 9,
  kymmenen: 10,
  egy: 1,
  két: 2,
  kettő: 2,
  három: 3,
  négy: 4,
  öt: 5,
  hat: 6,
  hét: 7,
  nyolc: 8,
  kilenc: 9,
  tíz: 10,
};

/**
 * A language's months (January first), each its name or the forms a date writes it in ("декабря", "в декабре"), as
 * FOREIGN_MONTHS entries.
 */
function monthsInCases(months: readonly (string | readonly string[])[]): (readonly [string, number])[] {
  return months.flatMap((forms, i) => (typeof forms === 'string' ? [forms] : forms).map((w) => [w, i + 1] as const));
}

/** Month names of the languages with date phrases but Japanese, Chinese and Korean (which number their months). */
const FOREIGN_MONTHS: ReadonlyArray<readonly [name: string, month: number]> = [
  ...monthsInCases([
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ]),
  ['setiembre', 9],
  ...monthsInCases([
    'januar',
    'februar',
    'märz',
    'april',
    'mai',
    'juni',
    'juli',
    'august',
    'september',
    'oktober',
    'november',
    'dezember',
  ]),
  ['jänner', 1],
  ['maerz', 3],
  ...monthsInCases([
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ]),
  ['fevrier', 2],
  ['aout', 8],
  ['decembre', 12],
  ...monthsInCases([
    'gennaio',
    'febbraio',
    'marzo',
    'aprile',
    'maggio',
    'giugno',
    'luglio',
    'agosto',
    'settembre',
    'ottobre',
    'novembre',
    'dicembre',
  ]),
  ...monthsInCases([
    'janeiro',
    'fevereiro',
    'março',
    'abril',
    'maio',
    'junho',
    'julho',
    'agosto',
    'setembro',
    'outubro',
    'novembro',
    'dezembro',
  ]),
  ...monthsInCases([
    'januari',
    'februari',
    'maart',
    'april',
    'mei',
    'juni',
    'juli',
    'augustus',
    'september',
    'oktober',
    'november',
    'december',
  ]),
  // Russian and Ukrainian, in the forms a date takes: "3 декабря", "в декабре", "декабрь 2026"; "3 грудня", "у грудні".
  ...monthsInCases([
    ['январь', 'января', 'январе'],
    ['февраль', 'февраля', 'феврале'],
    ['март', 'марта', 'марте'],
    ['апрель', 'апреля', 'апреле'],
    ['май', 'мая', 'мае'],
    ['июнь', 'июня', 'июне'],
    ['июль', 'июля', 'июле'],
    ['август', 'августа', 'августе'],
    ['сентябрь', 'сентября', 'сентябре'],
    ['октябрь', 'октября', 'октябре'],
    ['ноябрь', 'ноября', 'ноябре'],
    ['декабрь', 'декабря', 'декабре'],
  ]),
  ...monthsInCases([
    ['січень', 'січня', 'січні'],
    ['лютий', 'лютого', 'лютому'],
    ['березень', 'березня', 'березні'],
    ['квітень', 'квітня', 'квітні'],
    ['травень', 'травня', 'травні'],
    ['червень', 'червня', 'червні'],
    ['липень', 'липня', 'липні'],
    ['серпень', 'серпня', 'серпні'],
    ['вересень', 'вересня', 'вересні'],
    ['жовтень', 'жовтня', 'жовтні'],
    ['листопад', 'листопада', 'листопаді'],
    ['грудень', 'грудня', 'грудні'],
  ]),
  // Polish: "3 grudnia", "w grudniu", "grudzień 2026".
  ...monthsInCases([
    ['styczeń', 'stycznia', 'styczniu'],
    ['luty', 'lutego', 'lutym'],
    ['marzec', 'marca', 'marcu'],
    ['kwiecień', 'kwietnia', 'kwietniu'],
    ['maj', 'maja', 'maju'],
    ['czerwiec', 'czerwca', 'czerwcu'],
    ['lipiec', 'lipca', 'lipcu'],
    ['sierpień', 'sierpnia', 'sierpniu'],
    ['wrzesień', 'września', 'wrześniu'],
    ['październik', 'października', 'październiku'],
    ['listopad', 'listopada', 'listopadzie'],
    ['grudzień', 'grudnia', 'grudniu'],
  ]),
  // Czech: "3. prosince", "v prosinci", "prosinec 2026".
  ...monthsInCases([
    ['leden', 'ledna', 'lednu'],
    ['únor', 'února', 'únoru'],
    ['březen', 'března', 'březnu'],
    ['duben', 'dubna', 'dubnu'],
    ['květen', 'května', 'květnu'],
    ['červen', 'června', 'červnu'],
    ['červenec', 'července', 'červenci'],
    ['srpen', 'srpna', 'srpnu'],
    'září',
    ['říjen', 'října', 'říjnu'],
    ['listopad', 'listopadu'],
    ['prosinec', 'prosince', 'prosinci'],
  ]),
  // Turkish ("kasımda", "3 Aralık'ta": MORE_LANGUAGE_RULES), Romanian, Hungarian ("decemberben": its own rule)
  ...monthsInCases([
    'ocak',
    'şubat',
    'mart',
    'nisan',
    'mayıs',
    'haziran',
    'temmuz',
    'ağustos',
    'eylül',
    'ekim',
    'kasım',
    'aralık',
  ]),
  ...monthsInCases([
    'ianuarie',
    'februarie',
    'martie',
    'aprilie',
    'mai',
    'iunie',
    'iulie',
    'august',
    'septembrie',
    'octombrie',
    'noiembrie',
    'decembrie',
  ]),
  ...monthsInCases([
    'január',
    'február',
    'március',
    'április',
    'május',
    'június',
    'július',
    'augusztus',
    'szeptember',
    'október',
    'november',
    'december',
  ]),
  // The Indonesian, Swedish, Danish and Norwegian names the tables above do not already hold (januari, mei, maj…).
  ['maret', 3],
  ['agustus', 8],
  ['desember', 12],
  ['augusti', 8],
  ['marts', 3],
];
const FOREIGN_MONTH_BY_WORD = new Map(FOREIGN_MONTHS.map(([w, m]) => [w, m]));
const FMON = `(${[...new Set(FOREIGN_MONTHS.map(([w]) => w))].sort((a, b) => b.length - a.length).join('|')})`;
const foreignMonth = (raw: string): number => FOREIGN_MONTH_BY_WORD.get(raw.toLowerCase()) ?? NaN;
// Before a lone month name: es "en/de/durante/desde", de "im/in/seit/vom/von", fr "en/de/depuis/pendant/au mois de",
// it "a/in/di/nel mese di", pt "em/no mês de/desde", nl "in/van/sinds/tijdens", ru and uk "в/во/у/с/з/до", pl "w/od",
// cs "v/ve", sv/da/no "i", id "pada/bulan/sejak/selama", ro "în/din".
const FOREIGN_MONTH_CONTEXT =
  /(?:^|[^\p{L}\p{N}])(?:en|de|durante|desde|im|in|seit|vom|von|depuis|pendant|mois\s+de|mois\s+d['’]|a|di|mese\s+di|em|m[eê]s\s+de|van|sinds|tijdens|в|во|у|с|з|до|w|od|ve?|i|pada|bulan|sejak|selama|în|din)\s*$/iu;

const FNUM = '(\\d{1,3}|[０-９]{1,3}|[一二两三四五六七八九十]{1,3})';
const LNUM = `(\\d{1,3}|İki|${Object.keys(FOREIGN_NUMBER_WORDS).join('|')})`;
// A particle left dangling after a Japanese/Chinese date phrase, taken with it.
const PARTICLE = '(?:の|に|は|から|まで|的)?';

const day = (delta: number) => (_m: RegExpExecArray, ctx: Ctx) => single(ctx.today + delta);
const period = (which: 'this' | 'last' | 'next', unit: Unit) => (_m: RegExpExecArray, ctx: Ctx) =>
  relativePeriod(ctx, which, unit);
const agoOf =
  (unit: Unit, group = 1) =>
  (m: RegExpExecArray, ctx: Ctx) =>
    ago(ctx, parseForeignCount(m[group]!), unit);
const rollingOf =
  (unit: Unit, group = 1) =>
  (m: RegExpExecArray, ctx: Ctx) =>
    rolling(ctx, parseForeignCount(m[group]!), unit);

/** Weekdays of Chinese (周一 … 周日/周天) and Japanese (日曜 … 土曜), Sunday first as WEEKDAYS; 7 is Sunday again. */
const CJK_WEEKDAY = '日一二三四五六天';
const JA_WEEKDAY = '日月火水木金土';
/** The week a Chinese or Japanese weekday is picked from: 下周四 and 来週の木曜日 are Thursday of next week. */
const CJK_WEEK_PICK: Readonly<Record<string, WeekdayPick>> = {
  上: 'lastWeek',
  下: 'nextWeek',
  这: 'this',
  本: 'this',
  先週: 'lastWeek',
  来週: 'nextWeek',
  今週: 'this',
};
const DE_WEEKDAYS = ['sonntag', 'montag', 'dienstag', 'mittwoch', 'donnerstag', 'freitag', 'samstag'];
const DE_WD = `(${[...DE_WEEKDAYS, 'sonnabend'].join('|')})`;
const ES_WD = '(domingo|lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado)';
const FR_WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];
const FR_WD = `(${FR_WEEKDAYS.join('|')})`;
const IT_WD = '(domenica|luned[iì]|marted[iì]|mercoled[iì]|gioved[iì]|venerd[iì]|sabato)';
// Portuguese weekdays: "segunda-feira" … "sexta-feira"; "segunda" alone is "second" unless "passada"/"próxima" picks it.
const PT_WD = '(domingo|segunda|ter[cç]a|quarta|quinta|sexta|s[aá]bado)';
const NL_WEEKDAYS = ['zondag', 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag'];
const NL_WD = `(${NL_WEEKDAYS.join('|')})`;
// Russian and Ukrainian weekdays in the cases a question names one: "в понедельник", "в прошлую среду", "минулого
// понеділка", "у п'ятницю". Sunday first, as WEEKDAYS; each stem with the endings that follow it.
const CYRILLIC_WEEKDAYS: readonly string[] = [
  'воскресень[еяю]|неділ[яюі]',
  'понедельник[аеу]?|понеділ(?:ок|ка|ку)',
  'вторник[аеу]?|вівтор(?:ок|ка|ку)',
  'сред[аеуы]|серед[аиуі]',
  'четверг[аеу]?|четвер(?:га|гу)?',
  "пятниц[аеуы]|п['’]?ятниц[яюі]",
  'суббот[аеуы]|субот[аиуі]',
];
const CYR_WD = `(${CYRILLIC_WEEKDAYS.join('|')})`;
const CYRILLIC_WEEK_PICK: Readonly<Record<string, WeekdayPick>> = {
  прошлый: 'last',
  прошлую: 'last',
  прошлое: 'last',
  прошлом: 'last',
  следующий: 'next',
  следующую: 'next',
  следующее: 'next',
  этот: 'this',
  эту: 'this',
  это: 'this',
  минулий: 'last',
  минулу: 'last',
  минулого: 'last',
  минулої: 'last',
  наступний: 'next',
  наступну: 'next',
  наступного: 'next',
  наступної: 'next',
  цей: 'this',
  цю: 'this',
  цього: 'this',
  цієї: 'this',
};

// Polish weekdays in the cases a question names one: "w poniedziałek", "we wtorek", "w środę", "w zeszły piątek".
const PL_WEEKDAYS: readonly string[] = [
  'niedziel[aęi]',
  'poniedziałek|poniedziałku',
  'wtorek|wtorku',
  'środ[aęy]',
  'czwartek|czwartku',
  'piątek|piątku',
  'sobot[aęy]',
];
const PL_WD = `(${PL_WEEKDAYS.join('|')})`;
const PL_WEEK_PICK: Readonly<Record<string, WeekdayPick>> = {
  zeszły: 'last',
  zeszłą: 'last',
  ubiegły: 'last',
  ubiegłą: 'last',
  poprzedni: 'last',
  poprzednią: 'last',
  ostatni: 'last',
  ostatnią: 'last',
  przyszły: 'next',
  przyszłą: 'next',
  następny: 'next',
  następną: 'next',
  najbliższy: 'next',
  najbliższą: 'next',
  ten: 'this',
  tę: 'this',
  tą: 'this',
};

/** Korean weekdays, Sunday first (일요일 … 토요일), and the particles a Korean date phrase takes with it. */
const KO_WEEKDAY = '일월화수목금토';
const KO_PARTICLE = '(?:에는|에도|에서|에|의|은|는|부터|까지|엔|도)?';
const KO_WEEK_PICK: Readonly<Record<string, WeekdayPick>> = {
  지난주: 'lastWeek',
  저번주: 'lastWeek',
  다음주: 'nextWeek',
  이번주: 'this',
  금주: 'this',
};

/** The weekday (0 Sunday) whose pattern of `weekdays` (CYRILLIC_WEEKDAYS, PL_WEEKDAYS) matches `raw` whole. */
function weekdayMatching(weekdays: readonly string[], raw: string): number {
  const w = raw.toLowerCase();
  return weekdays.findIndex((p) => new RegExp(`^(?:${p})$`).test(w));
}
/** The words before or after a German, Spanish or French weekday that pick it ("letzten Montag", "lunes pasado"). */
const FOREIGN_WEEK_PICK: Readonly<Record<string, WeekdayPick>> = {
  letzten: 'last',
  vorigen: 'last',
  vergangenen: 'last',
  nächsten: 'next',
  kommenden: 'next',
  diesen: 'this',
  'nächster woche': 'nextWeek',
  'letzter woche': 'lastWeek',
  'vergangener woche': 'lastWeek',
  'dieser woche': 'this',
  este: 'this',
  pasado: 'last',
  próximo: 'next',
  proximo: 'next',
  'que viene': 'next',
  ce: 'this',
  dernier: 'last',
  prochain: 'next',
  questo: 'this',
  scorso: 'last',
  passato: 'last',
  prossimo: 'next',
  esta: 'this',
  passada: 'last',
  passado: 'last',
  próxima: 'next',
  proxima: 'next',
  vorige: 'last',
  afgelopen: 'last',
  volgende: 'next',
  komende: 'next',
  deze: 'this',
};

/** The weekday (0 Sunday) of an Italian, Portuguese or Dutch weekday's name, as IT_WD, PT_WD and NL_WD match it. */
function romanceOrDutchWeekday(raw: string): number {
  const w = raw.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  for (const days of [
    ['domenica', 'lunedi', 'martedi', 'mercoledi', 'giovedi', 'venerdi', 'sabato'],
    ['domingo', 'segunda', 'terca', 'quarta', 'quinta', 'sexta', 'sabado'],
    NL_WEEKDAYS,
  ]) {
    const i = days.indexOf(w);
    if (i >= 0) return i;
  }
  return -1;
}

function deWeekday(raw: string): number {
  const w = raw.toLowerCase();
  return w === 'sonnabend' ? 6 : DE_WEEKDAYS.indexOf(w);
}

function esWeekday(raw: string): number {
  const w = raw.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  return ['domingo', 'lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado'].indexOf(w);
}

const OTHER_LANGUAGE_RULES: readonly Rule[] = [
  // Japanese
  regexRule(`(?:一昨日|おととい)${PARTICLE}`, day(-2)),
  regexRule(`(?:明後日|あさって)${PARTICLE}`, day(2)),
  regexRule(`(?:今日|きょう|本日)${PARTICLE}`, day(0)),
  regexRule(`(?:昨日|きのう)${PARTICLE}`, day(-1)),
  regexRule(`(?:明日|あした)${PARTICLE}`, day(1)),
  regexRule(`今週${PARTICLE}`, period('this', 'week')),
  regexRule(`先週${PARTICLE}`, period('last', 'week')),
  regexRule(`来週${PARTICLE}`, period('next', 'week')),
  regexRule(`今月${PARTICLE}`, period('this', 'month')),
  regexRule(`先月${PARTICLE}`, period('last', 'month')),
  regexRule(`来月${PARTICLE}`, period('next', 'month')),
  regexRule(`今年${PARTICLE}`, period('this', 'year')),
  regexRule(`(?:去年|昨年)${PARTICLE}`, period('last', 'year')),
  regexRule(`来年${PARTICLE}`, period('next', 'year')),
  regexRule(`${FNUM}日前${PARTICLE}`, agoOf('day')),
  regexRule(`${FNUM}週間前${PARTICLE}`, agoOf('week')),
  regexRule(`${FNUM}[かヶカケ]月前${PARTICLE}`, agoOf('month')),
  regexRule(`${FNUM}年前${PARTICLE}`, agoOf('year')),
  regexRule(`(?:過去|この|ここ|最近)${FNUM}日間?${PARTICLE}`, rollingOf('day')),
  regexRule(`(?:過去|この|ここ|最近)${FNUM}週間${PARTICLE}`, rollingOf('week')),
  regexRule(`(?:過去|この|ここ|最近)${FNUM}[かヶカケ]月間?${PARTICLE}`, rollingOf('month')),
  // Japanese and Chinese calendar dates: 2025年12月15日, 2025年12月, 12月15日 (号 in Chinese), 12月
  regexRule(`((?:19|20)\\d{2})年${FNUM}月(?:${FNUM}[日号])?${PARTICLE}`, (m) => {
    const month = parseForeignCount(m[2]!);
    if (!(month >= 1 && month <= 12)) return null;
    return m[3] ? explicitDay(Number(m[1]), month, parseForeignCount(m[3])) : monthRange(Number(m[1]), month);
  }),
  regexRule(`((?:19|20)\\d{2})年${PARTICLE}`, (m) => yearRange(Number(m[1]))),
  regexRule(`${FNUM}月(?:${FNUM}[日号])?${PARTICLE}`, (m, ctx) => {
    const month = parseForeignCount(m[1]!);
    if (!(month >= 1 && month <= 12)) return null;
    return m[2] ? inferDay(month, parseForeignCount(m[2]), ctx) : inferMonth(month, ctx);
  }),

  // Chinese
  regexRule(`前天${PARTICLE}`, day(-2)),
  regexRule(`后天${PARTICLE}`, day(2)),
  regexRule(`今天${PARTICLE}`, day(0)),
  regexRule(`昨天${PARTICLE}`, day(-1)),
  regexRule(`明天${PARTICLE}`, day(1)),
  regexRule(`(?:本周|这周|这个星期|本星期|这星期)${PARTICLE}`, period('this', 'week')),
  regexRule(`(?:上周|上个星期|上星期|上个礼拜)${PARTICLE}`, period('last', 'week')),
  regexRule(`(?:下周|下个星期|下星期)${PARTICLE}`, period('next', 'week')),
  regexRule(`(?:本月|这个月)${PARTICLE}`, period('this', 'month')),
  regexRule(`上个?月${PARTICLE}`, period('last', 'month')),
  regexRule(`下个?月${PARTICLE}`, period('next', 'month')),
  regexRule(`明年${PARTICLE}`, period('next', 'year')),
  regexRule(`${FNUM}天前${PARTICLE}`, agoOf('day')),
  regexRule(`${FNUM}(?:周|个星期)前${PARTICLE}`, agoOf('week')),
  regexRule(`${FNUM}个月前${PARTICLE}`, agoOf('month')),
  regexRule(`(?:过去|最近)${FNUM}天${PARTICLE}`, rollingOf('day')),

  // Spanish
  regexRule('hoy', day(0)),
  regexRule('ayer', day(-1)),
  regexRule('(?:anteayer|antier|antes\\s+de\\s+ayer)', day(-2)),
  regexRule('pasado\\s+mañana', day(2)),
  regexRule('mañana', (m, ctx, text, pos) =>
    /(?:la|esta|por|cada|de)\s+$/i.test(text.slice(0, pos)) ? null : single(ctx.today + 1),
  ),
  regexRule('(?:esta\\s+semana)', period('this', 'week')),
  regexRule('(?:este\\s+mes)', period('this', 'month')),
  regexRule('(?:este\\s+año)', period('this', 'year')),
  regexRule('(?:la\\s+)?semana\\s+pasada', period('last', 'week')),
  regexRule('(?:el\\s+)?mes\\s+pasado', period('last', 'month')),
  regexRule('(?:el\\s+)?año\\s+pasado', period('last', 'year')),
  regexRule('(?:la\\s+)?(?:próxima\\s+semana|semana\\s+que\\s+viene)', period('next', 'week')),
  regexRule('(?:el\\s+)?(?:próximo\\s+mes|mes\\s+que\\s+viene)', period('next', 'month')),
  regexRule('(?:el\\s+)?(?:próximo\\s+año|año\\s+que\\s+viene)', period('next', 'year')),
  regexRule(`hace\\s+${LNUM}\\s+días?`, agoOf('day')),
  regexRule(`hace\\s+${LNUM}\\s+semanas?`, agoOf('week')),
  regexRule(`hace\\s+${LNUM}\\s+mes(?:es)?`, agoOf('month')),
  regexRule(`hace\\s+${LNUM}\\s+años?`, agoOf('year')),
  regexRule(`(?:l[oa]s\\s+)?últim[oa]s\\s+${LNUM}\\s+días`, rollingOf('day')),
  regexRule(`(?:l[oa]s\\s+)?últim[oa]s\\s+${LNUM}\\s+semanas`, rollingOf('week')),
  regexRule(`(?:l[oa]s\\s+)?últimos\\s+${LNUM}\\s+meses`, rollingOf('month')),

  // German
  regexRule('heute', day(0)),
  regexRule('gestern', day(-1)),
  regexRule('vorgestern', day(-2)),
  regexRule('übermorgen', day(2)),
  regexRule('morgen', (m, ctx, text, pos) =>
    /(?:guten|am|jeden|heute|gestern)\s+$/i.test(text.slice(0, pos)) ? null : single(ctx.today + 1),
  ),
  regexRule('diese\\s+woche', period('this', 'week')),
  regexRule('diesen\\s+monat', period('this', 'month')),
  regexRule('dieses\\s+jahr', period('this', 'year')),
  regexRule('(?:letzte|vorige|vergangene)[nr]?\\s+woche', period('last', 'week')),
  regexRule('(?:letzten|vorigen|vergangenen)\\s+monat', period('last', 'month')),
  regexRule('(?:letztes|voriges|vergangenes|im\\s+letzten|im\\s+vorigen)\\s+jahr', period('last', 'year')),
  regexRule('nächste\\s+woche', period('next', 'week')),
  regexRule('nächsten\\s+monat', period('next', 'month')),
  regexRule('nächstes\\s+jahr', period('next', 'year')),
  regexRule(`vor\\s+${LNUM}\\s+tag(?:en)?`, agoOf('day')),
  regexRule(`vor\\s+${LNUM}\\s+wochen?`, agoOf('week')),
  regexRule(`vor\\s+${LNUM}\\s+monat(?:en)?`, agoOf('month')),
  regexRule(`vor\\s+${LNUM}\\s+jahr(?:en)?`, agoOf('year')),
  regexRule(`(?:in\\s+)?den\\s+letzten\\s+${LNUM}\\s+tagen`, rollingOf('day')),
  regexRule(`(?:in\\s+)?den\\s+letzten\\s+${LNUM}\\s+wochen`, rollingOf('week')),

  // French
  regexRule("aujourd['’]hui", day(0)),
  // German "hier" means "here": only a French question gets yesterday.
  regexRule('hier', (m, ctx, text) => (detectLanguage(text).lang === 'de' ? null : single(ctx.today - 1))),
  regexRule('avant-hier', day(-2)),
  regexRule('après-demain', day(2)),
  regexRule('demain', day(1)),
  regexRule('cette\\s+semaine', period('this', 'week')),
  regexRule('ce\\s+mois(?:-ci)?', period('this', 'month')),
  regexRule('cette\\s+année', period('this', 'year')),
  regexRule('(?:la\\s+)?semaine\\s+(?:dernière|passée)', period('last', 'week')),
  regexRule('(?:le\\s+)?mois\\s+(?:dernier|passé)', period('last', 'month')),
  regexRule("(?:l['’])?(?:année\\s+(?:dernière|passée)|an\\s+dernier)", period('last', 'year')),
  regexRule('(?:la\\s+)?semaine\\s+prochaine', period('next', 'week')),
  regexRule('(?:le\\s+)?mois\\s+prochain', period('next', 'month')),
  regexRule("(?:l['’])?année\\s+prochaine", period('next', 'year')),
  regexRule(`il\\s+y\\s+a\\s+${LNUM}\\s+jours?`, agoOf('day')),
  regexRule(`il\\s+y\\s+a\\s+${LNUM}\\s+semaines?`, agoOf('week')),
  regexRule(`il\\s+y\\s+a\\s+${LNUM}\\s+mois`, agoOf('month')),
  regexRule(`il\\s+y\\s+a\\s+${LNUM}\\s+ans?`, agoOf('year')),
  regexRule(`(?:les\\s+)?${LNUM}\\s+derniers\\s+jours`, rollingOf('day')),

  // Italian
  regexRule('oggi', day(0)),
  regexRule("(?:l['’]altro\\s+ieri|l['’]altroieri)", day(-2)),
  regexRule('ieri', day(-1)),
  regexRule('dopodomani', day(2)),
  regexRule('domani', day(1)),
  regexRule('questa\\s+settimana', period('this', 'week')),
  regexRule('questo\\s+mese', period('this', 'month')),
  regexRule("quest['’]anno", period('this', 'year')),
  regexRule('(?:la\\s+)?settimana\\s+(?:scorsa|passata)', period('last', 'week')),
  regexRule('(?:il\\s+)?mese\\s+(?:scorso|passato)', period('last', 'month')),
  regexRule("(?:l['’])?anno\\s+(?:scorso|passato)", period('last', 'year')),
  regexRule('(?:la\\s+)?(?:prossima\\s+settimana|settimana\\s+prossima)', period('next', 'week')),
  regexRule('(?:il\\s+)?(?:prossimo\\s+mese|mese\\s+prossimo)', period('next', 'month')),
  regexRule("(?:l['’])?anno\\s+prossimo", period('next', 'year')),
  regexRule(`${LNUM}\\s+giorni\\s+fa`, agoOf('day')),
  regexRule(`${LNUM}\\s+settimane?\\s+fa`, agoOf('week')),
  regexRule(`${LNUM}\\s+mes[ei]\\s+fa`, agoOf('month')),
  regexRule(`${LNUM}\\s+anni\\s+fa`, agoOf('year')),
  regexRule(`(?:negli\\s+)?ultimi\\s+${LNUM}\\s+giorni`, rollingOf('day')),

  // Portuguese
  regexRule('hoje', day(0)),
  regexRule('anteontem', day(-2)),
  regexRule('ontem', day(-1)),
  regexRule('depois\\s+de\\s+amanhã', day(2)),
  regexRule('amanhã', day(1)),
  regexRule('(?:esta|nesta)\\s+semana', period('this', 'week')),
  regexRule('(?:este|neste)\\s+mês', period('this', 'month')),
  regexRule('(?:este|neste)\\s+ano', period('this', 'year')),
  regexRule('(?:(?:a|na)\\s+)?semana\\s+passada', period('last', 'week')),
  regexRule('(?:(?:o|no)\\s+)?mês\\s+passado', period('last', 'month')),
  regexRule('(?:(?:o|no)\\s+)?ano\\s+passado', period('last', 'year')),
  regexRule('(?:(?:a|na)\\s+)?(?:próxima\\s+semana|semana\\s+que\\s+vem)', period('next', 'week')),
  regexRule('(?:(?:o|no)\\s+)?(?:próximo\\s+mês|mês\\s+que\\s+vem)', period('next', 'month')),
  regexRule(`há\\s+${LNUM}\\s+dias?`, agoOf('day')),
  regexRule(`há\\s+${LNUM}\\s+semanas?`, agoOf('week')),
  regexRule(`há\\s+${LNUM}\\s+mes(?:es)?`, agoOf('month')),
  regexRule(`há\\s+${LNUM}\\s+anos?`, agoOf('year')),
  regexRule(`(?:n?os\\s+)?últimos\\s+${LNUM}\\s+dias`, rollingOf('day')),

  // Russian and Ukrainian (a preposition before the phrase is part of it: "на прошлой неделе", "у минулому місяці")
  regexRule('(?:сегодня|сьогодні)', day(0)),
  regexRule('(?:позавчера|позавчора)', day(-2)),
  regexRule('(?:вчера|вчора|учора)', day(-1)),
  regexRule('(?:послезавтра|післязавтра)', day(2)),
  regexRule('завтра', day(1)),
  regexRule('(?:на\\s+)?этой\\s+неделе|(?:на\\s+)?цьому\\s+тижні|цього\\s+тижня', period('this', 'week')),
  regexRule('(?:на\\s+)?прошлой\\s+неделе|(?:на\\s+)?минулому\\s+тижні|минулого\\s+тижня', period('last', 'week')),
  regexRule(
    '(?:на\\s+)?следующей\\s+неделе|(?:на\\s+)?наступному\\s+тижні|наступного\\s+тижня',
    period('next', 'week'),
  ),
  regexRule('(?:в\\s+)?этом\\s+месяце|(?:[ув]\\s+)?цьому\\s+місяці|цього\\s+місяця', period('this', 'month')),
  regexRule('(?:в\\s+)?прошлом\\s+месяце|(?:[ув]\\s+)?минулому\\s+місяці|минулого\\s+місяця', period('last', 'month')),
  regexRule(
    '(?:в\\s+)?следующем\\s+месяце|(?:[ув]\\s+)?наступному\\s+місяці|наступного\\s+місяця',
    period('next', 'month'),
  ),
  regexRule('(?:в\\s+)?этом\\s+году|цього\\s+року', period('this', 'year')),
  regexRule('(?:в\\s+)?прошлом\\s+году|минулого\\s+року|торік', period('last', 'year')),
  regexRule('(?:в\\s+)?следующем\\s+году|наступного\\s+року', period('next', 'year')),
  regexRule('(\\d{1,3})\\s+(?:дней|дня|день|днів|дні)\\s+(?:назад|тому)', agoOf('day')),
  regexRule('(\\d{1,3})\\s+(?:недель|недели|неделю|тижнів|тижні|тиждень)\\s+(?:назад|тому)', agoOf('week')),
  regexRule('(\\d{1,3})\\s+(?:месяцев|месяца|месяц|місяців|місяці|місяць)\\s+(?:назад|тому)', agoOf('month')),
  regexRule('(\\d{1,3})\\s+(?:лет|года|год|років|роки|рік)\\s+(?:назад|тому)', agoOf('year')),

  // Polish
  regexRule('(?:dzisiaj|dziś)', day(0)),
  regexRule('przedwczoraj', day(-2)),
  regexRule('wczoraj', day(-1)),
  regexRule('pojutrze', day(2)),
  regexRule('jutro', day(1)),
  regexRule('w\\s+tym\\s+tygodniu', period('this', 'week')),
  regexRule('w\\s+(?:zeszłym|ubiegłym|poprzednim|ostatnim)\\s+tygodniu', period('last', 'week')),
  regexRule('w\\s+(?:przyszłym|następnym)\\s+tygodniu', period('next', 'week')),
  regexRule('w\\s+tym\\s+miesiącu', period('this', 'month')),
  regexRule('w\\s+(?:zeszłym|ubiegłym|poprzednim)\\s+miesiącu', period('last', 'month')),
  regexRule('w\\s+(?:przyszłym|następnym)\\s+miesiącu', period('next', 'month')),
  regexRule('w\\s+tym\\s+roku', period('this', 'year')),
  regexRule('w\\s+(?:zeszłym|ubiegłym|poprzednim)\\s+roku', period('last', 'year')),
  regexRule('w\\s+(?:przyszłym|następnym)\\s+roku', period('next', 'year')),
  regexRule('(\\d{1,3})\\s+(?:dni|dzień)\\s+temu', agoOf('day')),
  regexRule('(\\d{1,3})\\s+(?:tygodni|tygodnie|tydzień)\\s+temu', agoOf('week')),
  regexRule('(\\d{1,3})\\s+(?:miesięcy|miesiące|miesiąc)\\s+temu', agoOf('month')),
  regexRule('(\\d{1,3})\\s+(?:lat|lata|rok)\\s+temu', agoOf('year')),

  // Korean, spaced like a Latin-script language, with a particle after the word (KO_PARTICLE): "지난주에", "어제의".
  regexRule(`오늘${KO_PARTICLE}`, day(0)),
  regexRule(`(?:그저께|그제)${KO_PARTICLE}`, day(-2)),
  regexRule(`어제${KO_PARTICLE}`, day(-1)),
  regexRule(`모레${KO_PARTICLE}`, day(2)),
  regexRule(`내일${KO_PARTICLE}`, day(1)),
  regexRule(`(?:이번\\s?주|금주)${KO_PARTICLE}`, period('this', 'week')),
  regexRule(`(?:지난\\s?주|저번\\s?주)${KO_PARTICLE}`, period('last', 'week')),
  regexRule(`다음\\s?주${KO_PARTICLE}`, period('next', 'week')),
  regexRule(`이번\\s?달${KO_PARTICLE}`, period('this', 'month')),
  regexRule(`(?:지난\\s?달|저번\\s?달)${KO_PARTICLE}`, period('last', 'month')),
  regexRule(`다음\\s?달${KO_PARTICLE}`, period('next', 'month')),
  regexRule(`올해${KO_PARTICLE}`, period('this', 'year')),
  regexRule(`(?:작년|지난해)${KO_PARTICLE}`, period('last', 'year')),
  regexRule(`(?:내년|다음\\s?해)${KO_PARTICLE}`, period('next', 'year')),
  regexRule(`(\\d{1,3})\\s?일\\s?전${KO_PARTICLE}`, agoOf('day')),
  regexRule(`(\\d{1,3})\\s?주\\s?전${KO_PARTICLE}`, agoOf('week')),
  regexRule(`(\\d{1,3})\\s?(?:개월|달)\\s?전${KO_PARTICLE}`, agoOf('month')),
  regexRule(`(\\d{1,3})\\s?년\\s?전${KO_PARTICLE}`, agoOf('year')),
  regexRule(`지난\\s(\\d{1,3})\\s?일(?:\\s?동안|간)?${KO_PARTICLE}`, rollingOf('day')),
  // Korean dates: 2025년 12월 15일, 2025년 12월, 12월 15일, 12월
  regexRule(`((?:19|20)\\d{2})년\\s?(\\d{1,2})월(?:\\s?(\\d{1,2})일)?${KO_PARTICLE}`, (m) => {
    const month = Number(m[2]);
    if (!(month >= 1 && month <= 12)) return null;
    return m[3] ? explicitDay(Number(m[1]), month, Number(m[3])) : monthRange(Number(m[1]), month);
  }),
  regexRule(`(\\d{1,2})월(?:\\s?(\\d{1,2})일)?${KO_PARTICLE}`, (m, ctx) => {
    const month = Number(m[1]);
    if (!(month >= 1 && month <= 12)) return null;
    return m[2] ? inferDay(month, Number(m[2]), ctx) : inferMonth(month, ctx);
  }),

  // Dutch ("morgen", tomorrow, is German's rule above)
  regexRule('vandaag', day(0)),
  regexRule('eergisteren', day(-2)),
  regexRule('gisteren', day(-1)),
  regexRule('overmorgen', day(2)),
  regexRule('deze\\s+week', period('this', 'week')),
  regexRule('deze\\s+maand', period('this', 'month')),
  regexRule('dit\\s+jaar', period('this', 'year')),
  regexRule('(?:vorige|afgelopen)\\s+week', period('last', 'week')),
  regexRule('(?:vorige|afgelopen)\\s+maand', period('last', 'month')),
  regexRule('(?:vorig|afgelopen)\\s+jaar', period('last', 'year')),
  regexRule('(?:volgende|komende)\\s+week', period('next', 'week')),
  regexRule('(?:volgende|komende)\\s+maand', period('next', 'month')),
  regexRule('(?:volgend|komend)\\s+jaar', period('next', 'year')),
  regexRule(`${LNUM}\\s+dag(?:en)?\\s+geleden`, agoOf('day')),
  regexRule(`${LNUM}\\s+weken?\\s+geleden`, agoOf('week')),
  regexRule(`${LNUM}\\s+maand(?:en)?\\s+geleden`, agoOf('month')),
  regexRule(`${LNUM}\\s+jaar\\s+geleden`, agoOf('year')),
  regexRule(`(?:de\\s+)?(?:afgelopen|laatste)\\s+${LNUM}\\s+dagen`, rollingOf('day')),

  // Weekdays. A weekday of every week ("每周三", "毎週金曜", "jeden Montag", "los lunes", "tous les lundis") is
  // no date: the plural and these words before it are left alone; so is 周 after a number ("一周日程", a week's plan).
  regexRule(
    `(?<![每毎一两几])(上|下|这|本)?个?(?:周|星期|礼拜)([一二三四五六日天])(?![次个遍回])${PARTICLE}`,
    (m, ctx) => weekdayAs(ctx, CJK_WEEK_PICK[m[1] ?? ''] ?? 'named', CJK_WEEKDAY.indexOf(m[2]!) % 7),
  ),
  regexRule(`(?<!毎週)(先週|来週|今週)?の?([日月火水木金土])曜日?${PARTICLE}`, (m, ctx) =>
    weekdayAs(ctx, CJK_WEEK_PICK[m[1] ?? ''] ?? 'named', JA_WEEKDAY.indexOf(m[2]!)),
  ),
  regexRule(
    `(?:am\\s+)?(?:(letzten|vorigen|vergangenen|nächsten|kommenden|diesen)\\s+)?${DE_WD}`,
    (m, ctx, text, pos) =>
      /(?:jeden|immer)\s+$/i.test(text.slice(0, pos))
        ? null
        : weekdayAs(ctx, FOREIGN_WEEK_PICK[m[1]?.toLowerCase() ?? ''] ?? 'named', deWeekday(m[2]!)),
  ),
  regexRule(`(?:am\\s+)?${DE_WD}\\s+(nächster|letzter|vergangener|dieser)\\s+woche`, (m, ctx) =>
    weekdayAs(ctx, FOREIGN_WEEK_PICK[`${m[2]!.toLowerCase()} woche`]!, deWeekday(m[1]!)),
  ),
  regexRule(
    `(?:el\\s+)?(?:(este|próximo|proximo)\\s+)?${ES_WD}(?:\\s+(pasado|próximo|proximo|que\\s+viene))?`,
    (m, ctx, text, pos) =>
      /\blos\s+$/i.test(text.slice(0, pos))
        ? null
        : weekdayAs(
            ctx,
            FOREIGN_WEEK_PICK[(m[1] ?? m[3] ?? '').toLowerCase().replace(/\s+/g, ' ')] ?? 'named',
            esWeekday(m[2]!),
          ),
  ),
  regexRule(`(?:(ce)\\s+)?${FR_WD}(?:\\s+(dernier|prochain))?`, (m, ctx) =>
    weekdayAs(
      ctx,
      FOREIGN_WEEK_PICK[(m[1] ?? m[3] ?? '').toLowerCase()] ?? 'named',
      FR_WEEKDAYS.indexOf(m[2]!.toLowerCase()),
    ),
  ),
  // Italian: "lunedì scorso", "questo venerdì"; "il lunedì" and "ogni lunedì" are every Monday.
  regexRule(`(?:(questo|prossimo)\\s+)?${IT_WD}(?:\\s+(scorso|passato|prossimo))?`, (m, ctx, text, pos) =>
    /(?:\bil|\bogni|\bdi)\s+$/i.test(text.slice(0, pos))
      ? null
      : weekdayAs(ctx, FOREIGN_WEEK_PICK[(m[1] ?? m[3] ?? '').toLowerCase()] ?? 'named', romanceOrDutchWeekday(m[2]!)),
  ),
  // Portuguese: "segunda-feira passada", "na próxima sexta"; "às segundas" (plural) is every Monday.
  regexRule(
    `(?:(?:na|no)\\s+)?(?:(esta|este|próxima|proxima|próximo|proximo)\\s+)?${PT_WD}(-feira)?(?:\\s+(passada|passado|que\\s+vem))?`,
    (m, ctx) => {
      const pick = (m[1] ?? m[4] ?? '').toLowerCase().replace(/\s+/g, ' ');
      const wd = romanceOrDutchWeekday(m[2]!);
      // "segunda", "terça"… alone are ordinals ("a segunda nota"): a weekday only with "-feira" or a word that picks it.
      if (wd >= 1 && wd <= 5 && !m[3] && !pick) return null;
      return weekdayAs(ctx, pick === 'que vem' ? 'next' : (FOREIGN_WEEK_PICK[pick] ?? 'named'), wd);
    },
  ),
  // Russian and Ukrainian: "в прошлый понедельник", "в следующую пятницу", "минулого понеділка", "у четвер";
  // "каждый понедельник", "по понедельникам", "щопонеділка", "кожного понеділка" are every week.
  regexRule(`(?:(?:во?|у)\\s+)?(?:([а-яёіїєґ]+)\\s+)?${CYR_WD}`, (m, ctx, text, pos) => {
    if (/(?:кажд\p{L}*|кожн\p{L}*|по)\s+$/iu.test(text.slice(0, pos))) return null;
    const word = m[1]?.toLowerCase();
    const pick = word === undefined ? 'named' : CYRILLIC_WEEK_PICK[word];
    // A word before the weekday that picks none ("кажд…", an adjective) leaves the weekday to match on its own.
    return pick === undefined ? null : weekdayAs(ctx, pick, weekdayMatching(CYRILLIC_WEEKDAYS, m[2]!));
  }),
  // Polish: "w zeszły piątek", "w przyszłą środę", "we wtorek"; "co poniedziałek", "w każdy poniedziałek" are every week.
  regexRule(`(?:we?\\s+)?(?:(\\S+)\\s+)?${PL_WD}`, (m, ctx, text, pos) => {
    if (/(?:\bco|każd\p{L}*)\s+$/iu.test(text.slice(0, pos))) return null;
    const word = m[1]?.toLowerCase();
    const pick = word === undefined ? 'named' : PL_WEEK_PICK[word];
    return pick === undefined ? null : weekdayAs(ctx, pick, weekdayMatching(PL_WEEKDAYS, m[2]!));
  }),
  // Korean: "지난주 금요일", "다음 주 목요일에", "수요일"; "매주 월요일" is every Monday.
  regexRule(
    `(?:(지난\\s?주|저번\\s?주|다음\\s?주|이번\\s?주|금주)\\s?)?([${KO_WEEKDAY}])요일${KO_PARTICLE}`,
    (m, ctx, text, pos) =>
      /매주\s*$/.test(text.slice(0, pos))
        ? null
        : weekdayAs(ctx, KO_WEEK_PICK[(m[1] ?? '').replace(/\s/g, '')] ?? 'named', KO_WEEKDAY.indexOf(m[2]!)),
  ),
  // Dutch: "vorige maandag", "afgelopen vrijdag"; "elke maandag" is every Monday.
  regexRule(`(?:op\\s+)?(?:(vorige|afgelopen|volgende|komende|deze)\\s+)?${NL_WD}`, (m, ctx, text, pos) =>
    /\belke\s+$/i.test(text.slice(0, pos))
      ? null
      : weekdayAs(ctx, FOREIGN_WEEK_PICK[m[1]?.toLowerCase() ?? ''] ?? 'named', romanceOrDutchWeekday(m[2]!)),
  ),

  // Latin-script month names: "diciembre de 2025", "15 de diciembre", "15. Dezember 2025", "15 décembre", "en diciembre"
  regexRule(`${FMON}(?:\\s+de)?\\s+${YEAR}`, (m) => {
    const month = foreignMonth(m[1]!);
    return month ? monthRange(Number(m[2]), month) : null;
  }),
  regexRule(`(\\d{1,2})\\.?\\s+(?:de\\s+)?${FMON}(?:\\s+(?:de\\s+)?${YEAR})?`, (m, ctx) => {
    const month = foreignMonth(m[2]!);
    const d = Number(m[1]);
    if (!month) return null;
    return m[3] ? explicitDay(Number(m[3]), month, d) : inferDay(month, d, ctx);
  }),
  regexRule(FMON, (m, ctx, text, pos) =>
    ctx.inCompound || FOREIGN_MONTH_CONTEXT.test(text.slice(0, pos)) ? inferMonth(foreignMonth(m[1]!), ctx) : null,
  ),
];

// ---------------------------------------------------------------------------
// Turkish, Vietnamese, Indonesian, Czech, Swedish, Danish, Norwegian, Romanian, Finnish, Hungarian
// ---------------------------------------------------------------------------
// The rest of the languages the agent answers in (PHRASE_LANGUAGES): relative days and periods, "N days ago",
// weekdays with the word that picks one, and month names (FOREIGN_MONTHS). Turkish, Finnish and Hungarian join their
// case endings to the word ("yarınki", "joulukuussa", "pénteken"), so their rules list the endings a date takes;
// Vietnamese numbers its months ("tháng 12") and names weekdays by ordinal ("thứ hai", also "the second").

const agoOne = (unit: Unit) => (_m: RegExpExecArray, ctx: Ctx) => ago(ctx, 1, unit);

/** Turkish weekdays, Sunday first, and the words before one that pick it ("geçen cuma", "haftaya salı"). */
const TR_WEEKDAYS = ['pazar', 'pazartesi', 'salı', 'çarşamba', 'perşembe', 'cuma', 'cumartesi'];
const TR_WEEK_PICK: Readonly<Record<string, WeekdayPick>> = {
  geçen: 'last',
  geçtiğimiz: 'last',
  önümüzdeki: 'next',
  gelecek: 'next',
  bu: 'this',
  'geçen hafta': 'lastWeek',
  'gelecek hafta': 'nextWeek',
  'önümüzdeki hafta': 'nextWeek',
  haftaya: 'nextWeek',
  'bu hafta': 'this',
};
// The endings a Turkish week, month or year word takes in a date ("geçen haftaki", "bu ayın", "geçen yılda").
const TR_END = '(?:ki|ya|ye|da|de|ta|te|nın|nin|ın|in)?';
const TR_LAST = '(?:geçen|geçtiğimiz)\\s+';
const TR_NEXT = '(?:gelecek|önümüzdeki)\\s+';
const TR_YEAR = '(?:yıl|sene)';
const TR_MON = '(ocak|şubat|mart|nisan|mayıs|haziran|temmuz|ağustos|eylül|ekim|kasım|aralık)';

/** Vietnamese weekdays as "thứ hai" … "thứ bảy" (or "thứ 2" … "thứ 7") and "chủ nhật", Sunday first. */
const VI_WEEKDAY_ORDINALS = ['', 'hai', 'ba', 'tư', 'năm', 'sáu', 'bảy'];
function viWeekday(raw: string): number {
  const w = raw.toLowerCase().replace(/\s+/g, ' ');
  if (w === 'chủ nhật') return 0;
  const n = w.replace(/^thứ /, '');
  const digit = Number(n);
  if (digit >= 2 && digit <= 7) return digit - 1;
  const i = VI_WEEKDAY_ORDINALS.indexOf(n);
  return i >= 1 ? i : -1;
}
const VI_WEEK_PICK: Readonly<Record<string, WeekdayPick>> = {
  'tuần này': 'this',
  'tuần trước': 'lastWeek',
  'tuần rồi': 'lastWeek',
  'tuần qua': 'lastWeek',
  'tuần sau': 'nextWeek',
  'tuần tới': 'nextWeek',
  này: 'this',
  trước: 'last',
  'vừa rồi': 'last',
  'vừa qua': 'last',
  tới: 'next',
  sau: 'next',
};

/** Indonesian weekdays, Sunday first ("minggu" is also "week": a weekday only after "hari"). */
const ID_WEEKDAYS = ['minggu', 'senin', 'selasa', 'rabu', 'kamis', 'jumat', 'sabtu'];
const ID_WEEK_PICK: Readonly<Record<string, WeekdayPick>> = {
  lalu: 'last',
  kemarin: 'last',
  depan: 'next',
  ini: 'this',
};

/** Czech weekdays, Sunday first, in the cases "v pondělí", "ve středu", "minulou středu", "v neděli" take. */
const CS_WEEKDAYS: readonly string[] = ['neděl[ei]', 'pondělí', 'úterý', 'střed[au]', 'čtvrtek', 'pátek', 'sobot[au]'];
const CS_WD = `(${CS_WEEKDAYS.join('|')})`;
const CS_WEEK_PICK: Readonly<Record<string, WeekdayPick>> = {
  minulý: 'last',
  minulé: 'last',
  minulou: 'last',
  příští: 'next',
  tento: 'this',
  toto: 'this',
  tuto: 'this',
  tenhle: 'this',
  tuhle: 'this',
};

/** Swedish, Danish and Norwegian weekdays, Sunday first (one list: "mandag" is Danish's and Norwegian's). */
const NORDIC_WEEKDAYS: readonly string[] = [
  'söndag|søndag',
  'måndag|mandag',
  'tisdag|tirsdag',
  'onsdag',
  'torsdag',
  'fredag',
  'lördag|lørdag',
];
const NORDIC_WD = `(${NORDIC_WEEKDAYS.join('|')})`;
const NORDIC_WEEK_PICK: Readonly<Record<string, WeekdayPick>> = {
  förra: 'last',
  sidste: 'last',
  forrige: 'last',
  nästa: 'next',
  næste: 'next',
  neste: 'next',
  på: 'next',
  denne: 'this',
};

/** Romanian weekdays, Sunday first, with the article a picked one takes ("vinerea trecută", "joia viitoare"). */
const RO_WEEKDAYS: readonly string[] = [
  'duminic[aăi]|duminica',
  'lunea',
  'mar[țţt]i|mar[țţt]ea',
  'miercuri|miercurea',
  'joi|joia',
  'vineri|vinerea',
  's[âa]mb[ăa]t[ăa]|s[âa]mb[ăa]ta',
];
const RO_WD = `(${RO_WEEKDAYS.join('|')})`;

/** Finnish weekdays, Sunday first, bare or "on" (essive: "maanantaina"). */
const FI_WEEKDAYS: readonly string[] = [
  'sunnuntai(?:na)?',
  'maanantai(?:na)?',
  'tiistai(?:na)?',
  'keskiviikko(?:na)?',
  'torstai(?:na)?',
  'perjantai(?:na)?',
  'lauantai(?:na)?',
];
const FI_WD = `(${FI_WEEKDAYS.join('|')})`;

/** Hungarian weekdays, Sunday first, bare or "on" ("hétfőn", "pénteken"). */
const HU_WEEKDAYS: readonly string[] = [
  'vasárnap',
  'hétfő(?:n)?',
  'kedd(?:en)?',
  'szerd(?:a|án)',
  'csütörtök(?:ön)?',
  'péntek(?:en)?',
  'szombat(?:on)?',
];
const HU_WD = `(${HU_WEEKDAYS.join('|')})`;
/**
 * A word only a Hungarian question holds (or its ő, ű), for "ma" (today), which other languages write for "but" or
 * "my": "Mi van ma?", "Milyen találkozóim vannak ma?", not "Cosa ho fatto ma non ricordo".
 */
const HUNGARIAN_CUE =
  /[őű]|(?<![\p{L}])(?:mi\s+van|milyen|mikor|kell|nekem|volt|lesz|vannak|csinál\p{L}*|dolgom|teendő\p{L}*|programom|találkozó\p{L}*)(?![\p{L}])/iu;
const LAST_NEXT_THIS: Readonly<Record<string, WeekdayPick>> = {
  viime: 'last',
  ensi: 'next',
  tänä: 'this',
  múlt: 'last',
  jövő: 'next',
  ezen: 'this',
};

const MORE_LANGUAGE_RULES: readonly Rule[] = [
  // Turkish
  regexRule('bugün(?:kü|den|e|de)?', day(0)),
  regexRule('(?:evvelsi|evvelki)\\s+gün', day(-2)),
  regexRule('dün(?:kü|den)?', day(-1)),
  regexRule('(?:öbür\\s+gün|yarından\\s+sonra)', day(2)),
  regexRule('yarın(?:ki|a|dan)?', day(1)),
  regexRule(`bu\\s+hafta${TR_END}`, period('this', 'week')),
  regexRule(`${TR_LAST}hafta${TR_END}`, period('last', 'week')),
  regexRule(`(?:${TR_NEXT}hafta${TR_END}|haftaya)`, period('next', 'week')),
  regexRule(`bu\\s+ay${TR_END}`, period('this', 'month')),
  regexRule(`${TR_LAST}ay${TR_END}`, period('last', 'month')),
  regexRule(`${TR_NEXT}ay${TR_END}`, period('next', 'month')),
  regexRule(`bu\\s+${TR_YEAR}${TR_END}`, period('this', 'year')),
  regexRule(`${TR_LAST}${TR_YEAR}${TR_END}`, period('last', 'year')),
  regexRule(`(?:${TR_NEXT}${TR_YEAR}${TR_END}|seneye)`, period('next', 'year')),
  regexRule(`${LNUM}\\s+gün\\s+önce(?:ki)?`, agoOf('day')),
  regexRule(`${LNUM}\\s+hafta\\s+önce(?:ki)?`, agoOf('week')),
  regexRule(`${LNUM}\\s+ay\\s+önce(?:ki)?`, agoOf('month')),
  regexRule(`${LNUM}\\s+${TR_YEAR}\\s+önce(?:ki)?`, agoOf('year')),
  regexRule(`son\\s+${LNUM}\\s+gün(?:de|dür)?`, rollingOf('day')),
  regexRule(`son\\s+${LNUM}\\s+hafta(?:da|dır)?`, rollingOf('week')),
  // "3 Aralık'ta", "kasımda", "mart ayında" (a month's locative is its own "in"); "3 Aralık" alone is FMON's rule.
  regexRule(`(\\d{1,2})\\s+${TR_MON}(?:\\s+${YEAR})?['’]?(?:[dt][ae]|[dt][ae]ki)`, (m, ctx) => {
    const month = foreignMonth(m[2]!);
    if (!month) return null;
    return m[3] ? explicitDay(Number(m[3]), month, Number(m[1])) : inferDay(month, Number(m[1]), ctx);
  }),
  regexRule(`${TR_MON}(?:\\s+ay[ıi]nda|['’]?[dt][ae])`, (m, ctx) => inferMonth(foreignMonth(m[1]!), ctx)),
  // "geçen cuma", "haftaya salı", "gelecek hafta perşembe günü", "cuma günü"; "her pazartesi" is every Monday, and
  // "pazar" (also "market") is Sunday only with "günü" or a word that picks it.
  regexRule(
    `(?:(geçen\\s+hafta|gelecek\\s+hafta|önümüzdeki\\s+hafta|bu\\s+hafta|haftaya|geçen|geçtiğimiz|önümüzdeki|gelecek|bu)(?:nın)?\\s+)?(${TR_WEEKDAYS.slice()
      .sort((a, b) => b.length - a.length)
      .join('|')})(\\s+gün(?:ü|ünde|ünkü))?(?:ye|ya|ki|den|dan)?`,
    (m, ctx, text, pos) => {
      if (/\bher\s+$/iu.test(text.slice(0, pos))) return null;
      const pick = m[1]?.toLowerCase().replace(/\s+/g, ' ');
      const wd = TR_WEEKDAYS.indexOf(m[2]!.toLowerCase());
      if (wd === 0 && !pick && !m[3]) return null;
      return weekdayAs(ctx, pick ? TR_WEEK_PICK[pick]! : 'named', wd);
    },
  ),

  // Vietnamese
  regexRule('hôm\\s+nay', day(0)),
  regexRule('hôm\\s+kia', day(-2)),
  regexRule('hôm\\s+qua', day(-1)),
  regexRule('ngày\\s+(?:kia|mốt)', day(2)),
  regexRule('ngày\\s+mai', day(1)),
  regexRule('tuần\\s+này', period('this', 'week')),
  regexRule('tuần\\s+(?:trước|rồi|qua)', period('last', 'week')),
  regexRule('tuần\\s+(?:sau|tới)', period('next', 'week')),
  regexRule('tháng\\s+này', period('this', 'month')),
  regexRule('tháng\\s+(?:trước|rồi|qua)', period('last', 'month')),
  regexRule('tháng\\s+(?:sau|tới)', period('next', 'month')),
  regexRule('năm\\s+nay', period('this', 'year')),
  regexRule('năm\\s+(?:ngoái|trước|rồi|qua)', period('last', 'year')),
  regexRule('năm\\s+(?:sau|tới)', period('next', 'year')),
  regexRule(`${LNUM}\\s+(?:ngày|hôm)\\s+trước`, agoOf('day')),
  regexRule(`${LNUM}\\s+tuần\\s+trước`, agoOf('week')),
  regexRule(`${LNUM}\\s+tháng\\s+trước`, agoOf('month')),
  regexRule(`${LNUM}\\s+năm\\s+trước`, agoOf('year')),
  regexRule(`${LNUM}\\s+ngày\\s+(?:qua|vừa\\s+qua|gần\\s+đây)`, rollingOf('day')),
  regexRule(`${LNUM}\\s+tuần\\s+(?:qua|vừa\\s+qua|gần\\s+đây)`, rollingOf('week')),
  // "ngày 3 tháng 12 (năm 2026)", "ngày 3/12", "tháng 12 (năm 2026)", "tháng 12/2026". "3 tháng" is three months;
  // "mỗi tháng 2 lần" (twice a month) names no February.
  regexRule(
    `(?:ngày|mùng|mồng)\\s+(\\d{1,2})(?:\\s+tháng\\s+|\\s*/\\s*)(\\d{1,2})(?:(?:\\s+năm\\s+|\\s*/\\s*)${YEAR})?`,
    (m, ctx) => {
      const month = Number(m[2]);
      if (!(month >= 1 && month <= 12)) return null;
      return m[3] ? explicitDay(Number(m[3]), month, Number(m[1])) : inferDay(month, Number(m[1]), ctx);
    },
  ),
  regexRule(`tháng\\s+(\\d{1,2})(?:(?:\\s+năm\\s+|\\s*/\\s*)${YEAR})?`, (m, ctx, text, pos) => {
    const month = Number(m[1]);
    if (!(month >= 1 && month <= 12)) return null;
    if (/(?:mỗi|hằng|hàng|một)\s+$/iu.test(text.slice(0, pos))) return null;
    if (/^\s+(?:lần|buổi|ngày|tuần|giờ|tiếng)/iu.test(text.slice(pos + m[0].length))) return null;
    return m[2] ? monthRange(Number(m[2]), month) : inferMonth(month, ctx);
  }),
  // "thứ hai tuần trước", "vào thứ sáu", "chủ nhật này". "thứ hai" is also "the second" ("lần thứ hai"): a weekday
  // only with a word that picks it, after "vào"/"hôm", at the question's start, or written "thứ 2"; "mỗi thứ hai",
  // "các thứ hai" are every week.
  regexRule(
    `((?:vào|hôm|sáng|chiều|tối)\\s+)?(thứ\\s+(?:hai|ba|tư|năm|sáu|bảy|[2-7])|chủ\\s+nhật)(?:\\s+(tuần\\s+(?:này|trước|rồi|qua|sau|tới)|này|trước|tới|vừa\\s+(?:rồi|qua)))?`,
    (m, ctx, text, pos) => {
      const before = text.slice(0, pos);
      if (/(?:mỗi|các|những|hàng)\s+$/iu.test(before)) return null;
      const pick = m[3]?.toLowerCase().replace(/\s+/g, ' ');
      const ordinal = /^thứ\s+\p{L}/iu.test(m[2]!);
      if (ordinal && !pick && !m[1] && /[\p{L}\p{N}]/u.test(before)) return null;
      return weekdayAs(ctx, pick ? VI_WEEK_PICK[pick]! : 'named', viWeekday(m[2]!));
    },
  ),

  // Indonesian
  regexRule('hari\\s+ini', day(0)),
  regexRule('kemarin\\s+lusa', day(-2)),
  regexRule('kemarin', day(-1)),
  // Portuguese "lusa" is "Portuguese" ("a agência Lusa"): the day after tomorrow only outside a Portuguese question.
  regexRule('lusa', (m, ctx, text) => (detectLanguage(text).lang === 'pt' ? null : single(ctx.today + 2))),
  regexRule('besok', day(1)),
  regexRule('minggu\\s+ini', period('this', 'week')),
  regexRule('minggu\\s+(?:lalu|kemarin)', period('last', 'week')),
  regexRule('minggu\\s+depan', period('next', 'week')),
  regexRule('bulan\\s+ini', period('this', 'month')),
  regexRule('bulan\\s+(?:lalu|kemarin)', period('last', 'month')),
  regexRule('bulan\\s+depan', period('next', 'month')),
  regexRule('tahun\\s+ini', period('this', 'year')),
  regexRule('tahun\\s+(?:lalu|kemarin)', period('last', 'year')),
  regexRule('tahun\\s+depan', period('next', 'year')),
  regexRule(`${LNUM}\\s+hari\\s+(?:yang\\s+)?lalu`, agoOf('day')),
  regexRule(`${LNUM}\\s+minggu\\s+(?:yang\\s+)?lalu`, agoOf('week')),
  regexRule(`${LNUM}\\s+bulan\\s+(?:yang\\s+)?lalu`, agoOf('month')),
  regexRule(`${LNUM}\\s+tahun\\s+(?:yang\\s+)?lalu`, agoOf('year')),
  regexRule('(?:sehari|seminggu|sebulan|setahun)\\s+(?:yang\\s+)?lalu', (m, ctx) =>
    ago(
      ctx,
      1,
      { sehari: 'day', seminggu: 'week', sebulan: 'month', setahun: 'year' }[m[0].split(/\s/)[0]!.toLowerCase()]!,
    ),
  ),
  regexRule(`${LNUM}\\s+hari\\s+terakhir`, rollingOf('day')),
  // "Senin lalu", "hari Jumat depan", "pada hari Minggu"; "setiap Senin" is every Monday.
  regexRule(
    `(?:pada\\s+)?(hari\\s+)?(minggu|senin|selasa|rabu|kamis|jum['’]?at|sabtu)(?:\\s+(lalu|kemarin|depan|ini))?`,
    (m, ctx, text, pos) => {
      if (/(?:setiap|tiap)\s+(?:hari\s+)?$/iu.test(text.slice(0, pos))) return null;
      const wd = ID_WEEKDAYS.indexOf(m[2]!.toLowerCase().replace(/['’]/g, ''));
      if (wd === 0 && !m[1]) return null;
      return weekdayAs(ctx, ID_WEEK_PICK[m[3]?.toLowerCase() ?? ''] ?? 'named', wd);
    },
  ),

  // Czech
  regexRule('(?:dnes|dneska)', day(0)),
  regexRule('předevčírem', day(-2)),
  regexRule('včera', day(-1)),
  regexRule('pozítří', day(2)),
  regexRule('zítra', day(1)),
  regexRule('(?:tento|tenhle)\\s+týden|(?:v\\s+)?tomto\\s+týdnu', period('this', 'week')),
  regexRule('minulý\\s+týden|(?:v\\s+)?minulém\\s+týdnu', period('last', 'week')),
  regexRule('příští\\s+týden|(?:v\\s+)?příštím\\s+týdnu', period('next', 'week')),
  regexRule('(?:tento|tenhle)\\s+měsíc|(?:v\\s+)?tomto\\s+měsíci', period('this', 'month')),
  regexRule('minulý\\s+měsíc|(?:v\\s+)?minulém\\s+měsíci', period('last', 'month')),
  regexRule('příští\\s+měsíc|(?:v\\s+)?příštím\\s+měsíci', period('next', 'month')),
  regexRule('letos|(?:tento|tenhle)\\s+rok', period('this', 'year')),
  regexRule('loni|vloni|minulý\\s+rok|(?:v\\s+)?minulém\\s+roce', period('last', 'year')),
  regexRule('příští\\s+rok|(?:v\\s+)?příštím\\s+roce', period('next', 'year')),
  regexRule(`před\\s+${LNUM}\\s+dny`, agoOf('day')),
  regexRule('před\\s+týdnem', agoOne('week')),
  regexRule(`před\\s+${LNUM}\\s+týdny`, agoOf('week')),
  regexRule('před\\s+měsícem', agoOne('month')),
  regexRule(`před\\s+${LNUM}\\s+měsíci`, agoOf('month')),
  regexRule('před\\s+rokem', agoOne('year')),
  regexRule(`před\\s+${LNUM}\\s+lety`, agoOf('year')),
  // "v pondělí", "ve středu", "minulý pátek", "příští středu"; "každé pondělí", "každý pátek" are every week.
  regexRule(`(?:ve?\\s+)?(?:(\\S+)\\s+)?${CS_WD}`, (m, ctx, text, pos) => {
    if (/každ\p{L}*\s+$/iu.test(text.slice(0, pos))) return null;
    const word = m[1]?.toLowerCase();
    const pick = word === undefined ? 'named' : CS_WEEK_PICK[word];
    return pick === undefined ? null : weekdayAs(ctx, pick, weekdayMatching(CS_WEEKDAYS, m[2]!));
  }),

  // Swedish, Danish, Norwegian ("i morgon" is German's "morgen" rule above; "i går" is yesterday in all three)
  regexRule('i\\s*dag', day(0)),
  regexRule('i\\s*(?:förrgår|forgårs)', day(-2)),
  regexRule('i\\s*går', day(-1)),
  regexRule('i\\s*(?:övermorgon|overmorgen)', day(2)),
  regexRule('i\\s*morgon|i\\s*morgen', day(1)),
  regexRule(
    '(?:den\\s+här\\s+veckan|denna\\s+vecka|i\\s+veckan|(?:i\\s+)?denne\\s+uge|denne\\s+uka|denne\\s+uken)',
    period('this', 'week'),
  ),
  regexRule('(?:förra\\s+veckan|(?:i\\s+)?sidste\\s+uge|(?:i\\s+)?forrige\\s+uke)', period('last', 'week')),
  regexRule('(?:nästa\\s+vecka|(?:i\\s+)?næste\\s+uge|neste\\s+uke)', period('next', 'week')),
  regexRule('(?:den\\s+här\\s+månaden|denna\\s+månad|(?:i\\s+)?denne\\s+måned(?:en)?)', period('this', 'month')),
  regexRule('(?:förra\\s+månaden|(?:i\\s+)?sidste\\s+måned|(?:i\\s+)?forrige\\s+måned)', period('last', 'month')),
  regexRule('(?:nästa\\s+månad|(?:i\\s+)?næste\\s+måned|neste\\s+måned)', period('next', 'month')),
  regexRule('i\\s+år', period('this', 'year')),
  regexRule('(?:förra\\s+året|i\\s+fjol|i\\s+fjor|sidste\\s+år|forrige\\s+år)', period('last', 'year')),
  regexRule('(?:nästa\\s+år|næste\\s+år|neste\\s+år)', period('next', 'year')),
  regexRule(`för\\s+${LNUM}\\s+dagar\\s+sedan`, agoOf('day')),
  regexRule(`för\\s+${LNUM}\\s+veckor\\s+sedan`, agoOf('week')),
  regexRule(`för\\s+${LNUM}\\s+månader\\s+sedan`, agoOf('month')),
  regexRule(`för\\s+${LNUM}\\s+år\\s+sedan`, agoOf('year')),
  regexRule(`for\\s+${LNUM}\\s+(?:dage|dager)\\s+siden`, agoOf('day')),
  regexRule(`for\\s+${LNUM}\\s+(?:uger|uker)\\s+siden`, agoOf('week')),
  regexRule(`for\\s+${LNUM}\\s+måneder\\s+siden`, agoOf('month')),
  regexRule(`for\\s+${LNUM}\\s+år\\s+siden`, agoOf('year')),
  // "i måndags" / "i mandags" is last Monday, "på måndag" the coming one, "nästa måndag", "sidste fredag"; "varje
  // måndag", "hver mandag", "måndagar" are every week.
  regexRule(
    `(?:(i|på|förra|sidste|forrige|nästa|næste|neste|denne)\\s+)?${NORDIC_WD}(?:en|s)?`,
    (m, ctx, text, pos) => {
      if (/(?:varje|hver|hvar)\s+$/iu.test(text.slice(0, pos))) return null;
      const word = m[1]?.toLowerCase();
      // "i" takes a weekday in the genitive ("i måndags", "i fredags"): last week's; with a bare weekday the weekday
      // alone is the date (the scan moves on to it).
      if (word === 'i' && !m[0].toLowerCase().endsWith('s')) return null;
      const pick = word === 'i' ? 'last' : word ? NORDIC_WEEK_PICK[word]! : 'named';
      return weekdayAs(ctx, pick, weekdayMatching(NORDIC_WEEKDAYS, m[2]!));
    },
  ),

  // Romanian
  regexRule('(?:astăzi|azi|astazi)', day(0)),
  regexRule('(?:alaltăieri|alaltaieri)', day(-2)),
  regexRule('(?:poimâine|poimaine)', day(2)),
  // Not "maine" without its mark: that is the American state.
  regexRule('mâine', day(1)),
  regexRule('săptămâna\\s+(?:aceasta|asta)|(?:în\\s+)?această\\s+săptămână', period('this', 'week')),
  regexRule('săptămâna\\s+trecută', period('last', 'week')),
  regexRule('săptămâna\\s+viitoare', period('next', 'week')),
  regexRule('luna\\s+(?:aceasta|asta)', period('this', 'month')),
  regexRule('luna\\s+trecută', period('last', 'month')),
  regexRule('luna\\s+viitoare', period('next', 'month')),
  regexRule('anul\\s+(?:acesta|ăsta)', period('this', 'year')),
  regexRule('anul\\s+trecut', period('last', 'year')),
  regexRule('anul\\s+viitor', period('next', 'year')),
  regexRule(`acum\\s+${LNUM}\\s+zile`, agoOf('day')),
  regexRule('acum\\s+o\\s+zi', agoOne('day')),
  regexRule(`acum\\s+${LNUM}\\s+săptămâni`, agoOf('week')),
  regexRule('acum\\s+o\\s+săptămână', agoOne('week')),
  regexRule(`acum\\s+${LNUM}\\s+luni`, agoOf('month')),
  regexRule('acum\\s+o\\s+lună', agoOne('month')),
  regexRule(`acum\\s+${LNUM}\\s+ani`, agoOf('year')),
  regexRule('acum\\s+un\\s+an', agoOne('year')),
  // "vinerea trecută", "joia viitoare", "marți", "sâmbăta asta"; "luni" (Monday) is also "months", so Monday only
  // with its article ("lunea trecută"); "în fiecare marți" is every week.
  regexRule(`${RO_WD}(?:\\s+(trecută|viitoare|aceasta|asta))?`, (m, ctx, text, pos) => {
    if (/fiecare\s+$/iu.test(text.slice(0, pos))) return null;
    const pick = { trecută: 'last', viitoare: 'next', aceasta: 'this', asta: 'this' }[m[2]?.toLowerCase() ?? ''] as
      | WeekdayPick
      | undefined;
    return weekdayAs(ctx, pick ?? 'named', weekdayMatching(RO_WEEKDAYS, m[1]!));
  }),

  // Finnish
  regexRule('tänään', day(0)),
  regexRule('toissapäivänä', day(-2)),
  regexRule('eilen', day(-1)),
  regexRule('ylihuomenna', day(2)),
  regexRule('huomenna', day(1)),
  regexRule('tällä\\s+viikolla', period('this', 'week')),
  regexRule('viime\\s+viikolla', period('last', 'week')),
  regexRule('ensi\\s+viikolla', period('next', 'week')),
  regexRule('tässä\\s+kuussa|tämän\\s+kuun', period('this', 'month')),
  regexRule('viime\\s+kuussa|viime\\s+kuun', period('last', 'month')),
  regexRule('ensi\\s+kuussa|ensi\\s+kuun', period('next', 'month')),
  regexRule('tänä\\s+vuonna', period('this', 'year')),
  regexRule('viime\\s+vuonna', period('last', 'year')),
  regexRule('ensi\\s+vuonna', period('next', 'year')),
  regexRule(`${LNUM}\\s+päivää\\s+sitten`, agoOf('day')),
  regexRule(`${LNUM}\\s+viikkoa\\s+sitten`, agoOf('week')),
  regexRule(`${LNUM}\\s+kuukautta\\s+sitten`, agoOf('month')),
  regexRule(`${LNUM}\\s+vuotta\\s+sitten`, agoOf('year')),
  // "viime perjantaina", "ensi maanantaina", "tiistaina"; "maanantaisin" and "joka maanantai" are every week.
  regexRule(`(?:(viime|ensi|tänä)\\s+)?${FI_WD}`, (m, ctx, text, pos) =>
    /joka\s+$/iu.test(text.slice(0, pos))
      ? null
      : weekdayAs(ctx, LAST_NEXT_THIS[m[1]?.toLowerCase() ?? ''] ?? 'named', weekdayMatching(FI_WEEKDAYS, m[2]!)),
  ),
  // "joulukuussa" (in December), "3. joulukuuta", "joulukuu 2026"
  regexRule(
    '(?:(\\d{1,2})\\.\\s*)?(tammi|helmi|maalis|huhti|touko|kesä|heinä|elo|syys|loka|marras|joulu)kuu(ssa|ta|n)?(?:\\s+((?:19|20)\\d{2}))?',
    (m, ctx) => {
      const month =
        [
          'tammi',
          'helmi',
          'maalis',
          'huhti',
          'touko',
          'kesä',
          'heinä',
          'elo',
          'syys',
          'loka',
          'marras',
          'joulu',
        ].indexOf(m[2]!.toLowerCase()) + 1;
      if (m[1]) return m[4] ? explicitDay(Number(m[4]), month, Number(m[1])) : inferDay(month, Number(m[1]), ctx);
      if (m[4]) return monthRange(Number(m[4]), month);
      return m[3] === 'ssa' ? inferMonth(month, ctx) : null;
    },
  ),

  // Hungarian ("ma", today, is Italian's "but" and French's "my": a date only beside a Hungarian word, HUNGARIAN_CUE)
  regexRule('ma', (m, ctx, text) => (HUNGARIAN_CUE.test(text) ? single(ctx.today) : null)),
  regexRule('tegnapelőtt', day(-2)),
  regexRule('tegnap', day(-1)),
  regexRule('holnapután', day(2)),
  regexRule('holnap', day(1)),
  regexRule('(?:ezen\\s+a|a)\\s+héten', period('this', 'week')),
  regexRule('(?:a\\s+)?múlt\\s+héten', period('last', 'week')),
  regexRule('(?:a\\s+)?jövő\\s+héten', period('next', 'week')),
  regexRule('ebben\\s+a\\s+hónapban', period('this', 'month')),
  regexRule('(?:a\\s+)?múlt\\s+hónapban', period('last', 'month')),
  regexRule('(?:a\\s+)?jövő\\s+hónapban', period('next', 'month')),
  regexRule('idén', period('this', 'year')),
  regexRule('tavaly', period('last', 'year')),
  regexRule('jövőre', period('next', 'year')),
  regexRule(`${LNUM}\\s+(?:napja|nappal\\s+ezelőtt)`, agoOf('day')),
  regexRule(`${LNUM}\\s+(?:hete|héttel\\s+ezelőtt)`, agoOf('week')),
  regexRule(`${LNUM}\\s+(?:hónapja|hónappal\\s+ezelőtt)`, agoOf('month')),
  regexRule(`${LNUM}\\s+(?:éve|évvel\\s+ezelőtt)`, agoOf('year')),
  // "múlt pénteken", "jövő hétfőn", "kedden"; "minden hétfőn", "hétfőnként" are every week.
  regexRule(`(?:(múlt|jövő|ezen)\\s+)?${HU_WD}`, (m, ctx, text, pos) =>
    /minden\s+$/iu.test(text.slice(0, pos))
      ? null
      : weekdayAs(ctx, LAST_NEXT_THIS[m[1]?.toLowerCase() ?? ''] ?? 'named', weekdayMatching(HU_WEEKDAYS, m[2]!)),
  ),
  // "decemberben" (in December), "december 3." (no other language writes a month so)
  regexRule(`${FMON}(?:ban|ben)`, (m, ctx) => inferMonth(foreignMonth(m[1]!), ctx)),
  regexRule(`${FMON}\\s+(\\d{1,2})\\.`, (m, ctx) => {
    const month = foreignMonth(m[1]!);
    return month ? inferDay(month, Number(m[2]), ctx) : null;
  }),
];

// ---------------------------------------------------------------------------
// ISO weeks ("2026-W03", the names of weekly notes)
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// Hindi, Arabic, Persian, Hebrew, Greek, Thai
// ---------------------------------------------------------------------------
// The phrase languages of the forty-second session, which had no date phrases: relative days and periods, "N days
// ago" and month names (the Gregorian ones; Persian's solar months and Thai's Buddhist years are not read). Arabic
// joins "and" and "with the" to the word ("وأمس", "بالأمس"), Hebrew "in" to it ("בדצמבר"), and Thai writes no spaces,
// so a Thai phrase may start at any of its letters (isWordStart). Hindi "कल" and "परसों" are yesterday or tomorrow
// by the verb's tense.

/** Each language's month names, January first, with the forms a date writes them in (Greek's genitive, "3 Δεκεμβρίου"). */
const SCRIPT_MONTH_NAMES: readonly (readonly string[])[][] = [
  // Hindi (with and without the nukta: फ़रवरी, फरवरी)
  [
    ['जनवरी'],
    ['फ़रवरी', 'फ़रवरी', 'फरवरी'],
    ['मार्च'],
    ['अप्रैल', 'अप्रेल'],
    ['मई'],
    ['जून'],
    ['जुलाई'],
    ['अगस्त'],
    ['सितंबर', 'सितम्बर'],
    ['अक्टूबर', 'अक्तूबर'],
    ['नवंबर', 'नवम्बर'],
    ['दिसंबर', 'दिसम्बर'],
  ],
  // Arabic: the names of Egypt and the Gulf, and of the Levant and Iraq
  [
    ['يناير', 'كانون الثاني'],
    ['فبراير', 'شباط'],
    ['مارس', 'آذار', 'اذار'],
    ['أبريل', 'ابريل', 'إبريل', 'نيسان'],
    ['مايو', 'أيار', 'ايار'],
    ['يونيو', 'يونيه', 'حزيران'],
    ['يوليو', 'يوليه', 'تموز'],
    ['أغسطس', 'اغسطس', 'آب'],
    ['سبتمبر', 'أيلول', 'ايلول'],
    ['أكتوبر', 'اكتوبر', 'تشرين الأول', 'تشرين الاول'],
    ['نوفمبر', 'تشرين الثاني'],
    ['ديسمبر', 'كانون الأول', 'كانون الاول'],
  ],
  // Persian (the Gregorian months, as Persian writes them)
  [
    ['ژانویه'],
    ['فوریه'],
    ['مارس'],
    ['آوریل'],
    ['مه', 'می'],
    ['ژوئن'],
    ['ژوئیه', 'جولای'],
    ['اوت', 'آگوست'],
    ['سپتامبر'],
    ['اکتبر'],
    ['نوامبر'],
    ['دسامبر'],
  ],
  // Hebrew
  [
    ['ינואר'],
    ['פברואר'],
    ['מרץ', 'מרס'],
    ['אפריל'],
    ['מאי'],
    ['יוני'],
    ['יולי'],
    ['אוגוסט'],
    ['ספטמבר'],
    ['אוקטובר'],
    ['נובמבר'],
    ['דצמבר'],
  ],
  // Greek: nominative, genitive ("3 Δεκεμβρίου"), accusative ("τον Δεκέμβριο")
  [
    ['ιανουάριος', 'ιανουαρίου', 'ιανουάριο'],
    ['φεβρουάριος', 'φεβρουαρίου', 'φεβρουάριο'],
    ['μάρτιος', 'μαρτίου', 'μάρτιο'],
    ['απρίλιος', 'απριλίου', 'απρίλιο'],
    ['μάιος', 'μαΐου', 'μαίου', 'μάιο'],
    ['ιούνιος', 'ιουνίου', 'ιούνιο'],
    ['ιούλιος', 'ιουλίου', 'ιούλιο'],
    ['αύγουστος', 'αυγούστου', 'αύγουστο'],
    ['σεπτέμβριος', 'σεπτεμβρίου', 'σεπτέμβριο'],
    ['οκτώβριος', 'οκτωβρίου', 'οκτώβριο'],
    ['νοέμβριος', 'νοεμβρίου', 'νοέμβριο'],
    ['δεκέμβριος', 'δεκεμβρίου', 'δεκέμβριο'],
  ],
  // Thai, with the short forms a date writes ("3 ธ.ค.")
  [
    ['มกราคม', 'ม.ค.'],
    ['กุมภาพันธ์', 'ก.พ.'],
    ['มีนาคม', 'มี.ค.'],
    ['เมษายน', 'เม.ย.'],
    ['พฤษภาคม', 'พ.ค.'],
    ['มิถุนายน', 'มิ.ย.'],
    ['กรกฎาคม', 'ก.ค.'],
    ['สิงหาคม', 'ส.ค.'],
    ['กันยายน', 'ก.ย.'],
    ['ตุลาคม', 'ต.ค.'],
    ['พฤศจิกายน', 'พ.ย.'],
    ['ธันวาคม', 'ธ.ค.'],
  ],
];

/**
 * The spellings a name is also typed in: Greek without its accents, Persian with the Arabic keyboard's ي and ك, Hindi's
 * nukta letters as one character or two.
 */
function typedSpellings(name: string): string[] {
  const out = new Set([name]);
  out.add(
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .normalize('NFC'),
  );
  out.add(name.replace(/ی/g, 'ي').replace(/ک/g, 'ك'));
  out.add(name.replace(/\u095E/g, '\u092B\u093C').replace(/\u0958/g, '\u0915\u093C'));
  out.add(name.replace(/\u092B\u093C/g, '\u095E'));
  return [...out];
}

const SCRIPT_MONTH_BY_WORD = new Map(
  SCRIPT_MONTH_NAMES.flatMap((months) =>
    months.flatMap((forms, i) => forms.flatMap(typedSpellings).map((w) => [w.toLowerCase(), i + 1] as const)),
  ),
);
const SMON = `(${longestFirstAlternation(SCRIPT_MONTH_BY_WORD.keys())})`;
const scriptMonth = (raw: string): number => SCRIPT_MONTH_BY_WORD.get(raw.toLowerCase()) ?? NaN;
/** Thai letters: no spaces between words, so a Thai phrase may start anywhere (isWordStart). */
const THAI_CHAR = /[\u0e00-\u0e7f]/;
// A lone month is one only after its language's "in" or "month" ("في ديسمبر", "شهر ديسمبر", "در دسامبر", "ماه مه",
// "τον Δεκέμβριο", "στις … Δεκεμβρίου", "ในเดือน…"); Hebrew's "in" is the ב of "בדצמבר", Hindi's "में" follows the name,
// Thai's month names are no other word. Not Arabic "مارس" alone: that is also "he practised".
const SCRIPT_MONTH_CONTEXT = /(?:^|[\s,،])(?:في|خلال|شهر|منذ|در|ماه|از|τον|το|τη|στον|στο|μήνα|חודש|בחודש)\s*$/iu;

// Hindi: a past verb makes "कल" yesterday ("मैंने कल क्या किया?"), else it is tomorrow ("कल क्या है?").
const HI_PAST = /(?:मैंने|हमने|उसने|किया|किए|किये|की थी|था|थी|थे|गया|गई|गए|हुआ|हुई|हुए|खाया|लिखा|देखा|मिला)/u;
const hiTensed = (n: number) => (_m: RegExpExecArray, ctx: Ctx, text: string) =>
  single(ctx.today + (HI_PAST.test(text) ? -n : n));
// A count or a day in ASCII digits or the script's own (Persian keyboards type "۳"; asciiDigits reads them).
const SNUM = `([\\d${SCRIPT_DIGIT_CLASS}]{1,3})`;
const HI_WEEK = 'ह(?:\\u095E|\\u092B\\u093C?)्ते|सप्ताह';
const HI_YEAR = '(?:साल|वर्ष)';
// Arabic's "and" and "so" join the next word ("وأمس"); definite forms are spelled with and without the hamza.
const AR = '[وف]?';
const AR_WEEK = '(?:ال)?[أا]سبوع';
const AR_LAST = '(?:الماضي|الفائت|السابق)';
const AR_NEXT = '(?:القادم|المقبل|الجاي)';
const FA_LAST = '(?:گذشته|پیش|قبل|پيش)';
const FA_NEXT = '(?:آینده|بعد|آينده|دیگر)';
const HE_PREFIX = '[וש]?';
const EL_LAST = '(?:την |τον |το )?(?:περασμ[εέ]ν[ηοα]|προηγο[υύ]μεν[ηοα])\\s+';
const EL_NEXT = '(?:την |τον |το )?(?:επ[οό]μεν[ηοα]|ερχ[οό]μεν[ηοα])\\s+';
const EL_THIS = '(?:αυτ[ήηόο]ν?\\s+(?:την\\s+|τον\\s+|το\\s+)?)';
const EL_WEEK = 'εβδομ[αά]δα';
const EL_MONTH = 'μ[ήη]να';
const TH_WEEK = '(?:สัปดาห์|อาทิตย์)';
/** Each language's weekdays, Sunday first (weekdayMatching), as a date writes them. */
const HI_WD = ['रविवार', 'सोमवार', 'मंगलवार', 'बुधवार', '(?:गुरुवार|बृहस्पतिवार)', 'शुक्रवार', 'शनिवार'];
const AR_WD = ['الأحد|الاحد', 'الاثنين|الإثنين', 'الثلاثاء', 'الأربعاء|الاربعاء', 'الخميس', 'الجمعة', 'السبت'];
// Persian's Tuesday is written with a zero-width non-joiner or a space ("سه‌شنبه"): "شنبه" alone is Saturday.
const FA_WD = [
  'یکشنبه|يكشنبه|یک\u200cشنبه',
  'دوشنبه|دو\u200cشنبه',
  'سه\u200c?\\s?شنبه',
  'چهارشنبه|چهار\u200cشنبه',
  'پنجشنبه|پنج\u200cشنبه',
  'جمعه',
  'شنبه',
];
const HE_WD = ['ראשון', 'שני', 'שלישי', 'רביעי', 'חמישי', 'שישי'];
const EL_WD = ['κυριακ[ήη]', 'δευτ[έε]ρα', 'τρ[ίι]τη', 'τετ[άα]ρτη', 'π[έε]μπτη', 'παρασκευ[ήη]', 'σ[άα]ββατο'];
const TH_WD = ['อาทิตย์', 'จันทร์', 'อังคาร', 'พุธ', 'พฤหัสบดี|พฤหัส', 'ศุกร์', 'เสาร์'];
/** The pick a word after a weekday makes: `last` or `next` (patterns), another word this week's; none, the most recent. */
function lastOrNext(word: string | undefined, last: string, next: string): WeekdayPick {
  if (!word) return 'named';
  if (new RegExp(`^(?:${last})$`, 'iu').test(word)) return 'last';
  return new RegExp(`^(?:${next})$`, 'iu').test(word) ? 'next' : 'this';
}
const pickOf = (word: string | undefined, picks: Readonly<Record<string, WeekdayPick>>): WeekdayPick =>
  (word && picks[word]) || 'named';
const agoN = (n: number, unit: Unit) => (_m: RegExpExecArray, ctx: Ctx) => ago(ctx, n, unit);

const SCRIPT_LANGUAGE_RULES: readonly Rule[] = [
  // Hindi
  regexRule('आज', day(0)),
  regexRule('परसों', hiTensed(2)),
  regexRule('कल', hiTensed(1)),
  regexRule(`पिछले\\s+(?:${HI_WEEK})`, period('last', 'week')),
  regexRule(`(?:इस|इसी)\\s+(?:${HI_WEEK})`, period('this', 'week')),
  regexRule(`अगले\\s+(?:${HI_WEEK})`, period('next', 'week')),
  regexRule('पिछले\\s+महीने', period('last', 'month')),
  regexRule('(?:इस|इसी)\\s+महीने', period('this', 'month')),
  regexRule('अगले\\s+महीने', period('next', 'month')),
  regexRule(`(?:पिछले\\s+${HI_YEAR}|पिछला\\s+${HI_YEAR})`, period('last', 'year')),
  regexRule(`(?:इस|इसी)\\s+${HI_YEAR}`, period('this', 'year')),
  regexRule(`अगले\\s+${HI_YEAR}`, period('next', 'year')),
  regexRule(`${SNUM}\\s+दिन\\s+पहले`, agoOf('day')),
  regexRule(`${SNUM}\\s+(?:${HI_WEEK})\\s+पहले`, agoOf('week')),
  regexRule(`${SNUM}\\s+महीने\\s+पहले`, agoOf('month')),
  // Arabic ("في اليوم" is "a day": three times a day)
  regexRule(`${AR}اليوم`, (_m, ctx, text, pos) =>
    /(?:في|كل|مرات?)\s+$/u.test(text.slice(0, pos)) ? null : single(ctx.today),
  ),
  regexRule(`${AR}(?:(?:أول|اول)\\s+(?:من\\s+)?(?:أمس|امس)|قبل\\s+(?:أمس|امس))`, day(-2)),
  regexRule(`${AR}(?:(?:بال)?(?:أمس|امس)|البارحة)`, day(-1)),
  regexRule(`${AR}بعد\\s+(?:غد|بكرة)`, day(2)),
  regexRule(`${AR}(?:غدا|غدًا|غداً|بكرة)`, day(1)),
  regexRule(`${AR}(?:(?:في\\s+)?${AR_WEEK}\\s+${AR_LAST})`, period('last', 'week')),
  regexRule(`${AR}(?:هذا\\s+${AR_WEEK}|${AR_WEEK}\\s+الحالي)`, period('this', 'week')),
  regexRule(`${AR}(?:(?:في\\s+)?${AR_WEEK}\\s+${AR_NEXT})`, period('next', 'week')),
  regexRule(`${AR}(?:(?:في\\s+)?الشهر\\s+${AR_LAST})`, period('last', 'month')),
  regexRule(`${AR}(?:هذا\\s+الشهر|الشهر\\s+الحالي)`, period('this', 'month')),
  regexRule(`${AR}(?:(?:في\\s+)?الشهر\\s+${AR_NEXT})`, period('next', 'month')),
  regexRule(`${AR}(?:(?:في\\s+)?(?:العام\\s+${AR_LAST}|السنة\\s+(?:الماضية|الفائتة|السابقة)))`, period('last', 'year')),
  regexRule(`${AR}(?:هذا\\s+العام|هذه\\s+السنة|العام\\s+الحالي|السنة\\s+الحالية)`, period('this', 'year')),
  regexRule(`${AR}(?:(?:في\\s+)?(?:العام\\s+${AR_NEXT}|السنة\\s+(?:القادمة|المقبلة)))`, period('next', 'year')),
  regexRule(`${AR}قبل\\s+${SNUM}\\s+(?:أيام|ايام|يوما|يومًا|يوم)`, agoOf('day')),
  regexRule(`${AR}قبل\\s+يومين`, agoN(2, 'day')),
  regexRule(`${AR}قبل\\s+(?:أسبوع|اسبوع)`, agoOne('week')),
  regexRule(`${AR}قبل\\s+(?:شهر)`, agoOne('month')),
  // Persian
  regexRule('امروز', day(0)),
  regexRule('پریروز|پريروز', day(-2)),
  regexRule('دیروز|ديروز', day(-1)),
  regexRule('پس\\s*\\u200c?\\s*فردا', day(2)),
  regexRule('فردا', day(1)),
  regexRule(`هفته\\s*\\u200c?\\s*ی?\\s+${FA_LAST}`, period('last', 'week')),
  regexRule('این\\s+هفته|اين\\s+هفته', period('this', 'week')),
  regexRule(`هفته\\s*\\u200c?\\s*ی?\\s+${FA_NEXT}`, period('next', 'week')),
  regexRule(`ماه\\s+${FA_LAST}`, period('last', 'month')),
  regexRule('این\\s+ماه|اين\\s+ماه', period('this', 'month')),
  regexRule(`ماه\\s+${FA_NEXT}`, period('next', 'month')),
  regexRule(`پارسال|سال\\s+${FA_LAST}`, period('last', 'year')),
  regexRule('امسال', period('this', 'year')),
  regexRule(`سال\\s+${FA_NEXT}`, period('next', 'year')),
  regexRule(`${SNUM}\\s+روز\\s+${FA_LAST}`, agoOf('day')),
  // Hebrew
  regexRule(`${HE_PREFIX}היום`, day(0)),
  regexRule(`${HE_PREFIX}שלשום`, day(-2)),
  regexRule(`${HE_PREFIX}אתמול`, day(-1)),
  regexRule(`${HE_PREFIX}מחרתיים`, day(2)),
  regexRule(`${HE_PREFIX}מחר`, day(1)),
  regexRule(`${HE_PREFIX}ב?שבוע\\s+(?:שעבר|הקודם)`, period('last', 'week')),
  regexRule(`${HE_PREFIX}השבוע`, period('this', 'week')),
  regexRule(`${HE_PREFIX}ב?שבוע\\s+הבא`, period('next', 'week')),
  regexRule(`${HE_PREFIX}ב?חודש\\s+(?:שעבר|הקודם)`, period('last', 'month')),
  regexRule(`${HE_PREFIX}החודש`, period('this', 'month')),
  regexRule(`${HE_PREFIX}ב?חודש\\s+הבא`, period('next', 'month')),
  regexRule(`${HE_PREFIX}(?:ב?שנה\\s+(?:שעברה|הקודמת)|אשתקד)`, period('last', 'year')),
  regexRule(`${HE_PREFIX}השנה`, period('this', 'year')),
  regexRule(`${HE_PREFIX}ב?שנה\\s+הבאה`, period('next', 'year')),
  regexRule(`${HE_PREFIX}לפני\\s+${SNUM}\\s+ימים`, agoOf('day')),
  regexRule(`${HE_PREFIX}לפני\\s+יומיים`, agoN(2, 'day')),
  regexRule(`${HE_PREFIX}לפני\\s+שבוע`, agoOne('week')),
  regexRule(`${HE_PREFIX}לפני\\s+חודש`, agoOne('month')),
  // Greek
  regexRule('σ[ήη]μερα', day(0)),
  regexRule('προχθ[έε]ς|προχτ[έε]ς', day(-2)),
  regexRule('(?:ε)?χθ[έε]ς|χτες', day(-1)),
  regexRule('μεθα[ύυ]ριο', day(2)),
  regexRule('α[ύυ]ριο', day(1)),
  regexRule(`${EL_LAST}${EL_WEEK}`, period('last', 'week')),
  regexRule(`${EL_THIS}${EL_WEEK}|(?:την\\s+)?τρ[έε]χουσα\\s+${EL_WEEK}`, period('this', 'week')),
  regexRule(`${EL_NEXT}${EL_WEEK}`, period('next', 'week')),
  regexRule(`${EL_LAST}${EL_MONTH}`, period('last', 'month')),
  regexRule(`${EL_THIS}${EL_MONTH}`, period('this', 'month')),
  regexRule(`${EL_NEXT}${EL_MONTH}`, period('next', 'month')),
  regexRule('π[έε]ρ(?:υ)?σι|(?:την |τη )?περασμ[εέ]νη\\s+χρονι[άα]', period('last', 'year')),
  regexRule('φ[έε]τος', period('this', 'year')),
  regexRule('του\\s+χρ[όο]νου|(?:την |τη )?επ[οό]μενη\\s+χρονι[άα]', period('next', 'year')),
  regexRule(`(?:πριν\\s+(?:από\\s+|απο\\s+)?)${SNUM}\\s+(?:μ[έε]ρες|ημ[έε]ρες)`, agoOf('day')),
  // Thai
  regexRule('วันนี้', day(0)),
  regexRule('เมื่อวานซืน', day(-2)),
  regexRule('เมื่อวาน(?:นี้)?', day(-1)),
  regexRule('มะรืน(?:นี้)?', day(2)),
  regexRule('พรุ่งนี้', day(1)),
  regexRule(`${TH_WEEK}(?:ที่แล้ว|ก่อน|ที่ผ่านมา)`, period('last', 'week')),
  regexRule(`${TH_WEEK}นี้`, period('this', 'week')),
  regexRule(`${TH_WEEK}หน้า`, period('next', 'week')),
  regexRule('เดือน(?:ที่แล้ว|ก่อน|ที่ผ่านมา)', period('last', 'month')),
  regexRule('เดือนนี้', period('this', 'month')),
  regexRule('เดือนหน้า', period('next', 'month')),
  regexRule('ปี(?:ที่แล้ว|ก่อน|กลาย)', period('last', 'year')),
  regexRule('ปีนี้', period('this', 'year')),
  regexRule('ปีหน้า', period('next', 'year')),
  regexRule(`${SNUM}\\s*วัน(?:ที่แล้ว|ก่อน)`, agoOf('day')),
  regexRule(`${SNUM}\\s*${TH_WEEK}(?:ที่แล้ว|ก่อน)`, agoOf('week')),
  // Weekdays, with the words that pick one ("पिछले सोमवार", "الاثنين الماضي", "دوشنبه گذشته", "ביום שני הבא", "την
  // περασμένη Δευτέρα", "วันจันทร์ที่แล้ว"); bare, the most recent one. "हर", "كل", "هر", "כל", "κάθε", "ทุก" before it
  // make it every week. Hebrew's and Thai's weekdays are days ("יום שני", "วันจันทร์"): "שני" alone is "second",
  // Thai "จันทร์" the moon; Greek "Τρίτη" and "Πέμπτη" are also "third" and "fifth", so only after an article.
  regexRule(`(?:(पिछले|अगले|इस|इसी)\\s+)?(${HI_WD.join('|')})`, (m, ctx, text, pos) =>
    /(?:हर|प्रत्येक)\s+$/u.test(text.slice(0, pos))
      ? null
      : weekdayAs(
          ctx,
          pickOf(m[1], { पिछले: 'last', अगले: 'next', इस: 'this', इसी: 'this' }),
          weekdayMatching(HI_WD, m[2]!),
        ),
  ),
  regexRule(`${AR}(?:يوم\\s+)?(${AR_WD.join('|')})(?:\\s+(${AR_LAST}|${AR_NEXT}|الحالي))?`, (m, ctx, text, pos) =>
    /(?:كل|أيام)\s+$/u.test(text.slice(0, pos))
      ? null
      : weekdayAs(ctx, lastOrNext(m[2], AR_LAST, AR_NEXT), weekdayMatching(AR_WD, m[1]!)),
  ),
  regexRule(`(${FA_WD.join('|')})(?:\\s+(${FA_LAST}|${FA_NEXT}))?`, (m, ctx, text, pos) =>
    /هر\s+$/u.test(text.slice(0, pos))
      ? null
      : weekdayAs(ctx, lastOrNext(m[2], FA_LAST, FA_NEXT), weekdayMatching(FA_WD, m[1]!)),
  ),
  regexRule(
    `${HE_PREFIX}(?:ב|ל)?(?:יום\\s+(${HE_WD.join('|')})|(שבת))(?:\\s+(שעבר|הקודם|הבא|הקרוב))?`,
    (m, ctx, text, pos) =>
      /כל\s+$/u.test(text.slice(0, pos))
        ? null
        : weekdayAs(ctx, lastOrNext(m[3], 'שעבר|הקודם', 'הבא|הקרוב'), m[2] ? 6 : HE_WD.indexOf(m[1]!)),
  ),
  regexRule(
    `(?:(την|τη|το)\\s+)?(?:(περασμ[εέ]ν[ηο]|προηγο[υύ]μεν[ηο]|επ[οό]μεν[ηο]|ερχ[οό]μεν[ηο])\\s+)?(${EL_WD.join('|')})`,
    (m, ctx, text, pos) => {
      if (/κ[άα]θε\s+$/iu.test(text.slice(0, pos))) return null;
      const wd = weekdayMatching(EL_WD, m[3]!);
      // Τρίτη and Πέμπτη are also "third" and "fifth": a weekday only after its article or a word that picks it.
      if ((wd === 2 || wd === 4) && !m[1] && !m[2]) return null;
      return weekdayAs(ctx, m[2] ? (/^(?:περ|προ)/iu.test(m[2]) ? 'last' : 'next') : 'named', wd);
    },
  ),
  regexRule(`วัน(${TH_WD.join('|')})(?:(ที่แล้ว|ก่อน|ที่ผ่านมา|หน้า|นี้))?`, (m, ctx, text, pos) =>
    /ทุก$/u.test(text.slice(0, pos))
      ? null
      : weekdayAs(ctx, lastOrNext(m[2], 'ที่แล้ว|ก่อน|ที่ผ่านมา', 'หน้า'), weekdayMatching(TH_WD, m[1]!)),
  ),
  // Month names: with a day ("3 ديسمبر", "15 Δεκεμβρίου 2025", "3 בדצמבר", "3 ธ.ค."), with a year, or after the
  // language's "in".
  regexRule(`${SNUM}\\s*(?:ב|ל)?${SMON}(?:\\s*${YEAR})?`, (m, ctx) => {
    const month = scriptMonth(m[2]!);
    const d = Number(asciiDigits(m[1]!));
    if (!month) return null;
    return m[3] ? explicitDay(Number(m[3]), month, d) : inferDay(month, d, ctx);
  }),
  regexRule(`(?:ב)?${SMON}\\s*${YEAR}`, (m) => {
    const month = scriptMonth(m[1]!);
    return month ? monthRange(Number(m[2]), month) : null;
  }),
  regexRule(`(ב)?${SMON}(\\s+में)?`, (m, ctx, text, pos) => {
    const month = scriptMonth(m[2]!);
    if (!month) return null;
    const named = m[1] || m[3] || THAI_CHAR.test(m[2]!) || ctx.inCompound;
    return named || SCRIPT_MONTH_CONTEXT.test(text.slice(0, pos)) ? inferMonth(month, ctx) : null;
  }),
];

/** ISO week `week` of `year` as a Monday–Sunday range (ISO weeks start on Monday whatever the locale). */
export function isoWeekRange(year: number, week: number): DateRange | null {
  const monday = isoWeekMonday(year, week);
  return monday === null ? null : { from: daysToIso(monday), to: daysToIso(monday + 6) };
}

const ISO_WEEK_RULES: readonly Rule[] = [
  regexRule('(\\d{4})-?W(\\d{2})', (m) => {
    const monday = isoWeekMonday(Number(m[1]), Number(m[2]));
    return monday === null ? null : { from: monday, to: monday + 6 };
  }),
];

const ALL_RULES: readonly Rule[] = [
  sinceRule,
  spanRule(betweenKeyword, andKeyword),
  spanRule(fromKeyword, toKeyword),
  ...SIMPLE_RULES,
  ...ISO_WEEK_RULES,
  // After the English rules, so English wins a tie.
  ...OTHER_LANGUAGE_RULES,
  ...MORE_LANGUAGE_RULES,
  ...SCRIPT_LANGUAGE_RULES,
];

// ---------------------------------------------------------------------------
// Query rewriting
// ---------------------------------------------------------------------------

// A date after these words is an open-ended bound we cannot express as a range;
// matching it as a plain date would filter to exactly the wrong notes.
const OPEN_BOUND_BEFORE =
  /(?:^|[^a-z0-9])(?:before|after|until|till|by|prior\s+to|up\s+to|earlier\s+than|later\s+than|older\s+than|newer\s+than)\s+(?:the\s+)?$/i;

// Left behind when the date phrase goes: "notes from yesterday" → "notes".
const DANGLING = new Set([
  ...['in', 'on', 'from', 'during', 'over', 'within', 'for', 'of', 'throughout', 'the'],
  // Spanish, German, French ("notas de la semana pasada" → "notas"), Italian, Portuguese, Dutch
  ...['de', 'del', 'en', 'durante', 'von', 'vom', 'im', 'am', 'du', 'pendant'],
  // (not Portuguese "do", "no", nor Dutch "op": English's "what did I do on 2026-10-12" kept its "do").
  ...['di', 'della', 'nel', 'nella', 'da', 'na', 'em', 'van', 'tijdens'],
  // Russian and Ukrainian "in" ("в декабре", "у грудні")
  ...['в', 'во', 'у'],
  // Polish "in" ("w grudniu")
  ...['w', 'we'],
  // Czech, Vietnamese, Indonesian, Romanian "in" or "on" ("v prosinci", "vào tháng 12", "pada bulan Desember", "în
  // decembrie")
  ...['v', 've', 'vào', 'trong', 'pada', 'selama', 'în'],
  // Arabic, Persian and Greek "in" ("في ديسمبر", "در دسامبر", "τον Δεκέμβριο"), and Arabic and Persian "month"
  ...['في', 'خلال', 'شهر', 'در', 'ماه', 'τον', 'την', 'τη', 'το', 'στον', 'στο', 'στις'],
]);

// Chinese and Japanese have no spaces: a date phrase may start at any of their characters, and right after one.
const CJK_CHAR = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff10-\uff19]/;

function isWordStart(text: string, pos: number): boolean {
  const c = text.charAt(pos);
  if (CJK_CHAR.test(c) || THAI_CHAR.test(c)) return true;
  if (!WORD_CHAR_RE.test(c)) return false;
  if (pos === 0) return true;
  const prev = text.charAt(pos - 1);
  if (WORD_CHAR_RE.test(prev)) return false;
  // Don't start inside a numeric date such as the "01-18" of "2026-01-18".
  return !(/\d/.test(c) && /[-/.:]/.test(prev));
}

function stripDanglingBefore(text: string, start: number): number {
  for (;;) {
    // Whole words of any script: "em" (Portuguese "in") is the end of Polish "robiłem".
    const m = /(?<![\p{L}\p{N}'’])(\p{L}+)\s+$/iu.exec(text.slice(0, start));
    if (!m || !DANGLING.has(m[1]!.toLowerCase())) return start;
    start = m.index;
  }
}

function tidy(s: string): string {
  return s
    .replace(/\[\[\s*\]\]|\[\s*\]|\(\s*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\s+([?!.,;:؟،؛।])/g, '$1')
    .replace(/[,;:]+([?!.])/g, '$1')
    .replace(/^[\s,;:.\-–]+/, '')
    .replace(/[\s,;:\-–]+$/, '')
    .trim();
}

/**
 * Finds the first date phrase in `query` and returns its inclusive range plus
 * the query without it. `today` may be a Date (its local calendar date is used)
 * or a 'YYYY-MM-DD' string (read literally, any time part ignored).
 */
export function translateDates(query: string, today: Date | string, opts: TranslateDatesOptions = {}): DateQuery {
  const todayDays = todayToDays(today);
  const ctx: Ctx = {
    today: todayDays,
    weekStartsOn: opts.weekStartsOn ?? 1,
    inferBefore: todayDays,
    inCompound: false,
    ahead: asksAhead(query),
  };

  for (let pos = 0; pos < query.length; pos++) {
    if (!isWordStart(query, pos)) continue;
    const hit = longestAt(ALL_RULES, query, pos, ctx);
    if (!hit) continue;
    if (OPEN_BOUND_BEFORE.test(query.slice(0, pos))) {
      // Skip the whole phrase so a tail of it ("Monday" in "after last Monday") isn't picked up instead.
      pos = hit.end - 1;
      continue;
    }

    let end = hit.end;
    const possessive = /^['’]s(?![a-z0-9])/i.exec(query.slice(end));
    if (possessive) end += possessive[0].length;
    // With a possessive the date is a determiner ("summary of yesterday's meeting"), so the preposition isn't dangling.
    const start = possessive ? pos : stripDanglingBefore(query, pos);

    const rest = tidy(`${query.slice(0, start)} ${query.slice(end)}`);
    return {
      query: /[\p{L}\p{N}]/u.test(rest) ? rest : query,
      range: { from: daysToIso(hit.range.from), to: daysToIso(hit.range.to) },
      matched: query.slice(pos, hit.end),
    };
  }
  return { query, range: null, matched: null };
}
