import { describe, expect, it } from 'vitest';
import { computeRunway, formatRunwayMonths, type RunwayMonth } from './runway';

// A small company, figures in cents: $100,000 at the end of September, burning $10,000 a month in
// actuals (Jul–Sep: 12k, 10k, 8k net burn), forecast to burn $20,000 a month from November.
const months: RunwayMonth[] = [
  { key: '2026-07', cashBalance: 13_000_000, income: 3_000_000, expense: 4_200_000 },
  { key: '2026-08', cashBalance: 12_000_000, income: 3_000_000, expense: 4_000_000 },
  { key: '2026-09', cashBalance: 10_000_000, income: 4_000_000, expense: 4_800_000 },
  { key: '2026-10', cashBalance: 9_000_000, income: 3_000_000, expense: 4_000_000 },
  { key: '2026-11', cashBalance: 7_000_000, income: 2_000_000, expense: 4_000_000 },
  { key: '2026-12', cashBalance: 5_000_000, income: 2_000_000, expense: 4_000_000 },
  { key: '2027-01', cashBalance: 3_000_000, income: 2_000_000, expense: 4_000_000 },
  { key: '2027-02', cashBalance: 1_000_000, income: 2_000_000, expense: 4_000_000 },
  { key: '2027-03', cashBalance: -1_000_000, income: 2_000_000, expense: 4_000_000 },
];
const input = { months, currentMonth: '2026-10', actualsEndMonth: '2026-09' };

describe('computeRunway', () => {
  it('runway: months from now to the first negative closing balance', () => {
    expect(computeRunway('runway', input)).toEqual({ months: 5, cashOutMonth: '2027-03' });
  });

  it('startup_runway: next month balance over the last actual month net burn', () => {
    // $70,000 / $8,000 = 8.75 months
    expect(computeRunway('startup_runway', input)).toEqual({ months: 8.75, cashOutMonth: '2027-06' });
  });

  it('startup_runway_3mo: balance over the average net burn of the last three actual months', () => {
    // burns 12k, 10k, 8k average 10k; $100,000 / $10,000 = 10
    expect(computeRunway('startup_runway_3mo', input)).toEqual({ months: 10, cashOutMonth: '2027-08' });
  });

  it("runway_no_growth: balance over next month's expenses less last month's income", () => {
    // $100,000 / ($40,000 - $40,000) -> no burn -> Unlimited
    expect(computeRunway('runway_no_growth', input)).toEqual({ months: null, cashOutMonth: null });
    const lowerIncome = months.map((m) => (m.key === '2026-09' ? { ...m, income: 2_000_000 } : m));
    // $100,000 / ($40,000 - $20,000) = 5
    expect(computeRunway('runway_no_growth', { ...input, months: lowerIncome })).toEqual({
      months: 5,
      cashOutMonth: '2027-03',
    });
  });

  it('is Unlimited when the cash never goes negative', () => {
    const flush = months.map((m) => ({ ...m, cashBalance: Math.abs(m.cashBalance) }));
    expect(computeRunway('runway', { ...input, months: flush })).toEqual({
      months: null,
      cashOutMonth: null,
    });
  });

  it('is zero when there is no cash left', () => {
    const broke = months.map((m) => ({ ...m, cashBalance: 0 }));
    expect(computeRunway('startup_runway_3mo', { ...input, months: broke })).toEqual({
      months: 0,
      cashOutMonth: '2026-10',
    });
  });
});

describe('formatRunwayMonths', () => {
  it('caps the gauge at 24+ and says Unlimited for null', () => {
    expect(formatRunwayMonths(null)).toBe('Unlimited');
    expect(formatRunwayMonths(30)).toBe('24+');
    expect(formatRunwayMonths(24)).toBe('24');
    expect(formatRunwayMonths(8.75)).toBe('8');
  });
});
