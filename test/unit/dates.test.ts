import { afterEach, describe, expect, it } from 'vitest';
import { isoDate, translateDates, type DateRange } from '../../src/search/dates.js';
import { dateFromDailyNoteName } from '../../src/obsidian/dailyNotes.js';

// Fixed "today" values chosen to straddle month, year and leap-day boundaries.
const NEW_YEAR = '2026-01-01'; // Thursday
const MARCH_1 = '2026-03-01'; // Sunday, day after a 28-day February
const LEAP_DAY = '2024-02-29'; // Thursday
const SUNDAY = '2026-11-22'; // Sunday

function range(query: string, today: Date | string, weekStartsOn?: 0 | 1): DateRange | null {
  return translateDates(query, today, weekStartsOn === undefined ? {} : { weekStartsOn }).range;
}

const day = (d: string): DateRange => ({ from: d, to: d });
const span = (from: string, to: string): DateRange => ({ from, to });

describe('translateDates: single days', () => {
  it.each([
    ['today', NEW_YEAR, '2026-01-01'],
    ['yesterday', NEW_YEAR, '2025-12-31'],
    ['tomorrow', NEW_YEAR, '2026-01-02'],
    ['the day before yesterday', NEW_YEAR, '2025-12-30'],
    ['day before yesterday', MARCH_1, '2026-02-27'],
    ['the day after tomorrow', LEAP_DAY, '2024-03-02'],
    ['yesterday', MARCH_1, '2026-02-28'],
    ['tomorrow', LEAP_DAY, '2024-03-01'],
    ['yesterday', '2024-03-01', '2024-02-29'],
  ])('%s (today %s) → %s', (q, today, expected) => {
    expect(range(q, today)).toEqual(day(expected));
  });

  it('is case-insensitive', () => {
    expect(range('YESTERDAY', SUNDAY)).toEqual(day('2026-11-21'));
    expect(range('Last Week', SUNDAY)).toEqual(span('2026-11-09', '2026-11-15'));
  });
});

describe('translateDates: calendar weeks', () => {
  it('uses Monday-start weeks by default', () => {
    expect(range('this week', SUNDAY)).toEqual(span('2026-11-16', '2026-11-22'));
    expect(range('last week', SUNDAY)).toEqual(span('2026-11-09', '2026-11-15'));
    expect(range('next week', SUNDAY)).toEqual(span('2026-11-23', '2026-11-29'));
    expect(range('previous week', SUNDAY)).toEqual(span('2026-11-09', '2026-11-15'));
  });

  it('honours weekStartsOn: 0 (Sunday)', () => {
    expect(range('this week', SUNDAY, 0)).toEqual(span('2026-11-22', '2026-11-28'));
    expect(range('last week', SUNDAY, 0)).toEqual(span('2026-11-15', '2026-11-21'));
    expect(range('next week', SUNDAY, 0)).toEqual(span('2026-11-29', '2026-12-05'));
  });

  it('crosses the year boundary', () => {
    expect(range('this week', NEW_YEAR)).toEqual(span('2025-12-29', '2026-01-04'));
    expect(range('last week', NEW_YEAR)).toEqual(span('2025-12-22', '2025-12-28'));
    expect(range('this week', NEW_YEAR, 0)).toEqual(span('2025-12-28', '2026-01-03'));
    expect(range('last week', NEW_YEAR, 0)).toEqual(span('2025-12-21', '2025-12-27'));
  });

  it('crosses the leap day', () => {
    expect(range('this week', LEAP_DAY)).toEqual(span('2024-02-26', '2024-03-03'));
    expect(range('next week', LEAP_DAY)).toEqual(span('2024-03-04', '2024-03-10'));
  });
});

describe('translateDates: months and years', () => {
  it.each([
    ['this month', NEW_YEAR, '2026-01-01', '2026-01-31'],
    ['last month', NEW_YEAR, '2025-12-01', '2025-12-31'],
    ['next month', NEW_YEAR, '2026-02-01', '2026-02-28'],
    ['last month', MARCH_1, '2026-02-01', '2026-02-28'],
    ['this month', LEAP_DAY, '2024-02-01', '2024-02-29'],
    ['last month', LEAP_DAY, '2024-01-01', '2024-01-31'],
    ['this year', NEW_YEAR, '2026-01-01', '2026-12-31'],
    ['last year', NEW_YEAR, '2025-01-01', '2025-12-31'],
    ['next year', SUNDAY, '2027-01-01', '2027-12-31'],
  ])('%s (today %s)', (q, today, from, to) => {
    expect(range(q, today)).toEqual(span(from, to));
  });
});

describe('translateDates: weekdays', () => {
  it('"last <weekday>" is strictly before today', () => {
    expect(range('last Monday', SUNDAY)).toEqual(day('2026-11-16'));
    expect(range('last Sunday', SUNDAY)).toEqual(day('2026-11-15'));
    expect(range('last Saturday', SUNDAY)).toEqual(day('2026-11-21'));
    expect(range('last Thursday', NEW_YEAR)).toEqual(day('2025-12-25'));
    expect(range('this past Friday', NEW_YEAR)).toEqual(day('2025-12-26'));
  });

  it('"on <weekday>" and a bare weekday are the most recent one on or before today', () => {
    expect(range('on Sunday', SUNDAY)).toEqual(day('2026-11-22'));
    expect(range('on Monday', SUNDAY)).toEqual(day('2026-11-16'));
    expect(range('Thursday', NEW_YEAR)).toEqual(day('2026-01-01'));
    expect(range('on Friday', NEW_YEAR)).toEqual(day('2025-12-26'));
    expect(range('on Wednesday', MARCH_1)).toEqual(day('2026-02-25'));
  });

  it('"this <weekday>" is that day of the current calendar week', () => {
    expect(range('this Monday', SUNDAY)).toEqual(day('2026-11-16'));
    // With Sunday-start weeks, today (Sunday) opens the week, so "this Monday" is tomorrow.
    expect(range('this Monday', SUNDAY, 0)).toEqual(day('2026-11-23'));
    expect(range('this Saturday', NEW_YEAR)).toEqual(day('2026-01-03'));
  });

  it('"next <weekday>" is strictly after today', () => {
    expect(range('next Monday', SUNDAY)).toEqual(day('2026-11-23'));
    expect(range('next Sunday', SUNDAY)).toEqual(day('2026-11-29'));
    expect(range('next Thursday', NEW_YEAR)).toEqual(day('2026-01-08'));
  });

  it('"<weekday> of last/this/next week"', () => {
    expect(range('Monday of last week', SUNDAY)).toEqual(day('2026-11-09'));
    expect(range('Friday last week', NEW_YEAR)).toEqual(day('2025-12-26'));
    expect(range('Sunday this week', SUNDAY, 0)).toEqual(day('2026-11-22'));
    expect(range('Tuesday next week', SUNDAY)).toEqual(day('2026-11-24'));
  });

  it('weekends', () => {
    expect(range('this weekend', SUNDAY)).toEqual(span('2026-11-21', '2026-11-22'));
    expect(range('last weekend', SUNDAY)).toEqual(span('2026-11-14', '2026-11-15'));
    expect(range('last weekend', NEW_YEAR)).toEqual(span('2025-12-27', '2025-12-28'));
    expect(range('this weekend', NEW_YEAR)).toEqual(span('2026-01-03', '2026-01-04'));
  });
});

describe('translateDates: "N units ago"', () => {
  it.each([
    ['3 days ago', SUNDAY, '2026-11-19'],
    ['three days ago', NEW_YEAR, '2025-12-29'],
    ['one day ago', MARCH_1, '2026-02-28'],
    ['a couple of days ago', MARCH_1, '2026-02-27'],
    ['couple days ago', LEAP_DAY, '2024-02-27'],
    ['twelve days ago', NEW_YEAR, '2025-12-20'],
  ])('%s (today %s) is the single day %s', (q, today, expected) => {
    expect(range(q, today)).toEqual(day(expected));
  });

  it('weeks ago is the whole calendar week', () => {
    expect(range('two weeks ago', SUNDAY)).toEqual(span('2026-11-02', '2026-11-08'));
    expect(range('two weeks ago', SUNDAY, 0)).toEqual(span('2026-11-08', '2026-11-14'));
    expect(range('a week ago', SUNDAY)).toEqual(range('last week', SUNDAY));
    expect(range('an week ago', NEW_YEAR)).toEqual(span('2025-12-22', '2025-12-28'));
    expect(range('2 weeks ago', NEW_YEAR)).toEqual(span('2025-12-15', '2025-12-21'));
  });

  it('months and years ago are whole calendar months and years', () => {
    expect(range('3 months ago', NEW_YEAR)).toEqual(span('2025-10-01', '2025-10-31'));
    expect(range('a month ago', MARCH_1)).toEqual(span('2026-02-01', '2026-02-28'));
    expect(range('twelve months ago', LEAP_DAY)).toEqual(span('2023-02-01', '2023-02-28'));
    expect(range('a year ago', LEAP_DAY)).toEqual(span('2023-01-01', '2023-12-31'));
    expect(range('two years ago', SUNDAY)).toEqual(span('2024-01-01', '2024-12-31'));
  });
});

describe('translateDates: rolling windows ending today', () => {
  it.each([
    ['in the last 7 days', SUNDAY, '2026-11-16'],
    ['in the past 3 days', NEW_YEAR, '2025-12-30'],
    ['last two days', MARCH_1, '2026-02-28'],
    ['the last couple of days', MARCH_1, '2026-02-28'],
    ['in the last 2 weeks', NEW_YEAR, '2025-12-19'],
    ['over the past week', SUNDAY, '2026-11-16'],
    ['in the last week', NEW_YEAR, '2025-12-26'],
    ['this past week', SUNDAY, '2026-11-16'],
    ['in the past month', MARCH_1, '2026-02-02'],
    ['in the last month', NEW_YEAR, '2025-12-02'],
    ['in the last 3 months', '2026-05-31', '2026-03-01'],
    ['in the past year', LEAP_DAY, '2023-03-01'],
  ])('%s (today %s) starts %s', (q, today, from) => {
    expect(range(q, today)).toEqual(span(from, today));
  });
});

describe('translateDates: since / between / from…to', () => {
  it('"since X" runs from the start of X to today', () => {
    expect(range('since yesterday', NEW_YEAR)).toEqual(span('2025-12-31', '2026-01-01'));
    expect(range('since last week', SUNDAY)).toEqual(span('2026-11-09', '2026-11-22'));
    expect(range('since Monday', SUNDAY)).toEqual(span('2026-11-16', '2026-11-22'));
    expect(range('since 2026-01-18', SUNDAY)).toEqual(span('2026-01-18', '2026-11-22'));
    expect(range('since March', NEW_YEAR)).toEqual(span('2025-03-01', '2026-01-01'));
    expect(range('since 2025', SUNDAY)).toEqual(span('2025-01-01', '2026-11-22'));
    expect(range('since 18 January', SUNDAY)).toEqual(span('2026-01-18', '2026-11-22'));
  });

  it('"since" without a date is just a word', () => {
    expect(translateDates('since I moved, what changed', SUNDAY)).toEqual({
      query: 'since I moved, what changed',
      range: null,
      matched: null,
    });
  });

  it('"between X and Y" covers both ends', () => {
    expect(range('between yesterday and today', NEW_YEAR)).toEqual(span('2025-12-31', '2026-01-01'));
    expect(range('between 2026-01-05 and 2026-01-10', SUNDAY)).toEqual(span('2026-01-05', '2026-01-10'));
    expect(range('between December and February', SUNDAY)).toEqual(span('2025-12-01', '2026-02-28'));
    // The left side's year follows the right side, so the span doesn't run backwards into the future.
    expect(range('from March to May', '2026-04-10')).toEqual(span('2025-03-01', '2025-05-31'));
    expect(range('between 3 March and 5 April', NEW_YEAR)).toEqual(span('2025-03-03', '2025-04-05'));
  });

  it('"from X to Y"', () => {
    expect(range('from Monday to Friday', SUNDAY)).toEqual(span('2026-11-16', '2026-11-20'));
    // Wednesday: "Friday" is last week's, and "Monday" is the one before it.
    expect(range('from Monday to Friday', '2026-11-18')).toEqual(span('2026-11-09', '2026-11-13'));
    expect(range('from 2025-12-01 - 2026-01-05', SUNDAY)).toEqual(span('2025-12-01', '2026-01-05'));
  });

  it('falls back to a single date when the second half is not a date', () => {
    const r = translateDates('notes from yesterday to discuss', SUNDAY);
    expect(r.range).toEqual(day('2026-11-21'));
    expect(r.query).toBe('notes to discuss');
  });
});

describe('translateDates: month names', () => {
  it('a month without a year is the most recent one that has started', () => {
    expect(range('in December', SUNDAY)).toEqual(span('2025-12-01', '2025-12-31'));
    expect(range('in March', SUNDAY)).toEqual(span('2026-03-01', '2026-03-31'));
    expect(range('in November', SUNDAY)).toEqual(span('2026-11-01', '2026-11-30'));
    expect(range('in January', NEW_YEAR)).toEqual(span('2026-01-01', '2026-01-31'));
    expect(range('in December', NEW_YEAR)).toEqual(span('2025-12-01', '2025-12-31'));
    expect(range('during February', LEAP_DAY)).toEqual(span('2024-02-01', '2024-02-29'));
    expect(range('from May', SUNDAY)).toEqual(span('2026-05-01', '2026-05-31'));
    expect(range('in sept', SUNDAY)).toEqual(span('2026-09-01', '2026-09-30'));
  });

  it('with an explicit year', () => {
    expect(range('in December 2025', SUNDAY)).toEqual(span('2025-12-01', '2025-12-31'));
    expect(range('December 2025', NEW_YEAR)).toEqual(span('2025-12-01', '2025-12-31'));
    expect(range('Dec 2024', SUNDAY)).toEqual(span('2024-12-01', '2024-12-31'));
    expect(range('May 2025', SUNDAY)).toEqual(span('2025-05-01', '2025-05-31'));
    expect(range('February 2024', SUNDAY)).toEqual(span('2024-02-01', '2024-02-29'));
    expect(range('march of 2023', SUNDAY)).toEqual(span('2023-03-01', '2023-03-31'));
  });

  it('this / last / next <month>', () => {
    expect(range('last December', SUNDAY)).toEqual(span('2025-12-01', '2025-12-31'));
    expect(range('last November', SUNDAY)).toEqual(span('2025-11-01', '2025-11-30'));
    expect(range('last October', SUNDAY)).toEqual(span('2026-10-01', '2026-10-31'));
    expect(range('this December', SUNDAY)).toEqual(span('2026-12-01', '2026-12-31'));
    expect(range('next March', SUNDAY)).toEqual(span('2027-03-01', '2027-03-31'));
    expect(range('next December', SUNDAY)).toEqual(span('2026-12-01', '2026-12-31'));
  });

  it('whole years need a preposition', () => {
    expect(range('in 2025', SUNDAY)).toEqual(span('2025-01-01', '2025-12-31'));
    expect(range('goals for 2027', SUNDAY)).toEqual(span('2027-01-01', '2027-12-31'));
    expect(range('2025 was busy', SUNDAY)).toBeNull();
  });
});

describe('translateDates: day and month', () => {
  it.each([
    ['on 18 January', SUNDAY, '2026-01-18'],
    ['January 18th', SUNDAY, '2026-01-18'],
    ['Jan. 18', SUNDAY, '2026-01-18'],
    ['the 5th of May', SUNDAY, '2026-05-05'],
    ['18th of January', SUNDAY, '2026-01-18'],
    ['January 18, 2025', SUNDAY, '2025-01-18'],
    ['18 January 2025', SUNDAY, '2025-01-18'],
    ['December 25', NEW_YEAR, '2025-12-25'],
    ['on 1 January', NEW_YEAR, '2026-01-01'],
    // A date within the next 13 days is the coming one (an appointment); further ahead, the most recent one.
    ['January 2', NEW_YEAR, '2026-01-02'],
    ['November 30', SUNDAY, '2026-11-30'],
    ['December 5', SUNDAY, '2026-12-05'],
    ['December 6', SUNDAY, '2025-12-06'],
    ['January 14', NEW_YEAR, '2026-01-14'],
    ['January 15', NEW_YEAR, '2025-01-15'],
    ['November 22', SUNDAY, '2026-11-22'],
    ['Feb 29', LEAP_DAY, '2024-02-29'],
    ['Feb 29', MARCH_1, '2024-02-29'],
    ['February 28', MARCH_1, '2026-02-28'],
    ['may 5', SUNDAY, '2026-05-05'],
    // In every language the notes write a day: "12月3日有什么安排？" asked on 22 November is in eleven days.
    ['12月3日有什么安排？', SUNDAY, '2026-12-03'],
    // "予定" (plans) asks what is to come: 8 December, 16 days ahead, is this year's (it was 2025-12-08).
    ['12月8日の予定', SUNDAY, '2026-12-08'],
    ['12月8日の日記', SUNDAY, '2025-12-08'],
    ['Was habe ich am 3. Dezember?', SUNDAY, '2026-12-03'],
    ['el 2 de diciembre', SUNDAY, '2026-12-02'],
    ['11月3日', SUNDAY, '2026-11-03'],
  ])('%s (today %s) → %s', (q, today, expected) => {
    expect(range(q, today)).toEqual(day(expected));
  });

  // A question that asks what is planned reads a day, weekday or month without a year forward from today: "What
  // is planned for December 12?" asked on 22 November was about 2025-12-12, a day no plan is for.
  it.each([
    ['What is planned for December 12?', '2026-12-12'],
    ['What was planned for December 12?', '2025-12-12'],
    ['What did I do on December 12?', '2025-12-12'],
    ['Anything scheduled for January 3?', '2027-01-03'],
    ['What will I do on December 12?', '2026-12-12'],
    ['Was ist am 12. Dezember geplant?', '2026-12-12'],
    ['Was war am 12. Dezember geplant?', '2025-12-12'],
    ['¿Qué tengo planeado para el 12 de diciembre?', '2026-12-12'],
    ['12月12日有什么安排？', '2026-12-12'],
    ['Wat staat er gepland voor 12 december?', '2026-12-12'],
    ['Cosa è previsto per il 12 dicembre?', '2026-12-12'],
    ['What is planned for November 22?', '2026-11-22'],
    ['What is planned for Friday?', '2026-11-27'],
    ['What did I do on Friday?', '2026-11-20'],
    ['What is planned for Sunday?', '2026-11-22'],
    // "plant" is no plan word (German's "plant" is English's plant).
    ['what did I plant on 12 December', '2025-12-12'],
  ])('%s (asked on Sunday 22 November 2026) → %s', (q, expected) => {
    expect(range(q, SUNDAY)).toEqual(day(expected));
  });

  it.each([
    ['What is planned for December?', span('2026-12-01', '2026-12-31')],
    ['12月有哪些安排？', span('2026-12-01', '2026-12-31')],
    ['What is planned for November?', span('2026-11-01', '2026-11-30')],
    ['What did I do in December?', span('2025-12-01', '2025-12-31')],
    ['What is due in March?', span('2027-03-01', '2027-03-31')],
    ['What was due in March?', span('2026-03-01', '2026-03-31')],
  ])('%s (asked on 22 November 2026) → %j', (q, expected) => {
    expect(range(q, SUNDAY)).toEqual(expected);
  });

  it('rejects impossible explicit dates', () => {
    expect(range('February 30 2025', SUNDAY)).toBeNull();
    expect(range('on 31 April', SUNDAY)).toBeNull();
    // Once the day is rejected, "February 2025" still reads as a month.
    expect(range('29 February 2025', SUNDAY)).toEqual(span('2025-02-01', '2025-02-28'));
  });
});

describe('translateDates: numeric dates', () => {
  it.each([
    ['2026-01-18', day('2026-01-18')],
    ['2026/01/18', day('2026-01-18')],
    ['2024-2-9', day('2024-02-09')],
    ['18.01.2026', day('2026-01-18')],
    ['2026-01', span('2026-01-01', '2026-01-31')],
    ['2024-02', span('2024-02-01', '2024-02-29')],
    ['2026/02', span('2026-02-01', '2026-02-28')],
  ])('%s', (q, expected) => {
    expect(range(q, SUNDAY)).toEqual(expected);
  });

  it('rejects invalid numeric dates without matching part of them', () => {
    expect(range('2026-02-30', SUNDAY)).toBeNull();
    expect(range('2026-13', SUNDAY)).toBeNull();
    expect(range('2026-01/18', SUNDAY)).toBeNull();
    expect(range('version 12026-01-18', SUNDAY)).toBeNull();
  });
});

describe('translateDates: query rewriting', () => {
  it.each([
    ['what did I write last week', 'what did I write'],
    ['what did I write last week?', 'what did I write?'],
    ['notes from yesterday', 'notes'],
    ['meetings in December 2025 about hiring', 'meetings about hiring'],
    ['what happened on 2026-01-18', 'what happened'],
    ['ideas in the last 3 days', 'ideas'],
    ['yesterday, what did I plan', 'what did I plan'],
    ["yesterday's journal", 'journal'],
    ["summary of last week's retro", 'summary of retro'],
    ['what did I read during March', 'what did I read'],
    ['tasks since last Monday', 'tasks'],
    ['notes between Monday and Friday on rust', 'notes on rust'],
    ['journal   from   the   past   week  ', 'journal'],
    ['see [[2026-01-18]] notes', 'see notes'],
  ])('%s → %s', (q, expected) => {
    expect(translateDates(q, SUNDAY).query).toBe(expected);
  });

  it('keeps the original query when only the date remains', () => {
    expect(translateDates('yesterday', SUNDAY)).toEqual({
      query: 'yesterday',
      range: day('2026-11-21'),
      matched: 'yesterday',
    });
    expect(translateDates('in December?', SUNDAY).query).toBe('in December?');
  });

  it('reports the phrase as written', () => {
    expect(translateDates('Notes from Last Week', SUNDAY).matched).toBe('Last Week');
    expect(translateDates('done since Last Monday!', SUNDAY).matched).toBe('since Last Monday');
  });

  it('uses only the first date expression', () => {
    const r = translateDates('notes from yesterday and last week', SUNDAY);
    expect(r.range).toEqual(day('2026-11-21'));
    expect(r.query).toBe('notes and last week');
  });

  it('leaves queries without dates alone', () => {
    expect(translateDates('how do I   configure  sync?', SUNDAY)).toEqual({
      query: 'how do I   configure  sync?',
      range: null,
      matched: null,
    });
  });
});

describe('translateDates: false positives', () => {
  it.each([
    'May I see my notes?',
    'may I ask about the roadmap',
    'Mayday protocol',
    'march forward with the plan',
    'the march of progress',
    'todays agenda',
    'weekday routines',
    'Mondays are hard',
    'a decade of notes',
    'I sat down on the sunny side',
    'version 3 days',
    'the last day of school',
    'top 10 tips',
  ])('%s', (q) => {
    expect(translateDates(q, SUNDAY)).toEqual({ query: q, range: null, matched: null });
  });

  it('does not read the modal "may" as May even when a later date matches', () => {
    const r = translateDates('May I see notes from 2025?', SUNDAY);
    expect(r.range).toEqual(span('2025-01-01', '2025-12-31'));
    expect(r.query).toBe('May I see notes?');
  });

  it('declines open-ended bounds rather than filtering to the bound itself', () => {
    for (const q of [
      'notes before yesterday',
      'written after last Monday',
      'due by Friday',
      'until next week',
      'older than 3 days ago',
    ]) {
      expect(range(q, SUNDAY)).toBeNull();
    }
  });
});

describe('translateDates: today argument', () => {
  it('accepts a Date and uses its local calendar day', () => {
    expect(range('yesterday', new Date(2026, 0, 1, 23, 59))).toEqual(day('2025-12-31'));
    expect(range('today', new Date(2024, 1, 29, 0, 0, 1))).toEqual(day('2024-02-29'));
  });

  it('reads a date string literally, ignoring any time part', () => {
    expect(range('today', '2026-01-01T23:30:00-10:00')).toEqual(day('2026-01-01'));
  });

  it('throws on an invalid today', () => {
    expect(() => translateDates('today', 'not a date')).toThrow(RangeError);
    expect(() => translateDates('today', '2026-02-30')).toThrow(RangeError);
    expect(() => translateDates('today', new Date(NaN))).toThrow(RangeError);
  });
});

describe('isoDate', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it('formats the local calendar date even where UTC is a different day', () => {
    process.env.TZ = 'Pacific/Kiritimati'; // UTC+14: local 00:30 is the previous UTC day
    expect(new Date(2026, 0, 1, 0, 30).toISOString().slice(0, 10)).toBe('2025-12-31');
    expect(isoDate(new Date(2026, 0, 1, 0, 30))).toBe('2026-01-01');

    process.env.TZ = 'Pacific/Pago_Pago'; // UTC-11: local 23:30 is the next UTC day
    expect(new Date(2025, 11, 31, 23, 30).toISOString().slice(0, 10)).toBe('2026-01-01');
    expect(isoDate(new Date(2025, 11, 31, 23, 30))).toBe('2025-12-31');
    expect(range('yesterday', new Date(2026, 0, 1, 23, 30))).toEqual(day('2025-12-31'));
  });

  it('pads small years, months and days', () => {
    const d = new Date(2026, 0, 5);
    d.setFullYear(33);
    expect(isoDate(d)).toBe('0033-01-05');
  });
});

describe('dateFromDailyNoteName', () => {
  it.each<[string, string | undefined, string | null]>([
    ['2026-01-18.md', undefined, '2026-01-18'],
    ['2026-01-18', undefined, '2026-01-18'],
    ['Journal/Daily/2026-01-18.md', undefined, '2026-01-18'],
    ['Journal\\Daily\\2026-01-18.md', undefined, '2026-01-18'],
    ['2026-01-18 Monday.md', undefined, '2026-01-18'],
    ['Daily/2026-01-18 - standup notes.md', 'YYYY-MM-DD', '2026-01-18'],
    ['18.01.2026.md', 'DD.MM.YYYY', '2026-01-18'],
    ['Journal/18.01.2026.md', 'DD.MM.YYYY', '2026-01-18'],
    ['Journal/2026/01/18.md', 'YYYY/MM/DD', '2026-01-18'],
    ['2026/01/18.md', 'YYYY/MM/DD', '2026-01-18'],
    ['Journal/2026/01/2026-01-18.md', 'YYYY/MM/YYYY-MM-DD', '2026-01-18'],
    ['1-8-2026.md', 'M-D-YYYY', '2026-01-08'],
    ['12-31-2025.md', 'M-D-YYYY', '2025-12-31'],
    ['20260118.md', 'YYYYMMDD', '2026-01-18'],
    ['2026-01-18 Sunday.md', 'YYYY-MM-DD dddd', '2026-01-18'],
    ['Daily 2026-01-18.md', '[Daily] YYYY-MM-DD', '2026-01-18'],
    ['18 January 2026.md', 'D MMMM YYYY', '2026-01-18'],
    ['Jan 18th, 26.md', 'MMM Do, YY', '2026-01-18'],
    ['2024-02-29.md', undefined, '2024-02-29'],
    // Obsidian writes MMMM, MMM, Do and dddd in its app language (thirty-eighth session).
    ['01. Dezember 2026.md', 'DD. MMMM YYYY', '2026-12-01'],
    ['Journal/Montag, 1. Dezember 2026.md', 'dddd, D. MMMM YYYY', '2026-12-01'],
    ['1 декабря 2026.md', 'D MMMM YYYY', '2026-12-01'],
    ['1 grudnia 2026.md', 'D MMMM YYYY', '2026-12-01'],
    ['1er décembre 2026.md', 'Do MMMM YYYY', '2026-12-01'],
    ['Dez. 1, 2026.md', 'MMM D, YYYY', '2026-12-01'],
    ['1 Mayıs 2026 Cuma.md', 'D MMMM YYYY dddd', '2026-05-01'],
    ['1 tháng 12 2026.md', 'D MMMM YYYY', '2026-12-01'],
    // Gregorian months in Arabic, Persian (not Intl's default solar calendar), Hebrew, Greek, Hindi, Thai (forty-seventh).
    ['1 ديسمبر 2026.md', 'D MMMM YYYY', '2026-12-01'],
    ['1 دسامبر 2026.md', 'D MMMM YYYY', '2026-12-01'],
    ['1 דצמבר 2026.md', 'D MMMM YYYY', '2026-12-01'],
    ['1 Δεκεμβρίου 2026.md', 'D MMMM YYYY', '2026-12-01'],
    ['1 दिसंबर 2026.md', 'D MMMM YYYY', '2026-12-01'],
    ['1 ธันวาคม 2026.md', 'D MMMM YYYY', '2026-12-01'],
    ['2026年12月1日 月曜日.md', 'YYYY年M月D日 dddd', '2026-12-01'],
  ])('%s (format %s) → %s', (name, format, expected) => {
    expect(dateFromDailyNoteName(name, format)).toBe(expected);
  });

  it.each<[string, string | undefined]>([
    ['Meeting notes.md', undefined],
    ['Project 2026-01-18.md', undefined],
    ['2026-01-18/notes.md', undefined],
    ['2026-02-30.md', undefined],
    ['2025-02-29.md', undefined],
    ['2026-13-01.md', undefined],
    ['2026-01-180.md', undefined],
    ['2026-01-18.md', 'DD.MM.YYYY'],
    ['18.01.2026.md', undefined],
    ['Journal/2026/01/18.md', 'YYYY-MM-DD'],
    ['Journal/2025/01/2026-01-18.md', 'YYYY/MM/YYYY-MM-DD'],
    ['2026-01.md', 'YYYY-MM'],
    ['1. Dezembre 2026.md', 'D. MMMM YYYY'],
  ])('%s (format %s) → null', (name, format) => {
    expect(dateFromDailyNoteName(name, format)).toBeNull();
  });
});

describe('translateDates: Japanese, Chinese, Spanish, German and French', () => {
  // SUNDAY = 2026-11-22; weeks start on Monday, so "this week" is 11-16..11-22.
  const LAST_WEEK = span('2026-11-09', '2026-11-15');
  const THIS_WEEK = span('2026-11-16', '2026-11-22');
  const LAST_MONTH = span('2026-10-01', '2026-10-31');
  const THIS_MONTH = span('2026-11-01', '2026-11-30');
  const LAST_DECEMBER = span('2025-12-01', '2025-12-31');

  it.each([
    ['昨日の会議', day('2026-11-21')],
    ['今日', day('2026-11-22')],
    ['一昨日', day('2026-11-20')],
    ['明日の予定', day('2026-11-23')],
    ['先週のメモ', LAST_WEEK],
    ['今週やったこと', THIS_WEEK],
    ['先月の支出', LAST_MONTH],
    ['今月', THIS_MONTH],
    ['去年の旅行', span('2025-01-01', '2025-12-31')],
    ['3日前に書いたノート', day('2026-11-19')],
    ['３日前', day('2026-11-19')],
    ['三日前', day('2026-11-19')],
    ['十日前', day('2026-11-12')],
    ['2週間前', span('2026-11-02', '2026-11-08')],
    ['2か月前', span('2026-09-01', '2026-09-30')],
    ['過去7日間のメモ', span('2026-11-16', '2026-11-22')],
    ['12月の日記', LAST_DECEMBER],
    ['2025年12月15日の議事録', day('2025-12-15')],
    ['2025年3月', span('2025-03-01', '2025-03-31')],
    ['11月3日', day('2026-11-03')],
    ['昨天的会议', day('2026-11-21')],
    ['上周', LAST_WEEK],
    ['上个月的笔记', LAST_MONTH],
    ['3天前', day('2026-11-19')],
    ['ayer', day('2026-11-21')],
    ['¿Qué hice hoy?', day('2026-11-22')],
    ['notas de la semana pasada', LAST_WEEK],
    ['el mes pasado', LAST_MONTH],
    ['esta semana', THIS_WEEK],
    ['este mes', THIS_MONTH],
    ['hace 3 días', day('2026-11-19')],
    ['hace dos semanas', span('2026-11-02', '2026-11-08')],
    ['los últimos 7 días', span('2026-11-16', '2026-11-22')],
    ['¿Qué escribí en diciembre?', LAST_DECEMBER],
    ['el 15 de diciembre de 2025', day('2025-12-15')],
    ['diciembre de 2025', LAST_DECEMBER],
    ['pasado mañana', day('2026-11-24')],
    ['gestern', day('2026-11-21')],
    ['Notizen von letzter Woche', LAST_WEEK],
    ['letzten Monat', LAST_MONTH],
    ['vor 3 Tagen', day('2026-11-19')],
    ['Was habe ich im Dezember gemacht?', LAST_DECEMBER],
    ['am 15. Dezember 2025', day('2025-12-15')],
    ['hier', day('2026-11-21')],
    ["aujourd'hui", day('2026-11-22')],
    ['la semaine dernière', LAST_WEEK],
    ['le mois dernier', LAST_MONTH],
    ['il y a 2 jours', day('2026-11-20')],
    ['en décembre', LAST_DECEMBER],
    // Italian, Portuguese, Dutch (thirty-seventh session).
    ['Cosa ho fatto ieri?', day('2026-11-21')],
    ['note della settimana scorsa', LAST_WEEK],
    ['il mese scorso', LAST_MONTH],
    ['questa settimana', THIS_WEEK],
    ['tre giorni fa', day('2026-11-19')],
    ['Cosa ho scritto a dicembre?', LAST_DECEMBER],
    ['il 15 dicembre 2025', day('2025-12-15')],
    ['O que fiz ontem?', day('2026-11-21')],
    ['notas da semana passada', LAST_WEEK],
    ['no mês passado', LAST_MONTH],
    ['há 3 dias', day('2026-11-19')],
    ['O que escrevi em dezembro?', LAST_DECEMBER],
    ['15 de dezembro de 2025', day('2025-12-15')],
    ['Wat heb ik gisteren gedaan?', day('2026-11-21')],
    ['notities van vorige week', LAST_WEEK],
    ['afgelopen maand', LAST_MONTH],
    ['deze week', THIS_WEEK],
    ['twee dagen geleden', day('2026-11-20')],
    ['Wat schreef ik in december?', LAST_DECEMBER],
    ['15 december 2025', day('2025-12-15')],
    ['Что я делал вчера?', day('2026-11-21')],
    ['Что я делал на прошлой неделе?', LAST_WEEK],
    ['в прошлом месяце', LAST_MONTH],
    ['3 дня назад', day('2026-11-19')],
    ['Что я писал в декабре?', LAST_DECEMBER],
    ['15 декабря 2025', day('2025-12-15')],
    ['Що я робив учора?', day('2026-11-21')],
    ['нотатки минулого тижня', LAST_WEEK],
    ['цього місяця', THIS_MONTH],
    ['Що я писав у грудні?', LAST_DECEMBER],
    ['Co robiłem wczoraj?', day('2026-11-21')],
    ['Co robiłem w zeszłym tygodniu?', LAST_WEEK],
    ['w tym miesiącu', THIS_MONTH],
    ['3 dni temu', day('2026-11-19')],
    ['Co pisałem w grudniu?', LAST_DECEMBER],
    ['15 grudnia 2025', day('2025-12-15')],
    ['어제 뭐 했어?', day('2026-11-21')],
    ['지난주에 뭐 했지?', LAST_WEEK],
    ['지난달 메모', LAST_MONTH],
    ['3일 전 메모', day('2026-11-19')],
    ['12월에 뭐 썼어?', LAST_DECEMBER],
    ['2025년 12월 15일 회의', day('2025-12-15')],
    // Turkish, Vietnamese, Indonesian, Czech, Swedish, Danish, Norwegian, Romanian, Finnish, Hungarian (thirty-eighth
    // session).
    ['Dün ne yaptım?', day('2026-11-21')],
    ['geçen haftaki notlar', LAST_WEEK],
    ['Geçen ayın notlarını göster', LAST_MONTH],
    ['İki gün önce', day('2026-11-20')],
    ['kasımda ne yazdım', THIS_MONTH],
    ["3 Aralık 2025'te", day('2025-12-03')],
    ['Hôm qua tôi làm gì?', day('2026-11-21')],
    ['Tuần trước tôi đã làm gì?', LAST_WEEK],
    ['ghi chú tháng này', THIS_MONTH],
    ['ba ngày trước', day('2026-11-19')],
    ['ngày 15 tháng 12 năm 2025', day('2025-12-15')],
    ['Apa yang saya lakukan kemarin?', day('2026-11-21')],
    ['catatan minggu lalu', LAST_WEEK],
    ['3 hari yang lalu', day('2026-11-19')],
    ['pada bulan Desember', LAST_DECEMBER],
    ['Co jsem dělal včera?', day('2026-11-21')],
    ['minulý týden', LAST_WEEK],
    ['před dvěma dny', day('2026-11-20')],
    ['v prosinci', LAST_DECEMBER],
    ['15. prosince 2025', day('2025-12-15')],
    ['Vad gjorde jag igår?', day('2026-11-21')],
    ['förra veckan', LAST_WEEK],
    ['för 3 dagar sedan', day('2026-11-19')],
    ['Hvad lavede jeg i sidste uge?', LAST_WEEK],
    ['Vis notater fra forrige måned', LAST_MONTH],
    ['for to dager siden', day('2026-11-20')],
    ['Ce am făcut ieri?', day('2026-11-21')],
    ['săptămâna trecută', LAST_WEEK],
    ['acum două zile', day('2026-11-20')],
    ['în decembrie', LAST_DECEMBER],
    ['Mitä tein eilen?', day('2026-11-21')],
    ['viime viikolla', LAST_WEEK],
    ['joulukuussa', LAST_DECEMBER],
    ['15. joulukuuta 2025', day('2025-12-15')],
    ['Mit csináltam tegnap?', day('2026-11-21')],
    ['Milyen találkozóim vannak ma?', day('2026-11-22')],
    ['múlt héten', LAST_WEEK],
    ['Mit csináltam decemberben?', LAST_DECEMBER],
  ])('%s', (q, expected) => {
    expect(range(q, SUNDAY)).toEqual(expected);
  });

  it.each([
    ['Guten Morgen, was gibt es Neues?'],
    ['Was steht hier über Docker?'],
    ['La rutina de por la mañana'],
    ['Mayo is a clinic'],
    ['Marte y mars'],
    ['Ho scritto a Marco'],
    ['Qual é a segunda nota?'],
    ["Wat eet ik 's morgens?"],
    // "завтрак" (breakfast) begins with "завтра" (tomorrow); "Маї" (Maya's) is no month.
    ['Что у меня на завтрак?'],
    ['Як звати собаку Маї?'],
    // "오늘날" is "nowadays", not today.
    ['오늘날의 노트 앱'],
    ['Jak ma na imię pies Mayi?'],
    // "dünya" (world) begins with "dün" (yesterday), "bu ayı" is "this bear"; "Maine" is no "mâine"; Italian and French
    // "ma" are no Hungarian "today"; "thứ hai" after a noun is "the second"; "luni" alone is also "months".
    ['dünya haritası'],
    ['bu ayı gördüm'],
    ['pazara gittim'],
    ['trip to Maine'],
    ['Cosa ho fatto ma non ricordo'],
    ["Qu'est-ce que ma sœur a dit?"],
    ['ghi chú thứ hai'],
    ['lần thứ hai'],
    ['mỗi tháng 2 lần'],
    ['luni de zile'],
    ['O que a agência Lusa publicou sobre o festival?'],
  ])('"%s" holds no date', (q) => {
    expect(range(q, SUNDAY)).toBeNull();
  });

  // Hindi, Arabic, Persian, Hebrew, Greek and Thai (forty-seventh session).
  it.each([
    ['मैंने कल क्या किया?', day('2026-11-21')],
    ['कल मेरे पास क्या है?', day('2026-11-23')],
    ['आज क्या है।', day('2026-11-22')],
    ['पिछले हफ़्ते मैंने क्या किया?', LAST_WEEK],
    ['इस महीने के नोट्स', THIS_MONTH],
    ['3 दिन पहले', day('2026-11-19')],
    ['दिसंबर में क्या लिखा?', LAST_DECEMBER],
    ['ماذا فعلت أمس؟', day('2026-11-21')],
    ['وبالأمس', day('2026-11-21')],
    ['ماذا لدي غدًا؟', day('2026-11-23')],
    ['ماذا فعلت في الأسبوع الماضي؟', LAST_WEEK],
    ['ملاحظات الشهر الماضي', LAST_MONTH],
    ['قبل 3 أيام', day('2026-11-19')],
    ['قبل يومين', day('2026-11-20')],
    ['ماذا كتبت في ديسمبر؟', LAST_DECEMBER],
    ['15 ديسمبر 2025', day('2025-12-15')],
    ['في كانون الأول', LAST_DECEMBER],
    ['دیروز چه کار کردم؟', day('2026-11-21')],
    ['هفته گذشته', LAST_WEEK],
    ['3 روز پیش', day('2026-11-19')],
    ['در دسامبر', LAST_DECEMBER],
    ['מה עשיתי אתמול?', day('2026-11-21')],
    ['מה יש לי מחר?', day('2026-11-23')],
    ['בשבוע שעבר', LAST_WEEK],
    ['לפני 3 ימים', day('2026-11-19')],
    ['מה כתבתי בדצמבר?', LAST_DECEMBER],
    ['Τι έκανα χθες;', day('2026-11-21')],
    ['την περασμένη εβδομάδα', LAST_WEEK],
    ['αυτόν τον μήνα', THIS_MONTH],
    ['πριν από 3 μέρες', day('2026-11-19')],
    ['Τι έγραψα τον Δεκέμβριο;', LAST_DECEMBER],
    ['15 Δεκεμβρίου 2025', day('2025-12-15')],
    ['τι εκανα χθες', day('2026-11-21')],
    ['เมื่อวานฉันทำอะไร', day('2026-11-21')],
    ['พรุ่งนี้มีนัดอะไร', day('2026-11-23')],
    ['สัปดาห์ที่แล้ว', LAST_WEEK],
    ['เดือนนี้', THIS_MONTH],
    ['3 วันก่อน', day('2026-11-19')],
    ['ในเดือนธันวาคม', LAST_DECEMBER],
    ['15 ธ.ค. 2025', day('2025-12-15')],
    // Counts and days in the script's own digits (a Persian keyboard types "۳").
    ['قبل ٣ أيام', day('2026-11-19')],
    ['۳ روز پیش', day('2026-11-19')],
    ['३ दिन पहले', day('2026-11-19')],
    ['๓ วันก่อน', day('2026-11-19')],
    ['١٥ ديسمبر 2025', day('2025-12-15')],
  ])('%s', (q, expected) => {
    expect(range(q, SUNDAY)).toEqual(expected);
  });

  it.each([
    // "आजकल" is "nowadays", "कलम" a pen; "في اليوم" is "a day" (three times a day); Arabic "مارس" alone is also "he
    // practised"; Thai "วันที่เท่าไหร่" asks which date, naming none.
    ['आजकल'],
    ['कलम कहाँ है'],
    ['ثلاث مرات في اليوم'],
    ['مارس الرياضة'],
    ['ما هي تواريخ رحلة لشبونة؟'],
    ['ทริปลิสบอนวันที่เท่าไหร่ถึงวันที่เท่าไหร่'],
    ['ต้องไปตรวจสายตาเมื่อไหร่'],
  ])('"%s" holds no date', (q) => {
    expect(range(q, SUNDAY)).toBeNull();
  });

  // SUNDAY's week is 11-16..11-22: last Monday is 11-16, next Thursday 11-26.
  it.each([
    ['पिछले सोमवार मैंने क्या किया?', day('2026-11-16')],
    ['शुक्रवार को क्या हुआ?', day('2026-11-20')],
    ['ماذا فعلت يوم الاثنين الماضي؟', day('2026-11-16')],
    ['الخميس القادم', day('2026-11-26')],
    ['دوشنبه گذشته', day('2026-11-16')],
    ['سه‌شنبه', day('2026-11-17')],
    ['מה עשיתי ביום שני שעבר?', day('2026-11-16')],
    ['ביום חמישי הבא', day('2026-11-26')],
    ['Τι έκανα την περασμένη Δευτέρα;', day('2026-11-16')],
    ['την επόμενη Πέμπτη', day('2026-11-26')],
    ['วันจันทร์ที่แล้วฉันทำอะไร', day('2026-11-16')],
    ['วันศุกร์หน้า', day('2026-11-27')],
    // A plan word reads a bare weekday forward: the coming Friday, Thursday.
    ['Τι είναι προγραμματισμένο για την Παρασκευή;', day('2026-11-27')],
    ['ما المقرر يوم الخميس؟', day('2026-11-26')],
    ['शुक्रवार की योजना क्या है?', day('2026-11-27')],
  ])('%s', (q, expected) => {
    expect(range(q, SUNDAY)).toEqual(expected);
  });

  it.each([
    // Every week, or no weekday: Hebrew "שני" alone is "second", Greek "τρίτη" "third", Thai "จันทร์" the moon.
    ['हर सोमवार'],
    ['كل يوم جمعة'],
    ['هر جمعه'],
    ['הפעם השנייה'],
    ['η τρίτη φορά'],
    ['ทุกวันจันทร์'],
    ['พระจันทร์'],
  ])('"%s" names no day', (q) => {
    expect(range(q, SUNDAY)).toBeNull();
  });

  // Years in the script's digits and after the language's "in the year"; Thai's Buddhist Era (2570 is 2027) and
  // Persian's Solar Hijri calendar (1 Farvardin 1405 is 21 March 2026; 1403 was a leap year, its Esfand 30 days).
  it.each([
    ['ماذا فعلت في عام ٢٠٢٥؟', span('2025-01-01', '2025-12-31')],
    ['في ديسمبر ٢٠٢٥', span('2025-12-01', '2025-12-31')],
    ['١٥ ديسمبر ٢٠٢٥', day('2025-12-15')],
    ['मैंने 2025 में क्या किया?', span('2025-01-01', '2025-12-31')],
    ['मार्च २०२६ में', span('2026-03-01', '2026-03-31')],
    ['מה עשיתי בשנת 2025?', span('2025-01-01', '2025-12-31')],
    ['Τι έκανα το 2025;', span('2025-01-01', '2025-12-31')],
    ['در سال ۲۰۲۵ چه کردم', span('2025-01-01', '2025-12-31')],
    ['ฉันทำอะไรในเดือนเมษายน 2570', span('2027-04-01', '2027-04-30')],
    ['9 เมษายน 2570 มีอะไร', day('2027-04-09')],
    ['เมษายน พ.ศ. 2570', span('2027-04-01', '2027-04-30')],
    ['ธันวาคม 2025', span('2025-12-01', '2025-12-31')],
    ['ในปี ๒๕๖๘', span('2025-01-01', '2025-12-31')],
    ['در سال ۱۴۰۴ چه کردم', span('2025-03-21', '2026-03-20')],
    ['آبان ۱۴۰۵', span('2026-10-23', '2026-11-21')],
    ['آبان ماه ۱۴۰۴', span('2025-10-23', '2025-11-21')],
    ['اسفند ۱۴۰۳', span('2025-02-19', '2025-03-20')],
    ['۱۵ آبان ۱۴۰۵', day('2026-11-06')],
    // Without a year, a Solar Hijri month or day is the most recent one, as a Gregorian one is.
    ['در آبان چه کردم؟', span('2026-10-23', '2026-11-21')],
    ['دی ماه', span('2025-12-22', '2026-01-20')],
    ['۲۰ مهر', day('2026-10-12')],
    ['خرید در آذر', span('2026-11-22', '2026-12-21')],
  ])('%s', (q, expected) => {
    expect(range(q, SUNDAY)).toEqual(expected);
  });

  it.each([
    // Solar month names are also words: "مهر" is kindness, "تیر" an arrow, "آبان" a name; a year out of the
    // calendar's range ("سال ۹۰") or of a Gregorian one is none.
    ['مهر من کجاست'],
    ['تیر چیست'],
    ['آبان کجاست'],
    ['در سال ۹۰'],
    ['ในปี 3000'],
  ])('"%s" holds no date', (q) => {
    expect(range(q, SUNDAY)).toBeNull();
  });

  it('takes Thai "in the month of" and "when" out with the date phrase they lead', () => {
    expect(translateDates('ฉันทำอะไรในเดือนเมษายน 2570', SUNDAY).query).toBe('ฉันทำอะไร');
    expect(translateDates('ซื้อเมื่อเดือนตุลาคม', SUNDAY).query).toBe('ซื้อ');
    expect(translateDates('ทำอะไรเมื่อ 3 วันก่อน', SUNDAY).query).toBe('ทำอะไร');
  });

  it('takes the date phrase out of an Arabic question and leaves its question mark', () => {
    expect(translateDates('ماذا فعلت في الأسبوع الماضي؟', SUNDAY).query).toBe('ماذا فعلت؟');
  });

  // SUNDAY's week is 11-16..11-22 (Monday start): last week's Thursday is 11-12, next week's 11-26.
  it.each([
    ['下周四我有什么预约？', day('2026-11-26')],
    ['上周五做了什么', day('2026-11-13')],
    ['上个星期一', day('2026-11-09')],
    ['这周三', day('2026-11-18')],
    ['周一的会议', day('2026-11-16')],
    ['星期天', day('2026-11-22')],
    ['来週の木曜日の予定', day('2026-11-26')],
    ['先週の金曜日に何をした？', day('2026-11-13')],
    ['月曜日の会議', day('2026-11-16')],
    ['Was habe ich letzten Montag gemacht?', day('2026-11-16')],
    ['Was steht nächsten Donnerstag an?', day('2026-11-26')],
    ['Was war am Freitag?', day('2026-11-20')],
    ['Donnerstag nächster Woche', day('2026-11-26')],
    ['Termine am Donnerstag nächster Woche', day('2026-11-26')],
    ['Termine am Sonnabend', day('2026-11-21')],
    ['¿Qué hice el lunes pasado?', day('2026-11-16')],
    ['¿Qué tengo el próximo jueves?', day('2026-11-26')],
    ['el jueves que viene', day('2026-11-26')],
    ['¿qué pasó el miercoles?', day('2026-11-18')],
    ["Qu'ai-je fait lundi dernier ?", day('2026-11-16')],
    ['jeudi prochain', day('2026-11-26')],
    ['ce vendredi', day('2026-11-20')],
    ['Cosa ho fatto lunedì scorso?', day('2026-11-16')],
    ['giovedì prossimo', day('2026-11-26')],
    ['O que fiz na segunda-feira passada?', day('2026-11-16')],
    ['na próxima quinta', day('2026-11-26')],
    ['Wat heb ik vorige maandag gedaan?', day('2026-11-16')],
    ['volgende donderdag', day('2026-11-26')],
    ['Что было в прошлую пятницу?', day('2026-11-20')],
    ['Какие встречи у меня в следующий четверг?', day('2026-11-26')],
    ['Які зустрічі в мене наступного четверга?', day('2026-11-26')],
    ['Що я робив минулого понеділка?', day('2026-11-16')],
    ['Co robiłem w zeszły piątek?', day('2026-11-20')],
    ['Co mam w przyszły czwartek?', day('2026-11-26')],
    ['다음 주 목요일에 무슨 일정이 있어?', day('2026-11-26')],
    ['지난주 금요일', day('2026-11-13')],
    ['Gelecek perşembe ne randevum var?', day('2026-11-26')],
    ['geçen cuma', day('2026-11-20')],
    ['Gelecek hafta perşembe günü ne var?', day('2026-11-26')],
    ['Pazar günü ne yaptım?', day('2026-11-22')],
    ['Tôi có lịch hẹn nào vào thứ năm tuần sau?', day('2026-11-26')],
    ['Thứ hai tôi làm gì?', day('2026-11-16')],
    ['chủ nhật này', day('2026-11-22')],
    ['Janji apa yang saya punya Kamis depan?', day('2026-11-26')],
    ['pada hari Minggu', day('2026-11-22')],
    ['Jaké schůzky mám příští čtvrtek?', day('2026-11-26')],
    ['ve středu', day('2026-11-18')],
    ['i måndags', day('2026-11-16')],
    ['Vilka möten har jag på torsdag?', day('2026-11-26')],
    ['Hvilke aftaler har jeg næste torsdag?', day('2026-11-26')],
    ['Ce programări am joia viitoare?', day('2026-11-26')],
    ['vinerea trecută', day('2026-11-20')],
    ['Mitä tapaamisia minulla on ensi torstaina?', day('2026-11-26')],
    ['Milyen időpontjaim vannak jövő csütörtökön?', day('2026-11-26')],
  ])('weekday: %s', (q, expected) => {
    expect(range(q, SUNDAY)).toEqual(expected);
  });

  it.each([
    ['每周三次'],
    ['我每周三去健身'],
    ['毎週金曜のゴミ出し'],
    ['jeden Montag joggen'],
    ['Montags im Homeoffice'],
    ['ogni lunedì in palestra'],
    ['elke maandag hardlopen'],
    ['каждый понедельник бег'],
    ['по понедельникам бассейн'],
    ['co poniedziałek basen'],
    ['매주 월요일 운동'],
    ['her pazartesi koşu'],
    ['mỗi thứ hai đi bơi'],
    ['setiap Senin'],
    ['každé pondělí'],
    ['varje måndag'],
    ['hver mandag'],
    ['în fiecare marți'],
    ['joka maanantai'],
    ['maanantaisin'],
    ['minden hétfőn'],
  ])('"%s" names a weekday of every week, no date', (q) => {
    expect(range(q, SUNDAY)).toBeNull();
  });

  it('takes the weekday with its article or preposition', () => {
    expect(translateDates('¿Qué hice el lunes pasado?', SUNDAY).query).toBe('¿Qué hice?');
    expect(translateDates('Was war am Freitag?', SUNDAY).query).toBe('Was war?');
    expect(translateDates('下周四我有什么预约？', SUNDAY)).toMatchObject({
      query: '我有什么预约？',
      matched: '下周四',
    });
  });

  it('removes the date phrase, its particle and a dangling preposition from the query', () => {
    expect(translateDates('昨日の会議のメモ', SUNDAY)).toMatchObject({ query: '会議のメモ', matched: '昨日の' });
    expect(translateDates('notas de la semana pasada', SUNDAY).query).toBe('notas');
    expect(translateDates('Notizen vom letzten Monat', SUNDAY)).toMatchObject({ range: LAST_MONTH });
    expect(translateDates('Notizen vom letzten Monat', SUNDAY).query).toBe('Notizen');
    expect(translateDates('note della settimana scorsa', SUNDAY).query).toBe('note');
    expect(translateDates('notities van vorige week', SUNDAY).query).toBe('notities');
    expect(translateDates('Что я писал в декабре?', SUNDAY).query).toBe('Что я писал?');
    expect(translateDates('Co pisałem w grudniu?', SUNDAY).query).toBe('Co pisałem?');
    // A preposition is a whole word: "em" (Portuguese "in") is not the end of "robiłem".
    expect(translateDates('Co robiłem wczoraj?', SUNDAY).query).toBe('Co robiłem?');
    expect(translateDates('지난주에 뭐 했지?', SUNDAY)).toMatchObject({ query: '뭐 했지?', matched: '지난주에' });
    // Only what no English question ends on: Portuguese "do", "no" are English words.
    expect(translateDates('What did I do on 2026-10-12?', SUNDAY).query).toBe('What did I do?');
  });
});
