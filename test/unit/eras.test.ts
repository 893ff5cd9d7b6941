import { describe, expect, it } from 'vitest';
import { gregorianYear, solarHijriMonth, solarHijriYearOf } from '../../src/text/eras.js';
import { daysToIso } from '../../src/text/calendar.js';

const iso = (r: { from: number; to: number } | null) => r && [daysToIso(r.from), daysToIso(r.to)];

describe('Thai years', () => {
  it('reads a Buddhist Era year in Thai text, in any script’s digits, and leaves other years as written', () => {
    expect(gregorianYear('2570', true)).toBe(2027);
    expect(gregorianYear('๒๕๖๙', true)).toBe(2026);
    expect(gregorianYear('2026', true)).toBe(2026);
    expect(gregorianYear('2570', false)).toBe(2570);
    expect(gregorianYear('٢٠٢٥', false)).toBe(2025);
  });
});

describe('the Solar Hijri calendar', () => {
  it('starts each year at the March equinox, as ICU’s Persian calendar has it', () => {
    expect(iso(solarHijriMonth(1403, 1))).toEqual(['2024-03-20', '2024-04-19']);
    expect(iso(solarHijriMonth(1404, 1))).toEqual(['2025-03-21', '2025-04-20']);
    expect(iso(solarHijriMonth(1405, 1))).toEqual(['2026-03-21', '2026-04-20']);
  });

  it('has six months of 31 days, five of 30, and Esfand of 29 or, in a leap year, 30', () => {
    expect(iso(solarHijriMonth(1405, 6))).toEqual(['2026-08-23', '2026-09-22']);
    expect(iso(solarHijriMonth(1405, 7))).toEqual(['2026-09-23', '2026-10-22']);
    expect(iso(solarHijriMonth(1405, 8))).toEqual(['2026-10-23', '2026-11-21']);
    expect(iso(solarHijriMonth(1404, 12))).toEqual(['2026-02-20', '2026-03-20']);
    expect(iso(solarHijriMonth(1403, 12))).toEqual(['2025-02-19', '2025-03-20']);
  });

  it('knows no year out of 1300–1499 and no month out of 1–12', () => {
    expect(solarHijriMonth(1299, 1)).toBeNull();
    expect(solarHijriMonth(1500, 1)).toBeNull();
    expect(solarHijriMonth(1405, 13)).toBeNull();
  });

  it('tells the year a Gregorian day falls in', () => {
    expect(solarHijriYearOf(2026, 3, 20)).toBe(1404);
    expect(solarHijriYearOf(2026, 3, 21)).toBe(1405);
  });
});
