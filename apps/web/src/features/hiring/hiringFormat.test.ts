import { describe, expect, it } from 'vitest';
import { costMonthOf, describePositionCost, formatPlanMonth, formatPositionPay } from './hiringFormat';

const engineer = {
  quantity: 1,
  salary: 150_000,
  rate: null,
  hours: null,
  startDate: '2026-03',
  endDate: null,
};
const contractor = {
  quantity: 2,
  salary: null,
  rate: 85,
  hours: 160,
  startDate: '2026-05',
  endDate: '2026-12',
};

describe('formatPositionPay', () => {
  it('shows an employee’s annual salary and a contractor’s rate times hours', () => {
    expect(formatPositionPay(engineer)).toBe('$150,000 / yr');
    expect(formatPositionPay(contractor)).toBe('$85.00/h × 160 h');
  });

  it('shows a dash for a position with neither', () => {
    expect(formatPositionPay({ ...engineer, salary: null })).toBe('—');
  });
});

describe('describePositionCost', () => {
  it('costs an employee a twelfth of the salary per person, with the working', () => {
    const cost = describePositionCost(engineer, '2026-11');
    expect(cost.cents).toBe(1_250_000);
    expect(cost.text).toBe('$12,500.00');
    expect(cost.working).toBe('$150,000.00 / 12 × 1 (Nov 2026)');
  });

  it('costs a contractor rate × hours × quantity', () => {
    const cost = describePositionCost(contractor, '2026-06');
    expect(cost.cents).toBe(2_720_000);
    expect(cost.working).toBe('$85.00 × 160 h × 2 (Jun 2026)');
  });

  it('shows the start month before a position starts and the end month after it ends', () => {
    expect(costMonthOf(contractor, '2026-01')).toBe('2026-05');
    expect(costMonthOf(contractor, '2027-04')).toBe('2026-12');
    expect(describePositionCost(contractor, '2026-01').cents).toBe(2_720_000);
  });
});

describe('formatPlanMonth', () => {
  it('shows a month as Mon YYYY', () => {
    expect(formatPlanMonth('2026-05')).toBe('May 2026');
    expect(formatPlanMonth(null)).toBe('');
  });
});
