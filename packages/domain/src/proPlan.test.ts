import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMonthLong } from './months';
import { describeProPlanWorking, PRO_PLAN, proPlanBasisMonth, proPlanPrice } from './proPlan';

describe('proPlanPrice', () => {
  it('costs the $100 minimum up to $100,000 of expense', () => {
    expect(proPlanPrice(0)).toBe(10_000);
    expect(proPlanPrice(1)).toBe(10_000);
    expect(proPlanPrice(5_000_000)).toBe(10_000); // $50,000 -> $50 -> $100
    expect(proPlanPrice(10_000_000)).toBe(10_000); // $100,000 -> exactly $100
  });

  it('is 0.1% of the expense above that', () => {
    expect(proPlanPrice(10_000_500)).toBe(10_001); // $100,005.00 -> $100.005 -> $100.01 (half up)
    expect(proPlanPrice(41_234_567)).toBe(41_235); // $412,345.67 -> $412.34567 -> $412.35
    expect(proPlanPrice(100_000_000_000)).toBe(100_000_000); // $1bn -> $1m
  });

  it('rounds half up to the cent', () => {
    expect(proPlanPrice(12_345_499)).toBe(12_345); // .499 of a cent down
    expect(proPlanPrice(12_345_500)).toBe(12_346); // .5 of a cent up
    expect(proPlanPrice(12_345_501)).toBe(12_346);
  });

  it('counts a negative total (more refunds than spending) as zero', () => {
    expect(proPlanPrice(-50_000_000)).toBe(PRO_PLAN.minimumCents);
  });

  it('refuses what is not a safe integer of cents', () => {
    expect(() => proPlanPrice(1.5)).toThrow(RangeError);
    expect(() => proPlanPrice(Number.NaN)).toThrow(RangeError);
    expect(() => proPlanPrice(2 ** 53)).toThrow(RangeError);
  });

  const expense = fc.oneof(
    fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
    fc.maxSafeInteger().map((n) => Math.min(n, Number.MAX_SAFE_INTEGER)),
    fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  );

  it('is max(minimum, 0.1% rounded half up), checked against exact bigint arithmetic', () => {
    fc.assert(
      fc.property(expense, (cents) => {
        const e = BigInt(Math.max(0, cents));
        const share = (e + 500n) / 1000n; // floor((e + 500) / 1000): half up, exact
        const expected = share > 10_000n ? share : 10_000n;
        expect(BigInt(proPlanPrice(cents))).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('is a whole number of cents, never below $100, never more than half a cent off 0.1%, and never falls as expense grows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 15 }),
        fc.integer({ min: 0, max: 10 ** 9 }),
        (cents, more) => {
          const price = proPlanPrice(cents);
          expect(Number.isSafeInteger(price)).toBe(true);
          expect(price).toBeGreaterThanOrEqual(PRO_PLAN.minimumCents);
          if (price > PRO_PLAN.minimumCents) expect(Math.abs(price * 1000 - cents)).toBeLessThanOrEqual(500);
          expect(proPlanPrice(cents + more)).toBeGreaterThanOrEqual(price);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('proPlanBasisMonth', () => {
  it('is the last complete month, across a year end', () => {
    expect(proPlanBasisMonth('2026-11')).toBe('2026-10');
    expect(proPlanBasisMonth('2027-01')).toBe('2026-12');
  });
});

describe('describeProPlanWorking', () => {
  it('says where the price comes from', () => {
    expect(formatMonthLong('2026-10')).toBe('October 2026');
    expect(
      describeProPlanWorking({ basisMonth: '2026-10', expenseCents: 41_234_567, priceCents: 41_235 }),
    ).toBe('$412.35 = max($100.00, 0.1% × $412,345.67 of October 2026)');
  });
});
