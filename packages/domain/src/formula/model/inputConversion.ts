import { DECIMAL_PLACES_MAX } from '../../validation/models';
import type { ModelInputType } from './modelTypes';

/** An input type as the Inputs panel names it. */
export const INPUT_TYPE_LABELS: Record<ModelInputType, string> = {
  number: 'Number',
  percent: 'Percentage',
  currency: 'Currency',
  month: 'Month',
  list: 'Monthly values',
  link: 'Linked account',
};

/** Types whose value is one number that formulas read as it is stored (a percent as its fraction). */
const NUMERIC: ReadonlySet<ModelInputType> = new Set(['number', 'percent', 'currency']);

/**
 * Why a value of type `from` means something else as `to`: a share is not money, a month is not a
 * number, one value is not a month-by-month list nor an account's figures.
 */
function whyMeaningIsLost(from: ModelInputType, to: ModelInputType): string {
  if (from === 'list') return 'Values typed month by month are not one value';
  if (to === 'list') return 'One value is not a month-by-month list';
  if (from === 'link') return "An account's figures are not a typed value";
  if (to === 'link') return 'A typed value is not an account';
  if (from === 'month') return 'A month is not a number';
  if (to === 'month') return 'A number is not a month';
  return from === 'percent' ? 'A share is not an amount of money' : 'An amount of money is not a share';
}

/**
 * Whether an input's value keeps its meaning when its type is converted (spec 'Models screens':
 * Convert type), and the refusal when it cannot. A conversion never changes what formulas read:
 * number, percentage and currency hold one number, so 5% (0.05) becomes the number 0.05 and the number
 * 0.05 becomes 5%, and a number becomes that many dollars and back. A percentage and a currency are
 * not each other (a share is not money), and a month, a month-by-month list or a linked account is no
 * number: those conversions are refused while the input holds a value (an empty input converts freely,
 * there is nothing to lose). Returns null when the conversion keeps the meaning.
 */
export function findInputConversionProblem(
  from: ModelInputType,
  to: ModelInputType,
  holdsValue: boolean,
): string | null {
  if (from === to || !holdsValue) return null;
  const shareAndMoney = [from, to].includes('percent') && [from, to].includes('currency');
  if (NUMERIC.has(from) && NUMERIC.has(to) && !shareAndMoney) return null;
  return `${whyMeaningIsLost(from, to)}: clear the value first, or add a new ${INPUT_TYPE_LABELS[to]} input.`;
}

/**
 * The decimal places that show the converted value as precisely as before: a percentage shows two
 * places fewer than the same fraction as a number (5.0% is 0.050), so a conversion between the two
 * moves them by two; other conversions keep them.
 */
export function convertedDecimalPlaces(from: ModelInputType, to: ModelInputType, places: number): number {
  if (from === to || !NUMERIC.has(from) || !NUMERIC.has(to)) return places;
  const shift = (from === 'percent' ? 2 : 0) - (to === 'percent' ? 2 : 0);
  return Math.min(DECIMAL_PLACES_MAX, Math.max(0, places + shift));
}
