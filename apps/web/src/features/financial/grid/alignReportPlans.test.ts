import { describe, expect, it } from 'vitest';
import { alignReportPlans, isPlannedColumn, planLinesOf, varianceEndMonth } from './alignReportPlans';
import type { ReportPlansData } from './reportPlansQuery';

const month = (key: string) => ({ key, period: 'month', months: [key] });
const REPORT = {
  id: 'report',
  actualsEndMonth: '2026-11',
  currentMonth: '2026-11',
  columns: [
    month('2026-09'),
    month('2026-10'),
    { key: 'fy-2026', period: 'year', months: [] },
    month('2026-11'),
  ],
  lineItems: [
    { id: 'L1', columnValues: [100_00, 200_00, 300_00, 50_00] },
    { id: 'L2', columnValues: [10_00, 20_00, 30_00, 0] },
    { id: 'L3', columnValues: [0, 0, 0, 0] },
  ],
};

const planRow = (
  id: string,
  columnValues: number[],
  planValues: (number | null)[],
): ReportPlansData['lineItems'][number] => ({ id, columnValues, planValues, defaultSign: 1, expr: null });

describe('alignReportPlans', () => {
  it('sets each row’s plans beside the report’s past months by key, not the month under way', () => {
    const plans: ReportPlansData = {
      id: 'report',
      // The same columns in another order: matched by key, not by place.
      columns: [{ key: '2026-10' }, { key: '2026-09' }, { key: 'fy-2026' }, { key: '2026-11' }],
      lineItems: [
        planRow('L1', [200_00, 100_00, 300_00, 50_00], [190_00, 120_00, null, 60_00]),
        planRow('L2', [20_00, 10_00, 30_00, 0], [null, null, null, null]),
      ],
    };
    const aligned = alignReportPlans(REPORT, plans);
    expect(aligned.get('L1')).toEqual([120_00, 190_00, null, null]);
    // No plan anywhere, or no row in the answer: nothing to show.
    expect(aligned.has('L2')).toBe(false);
    expect(aligned.has('L3')).toBe(false);
  });

  it('drops a plan whose actual is not the one on screen (the report and its plans of different moments)', () => {
    const plans: ReportPlansData = {
      id: 'report',
      columns: REPORT.columns.map(({ key }) => ({ key })),
      lineItems: [planRow('L1', [100_00, 250_00, 350_00, 50_00], [90_00, 190_00, null, null])],
    };
    expect(alignReportPlans(REPORT, plans).get('L1')).toEqual([90_00, null, null, null]);
  });

  it('has nothing for another report, or before the plans arrive', () => {
    const plans: ReportPlansData = {
      id: 'other',
      columns: REPORT.columns.map(({ key }) => ({ key })),
      lineItems: [planRow('L1', [100_00, 200_00, 300_00, 50_00], [90_00, 190_00, null, null])],
    };
    expect(alignReportPlans(REPORT, plans).size).toBe(0);
    expect(alignReportPlans(REPORT, undefined).size).toBe(0);
  });

  it('reads each line’s default sign and formula', () => {
    const plans: ReportPlansData = {
      id: 'report',
      columns: [],
      lineItems: [{ id: 'L3', columnValues: [], planValues: [], defaultSign: 1, expr: 'Income - Expense' }],
    };
    expect(planLinesOf(plans).get('L3')).toEqual({ defaultSign: 1, expr: 'Income - Expense' });
  });
});

describe('varianceEndMonth', () => {
  it('is the month before the current one, or the actuals end when that is earlier', () => {
    expect(varianceEndMonth({ actualsEndMonth: '2026-11', currentMonth: '2026-11' })).toBe('2026-10');
    expect(varianceEndMonth({ actualsEndMonth: '2026-08', currentMonth: '2026-11' })).toBe('2026-08');
    expect(varianceEndMonth({ actualsEndMonth: '2027-01', currentMonth: '2026-01' })).toBe('2025-12');
  });
});

describe('isPlannedColumn', () => {
  it('is a month column through the actuals end', () => {
    expect(isPlannedColumn({ period: 'month', months: ['2026-10'] }, '2026-11')).toBe(true);
    expect(isPlannedColumn({ period: 'month', months: ['2026-11'] }, '2026-11')).toBe(true);
    expect(isPlannedColumn({ period: 'month', months: ['2026-12'] }, '2026-11')).toBe(false);
    expect(isPlannedColumn({ period: 'year', months: ['2026-01'] }, '2026-11')).toBe(false);
    expect(isPlannedColumn({ period: 'total', months: ['2026-01'] }, '2026-11')).toBe(false);
  });
});
