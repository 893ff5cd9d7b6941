import { describe, expect, it } from 'vitest';
import { isoWeekRange, translateDates } from '../../src/search/dates.js';
import { dateFromWeeklyNoteName } from '../../src/obsidian/dailyNotes.js';
import { dateFromNoteName } from '../../src/pipeline/noteMetadata.js';

describe('ISO weeks', () => {
  it('"notes from 2026-W03" filters to that Monday–Sunday week, not the whole year', () => {
    const r = translateDates('notes from 2026-W03', '2026-11-24');
    expect(r.range).toEqual({ from: '2026-01-12', to: '2026-01-18' });
    expect(r.query).toBe('notes');
    expect(translateDates('meetings 2026W03', '2026-11-24').range).toEqual({ from: '2026-01-12', to: '2026-01-18' });
  });

  it('week 1 holds 4 January; week 53 exists only in long years', () => {
    expect(isoWeekRange(2026, 1)).toEqual({ from: '2025-12-29', to: '2026-01-04' });
    expect(isoWeekRange(2021, 1)).toEqual({ from: '2021-01-04', to: '2021-01-10' });
    expect(isoWeekRange(2026, 53)).toEqual({ from: '2026-12-28', to: '2027-01-03' }); // 1 Jan 2026 is a Thursday
    expect(isoWeekRange(2025, 53)).toBeNull();
    expect(isoWeekRange(2025, 0)).toBeNull();
    // A week that does not exist is not a date: the year alone is not silently taken instead.
    expect(translateDates('notes from 2025-W53', '2026-11-24').range).not.toEqual({
      from: '2025-01-01',
      to: '2025-12-31',
    });
  });

  it('"two weeks ago" is that calendar week', () => {
    // 2026-11-24 is a Tuesday; two weeks earlier is the week of Monday 9 November.
    expect(translateDates('what did I do two weeks ago', '2026-11-24').range).toEqual({
      from: '2026-11-09',
      to: '2026-11-15',
    });
  });

  it('weekly notes named YYYY-[W]WW are dated by their Monday', () => {
    expect(dateFromWeeklyNoteName('Weekly/2026-W03.md')).toBe('2026-01-12');
    expect(dateFromWeeklyNoteName('2025-W53.md')).toBeNull();
    expect(dateFromWeeklyNoteName('Project W03.md')).toBeNull();
    expect(dateFromNoteName('Weekly/2026-W03.md')).toBe('2026-01-12');
    // A daily note's own date still wins.
    expect(dateFromNoteName('Daily/2026-01-20.md')).toBe('2026-01-20');
  });
});
