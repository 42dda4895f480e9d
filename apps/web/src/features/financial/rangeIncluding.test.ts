import { describe, expect, it } from 'vitest';
import { rangeIncluding } from './reportRangeStore';

const range = { startMonth: '2025-01', actualsEndMonth: '2026-11', endMonth: '2028-03' };

describe('rangeIncluding', () => {
  it('keeps a range that already shows the month', () => {
    expect(rangeIncluding(range, '2027-06')).toBe(range);
  });

  it('moves the end to a later month, and the start when the span would pass 120 months', () => {
    expect(rangeIncluding(range, '2029-09')).toEqual({ ...range, endMonth: '2029-09' });
    expect(rangeIncluding(range, '2036-06')).toEqual({
      ...range,
      startMonth: '2026-06',
      endMonth: '2036-06',
    });
  });

  it('moves the start to an earlier month, and the end when the span would pass 120 months', () => {
    expect(rangeIncluding(range, '2024-03')).toEqual({ ...range, startMonth: '2024-03' });
    // Never more than 120 months from the actuals cutoff, which stays.
    expect(rangeIncluding(range, '2016-01')).toEqual({
      ...range,
      startMonth: '2016-11',
      endMonth: '2026-11',
    });
    expect(rangeIncluding(range, '2038-01')).toEqual({
      ...range,
      startMonth: '2026-11',
      endMonth: '2036-11',
    });
  });
});
