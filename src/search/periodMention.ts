/**
 * Whether a note's text names a time a date filter asks about. A date filter keeps notes dated in its range (a daily
 * note's name, a date property) and undated notes changed then; but an undated note may be *about* that time: the
 * budget table's "October actual" column answers "how much did I spend on groceries in October", and the filter
 * kept only October's day notes, so the question was refused. Such chunks are searched for besides the filtered ones
 * (retrieveNotesTool) and kept when they name the time: a date inside the range, or, for a range of whole calendar
 * months, a month's name.
 */

import { daysInMonth, shiftMonth } from '../text/calendar.js';
import type { DateRange } from './dates.js';
import { wordTerms, words, type QueryTerm } from '../text/segment.js';
import { wordStems } from '../text/wordStems.js';
import { inEveryScript, SCRIPT_DIGIT_CLASS } from '../text/digits.js';
import { gregorianYear, SOLAR_HIJRI_MONTH_NAMES, solarHijriDateOf } from '../text/eras.js';
import { escapeRegExp } from '../text/regex.js';

/** A range of more months than this is a season or a year: a month's name in a note says too little about it. */
const MAX_NAMED_MONTHS = 3;

const ISO_DATE = /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/g;

/** A year written before a month's name or a day ("2027年4月", "2027 年 4 月"). */
const YEAR_BEFORE = String.raw`(?:(\d{4})\s?[年년]?\s?)?`;
/**
 * A year written after one ("April 2027", "abril de 2027", "ديسمبر ٢٠٢٥", "เมษายน 2570", "เมษายน พ.ศ. 2570"), in any
 * script's digits; writtenYear reads it.
 */
const YEAR_AFTER = `(?:,?\\s?(?:de |del |di |พ\\.ศ\\.\\s?)?([\\d${SCRIPT_DIGIT_CLASS}]{4}))?`;

/** The year a month's or a day's pattern captured, as a Gregorian year (a Thai one is the Buddhist Era's). */
function writtenYear(m: RegExpMatchArray): number | undefined {
  const written = m[1] ?? m[2];
  return written === undefined ? undefined : gregorianYear(written, /[\u0e00-\u0e7f]/u.test(m[0]));
}

/** The calendar months a range covers whole (first day to last), or [] when it starts or ends inside one. */
function wholeMonths(range: DateRange): { year: number; month: number }[] {
  const [fy, fm, fd] = range.from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = range.to.split('-').map(Number) as [number, number, number];
  if (fd !== 1 || td !== daysInMonth(ty, tm)) return [];
  const months: { year: number; month: number }[] = [];
  for (let [y, m] = [fy, fm]; y < ty || (y === ty && m <= tm); [y, m] = shiftMonth(y, m, 1)) {
    months.push({ year: y, month: m });
    if (months.length > MAX_NAMED_MONTHS) return [];
  }
  return months;
}

/**
 * The pattern of a month's name as a note writes it: a word of its own (a CJK form anywhere but after another digit;
 * English names only capitalised: "May", not the verb "may"), capturing a year written just before ("2027年4月",
 * "2027 年 4 月") or after ("April 2027", "abril de 2027") it.
 */
function monthPattern(name: string, caseSensitive: boolean): RegExp {
  const escaped = escapeRegExp(name);
  // Thai writes no spaces between words ("เมื่อเดือนตุลาคม"): its month names are words of their own anywhere.
  const word = /^\d+[月월]$/u.test(name)
    ? `(?<!\\d)${escaped}`
    : /^[\u0e00-\u0e7f]/u.test(name)
      ? escaped
      : `(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}])`;
  const pattern = `${YEAR_BEFORE}${word}${YEAR_AFTER}`;
  return new RegExp(pattern, caseSensitive ? 'gu' : 'giu');
}

const PATTERN_CACHE = new Map<string, RegExp[]>();

/**
 * The patterns of the names a note may give month `month` (1–12) in English and in `lang`: the full name as Intl writes it standalone
 * and in a date ("październik", "października"), and the numeric forms Japanese, Chinese and Korean write ("10月",
 * "10월").
 */
function monthPatterns(month: number, lang: string): RegExp[] {
  const key = `${lang}:${month}`;
  const cached = PATTERN_CACHE.get(key);
  if (cached) return cached;
  const names = new Map<string, RegExp>();
  const add = (name: string, caseSensitive: boolean) => names.set(name, monthPattern(name, caseSensitive));
  add(`${month}月`, false);
  add(`${month}월`, false);
  for (const { name, caseSensitive } of monthNames(month, lang)) add(name, caseSensitive);
  const list = [...names.values()];
  PATTERN_CACHE.set(key, list);
  return list;
}

/**
 * Month `month`'s names in English (capitalised only: "May", not "may") and in `lang`, as Intl writes it standalone
 * and in a date ("październik", "października").
 */
function monthNames(month: number, lang: string): { name: string; caseSensitive: boolean }[] {
  const day = new Date(Date.UTC(2026, month - 1, 15));
  const out = [
    { name: new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(day), caseSensitive: true },
  ];
  if (lang && lang !== 'en') {
    try {
      out.push({
        name: new Intl.DateTimeFormat(lang, { month: 'long', timeZone: 'UTC', calendar: 'gregory' })
          .format(day)
          .toLowerCase(),
        caseSensitive: false,
      });
      const inDate = new Intl.DateTimeFormat(lang, {
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
        calendar: 'gregory',
      })
        .formatToParts(day)
        .find((p) => p.type === 'month')?.value;
      if (inDate) out.push({ name: inDate.toLowerCase(), caseSensitive: false });
    } catch {
      // A language tag Intl does not know: English names only.
    }
  }
  return out.filter((n) => n.name && !/^\d+$/.test(n.name));
}

/** A range of more days than this is no "day or week": its days are not looked for one by one (dayPatterns). */
const MAX_NAMED_DAYS = 14;

/**
 * The patterns of one calendar day as a note writes it without the ISO form: "12月3日" (Chinese also "12月3号"),
 * "12월 3일", "3 December", "December 3rd", "3. Dezember", "3 de diciembre", "3 décembre", with the year they
 * capture when one is written next to them. "下周四我有什么预约？" asks for 3 December, and the health note's
 * "牙医：12月3日上午9点15分…" names it.
 */
function dayPatterns(month: number, day: number, lang: string): RegExp[] {
  const key = `${lang}:${month}-${day}`;
  const cached = PATTERN_CACHE.get(key);
  if (cached) return cached;
  const year = YEAR_BEFORE;
  const yearAfter = YEAR_AFTER;
  const list = [
    new RegExp(String.raw`${year}(?<!\d)${month}月${day}[日号](?!\d)`, 'gu'),
    new RegExp(String.raw`${year}(?<!\d)${month}월\s?${day}일`, 'gu'),
    ...monthNames(month, lang).flatMap(({ name, caseSensitive }) => {
      const flags = caseSensitive ? 'gu' : 'giu';
      // The day in ASCII digits or the script's own: Persian notes write "۳ دسامبر", Arabic ones "٣ ديسمبر" too.
      const dayIn = `(?:${inEveryScript(day).join('|')})`;
      const escaped = escapeRegExp(name);
      return [
        new RegExp(
          String.raw`${year}(?<![\p{L}\p{N}])${dayIn}(?:st|nd|rd|th|er)?\.?\s(?:de\s)?${escaped}(?![\p{L}])${yearAfter}`,
          flags,
        ),
        new RegExp(
          String.raw`${year}(?<![\p{L}\p{N}])${escaped}\s${dayIn}(?:st|nd|rd|th)?(?![\p{N}])${yearAfter}`,
          flags,
        ),
      ];
    }),
  ];
  PATTERN_CACHE.set(key, list);
  return list;
}

/**
 * The pattern of a day as a Persian note also writes it, in the Solar Hijri calendar ("۱۵ آبان", "۱۵ آبان ۱۴۰۵",
 * "15 آبان ماه"), and that day's Solar Hijri year, which is the year the pattern captures. Only a day: a month's
 * name alone is also a word ("مهر" is kindness, "آبان" a given name).
 */
function solarDayPattern(year: number, month: number, day: number): { pattern: RegExp; year: number } {
  const [sy, sm, sd] = solarHijriDateOf(year, month, day);
  const key = `fa-solar:${sy}-${sm}-${sd}`;
  let pattern = PATTERN_CACHE.get(key)?.[0];
  if (!pattern) {
    const name = SOLAR_HIJRI_MONTH_NAMES[sm - 1]!;
    const names = [...new Set([name, name.replace(/ی/g, 'ي').replace(/ک/g, 'ك')])].join('|');
    pattern = new RegExp(
      `(?<![\\p{L}\\p{N}])(?:${inEveryScript(sd).join('|')})\\s?(?:${names})(?![\\p{L}])(?:\\s?ماه)?${YEAR_AFTER}`,
      'gu',
    );
    PATTERN_CACHE.set(key, [pattern]);
  }
  return { pattern, year: sy };
}

/** The days of `range`, when it is a day or a week or two (MAX_NAMED_DAYS), as year, month and day. */
function daysOf(range: DateRange): { year: number; month: number; day: number }[] {
  const from = Date.parse(`${range.from}T00:00:00Z`);
  const to = Date.parse(`${range.to}T00:00:00Z`);
  const n = Math.round((to - from) / 86_400_000) + 1;
  if (!(n >= 1 && n <= MAX_NAMED_DAYS)) return [];
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(from + i * 86_400_000);
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
  });
}

/**
 * The words notes write the time of `range` with, for a lexical search: for a day or a week or two, each day's month
 * name in English and in `lang` with its number, "12月3日", "12월 3일" and the ISO date; for up to three whole months,
 * each month's names ("December", "dezember", "12月", "12월"); else ''. A question of nothing but its time ("What is
 * on December 6?", "Anything scheduled for December?") is close in meaning to no line; the line naming the time is
 * found by its words. mentionsPeriod then says which of the chunks found name the time.
 */
export function periodWords(range: DateRange, lang = 'en'): string {
  const out = new Set<string>();
  for (const { year, month, day } of daysOf(range)) {
    for (const { name } of monthNames(month, lang)) out.add(`${name} ${day}`);
    out.add(`${month}月${day}日`);
    out.add(`${month}월 ${day}일`);
    out.add(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
    if (lang === 'fa') {
      // A Persian note may write the day in the Solar Hijri calendar, in Persian digits or ASCII ("۱۵ آبان").
      const [, sm, sd] = solarHijriDateOf(year, month, day);
      for (const digits of [String(sd), inEveryScript(sd)[2]!]) out.add(`${digits} ${SOLAR_HIJRI_MONTH_NAMES[sm - 1]}`);
    }
  }
  if (out.size > 0) return [...out].join(' ');
  for (const { month } of wholeMonths(range)) {
    for (const { name } of monthNames(month, lang)) out.add(name);
    out.add(`${month}月`);
    out.add(`${month}월`);
  }
  return [...out].join(' ');
}

/**
 * Whether a month's name stands in `text`, and not with another year next to it: "the Lisbon Trip in April 2027" does
 * not name April 2026 ("what's the weather like in Lisbon in April" was answered with it).
 */
function namesMonth(text: string, name: RegExp, year: number): boolean {
  for (const m of text.matchAll(name)) {
    const written = writtenYear(m);
    if (written === undefined || written === year) return true;
  }
  return false;
}

/**
 * Whether `text` names a time in `range`: a YYYY-MM-DD date inside it, the name of a whole month it covers, or, for a
 * day or a week, one of its days as people write them ("12月3日", "3 December", dayPatterns).
 */
export function mentionsPeriod(text: string, range: DateRange, lang = 'en'): boolean {
  for (const m of text.matchAll(ISO_DATE)) {
    const iso = `${m[1]}-${m[2]}-${m[3]}`;
    if (iso >= range.from && iso <= range.to) return true;
  }
  return (
    wholeMonths(range).some(({ year, month }) =>
      monthPatterns(month, lang).some((name) => namesMonth(text, name, year)),
    ) ||
    daysOf(range).some(({ year, month, day }) => {
      if (dayPatterns(month, day, lang).some((written) => namesMonth(text, written, year))) return true;
      if (lang !== 'fa') return false;
      const solar = solarDayPattern(year, month, day);
      return namesMonth(text, solar.pattern, solar.year);
    })
  );
}

/**
 * Whether `text` names a time and none in `range`: a YYYY-MM-DD date outside it, or a month's name (with the year
 * written next to it, if any) that no day of the range falls in. "牙医：12月3日…" and "Sehtest: fällig im März 2027"
 * name other times than next Monday, 30 November; "every Monday in November" does not.
 */
export function namesAnotherTime(text: string, range: DateRange, lang = 'en'): boolean {
  if (mentionsPeriod(text, range, lang)) return false;
  if (text.search(ISO_DATE) >= 0) return true;
  const [fy, fm] = range.from.split('-').map(Number) as [number, number];
  const [ty, tm] = range.to.split('-').map(Number) as [number, number];
  const inRange = (year: number, month: number) =>
    year * 12 + month >= fy * 12 + fm && year * 12 + month <= ty * 12 + tm;
  for (let month = 1; month <= 12; month++) {
    for (const name of monthPatterns(month, lang)) {
      for (const m of text.matchAll(name)) {
        const written = writtenYear(m);
        const years = written === undefined ? [fy, ty] : [written];
        if (!years.some((year) => inRange(year, month))) return true;
      }
    }
  }
  return false;
}

/**
 * The blocks of a chunk a mention is read in: a table is one block (its header names what every row holds: the
 * "October actual" column is the groceries row's October), any other line is a block of its own.
 */
function blocks(text: string): string[] {
  const out: string[] = [];
  let table: string[] = [];
  for (const line of text.split('\n')) {
    if (/^\s*\|/.test(line)) {
      table.push(line);
      continue;
    }
    if (table.length) out.push(table.join('\n'));
    table = [];
    out.push(line);
  }
  if (table.length) out.push(table.join('\n'));
  return out;
}

/**
 * Whether `text` holds one of the terms: a word, its English stem, or its stem in `lang` (wordStems), as languages
 * that write endings onto a word need: "hangi randevularım var?" (my appointments) asks about the lines under
 * "## Randevular".
 */
function holdsTerm(text: string, about: readonly QueryTerm[], lang: string): boolean {
  const held = new Set(words(text).flatMap((w) => [...wordTerms(w), ...wordStems(lang, w)]));
  return about.some((t) => [...t.terms, ...wordStems(lang, t.word)].some((term) => held.has(term)));
}

/**
 * The text a chunk's mentions of a time are read in: its heading path, itself a heading ("健康 › 预约" is what the
 * lines under it are about, mentionsPeriodAbout), and its content.
 */
export const mentionText = (c: { header_path: string; page_content: string }): string =>
  `${c.header_path}\n${c.page_content}`;

/**
 * Whether `text` names a time in `range` where it speaks of what the question asks: in a block (a line, or a table)
 * that holds one of the question's key words `about`. Health's "Knee: … in October" does not make the note about
 * "what did the dentist say in October" (it put Health above the day note of the check-up); "Shoes: second pair,
 * bought in October" does answer "which running shoes did I buy in October". A query of nothing but its date phrase
 * ("October") takes a mention anywhere in the text.
 */
export function mentionsPeriodAbout(text: string, range: DateRange, about: readonly QueryTerm[], lang = 'en'): boolean {
  if (about.length === 0) return mentionsPeriod(text, range, lang);
  // A line is also about what its heading says: "牙医：12月3日…" under "## 预约" is an appointment on 3 December, and
  // "下周四我有什么预约？" asks for one. The text's first line is the chunk's heading path (mentionText), a heading too.
  let heading = '';
  return blocks(text).some((b, i) => {
    if (i === 0 || /^#{1,6}\s/.test(b)) heading = b;
    return (holdsTerm(b, about, lang) || holdsTerm(heading, about, lang)) && mentionsPeriod(b, range, lang);
  });
}
