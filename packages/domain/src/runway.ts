import { formatCentsWhole } from './money';
import { addMonths, describeMonth, type MonthKey, monthsBetween } from './months';

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
 * How a runway figure was reached, for the card to show (issue 10 'show the working'): the cash balance
 * it starts from, the monthly burn it divides by (null for `runway`, which walks the forecast), the
 * months each was read from, and the calculation in one line with its figures.
 */
export type RunwayWorking = {
  balance: number;
  balanceMonth: MonthKey;
  burn: number | null;
  burnMonths: MonthKey[];
  calculation: string;
};

export type ExplainedRunway = Runway & { working: RunwayWorking };

/**
 * Runway by one of the four methods (spec §9), over every month of `input` (the company's whole
 * forecast horizon, never a view's range). Net burn of a month is its expense less its income.
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
  const { months, cashOutMonth } = explainRunway(method, input);
  return { months, cashOutMonth };
}

/** computeRunway with its working. */
export function explainRunway(method: RunwayMethod, input: RunwayInput): ExplainedRunway {
  const byKey = new Map(input.months.map((m) => [m.key, m]));
  const month = (key: MonthKey): RunwayMonth =>
    byKey.get(key) ?? { key, cashBalance: 0, income: 0, expense: 0 };
  const lastActual = month(input.actualsEndMonth);
  const nextMonth = month(addMonths(input.currentMonth, 1));
  const netBurn = (m: RunwayMonth) => m.expense - m.income;

  switch (method) {
    case 'runway':
      return walkRunway(input, month(input.currentMonth));
    case 'startup_runway':
      return ratioRunway(
        input.currentMonth,
        nextMonth,
        netBurn(lastActual),
        [lastActual.key],
        (burn) => `${money(burn)} net burn in ${monthName(lastActual.key)}`,
      );
    case 'startup_runway_3mo': {
      const lastThree = [-2, -1, 0].map((offset) => month(addMonths(input.actualsEndMonth, offset)));
      const averageBurn = lastThree.reduce((sum, m) => sum + netBurn(m), 0) / 3;
      const first = lastThree[0]?.key ?? lastActual.key;
      return ratioRunway(
        input.currentMonth,
        lastActual,
        averageBurn,
        lastThree.map((m) => m.key),
        (burn) => `${money(burn)} average net burn of ${monthName(first)}–${monthName(lastActual.key)}`,
      );
    }
    case 'runway_no_growth':
      return ratioRunway(
        input.currentMonth,
        lastActual,
        nextMonth.expense - lastActual.income,
        [nextMonth.key, lastActual.key],
        (burn) =>
          `(${money(nextMonth.expense)} expenses in ${monthName(nextMonth.key)} − ${money(lastActual.income)} income in ${monthName(lastActual.key)} = ${money(burn)})`,
      );
  }
}

/** `runway`: the first month from now whose closing cash balance is negative. */
function walkRunway(input: RunwayInput, now: RunwayMonth): ExplainedRunway {
  const working = { balance: now.cashBalance, balanceMonth: now.key, burn: null, burnMonths: [] };
  const cash = `Cash ${money(now.cashBalance)} at the end of ${monthName(now.key)}`;
  const firstNegative = input.months.find((m) => m.key >= input.currentMonth && m.cashBalance < 0);
  if (!firstNegative) {
    const lastMonth = input.months.at(-1)?.key ?? input.currentMonth;
    return {
      ...UNLIMITED,
      working: {
        ...working,
        calculation: `${cash} stays positive through the last forecast month, ${monthName(lastMonth)}`,
      },
    };
  }
  const months = monthsBetween(input.currentMonth, firstNegative.key);
  return {
    months,
    cashOutMonth: firstNegative.key,
    working: {
      ...working,
      calculation: `${cash} turns negative in ${monthName(firstNegative.key)} (${money(firstNegative.cashBalance)}): ${months} months`,
    },
  };
}

function ratioRunway(
  currentMonth: MonthKey,
  balanceMonth: RunwayMonth,
  burn: number,
  burnMonths: MonthKey[],
  describeBurn: (burn: number) => string,
): ExplainedRunway {
  const balance = balanceMonth.cashBalance;
  const cash = `Cash ${money(balance)} at the end of ${monthName(balanceMonth.key)}`;
  const working = { balance, balanceMonth: balanceMonth.key, burn, burnMonths };
  if (balance <= 0) {
    return {
      months: 0,
      cashOutMonth: currentMonth,
      working: { ...working, calculation: `${cash}: no cash left` },
    };
  }
  if (burn <= 0) {
    return {
      ...UNLIMITED,
      working: { ...working, calculation: `${cash}, ${describeBurn(burn)}: no burn, so Unlimited` },
    };
  }
  const months = balance / burn;
  const cashOutMonth = addMonths(currentMonth, Math.floor(months));
  return {
    months,
    cashOutMonth,
    working: {
      ...working,
      calculation: `${cash} ÷ ${describeBurn(burn)} = ${months.toFixed(1)} months, cash out ${monthName(cashOutMonth)}`,
    },
  };
}

/** '$1,234,567': whole dollars, as the cards show money. */
function money(cents: number): string {
  return formatCentsWhole(Math.round(cents));
}

function monthName(key: MonthKey): string {
  const { short, year } = describeMonth(key);
  return `${short} ${year}`;
}

/** The gauge's label: '24+' past the cap, 'Unlimited' for null, else whole months. */
export function formatRunwayMonths(months: number | null): string {
  if (months === null) return 'Unlimited';
  if (months > RUNWAY_GAUGE_CAP_MONTHS) return `${RUNWAY_GAUGE_CAP_MONTHS}+`;
  return String(Math.floor(months));
}
