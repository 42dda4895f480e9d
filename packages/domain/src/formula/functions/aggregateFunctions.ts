import { checkFinite, type FormulaValue } from '../formulaValue';
import { functionFailure } from './scalarFunction';

export type AggregateName = 'ADD' | 'MUL' | 'SUM' | 'AVERAGE' | 'MEDIAN' | 'MIN' | 'MAX';

/**
 * What an aggregate makes of its numbers (collected by the compiler from its arguments, in order, with
 * month ranges flattened). The numbers come as in a spreadsheet: an argument written directly counts as
 * a number (TRUE 1, FALSE 0, numeric text; other text fails the call); in a month range only numbers
 * count (blank months, text and booleans are skipped); a failed value anywhere fails the call.
 * The numbers are the first `count` of `numbers` (a buffer reused from call to call).
 */
export type Aggregate = (numbers: Float64Array, count: number) => FormulaValue;

function total(numbers: Float64Array, count: number): number {
  let sum = 0;
  for (let i = 0; i < count; i += 1) sum += numbers[i] ?? 0;
  return sum;
}

/** SUM and ADD: the sum; 0 for no numbers. */
const SUM: Aggregate = (numbers, count) => checkFinite(total(numbers, count));

/** MUL: the product; 0 for no numbers (as Excel's PRODUCT of an empty range). */
const MUL: Aggregate = (numbers, count) => {
  if (count === 0) return 0;
  let product = 1;
  for (let i = 0; i < count; i += 1) product *= numbers[i] ?? 0;
  return checkFinite(product);
};

/** AVERAGE: the mean; fails with no numbers (Excel's #DIV/0!). */
const AVERAGE: Aggregate = (numbers, count) =>
  count === 0
    ? functionFailure('AVERAGE has no numbers to average')
    : checkFinite(total(numbers, count) / count);

/** MEDIAN: the middle number, the mean of the middle two for an even count; fails with no numbers. */
const MEDIAN: Aggregate = (numbers, count) => {
  if (count === 0) return functionFailure('MEDIAN has no numbers');
  const sorted = numbers.subarray(0, count).sort();
  const upper = sorted[count >> 1] ?? 0;
  return count % 2 === 1 ? upper : checkFinite(((sorted[(count >> 1) - 1] ?? 0) + upper) / 2);
};

/** MIN: the smallest number; 0 for no numbers (as Excel). */
const MIN: Aggregate = (numbers, count) => {
  let least = count === 0 ? 0 : (numbers[0] ?? 0);
  for (let i = 1; i < count; i += 1) least = Math.min(least, numbers[i] ?? 0);
  return least;
};

/** MAX: the largest number; 0 for no numbers (as Excel). */
const MAX: Aggregate = (numbers, count) => {
  let greatest = count === 0 ? 0 : (numbers[0] ?? 0);
  for (let i = 1; i < count; i += 1) greatest = Math.max(greatest, numbers[i] ?? 0);
  return greatest;
};

export const AGGREGATES: Record<AggregateName, Aggregate> = { ADD: SUM, SUM, MUL, AVERAGE, MEDIAN, MIN, MAX };

export function isAggregateName(name: string): name is AggregateName {
  return Object.hasOwn(AGGREGATES, name);
}
