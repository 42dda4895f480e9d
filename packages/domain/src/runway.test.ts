import { describe, expect, it } from 'vitest';
import { computeRunway, explainRunway, formatRunwayMonths, RUNWAY_METHODS, type RunwayMonth } from './runway';

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

describe('explainRunway', () => {
  it('shows each method’s calculation with the figures it used', () => {
    expect(explainRunway('runway', input).working).toEqual({
      balance: 9_000_000,
      balanceMonth: '2026-10',
      burn: null,
      burnMonths: [],
      calculation: 'Cash $90,000 at the end of Oct 2026 turns negative in Mar 2027 (-$10,000): 5 months',
    });
    expect(explainRunway('startup_runway', input).working).toMatchObject({
      balance: 7_000_000,
      balanceMonth: '2026-11',
      burn: 800_000,
      burnMonths: ['2026-09'],
      calculation:
        'Cash $70,000 at the end of Nov 2026 ÷ $8,000 net burn in Sep 2026 = 8.8 months, cash out Jun 2027',
    });
    expect(explainRunway('startup_runway_3mo', input).working.calculation).toBe(
      'Cash $100,000 at the end of Sep 2026 ÷ $10,000 average net burn of Jul 2026–Sep 2026 = 10.0 months, cash out Aug 2027',
    );
    expect(explainRunway('runway_no_growth', input).working.calculation).toBe(
      'Cash $100,000 at the end of Sep 2026, ($40,000 expenses in Nov 2026 − $40,000 income in Sep 2026 = $0): no burn, so Unlimited',
    );
    const positive = months.map((m) => ({ ...m, cashBalance: Math.abs(m.cashBalance) }));
    expect(explainRunway('runway', { ...input, months: positive }).working.calculation).toBe(
      'Cash $90,000 at the end of Oct 2026 stays positive through the last forecast month, Mar 2027',
    );
  });

  it('does not depend on how many months past the cash-out month it is given', () => {
    const longer = [...months, { key: '2027-04', cashBalance: -3_000_000, income: 0, expense: 2_000_000 }];
    for (const method of RUNWAY_METHODS) {
      expect(explainRunway(method, { ...input, months: longer })).toEqual(explainRunway(method, input));
    }
  });
});
