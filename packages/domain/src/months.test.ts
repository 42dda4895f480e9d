import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  describeMonth,
  formatMonthShortNumeric,
  isCalendarDate,
  isCalendarMonth,
  isIsoDate,
  isMonthKey,
  monthBounds,
  monthKeyOfDate,
  monthRange,
  monthsBetween,
  toMonthKey,
} from './months';

const monthKeyArb = fc
  .record({ year: fc.integer({ min: 1990, max: 2100 }), month: fc.integer({ min: 1, max: 12 }) })
  .map(({ year, month }) => toMonthKey(year, month));

describe('month keys', () => {
  it('adds months across year ends in both directions', () => {
    expect(addMonths('2026-11', 2)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-04', 0)).toBe('2026-04');
  });

  it('measures the distance between months', () => {
    expect(monthsBetween('2025-01', '2026-11')).toBe(22);
    expect(monthsBetween('2026-11', '2025-01')).toBe(-22);
  });

  it('lists a range with both ends included', () => {
    expect(monthRange('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthRange('2026-02', '2026-01')).toEqual([]);
  });

  it('knows month lengths, leap years included', () => {
    expect(monthBounds('2024-02')).toEqual({ firstDay: '2024-02-01', lastDay: '2024-02-29' });
    expect(monthBounds('2026-02').lastDay).toBe('2026-02-28');
    expect(monthBounds('2026-12').lastDay).toBe('2026-12-31');
  });

  it('describes and labels a month', () => {
    expect(describeMonth('2026-04')).toEqual({ key: '2026-04', month: 4, year: 2026, short: 'Apr' });
    expect(formatMonthShortNumeric('2026-04')).toBe('04/26');
    expect(monthKeyOfDate('2026-04-17T10:00:00Z')).toBe('2026-04');
  });

  it('refuses what is not a month key', () => {
    expect(isMonthKey('2026-13')).toBe(false);
    expect(isMonthKey('2026-4')).toBe(false);
    expect(() => addMonths('April', 1)).toThrow(RangeError);
  });

  it('takes calendar months and dates from 1900 to 2199 only, and only real days', () => {
    expect(isCalendarMonth('1900-01')).toBe(true);
    expect(isCalendarMonth('2199-12')).toBe(true);
    expect(isCalendarMonth('1899-12')).toBe(false);
    expect(isCalendarMonth('2200-01')).toBe(false);
    expect(isCalendarMonth('0000-01')).toBe(false);
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-04-31')).toBe(false);
    expect(isCalendarDate('0000-01-01')).toBe(false);
    expect(isCalendarDate('9999-12-31')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
    expect(isCalendarDate(20260101)).toBe(false);
    expect(isIsoDate('9999-12-31')).toBe(true);
    expect(isIsoDate('0001-01-01')).toBe(true);
    expect(isIsoDate('0000-01-01')).toBe(false);
    expect(isIsoDate('2026-02-30')).toBe(false);
  });

  it('adding n then subtracting n returns the same month, and the distance is n', () => {
    fc.assert(
      fc.property(monthKeyArb, fc.integer({ min: -600, max: 600 }), (key, n) => {
        const moved = addMonths(key, n);
        return isMonthKey(moved) && addMonths(moved, -n) === key && monthsBetween(key, moved) === n;
      }),
    );
  });
});
