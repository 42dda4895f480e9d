import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, earliestMonth, type MonthKey, monthsBetween } from './months';
import { explainRunway, RUNWAY_METHODS, type RunwayInput, type RunwayMonth } from './runway';

const FIRST: MonthKey = '2026-01';

/**
 * A company's runway input: consecutive months from FIRST with any cash balances and flows, in one unit
 * (a cent, $3.33 or $100, so that balances are often exact multiples of a burn), a current month with a
 * month after it, and an actuals cutoff with three months up to the last complete one, as loadRunwayInput
 * reads them.
 */
const runwayInputs = fc
  .record({
    unit: fc.constantFrom(1, 333, 10_000),
    count: fc.integer({ min: 6, max: 30 }),
    figures: fc.array(
      fc.record({
        cash: fc.integer({ min: -20, max: 400 }),
        income: fc.integer({ min: 0, max: 60 }),
        expense: fc.integer({ min: 0, max: 60 }),
      }),
      { minLength: 30, maxLength: 30 },
    ),
    current: fc.integer({ min: 3, max: 28 }),
    actualsEnd: fc.integer({ min: 2, max: 29 }),
  })
  .filter(({ count, current, actualsEnd }) => current <= count - 2 && actualsEnd <= count - 1)
  .map(({ unit, count, figures, current, actualsEnd }): RunwayInput => {
    const months: RunwayMonth[] = figures.slice(0, count).map((figure, index) => ({
      key: addMonths(FIRST, index),
      cashBalance: figure.cash * unit,
      income: figure.income * unit,
      expense: figure.expense * unit,
    }));
    return { months, currentMonth: addMonths(FIRST, current), actualsEndMonth: addMonths(FIRST, actualsEnd) };
  });

/**
 * What each method reads, straight from the spec (§9), the ratio methods from the last complete month: the balance, the month it closed, and
 * the monthly burn as a whole-cent total over a number of months.
 */
function figuresOf(method: (typeof RUNWAY_METHODS)[number], input: RunwayInput) {
  const at = (key: MonthKey) => {
    const found = input.months.find((m) => m.key === key);
    if (!found) throw new Error(`The input has no ${key}`);
    return found;
  };
  const lastComplete = earliestMonth(input.actualsEndMonth, addMonths(input.currentMonth, -1));
  const next = addMonths(input.currentMonth, 1);
  const net = (key: MonthKey) => at(key).expense - at(key).income;
  switch (method) {
    case 'startup_runway':
      return { balanceMonth: next, balance: at(next).cashBalance, total: net(lastComplete), over: 1 };
    case 'startup_runway_3mo':
      return {
        balanceMonth: lastComplete,
        balance: at(lastComplete).cashBalance,
        total: [-2, -1, 0].reduce((sum, offset) => sum + net(addMonths(lastComplete, offset)), 0),
        over: 3,
      };
    case 'runway_no_growth':
      return {
        balanceMonth: lastComplete,
        balance: at(lastComplete).cashBalance,
        total: at(next).expense - at(lastComplete).income,
        over: 1,
      };
    case 'runway':
      throw new Error('runway walks the forecast');
  }
}

/**
 * The month a balance runs out at a steady burn, found by walking forward a month at a time: the first
 * month, from the balance month on, whose closing balance is negative (null: never). Balances are kept
 * multiplied by `over`, so an average of three months stays in whole cents.
 */
function walkForward(balanceMonth: MonthKey, balance: number, total: number, over: number): MonthKey | null {
  let closing = balance * over;
  for (let month = 0; month <= 100_000; month += 1) {
    if (closing < 0) return addMonths(balanceMonth, month);
    if (total <= 0) return null;
    closing -= total;
  }
  throw new Error('The walk did not end');
}

describe('every runway method’s cash-out month', () => {
  it('is where a forward walk of the same figures first closes negative', () => {
    fc.assert(
      fc.property(runwayInputs, fc.constantFrom(...RUNWAY_METHODS), (input, method) => {
        const explained = explainRunway(method, input);
        if (method === 'runway') {
          const walked =
            input.months.find((m) => m.key >= input.currentMonth && m.cashBalance < 0)?.key ?? null;
          expect(explained.cashOutMonth).toBe(walked);
          expect(explained.months).toBe(walked === null ? null : monthsBetween(input.currentMonth, walked));
          return;
        }
        const { balanceMonth, balance, total, over } = figuresOf(method, input);
        expect(explained.working).toMatchObject({ balanceMonth, balance, burn: total / over });
        const walked = walkForward(balanceMonth, balance, total, over);
        expect(explained.cashOutMonth).toBe(walked);
        if (walked === null) {
          expect(explained.months).toBeNull();
        } else if (balance < 0) {
          expect(explained.months).toBe(0);
        } else {
          // The months of runway run from the balance month into the cash-out month.
          const monthsToCashOut = monthsBetween(balanceMonth, walked);
          expect(explained.months).toBeGreaterThanOrEqual(monthsToCashOut - 1);
          expect(explained.months).toBeLessThan(monthsToCashOut);
        }
      }),
      { numRuns: 200 },
    );
  });
});
