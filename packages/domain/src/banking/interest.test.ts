import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MonthKey, monthBounds, monthRange } from '../months';
import { accrueMonthlyInterest, dailyInterestRate, INTEREST_CARRY_SCALE } from './interest';

const daysIn = (month: MonthKey) => Number(monthBounds(month).lastDay.slice(8));

/** A deposit left alone over some months: each month's balance is the deposit plus the interest so far. */
function leaveAlone(depositCents: number, apyBasisPoints: number, months: MonthKey[]) {
  let balance = depositCents;
  let carry = 0;
  const credits: number[] = [];
  for (const month of months) {
    const result = accrueMonthlyInterest({
      month,
      apyBasisPoints,
      endOfDayBalances: Array(daysIn(month)).fill(balance),
      carry,
    });
    credits.push(result.interestCents);
    balance += result.interestCents;
    carry = result.carry;
  }
  return { credits, total: balance - depositCents, carry };
}

describe('dailyInterestRate', () => {
  it('compounds to the APY over the year', () => {
    // 4.25% over 365 days: d = 1.0425^(1/365) − 1 ≈ 0.000114 094 9…
    const rate = Number(dailyInterestRate(425, 365)) / 1e18;
    expect(rate).toBeCloseTo(1.0425 ** (1 / 365) - 1, 15);
    expect(Number(dailyInterestRate(425, 366)) / 1e18).toBeCloseTo(1.0425 ** (1 / 366) - 1, 15);
    expect(dailyInterestRate(0, 365)).toBe(0n);
  });

  it('refuses rates and year lengths it does not know', () => {
    expect(() => dailyInterestRate(-1, 365)).toThrow(RangeError);
    expect(() => dailyInterestRate(4.25, 365)).toThrow(RangeError);
    expect(() => dailyInterestRate(10_001, 365)).toThrow(RangeError);
    expect(() => dailyInterestRate(425, 360)).toThrow(RangeError);
  });
});

describe('accrueMonthlyInterest', () => {
  it('pays $10,000 at 4.25% APY for a calendar year $425.00, within a cent', () => {
    for (const year of ['2026', '2028']) {
      const { total } = leaveAlone(1_000_000, 425, monthRange(`${year}-01`, `${year}-12`));
      expect(Math.abs(total - 42_500)).toBeLessThanOrEqual(1);
    }
  });

  it('pays a month of $10,000 at 4.25% its daily-compounded interest, rounded half to even', () => {
    // 10,000 × (1.0425^(31/365) − 1) = $35.38 and a fraction.
    const { interestCents, carry } = accrueMonthlyInterest({
      month: '2026-01',
      apyBasisPoints: 425,
      endOfDayBalances: Array(31).fill(1_000_000),
    });
    expect(interestCents).toBe(Math.round(1_000_000 * (1.0425 ** (31 / 365) - 1)));
    expect(Math.abs(carry)).toBeLessThanOrEqual(INTEREST_CARRY_SCALE / 2);
  });

  it('earns any APY on a constant deposit over a calendar year, within a cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 11 }),
        fc.integer({ min: 0, max: 2_000 }),
        fc.constantFrom('2025', '2026', '2028'),
        (deposit, apy, year) => {
          const { total, carry } = leaveAlone(deposit, apy, monthRange(`${year}-01`, `${year}-12`));
          expect(Math.abs(total - (deposit * apy) / 10_000)).toBeLessThanOrEqual(1);
          expect(Math.abs(carry)).toBeLessThanOrEqual(INTEREST_CARRY_SCALE / 2);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('credits whole cents, never negative, and never leaves more than half a cent uncredited', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<MonthKey>('2026-02', '2028-02', '2026-04', '2026-07'),
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.integer({ min: -(10 ** 9), max: 10 ** 11 }), { minLength: 31, maxLength: 31 }),
        fc.integer({ min: -INTEREST_CARRY_SCALE / 2, max: INTEREST_CARRY_SCALE / 2 }),
        (month, apy, balances, carry) => {
          const result = accrueMonthlyInterest({
            month,
            apyBasisPoints: apy,
            endOfDayBalances: balances.slice(0, daysIn(month)),
            carry,
          });
          expect(Number.isSafeInteger(result.interestCents)).toBe(true);
          expect(result.interestCents).toBeGreaterThanOrEqual(0);
          expect(Math.abs(result.carry)).toBeLessThanOrEqual(INTEREST_CARRY_SCALE / 2);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('pays nothing on an overdrawn or empty account and at a zero APY', () => {
    const zero = { interestCents: 0, carry: 0 };
    expect(
      accrueMonthlyInterest({
        month: '2026-04',
        apyBasisPoints: 425,
        endOfDayBalances: Array(30).fill(-5_000),
      }),
    ).toEqual(zero);
    expect(
      accrueMonthlyInterest({ month: '2026-04', apyBasisPoints: 425, endOfDayBalances: Array(30).fill(0) }),
    ).toEqual(zero);
    expect(
      accrueMonthlyInterest({
        month: '2026-04',
        apyBasisPoints: 0,
        endOfDayBalances: Array(30).fill(10 ** 9),
      }),
    ).toEqual(zero);
  });

  it('carries a fraction of a cent into the next month instead of losing it', () => {
    // $1 at 4.25%: about 0.35 cent a month. Rounded alone each month would round to nothing, forever.
    const { credits, total } = leaveAlone(100, 425, monthRange('2026-01', '2045-12'));
    expect(credits[0]).toBe(0);
    expect(credits.slice(0, 12).reduce((sum, cents) => sum + cents, 0)).toBe(4);
    expect(total).toBe(Math.round(100 * (1.0425 ** 20 - 1)));
  });

  it('weights each day by its balance: a deposit on the 16th earns about half the month', () => {
    const month = '2026-04';
    const full = accrueMonthlyInterest({
      month,
      apyBasisPoints: 500,
      endOfDayBalances: Array(30).fill(10 ** 6),
    });
    const half = accrueMonthlyInterest({
      month,
      apyBasisPoints: 500,
      endOfDayBalances: [...Array(15).fill(0), ...Array(15).fill(10 ** 6)],
    });
    expect(full.interestCents).toBe(Math.round(10 ** 6 * (1.05 ** (30 / 365) - 1)));
    expect(half.interestCents).toBe(Math.round(10 ** 6 * (1.05 ** (15 / 365) - 1)));
  });

  it('refuses a balance list that does not match the month, and a carry that is not one', () => {
    expect(() =>
      accrueMonthlyInterest({ month: '2026-02', apyBasisPoints: 425, endOfDayBalances: Array(29).fill(0) }),
    ).toThrow(RangeError);
    expect(() =>
      accrueMonthlyInterest({
        month: '2026-02',
        apyBasisPoints: 425,
        endOfDayBalances: Array(28).fill(0),
        carry: 1e12,
      }),
    ).toThrow(RangeError);
    expect(() =>
      accrueMonthlyInterest({ month: '2026-02', apyBasisPoints: 425, endOfDayBalances: Array(28).fill(0.5) }),
    ).toThrow(RangeError);
  });
});
