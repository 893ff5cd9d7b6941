/**
 * Calendar arithmetic on whole days (days since 1970-01-01), shared by the query-side date grammar
 * (src/search/dates.ts) and Obsidian's note-name formats (src/obsidian/dailyNotes.ts). No Date objects,
 * so no time zone can shift a day.
 */

export type Ymd = readonly [year: number, month: number, day: number];

// Howard Hinnant's days_from_civil: exact for any Gregorian date, no Date involved.
export function toDays(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export function fromDays(days: number): Ymd {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

/** 0 = Sunday … 6 = Saturday. Day 0 (1970-01-01) was a Thursday. */
export function weekday(days: number): number {
  return (((days + 4) % 7) + 7) % 7;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

export function isValidDate(year: number, month: number, day: number): boolean {
  return Number.isInteger(year) && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Normalises month overflow/underflow, e.g. (2026, 0) → (2025, 12). */
export function shiftMonth(year: number, month: number, delta: number): [number, number] {
  const index = year * 12 + (month - 1) + delta;
  return [Math.floor(index / 12), (((index % 12) + 12) % 12) + 1];
}

export function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

export function daysToIso(days: number): string {
  const [y, m, d] = fromDays(days);
  return `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
}

export function startOfWeek(day: number, weekStartsOn: 0 | 1): number {
  return day - ((weekday(day) - weekStartsOn + 7) % 7);
}

/** Monday of ISO week `week` of ISO year `year` (week 1 holds 4 January), or null when the year has no such week. */
export function isoWeekMonday(year: number, week: number): number | null {
  if (!Number.isInteger(week) || week < 1 || week > 53) return null;
  const monday = startOfWeek(toDays(year, 1, 4), 1) + 7 * (week - 1);
  // Week 53 exists only in years whose 28 December falls in it.
  return week === 53 && monday > startOfWeek(toDays(year, 12, 28), 1) ? null : monday;
}

// The first twelve are the full names (used alone for MMMM); 'sept' must precede 'sep' in any alternation.
export const MONTH_WORDS: ReadonlyArray<readonly [string, number]> = [
  ['january', 1],
  ['february', 2],
  ['march', 3],
  ['april', 4],
  ['may', 5],
  ['june', 6],
  ['july', 7],
  ['august', 8],
  ['september', 9],
  ['october', 10],
  ['november', 11],
  ['december', 12],
  ['jan', 1],
  ['feb', 2],
  ['mar', 3],
  ['apr', 4],
  ['jun', 6],
  ['jul', 7],
  ['aug', 8],
  ['sept', 9],
  ['sep', 9],
  ['oct', 10],
  ['nov', 11],
  ['dec', 12],
];
export const MONTH_BY_WORD = new Map(MONTH_WORDS);

/**
 * The languages a daily note's month may be named in besides English: Obsidian writes a file-name format's MMMM and MMM
 * in its app language (moment's locale), so a German vault's "DD. MMMM YYYY" notes are "01. Dezember 2026". These are
 * the languages the agent answers in (src/agent/language.ts), by their Intl locale ('nb' for Norwegian).
 */
const MONTH_NAME_LOCALES = [
  ...['de', 'es', 'fr', 'it', 'pt', 'nl', 'ru', 'uk', 'pl', 'cs', 'tr', 'vi', 'id', 'sv', 'da', 'nb', 'ro', 'fi', 'hu'],
  ...['ja', 'zh', 'ko'],
  ...['hi', 'ar', 'fa', 'he', 'el', 'th'],
];

let localMonths: ReadonlyMap<string, number> | undefined;

/**
 * Month names of MONTH_NAME_LOCALES, lower case, without a trailing dot, as Intl writes them: full and short, alone and
 * in a date ("grudzień", "grudnia", "gru"; "Dezember", "Dez"; "12月"; "tháng 12"). No two months share a name among
 * these languages; a name without a letter ("12" in some short forms) is left out. Built on first use (~10 ms: one
 * formatter per language and width).
 */
export function localMonthByName(): ReadonlyMap<string, number> {
  if (localMonths) return localMonths;
  const names = new Map<string, number>();
  for (const locale of MONTH_NAME_LOCALES) {
    for (const width of ['long', 'short'] as const) {
      // The Gregorian months: Persian's own calendar is Intl's default for 'fa' (آذر, not دسامبر), Thai's a Buddhist one.
      const alone = new Intl.DateTimeFormat(locale, { month: width, timeZone: 'UTC', calendar: 'gregory' });
      const inDate = new Intl.DateTimeFormat(locale, {
        month: width,
        day: 'numeric',
        timeZone: 'UTC',
        calendar: 'gregory',
      });
      for (let month = 1; month <= 12; month++) {
        const day = new Date(Date.UTC(2026, month - 1, 15));
        const written = [alone.format(day), inDate.formatToParts(day).find((p) => p.type === 'month')?.value];
        for (const name of written) {
          const key = name?.toLowerCase().replace(/\.$/, '');
          if (key && /\p{L}/u.test(key)) names.set(key, month);
        }
      }
    }
  }
  return (localMonths = names);
}
