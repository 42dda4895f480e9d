import { describe, expect, it } from 'vitest';
import {
  actualsEndBounds,
  dashboardMonthBounds,
  isWithinSpan,
  monthOfPickerDate,
  pickerDate,
} from './dashboardMonths';

describe('dashboard months', () => {
  it('offers ten years either side of the current year', () => {
    expect(dashboardMonthBounds('2026-11')).toEqual({ minMonth: '2016-01', maxMonth: '2036-12' });
  });

  it('allows a range of at most 120 months from start to end, either way round', () => {
    expect(isWithinSpan('2020-01', '2030-01')).toBe(true);
    expect(isWithinSpan('2020-01', '2030-02')).toBe(false);
    expect(isWithinSpan('2030-01', '2020-01')).toBe(true);
  });

  it('keeps the actuals end at or before the current month and within 120 months of the range end', () => {
    expect(actualsEndBounds('2028-03', '2026-11')).toEqual({ minMonth: '2018-03', maxMonth: '2026-11' });
    expect(actualsEndBounds('2020-03', '2026-11')).toEqual({ minMonth: '2016-01', maxMonth: '2026-11' });
  });

  it("holds a month as the pickers' first day", () => {
    expect(pickerDate('2026-03')).toBe('2026-03-01');
    expect(monthOfPickerDate('2026-03-01')).toBe('2026-03');
    expect(monthOfPickerDate(null)).toBeNull();
  });
});
