/** ISO weeks ("2026-W03"), as weekly notes are named. */

import { daysToIso, isoWeekMonday } from '../../text/calendar.js';
import { regexRule } from './ruleKit.js';
import type { Rule } from './ruleKit.js';
import type { DateRange } from '../dates.js';

/** ISO week `week` of `year` as a Monday–Sunday range (ISO weeks start on Monday whatever the locale). */
export function isoWeekRange(year: number, week: number): DateRange | null {
  const monday = isoWeekMonday(year, week);
  return monday === null ? null : { from: daysToIso(monday), to: daysToIso(monday + 6) };
}

export const ISO_WEEK_RULES: readonly Rule[] = [
  regexRule('(\\d{4})-?W(\\d{2})', (m) => {
    const monday = isoWeekMonday(Number(m[1]), Number(m[2]));
    return monday === null ? null : { from: monday, to: monday + 6 };
  }),
];
