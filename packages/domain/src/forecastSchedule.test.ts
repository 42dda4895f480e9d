import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  averageMonthlyCents,
  averageWindowMonths,
  FORECAST_HORIZON_MONTHS,
  forecastOccurrenceMonths,
} from './forecastSchedule';
import { addMonths, monthsBetween, toMonthKey } from './months';

const monthKeyArb = fc
  .record({ year: fc.integer({ min: 2000, max: 2060 }), month: fc.integer({ min: 1, max: 12 }) })
  .map(({ year, month }) => toMonthKey(year, month));

describe('forecast occurrences', () => {
  it('occurs once for a forecast that does not recur', () => {
    expect(forecastOccurrenceMonths({ startMonth: '2027-03', endMonth: null, recurring: 'none' })).toEqual([
      '2027-03',
    ]);
  });

  it('repeats every month, quarter or year through the end month', () => {
    const schedule = { startMonth: '2026-11', endMonth: '2027-11' } as const;
    expect(forecastOccurrenceMonths({ ...schedule, recurring: 'monthly' })).toHaveLength(13);
    expect(forecastOccurrenceMonths({ ...schedule, recurring: 'quarterly' })).toEqual([
      '2026-11',
      '2027-02',
      '2027-05',
      '2027-08',
      '2027-11',
    ]);
    expect(forecastOccurrenceMonths({ ...schedule, recurring: 'annually' })).toEqual(['2026-11', '2027-11']);
  });

  it('runs for 60 months from the start month when there is no end month', () => {
    const months = forecastOccurrenceMonths({ startMonth: '2027-01', endMonth: null, recurring: 'monthly' });
    expect(months).toHaveLength(FORECAST_HORIZON_MONTHS);
    expect(months.at(-1)).toBe('2031-12');
    expect(
      forecastOccurrenceMonths({ startMonth: '2027-01', endMonth: null, recurring: 'annually' }),
    ).toEqual(['2027-01', '2028-01', '2029-01', '2030-01', '2031-01']);
  });

  it('has no occurrence when the end month is before the start month', () => {
    expect(
      forecastOccurrenceMonths({ startMonth: '2027-01', endMonth: '2026-12', recurring: 'none' }),
    ).toEqual([]);
  });

  it('keeps every occurrence within the range, at the recurrence step, starting at the start month', () => {
    fc.assert(
      fc.property(
        monthKeyArb,
        fc.integer({ min: 0, max: 80 }),
        fc.constantFrom('none', 'monthly', 'quarterly', 'annually' as const),
        (startMonth, length, recurring) => {
          const endMonth = addMonths(startMonth, length);
          const months = forecastOccurrenceMonths({ startMonth, endMonth, recurring });
          expect(months[0]).toBe(startMonth);
          const step = { none: 0, monthly: 1, quarterly: 3, annually: 12 }[recurring];
          months.forEach((month, index) => {
            expect(monthsBetween(startMonth, month)).toBe(index * step);
            expect(month <= endMonth).toBe(true);
          });
          if (step > 0) expect(months).toHaveLength(Math.floor(length / step) + 1);
        },
      ),
    );
  });
});

describe('average forecasts', () => {
  it('average the full months just before the start month', () => {
    // The months before the start month, when they are all complete.
    expect(averageWindowMonths('2027-02', 3, '2027-05')).toEqual(['2026-11', '2026-12', '2027-01']);
    // Never the current, unfinished month, nor later ones: from a December start seen in
    // November, the three complete months are August to October.
    expect(averageWindowMonths('2026-12', 3, '2026-11')).toEqual(['2026-08', '2026-09', '2026-10']);
    expect(averageWindowMonths('2027-03', 2, '2026-11')).toEqual(['2026-09', '2026-10']);
    expect(averageWindowMonths('2026-11', 1, '2026-11')).toEqual(['2026-10']);
  });

  it('round half away from zero to the cent', () => {
    expect(averageMonthlyCents([1, 0])).toBe(1);
    expect(averageMonthlyCents([-1, 0])).toBe(-1);
    expect(averageMonthlyCents([100, 200, 200])).toBe(167);
    expect(averageMonthlyCents([-100, -200, -200])).toBe(-167);
    expect(averageMonthlyCents([10, 11, 10])).toBe(10);
    expect(averageMonthlyCents([])).toBe(0);
  });

  it('stay within one cent of the exact average', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1e9, max: 1e9 }), { minLength: 1, maxLength: 24 }),
        (totals) => {
          const exact = totals.reduce((a, b) => a + b, 0) / totals.length;
          expect(Math.abs(averageMonthlyCents(totals) - exact)).toBeLessThanOrEqual(0.5 + 1e-9);
        },
      ),
    );
  });
});
