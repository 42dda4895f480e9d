import { type Cents, formatCents } from './money';
import { addMonths, formatMonthLong, type MonthKey } from './months';

/**
 * The paid Pro Plan (spec §1, §9): 0.1% of the monthly expense total, minimum $100 per month.
 *
 * Which month: a bill is based on the last *complete* month, the one before the current month (UTC),
 * so the figure never moves while the month under way is still being booked. Its expense total is the
 * month's actual figure of the Expense tree, as the Financial Report shows it (refunds lower it).
 */
export const PRO_PLAN = {
  productName: 'Pro Plan',
  productDescription: `Keel Pro: 0.1% of the monthly expense total, minimum $100 per month`,
  /** $100: the least a month costs. */
  minimumCents: 10_000,
  /** 0.1% = 1 / 1000 of the expense total. */
  rateDivisor: 1_000,
  currency: 'usd',
  recurringInterval: 'month',
} as const;

/**
 * The Pro Plan's monthly price for a month's expense total, in cents: max($100, 0.1% of the total).
 *
 * Rounding: 0.1% of a cent figure is rarely whole cents; it is rounded **half up to the cent**
 * (0.5 cent goes up), in integer arithmetic, so no floating point is involved. A negative total (more
 * refunds than spending) counts as zero, so it costs the minimum. Exact for any safe integer.
 */
export function proPlanPrice(expenseCents: Cents): Cents {
  if (!Number.isSafeInteger(expenseCents)) throw new RangeError('Expense must be a safe integer of cents');
  if (expenseCents <= 0) return PRO_PLAN.minimumCents;
  const divisor = PRO_PLAN.rateDivisor;
  // floor((e + 500) / 1000) without forming e + 500, which could pass 2^53 - 1.
  const whole = Math.floor(expenseCents / divisor);
  const rest = expenseCents - whole * divisor;
  const share = rest * 2 >= divisor ? whole + 1 : whole;
  return Math.max(PRO_PLAN.minimumCents, share);
}

/** The month a bill made in `currentMonth` is based on: the last complete month. */
export function proPlanBasisMonth(currentMonth: MonthKey): MonthKey {
  return addMonths(currentMonth, -1);
}

/** The working of a price, as the billing page says where it comes from. */
export type ProPlanWorking = { basisMonth: MonthKey; expenseCents: Cents; priceCents: Cents };

/** '$412.35 = max($100.00, 0.1% × $412,345.67 of October 2026)'. */
export function describeProPlanWorking(working: ProPlanWorking): string {
  return `${formatCents(working.priceCents)} = max(${formatCents(PRO_PLAN.minimumCents)}, 0.1% × ${formatCents(
    working.expenseCents,
  )} of ${formatMonthLong(working.basisMonth)})`;
}
