import { addMonths, type MonthKey, monthsBetween } from './months';

/** The four ways Keel measures runway (spec §9); `runway` is the default. */
export const RUNWAY_METHODS = ['runway', 'startup_runway', 'startup_runway_3mo', 'runway_no_growth'] as const;
export type RunwayMethod = (typeof RUNWAY_METHODS)[number];

/** The runway gauge stops at 24 months and shows '24+' beyond. */
export const RUNWAY_GAUGE_CAP_MONTHS = 24;

/** One month of the figures runway needs, all in cents. Income and expense are positive amounts. */
export type RunwayMonth = { key: MonthKey; cashBalance: number; income: number; expense: number };

export type RunwayInput = {
  /** Consecutive months, actuals then forecast, covering at least the last actual month onward. */
  months: RunwayMonth[];
  currentMonth: MonthKey;
  actualsEndMonth: MonthKey;
};

/** Months of runway (null: Unlimited, the cash never runs out) and the month it runs out (null: Never). */
export type Runway = { months: number | null; cashOutMonth: MonthKey | null };

const UNLIMITED: Runway = { months: null, cashOutMonth: null };

/**
 * Runway by one of the four methods (spec §9). Net burn of a month is its expense less its income.
 * - `runway`: whole months from the current month to the first month, at or after it, whose closing
 *   cash balance is negative (forecast included); Unlimited when none is.
 * - `startup_runway`: next month's closing balance divided by the last actual month's net burn.
 * - `startup_runway_3mo`: the last actual month's closing balance divided by the average net burn of
 *   the last three actual months.
 * - `runway_no_growth`: the last actual month's closing balance divided by next month's expenses less
 *   the last actual month's income.
 * The ratio methods are Unlimited when the divisor is zero or negative (no burn), and 0 when the balance
 * is already zero or negative. Their cash-out month is the current month plus the whole months of runway.
 */
export function computeRunway(method: RunwayMethod, input: RunwayInput): Runway {
  const byKey = new Map(input.months.map((m) => [m.key, m]));
  const month = (key: MonthKey): RunwayMonth =>
    byKey.get(key) ?? { key, cashBalance: 0, income: 0, expense: 0 };
  const lastActual = month(input.actualsEndMonth);
  const nextMonth = month(addMonths(input.currentMonth, 1));
  const netBurn = (m: RunwayMonth) => m.expense - m.income;

  switch (method) {
    case 'runway': {
      const firstNegative = input.months.find((m) => m.key >= input.currentMonth && m.cashBalance < 0);
      if (!firstNegative) return UNLIMITED;
      const months = monthsBetween(input.currentMonth, firstNegative.key);
      return { months, cashOutMonth: firstNegative.key };
    }
    case 'startup_runway':
      return ratioRunway(nextMonth.cashBalance, netBurn(lastActual), input.currentMonth);
    case 'startup_runway_3mo': {
      const lastThree = [0, -1, -2].map((offset) => month(addMonths(input.actualsEndMonth, offset)));
      const averageBurn = lastThree.reduce((sum, m) => sum + netBurn(m), 0) / 3;
      return ratioRunway(lastActual.cashBalance, averageBurn, input.currentMonth);
    }
    case 'runway_no_growth':
      return ratioRunway(lastActual.cashBalance, nextMonth.expense - lastActual.income, input.currentMonth);
  }
}

function ratioRunway(balance: number, burn: number, currentMonth: MonthKey): Runway {
  if (balance <= 0) return { months: 0, cashOutMonth: currentMonth };
  if (burn <= 0) return UNLIMITED;
  const months = balance / burn;
  return { months, cashOutMonth: addMonths(currentMonth, Math.floor(months)) };
}

/** The gauge's label: '24+' past the cap, 'Unlimited' for null, else whole months. */
export function formatRunwayMonths(months: number | null): string {
  if (months === null) return 'Unlimited';
  if (months > RUNWAY_GAUGE_CAP_MONTHS) return `${RUNWAY_GAUGE_CAP_MONTHS}+`;
  return String(Math.floor(months));
}
