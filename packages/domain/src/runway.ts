import { formatCentsWhole } from './money';
import { addMonths, describeMonth, earliestMonth, type MonthKey, monthsBetween } from './months';

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
 * How a runway figure was reached, for the card to show: the cash balance
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

/** What the Runway card's method picker, and the assistant when it names a method, call each method. */
export const RUNWAY_METHOD_LABELS: Record<RunwayMethod, string> = {
  runway: 'Forecast runway',
  startup_runway: 'Startup runway',
  startup_runway_3mo: 'Startup runway, 3-month burn',
  runway_no_growth: 'No-growth runway',
};

/**
 * The month the ratio methods read their burn and income from: the last actual month that is
 * over, the month before the current one, or the actuals cutoff when that is earlier. The month under
 * way is only partly booked (half its payroll, say), so its net burn would understate a month's and
 * stretch the runway; the average forecasts and the Pro Plan's bill read complete months for the same
 * reason.
 */
export function lastCompleteActualMonth(range: {
  currentMonth: MonthKey;
  actualsEndMonth: MonthKey;
}): MonthKey {
  return earliestMonth(range.actualsEndMonth, addMonths(range.currentMonth, -1));
}

/**
 * Runway by one of the four methods (spec §9), over every month of `input` (the company's whole
 * forecast horizon, never a view's range). Net burn of a month is its expense less its income. The
 * ratio methods read the last complete actual month (lastCompleteActualMonth), never the month under way:
 * - `runway`: whole months from the current month to the first month, at or after it, whose closing
 *   cash balance is negative (forecast included); Unlimited when none is.
 * - `startup_runway`: next month's closing balance divided by the last complete month's net burn.
 * - `startup_runway_3mo`: the last complete month's closing balance divided by the average net burn of
 *   the three complete months ending with it.
 * - `runway_no_growth`: the last complete month's closing balance divided by next month's expenses less
 *   the last complete month's income.
 * A ratio method's months are counted from the month its balance was read, and its cash-out month is the
 * month a forward walk from that balance at that burn first closes negative, as `runway`'s is: the balance
 * month plus the whole months of runway plus one (the balance month itself when it closed negative; 0
 * months then). Unlimited when the burn is zero or negative and the balance is not negative.
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
  const lastComplete = month(lastCompleteActualMonth(input));
  const nextMonth = month(addMonths(input.currentMonth, 1));
  const netBurn = (m: RunwayMonth) => m.expense - m.income;
  const basis = describeBasis(input, lastComplete.key);

  switch (method) {
    case 'runway':
      return walkRunway(input, month(input.currentMonth));
    case 'startup_runway':
      return ratioRunway(
        nextMonth,
        { total: netBurn(lastComplete), months: 1 },
        [lastComplete.key],
        (burn) => `${money(burn)} net burn in ${monthName(lastComplete.key)}`,
        basis,
      );
    case 'startup_runway_3mo': {
      const lastThree = [-2, -1, 0].map((offset) => month(addMonths(lastComplete.key, offset)));
      const first = lastThree[0]?.key ?? lastComplete.key;
      return ratioRunway(
        lastComplete,
        { total: lastThree.reduce((sum, m) => sum + netBurn(m), 0), months: 3 },
        lastThree.map((m) => m.key),
        (burn) => `${money(burn)} average net burn of ${monthName(first)}–${monthName(lastComplete.key)}`,
        basis,
      );
    }
    case 'runway_no_growth':
      return ratioRunway(
        lastComplete,
        { total: nextMonth.expense - lastComplete.income, months: 1 },
        [nextMonth.key, lastComplete.key],
        (burn) =>
          `(${money(nextMonth.expense)} expenses in ${monthName(nextMonth.key)} − ${money(lastComplete.income)} income in ${monthName(lastComplete.key)} = ${money(burn)})`,
        basis,
      );
  }
}

/** Why the ratio methods read the month they read: '(Oct 2026 is the last complete month: Nov 2026 is under way)'. */
function describeBasis(input: RunwayInput, lastComplete: MonthKey): string {
  if (input.actualsEndMonth >= input.currentMonth) {
    return `(${monthName(lastComplete)} is the last complete month: ${monthName(input.currentMonth)} is under way)`;
  }
  if (lastComplete < addMonths(input.currentMonth, -1)) {
    return `(${monthName(lastComplete)} is the last actual month: the actuals end there)`;
  }
  return `(${monthName(lastComplete)} is the last complete month)`;
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

/** A monthly burn as integer cents over whole months (an average of three keeps its thirds exact). */
type Burn = { total: number; months: number };

function ratioRunway(
  balanceMonth: RunwayMonth,
  { total, months: over }: Burn,
  burnMonths: MonthKey[],
  describeBurn: (burn: number) => string,
  basis: string,
): ExplainedRunway {
  const balance = balanceMonth.cashBalance;
  const burn = total / over;
  const cash = `Cash ${money(balance)} at the end of ${monthName(balanceMonth.key)}`;
  const working = { balance, balanceMonth: balanceMonth.key, burn, burnMonths };
  if (balance < 0) {
    return {
      months: 0,
      cashOutMonth: balanceMonth.key,
      working: { ...working, calculation: `${cash}: no cash left, cash out ${monthName(balanceMonth.key)}` },
    };
  }
  if (total <= 0) {
    return {
      ...UNLIMITED,
      working: { ...working, calculation: `${cash}, ${describeBurn(burn)}: no burn, so Unlimited ${basis}` },
    };
  }
  // Whole months the balance covers, in integers: floor(balance / (total / over)).
  const whole = Number((BigInt(balance) * BigInt(over)) / BigInt(total));
  const months = (balance * over) / total;
  const cashOutMonth = addMonths(balanceMonth.key, whole + 1);
  return {
    months,
    cashOutMonth,
    working: {
      ...working,
      calculation: `${cash} ÷ ${describeBurn(burn)} = ${months.toFixed(1)} months from ${monthName(balanceMonth.key)}, cash out ${monthName(cashOutMonth)} ${basis}`,
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
