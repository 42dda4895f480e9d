import { type Cents, formatCents, roundCentsToUnits } from '@keel/domain';

/** Whether a variance is good for its row (green), bad (red), or nothing to tell (grey: on plan). */
export type VarianceTone = 'good' | 'bad' | 'neutral';

/**
 * Plan vs actual of one figure: `amount` is actual − plan in cents; `percent` is
 * that as a share of the plan's size (so it has the amount's sign, whatever the plan's), null when the
 * plan is 0; `tone` says whether it is good for the row.
 */
export type Variance = { amount: Cents; percent: number | null; tone: VarianceTone };

/**
 * The variance of an actual figure against its plan. `higherIsGood`: the row's figures are better
 * higher (income, cash, net income) or lower (expense, what is owed); see varianceDirections.
 */
export function varianceOf(actual: Cents, plan: Cents, higherIsGood: boolean): Variance {
  const amount = actual - plan;
  const percent = plan === 0 ? null : (amount / Math.abs(plan)) * 100;
  const tone: VarianceTone = amount === 0 ? 'neutral' : amount > 0 === higherIsGood ? 'good' : 'bad';
  return { amount, percent, tone };
}

const signedUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  signDisplay: 'exceptZero',
});
const signedUsdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  signDisplay: 'exceptZero',
});
const signedUsdCompact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumSignificantDigits: 3,
  signDisplay: 'exceptZero',
});
const signedPercent = new Intl.NumberFormat('en-US', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});
const signedPercentWhole = new Intl.NumberFormat('en-US', {
  style: 'percent',
  maximumFractionDigits: 0,
  signDisplay: 'exceptZero',
});

/**
 * A difference in the 112 px of a grid cell, signed (none is '$0'): exact under $10 ('+$3.40'), whole dollars under
 * $1,000 ('-$834'), then three significant digits ('+$1.23K', '-$45.6K', '+$1.2M'). The cell's title
 * gives it exactly (describeVariance).
 */
export function formatVarianceAmount(cents: Cents): string {
  const magnitude = Math.abs(cents);
  if (magnitude === 0) return '$0';
  if (magnitude < 10_00) return signedUsd.format(cents / 100);
  if (magnitude < 1_000_00) return signedUsdWhole.format(roundCentsToUnits(cents));
  return signedUsdCompact.format(cents / 100);
}

/** '+4.3%', '-12.0%', '0.0%'; from 100% on whole percents ('+250%'), which is precision enough there. */
export function formatVariancePercent(percent: number): string {
  const share = percent / 100;
  return Math.abs(percent) >= 99.95 ? signedPercentWhole.format(share) : signedPercent.format(share);
}

/** The second line of a cell: '+$1.23K (+4.3%)'; the amount alone when the plan was 0. */
export function formatVarianceShort(variance: Variance): string {
  const amount = formatVarianceAmount(variance.amount);
  return variance.percent === null ? amount : `${amount} (${formatVariancePercent(variance.percent)})`;
}

/**
 * The working in full, exact to the cent, for the cell's title:
 * 'Plan $1,000.00 · Actual $1,043.00 · Difference +$43.00 (+4.3%): above plan, better'.
 */
export function describeVariance(actual: Cents, plan: Cents, variance: Variance): string {
  const difference = `${variance.amount > 0 ? '+' : ''}${formatCents(variance.amount)}`;
  const percent = variance.percent === null ? '' : ` (${formatVariancePercent(variance.percent)})`;
  const verdict =
    variance.amount === 0
      ? 'on plan'
      : `${variance.amount > 0 ? 'above' : 'below'} plan, ${variance.tone === 'good' ? 'better' : 'worse'}`;
  return `Plan ${formatCents(plan)} · Actual ${formatCents(actual)} · Difference ${difference}${percent}: ${verdict}`;
}
