/**
 * The calendars people write dates in besides the Gregorian one, read into the same day numbers
 * (src/text/calendar.ts), so that a question or a note that writes them lands on the same days:
 *
 * - Thai counts years in the Buddhist Era: พ.ศ. 2570 is 2027. The months are the Gregorian ones.
 * - Iran and Afghanistan use the Solar Hijri calendar: its year begins at the March equinox (1 Farvardin 1405 is
 *   21 March 2026), its first six months have 31 days, the next five 30, and Esfand 29 or 30. Which year is a leap
 *   year follows the equinox, so the first day of a year is read from ICU's Persian calendar (Intl), not computed
 *   here; the months follow from it.
 */

import { asciiDigits } from './digits.js';
import { toDays } from './calendar.js';

/** How far the Buddhist Era runs ahead of the Gregorian count of years. */
export const BUDDHIST_ERA_OFFSET = 543;

/** The Buddhist Era years a Thai date may write (1857–2156): no Gregorian year a note is about looks like one. */
const BUDDHIST_ERA_YEARS = { from: 2400, to: 2699 } as const;

/**
 * A year as written, in any script's digits, as a Gregorian year: in Thai text (`thai`), one of the Buddhist Era
 * ("2570") is read as such; any other is taken as written.
 */
export function gregorianYear(written: string, thai: boolean): number {
  const year = Number(asciiDigits(written));
  return thai && year >= BUDDHIST_ERA_YEARS.from && year <= BUDDHIST_ERA_YEARS.to ? year - BUDDHIST_ERA_OFFSET : year;
}

/** The Solar Hijri months, Farvardin first, as a Persian keyboard types them. */
export const SOLAR_HIJRI_MONTH_NAMES: readonly string[] = [
  'فروردین',
  'اردیبهشت',
  'خرداد',
  'تیر',
  'مرداد',
  'شهریور',
  'مهر',
  'آبان',
  'آذر',
  'دی',
  'بهمن',
  'اسفند',
];

/** The Solar Hijri years a date may write: 1300 (1921) to 1499 (2121). */
export const SOLAR_HIJRI_YEARS = { from: 1300, to: 1499 } as const;

const PERSIAN_CALENDAR = new Intl.DateTimeFormat('en-u-ca-persian-nu-latn', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** A Gregorian date's Solar Hijri year, month and day, as ICU reads it. */
export function solarHijriDateOf(year: number, month: number, day: number): [year: number, month: number, day: number] {
  const parts = PERSIAN_CALENDAR.formatToParts(new Date(Date.UTC(year, month - 1, day)));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return [part('year'), part('month'), part('day')];
}

const NEW_YEAR_CACHE = new Map<number, number>();

/** The day number of 1 Farvardin of Solar Hijri year `year`: 19, 20, 21 or 22 March of year + 621. */
function solarHijriNewYear(year: number): number {
  let day = NEW_YEAR_CACHE.get(year);
  if (day === undefined) {
    const march = [19, 20, 21, 22].find((d) => {
      const [y, m, dd] = solarHijriDateOf(year + 621, 3, d);
      return y === year && m === 1 && dd === 1;
    });
    // ICU always has a 1 Farvardin in those four days; were it ever missing, the equinox's usual day is near enough.
    day = toDays(year + 621, 3, march ?? 21);
    NEW_YEAR_CACHE.set(year, day);
  }
  return day;
}

/**
 * The first and last day numbers of Solar Hijri month `month` (1 Farvardin … 12 Esfand) of year `year`, or null for
 * a year out of SOLAR_HIJRI_YEARS or a month out of 1–12.
 */
export function solarHijriMonth(year: number, month: number): { from: number; to: number } | null {
  if (!(year >= SOLAR_HIJRI_YEARS.from && year <= SOLAR_HIJRI_YEARS.to) || !(month >= 1 && month <= 12)) return null;
  const newYear = solarHijriNewYear(year);
  const from = newYear + (month <= 7 ? 31 * (month - 1) : 186 + 30 * (month - 7));
  const to = month === 12 ? solarHijriNewYear(year + 1) - 1 : from + (month <= 6 ? 30 : 29);
  return { from, to };
}

/** The Solar Hijri year a Gregorian date falls in. */
export function solarHijriYearOf(year: number, month: number, day: number): number {
  return solarHijriDateOf(year, month, day)[0];
}
