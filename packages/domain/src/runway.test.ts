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

  it('startup_runway: next month balance over the last complete month net burn', () => {
    // $70,000 at the end of Nov 2026 / $8,000 = 8.75 months from November: July closes with $6,000,
    // August with -$2,000.
    expect(computeRunway('startup_runway', input)).toEqual({ months: 8.75, cashOutMonth: '2027-08' });
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
        'Cash $70,000 at the end of Nov 2026 ÷ $8,000 net burn in Sep 2026 = 8.8 months from Nov 2026, cash out Aug 2027 (Sep 2026 is the last complete month)',
    });
    expect(explainRunway('startup_runway_3mo', input).working.calculation).toBe(
      'Cash $100,000 at the end of Sep 2026 ÷ $10,000 average net burn of Jul 2026–Sep 2026 = 10.0 months from Sep 2026, cash out Aug 2027 (Sep 2026 is the last complete month)',
    );
    expect(explainRunway('runway_no_growth', input).working.calculation).toBe(
      'Cash $100,000 at the end of Sep 2026, ($40,000 expenses in Nov 2026 − $40,000 income in Sep 2026 = $0): no burn, so Unlimited (Sep 2026 is the last complete month)',
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

describe('the ratio methods and the month under way', () => {
  // Today is in November 2026 and the actuals run through it, but November is half booked: half its
  // payroll is in, so its net burn ($10,000) is half a month's. Cash is $300,000 at the end of October.
  const underWay: RunwayMonth[] = [
    { key: '2026-08', cashBalance: 36_000_000, income: 500_000, expense: 2_500_000 },
    { key: '2026-09', cashBalance: 34_000_000, income: 500_000, expense: 2_500_000 },
    { key: '2026-10', cashBalance: 30_000_000, income: 1_000_000, expense: 5_000_000 },
    { key: '2026-11', cashBalance: 29_000_000, income: 1_000_000, expense: 2_000_000 },
    { key: '2026-12', cashBalance: 25_000_000, income: 1_000_000, expense: 5_000_000 },
  ];
  const halfBooked = { months: underWay, currentMonth: '2026-11', actualsEndMonth: '2026-11' };

  it('reads the last complete month, not the month under way, and says so in the working', () => {
    // $250,000 at the end of December / October's $40,000 net burn = 6.25 months (November's $10,000
    // would give 25).
    expect(explainRunway('startup_runway', halfBooked)).toEqual({
      months: 6.25,
      cashOutMonth: '2027-07',
      working: {
        balance: 25_000_000,
        balanceMonth: '2026-12',
        burn: 4_000_000,
        burnMonths: ['2026-10'],
        calculation:
          'Cash $250,000 at the end of Dec 2026 ÷ $40,000 net burn in Oct 2026 = 6.3 months from Dec 2026, cash out Jul 2027 (Oct 2026 is the last complete month: Nov 2026 is under way)',
      },
    });
    // $300,000 at the end of October / the average of Aug–Oct ($20,000, $20,000, $40,000) = 11.25.
    expect(explainRunway('startup_runway_3mo', halfBooked)).toMatchObject({
      months: 11.25,
      cashOutMonth: '2027-10',
      working: {
        balance: 30_000_000,
        balanceMonth: '2026-10',
        burnMonths: ['2026-08', '2026-09', '2026-10'],
      },
    });
    // $300,000 at the end of October / ($50,000 December expenses - $10,000 October income) = 7.5.
    expect(explainRunway('runway_no_growth', halfBooked)).toMatchObject({
      months: 7.5,
      cashOutMonth: '2027-06',
      working: {
        balance: 30_000_000,
        balanceMonth: '2026-10',
        burn: 4_000_000,
        burnMonths: ['2026-12', '2026-10'],
        calculation:
          'Cash $300,000 at the end of Oct 2026 ÷ ($50,000 expenses in Dec 2026 − $10,000 income in Oct 2026 = $40,000) = 7.5 months from Oct 2026, cash out Jun 2027 (Oct 2026 is the last complete month: Nov 2026 is under way)',
      },
    });
  });

  it('keeps an actuals cutoff set before last month, and names it', () => {
    const earlier = { ...halfBooked, actualsEndMonth: '2026-09' };
    expect(explainRunway('startup_runway', earlier).working).toMatchObject({
      burn: 2_000_000,
      burnMonths: ['2026-09'],
    });
    expect(explainRunway('startup_runway', earlier).working.calculation).toContain(
      '(Sep 2026 is the last actual month: the actuals end there)',
    );
  });

  it('counts the cash-out month from the month the balance was read', () => {
    // A small company: $5,000 at the end of December 2026 and a $2,000 net burn a month. January
    // closes with $3,000, February with $1,000, March with -$1,000: cash out March 2027, not January.
    const small: RunwayMonth[] = [
      { key: '2026-10', cashBalance: 900_000, income: 0, expense: 200_000 },
      { key: '2026-11', cashBalance: 700_000, income: 0, expense: 200_000 },
      { key: '2026-12', cashBalance: 500_000, income: 0, expense: 200_000 },
    ];
    expect(
      computeRunway('startup_runway', { months: small, currentMonth: '2026-11', actualsEndMonth: '2026-11' }),
    ).toEqual({ months: 2.5, cashOutMonth: '2027-03' });
  });

  it('says a balance that closed negative ran out in its own month, and a zero balance the month after', () => {
    const negative = underWay.map((m) => (m.key === '2026-10' ? { ...m, cashBalance: -100 } : m));
    expect(computeRunway('startup_runway_3mo', { ...halfBooked, months: negative })).toEqual({
      months: 0,
      cashOutMonth: '2026-10',
    });
    const zero = underWay.map((m) => (m.key === '2026-10' ? { ...m, cashBalance: 0 } : m));
    expect(computeRunway('startup_runway_3mo', { ...halfBooked, months: zero })).toEqual({
      months: 0,
      cashOutMonth: '2026-11',
    });
  });
});
