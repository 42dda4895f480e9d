import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderPercentageForecasts } from './orderPercentageForecasts';
import {
  computePercentageForecast,
  forecastPercentSchema,
  percentToPpm,
  ppmToPercent,
  shareOfCents,
} from './percentageForecast';

/** The exact answer: cents × ppm / 10^6, halves away from zero, in BigInt. */
function exactPercentOf(cents: number, ppm: number): number {
  const product = BigInt(cents) * BigInt(ppm);
  const sign = product < 0n ? -1n : 1n;
  const magnitude = product * sign;
  const whole = magnitude / 1_000_000n;
  const rest = magnitude % 1_000_000n;
  return Number(sign * (rest * 2n >= 1_000_000n ? whole + 1n : whole)) + 0;
}

describe('computePercentageForecast', () => {
  it('takes 2.9% of $190,000.00 as $5,510.00 and 30% as $57,000.00, month by month', () => {
    const source = [
      { month: '2026-12', cents: 190_000_00 },
      { month: '2027-01', cents: 200_000_00 },
    ];
    expect(computePercentageForecast(source, percentToPpm(2.9), '2026-11')).toEqual([
      { month: '2026-12', sourceCents: 190_000_00, cents: 5_510_00 },
      { month: '2027-01', sourceCents: 200_000_00, cents: 5_800_00 },
    ]);
    expect(computePercentageForecast(source, percentToPpm(30), '2026-11').map((m) => m.cents)).toEqual([
      57_000_00, 60_000_00,
    ]);
  });

  it('rounds each month half away from zero to the cent', () => {
    // 0.5% of $1.01 is 0.505 cents: 1 cent; of -$1.01, -1 cent; 0.5% of $1.00 is 0.5 cents: 1.
    const source = [
      { month: '2027-01', cents: 101 },
      { month: '2027-02', cents: -101 },
      { month: '2027-03', cents: 100 },
      { month: '2027-04', cents: 0 },
    ];
    expect(computePercentageForecast(source, percentToPpm(0.5), '2026-11').map((m) => m.cents)).toEqual([
      1, -1, 1, 0,
    ]);
    // 12.3456% of $1,234.57 = $152.4161... -> $152.42
    expect(
      computePercentageForecast([{ month: '2027-01', cents: 123_457 }], 123_456, '2026-11')[0]?.cents,
    ).toBe(15_242);
  });

  it('is exact to the cent for any figure and percent the ledger allows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(10 ** 13), max: 10 ** 13 }),
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        (cents, ppm) => {
          const [month] = computePercentageForecast([{ month: '2027-01', cents }], ppm, '2026-11');
          expect(month?.cents).toBe(exactPercentOf(cents, ppm));
          expect(shareOfCents(cents, ppm)).toBe(exactPercentOf(cents, ppm));
        },
      ),
      { numRuns: 3000 },
    );
    // Halves at the edge of what a double carries: the engine's product alone would be a cent off.
    expect(
      computePercentageForecast([{ month: '2027-01', cents: -59_876_877_564 }], 3_458_317, '2026-11')[0]
        ?.cents,
    ).toBe(exactPercentOf(-59_876_877_564, 3_458_317));
  });
});

describe('forecastPercentSchema', () => {
  it('takes percents within ±1000% with at most 4 decimals, and refuses the rest with a message', () => {
    for (const ok of [2.9, 30, -1000, 1000, 0.0001, 12.3456])
      expect(forecastPercentSchema.parse(ok)).toBe(ok);
    const message = (value: unknown) => forecastPercentSchema.safeParse(value).error?.issues[0]?.message;
    expect(message(1000.0001)).toBe('Percent must be between -1000% and 1000%');
    expect(message(-2000)).toBe('Percent must be between -1000% and 1000%');
    expect(message(1.23456)).toBe('Percent must have at most 4 decimals');
    expect(message(0)).toBe('Percent must not be zero');
    expect(message(Number.NaN)).toBeDefined();
    expect(message(undefined)).toBe('Percent is required');
    expect(ppmToPercent(percentToPpm(12.3456))).toBe(12.3456);
  });
});

describe('orderPercentageForecasts', () => {
  // Income > Revenue > (Subscriptions, Services); Expense > Cost > (Fees, Support).
  const chart = [
    { id: 'income', parentId: null },
    { id: 'revenue', parentId: 'income' },
    { id: 'subs', parentId: 'revenue' },
    { id: 'services', parentId: 'revenue' },
    { id: 'expense', parentId: null },
    { id: 'cost', parentId: 'expense' },
    { id: 'fees', parentId: 'cost' },
    { id: 'support', parentId: 'cost' },
  ];

  it('computes each forecast after the forecasts booked in its source line', () => {
    const order = orderPercentageForecasts(
      [
        { id: 'support-of-cost', accountId: 'support', sourceAccountId: 'fees' },
        { id: 'fees-of-revenue', accountId: 'fees', sourceAccountId: 'revenue' },
        { id: 'services-of-subs', accountId: 'services', sourceAccountId: 'subs' },
      ],
      chart,
    );
    expect(order.looped).toEqual([]);
    expect(order.ordered.indexOf('fees-of-revenue')).toBeLessThan(order.ordered.indexOf('support-of-cost'));
  });

  it('finds a forecast reading its own account or a line that contains it, and loops through others', () => {
    expect(
      orderPercentageForecasts([{ id: 'self', accountId: 'fees', sourceAccountId: 'fees' }], chart).looped,
    ).toEqual(['self']);
    expect(
      orderPercentageForecasts([{ id: 'parent', accountId: 'fees', sourceAccountId: 'expense' }], chart)
        .looped,
    ).toEqual(['parent']);
    // A child line does not contain its parent's own figure: no loop.
    expect(
      orderPercentageForecasts([{ id: 'child', accountId: 'cost', sourceAccountId: 'fees' }], chart).looped,
    ).toEqual([]);
    const loop = orderPercentageForecasts(
      [
        { id: 'a', accountId: 'fees', sourceAccountId: 'support' },
        { id: 'b', accountId: 'support', sourceAccountId: 'cost' },
        { id: 'c', accountId: 'services', sourceAccountId: 'subs' },
        { id: 'd', accountId: 'income', sourceAccountId: 'fees' },
      ],
      chart,
    );
    expect(loop.ordered).toEqual(['c']);
    expect(loop.looped).toEqual(['a', 'b', 'd']);
  });
});
