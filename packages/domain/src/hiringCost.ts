import type { Cents } from './money';
import { addMonths, latestMonth, type MonthKey, monthRange } from './months';
import { defaultReportRange } from './reportRange';

/** Spec §3: a salary means an employee; a rate with hours means a contractor. */
export type JobPositionKind = 'employee' | 'contractor';

/** What a job position's cost depends on: its pay in cents and the months it runs. */
export type PositionPay = {
  /** How many people hold the position (1 or more). */
  quantity: number;
  /** Annual salary per person, in cents; set for employees. */
  salaryCents: Cents | null;
  /** Hourly rate per person, in cents; set, with hours, for contractors. */
  rateCents: Cents | null;
  /** Hours per person per month. */
  hours: number | null;
  /** The first month the position is paid. */
  startMonth: MonthKey;
  /** The last month the position is paid; null while it runs on. */
  endMonth: MonthKey | null;
};

/** Employee when it has a salary; contractor when it has a rate and hours; null when it has neither. */
export function jobPositionKind(position: Pick<PositionPay, 'salaryCents' | 'rateCents' | 'hours'>) {
  if (position.salaryCents !== null) return 'employee' as const;
  if (position.rateCents !== null && position.hours !== null) return 'contractor' as const;
  return null;
}

/** Whether a position runs in `month`: from its start month through its end month, both included. */
export function isPositionActive(position: Pick<PositionPay, 'startMonth' | 'endMonth'>, month: MonthKey) {
  return month >= position.startMonth && (position.endMonth === null || month <= position.endMonth);
}

/**
 * What a job position costs the company in one month, in cents: a month from its start month through
 * its end month (both included; no end means it runs on) costs the whole month, any other month costs
 * 0 (no proration by day).
 * - an employee costs a twelfth of the annual salary per person: salary x quantity / 12, rounded to
 *   the cent, half up (so twelve months may differ from the annual total by a few cents);
 * - a contractor costs rate x hours x quantity, exact;
 * - a position with neither costs 0.
 * A role's default bonus is not part of it: positions carry no bonus (spec §3).
 */
export function monthlyPositionCost(position: PositionPay, month: MonthKey): Cents {
  if (!isPositionActive(position, month)) return 0;
  switch (jobPositionKind(position)) {
    case 'employee':
      return Math.round(((position.salaryCents ?? 0) * position.quantity) / 12);
    case 'contractor':
      return (position.rateCents ?? 0) * (position.hours ?? 0) * position.quantity;
    default:
      return 0;
  }
}

/** Employer taxes and benefits as a share of salaries, in basis points (7.65% is 765). */
export type HiringCostRates = { employerTaxBasisPoints: number; benefitsBasisPoints: number };

/** What the plan costs in one month, in cents, line by line. */
export type HiringMonthCost = {
  month: MonthKey;
  /** Employees' salaries: the sum of their positions' monthly costs. */
  salaries: Cents;
  /** Contractors: the sum of their positions' monthly costs. */
  contractors: Cents;
  /** Salaries x the employer tax rate, rounded to the cent (half away from zero). */
  employerTaxes: Cents;
  /** Salaries x the benefits rate, rounded to the cent (half away from zero). */
  benefits: Cents;
};

/** `basisPoints` / 10,000 of an amount in cents, rounded half away from zero to the cent (exact integers). */
export function percentOfCents(cents: Cents, basisPoints: number): Cents {
  const scaled = cents * basisPoints;
  if (!Number.isSafeInteger(scaled)) {
    const exact = BigInt(cents) * BigInt(basisPoints);
    const magnitude = ((exact < 0n ? -exact : exact) + 5_000n) / 10_000n;
    return Number(exact < 0n ? -magnitude : magnitude);
  }
  const rounded = Math.floor((Math.abs(scaled) + 5_000) / 10_000);
  return scaled < 0 ? -rounded : rounded;
}

/**
 * The plan's cost month by month: salaries (employees' positions) and contractors summed per month,
 * then employer taxes and benefits as a share of that month's salaries. Contractors carry no taxes or
 * benefits. Each month is computed on its own (no proration, no carrying of rounding).
 */
export function computeHiringPlanCosts(
  positions: readonly PositionPay[],
  months: readonly MonthKey[],
  rates: HiringCostRates,
): HiringMonthCost[] {
  return months.map((month) => {
    let salaries = 0;
    let contractors = 0;
    for (const position of positions) {
      const cost = monthlyPositionCost(position, month);
      if (jobPositionKind(position) === 'employee') salaries += cost;
      else contractors += cost;
    }
    return {
      month,
      salaries,
      contractors,
      employerTaxes: percentOfCents(salaries, rates.employerTaxBasisPoints),
      benefits: percentOfCents(salaries, rates.benefitsBasisPoints),
    };
  });
}

/**
 * The plan forecasts five years ahead, as far as the demo's own forecasts and a runway may look: an
 * open-ended salary does not stop while rent and software go on.
 */
const MIN_HIRING_FORECAST_MONTHS = 60;

/**
 * The months the plan writes into the report: from the current month (earlier months are the books'
 * actuals) through the end of the default report range, and at least 60 months.
 */
export function hiringForecastMonths(currentMonth: MonthKey): MonthKey[] {
  const reportEnd = defaultReportRange(currentMonth).endMonth;
  const minimumEnd = addMonths(currentMonth, MIN_HIRING_FORECAST_MONTHS - 1);
  return monthRange(currentMonth, latestMonth(reportEnd, minimumEnd));
}

/** A job position with the department it sits in: what the plan's totals group by. */
export type DepartmentPositionPay = PositionPay & { departmentId: string };

/** A department of the plan's tree: a null parent is the top level (the company). */
export type HiringDepartmentRef = { id: string; parentId: string | null };

/**
 * A hiring plan's headcount and monthly cost in one month, counting only the positions active in that
 * month (started, not ended): a position that starts later or has ended is not counted, so the totals
 * are what the company pays and employs that month.
 */
export type HiringTotal = {
  /** People in the active positions: the sum of their quantities, open roles included. */
  headcount: number;
  /** How many positions are active. */
  activePositions: number;
  /** Positions left out because they are not active in the month (not started yet, or ended). */
  inactivePositions: number;
  /** Active positions with neither a salary nor a rate with hours: counted in headcount at $0. */
  unpricedPositions: number;
  /** The sum of the active positions' monthly costs (monthlyPositionCost), in cents, exact. */
  monthlyCostCents: Cents;
};

/** The plan's totals in one month: each department's (with its sub-departments) and the company's. */
export type HiringPlanTotals = {
  month: MonthKey;
  /** By department id; a department with no positions under it has a total of zeros. */
  byDepartment: Map<string, HiringTotal>;
  /** Every position given, whatever its department. */
  company: HiringTotal;
};

const emptyTotal = (): HiringTotal => ({
  headcount: 0,
  activePositions: 0,
  inactivePositions: 0,
  unpricedPositions: 0,
  monthlyCostCents: 0,
});

function addPosition(total: HiringTotal, position: PositionPay, month: MonthKey) {
  if (!isPositionActive(position, month)) {
    total.inactivePositions += 1;
    return;
  }
  total.headcount += position.quantity;
  total.activePositions += 1;
  if (jobPositionKind(position) === null) total.unpricedPositions += 1;
  total.monthlyCostCents += monthlyPositionCost(position, month);
}

/**
 * Headcount and monthly cost in `month`, per department and for the company. A department's total
 * rolls up its own positions and those of every department below it, so the top-level department's
 * total is the company's. The positions are those the caller shows (a filtered plan totals only what
 * it shows). Cents are summed as integers, so a total is exactly the sum of its positions' costs.
 */
export function totalHiringPlan(
  departments: readonly HiringDepartmentRef[],
  positions: readonly DepartmentPositionPay[],
  month: MonthKey,
): HiringPlanTotals {
  const parentOf = new Map(departments.map((department) => [department.id, department.parentId]));
  const byDepartment = new Map(departments.map((department) => [department.id, emptyTotal()]));
  const company = emptyTotal();
  for (const position of positions) {
    addPosition(company, position, month);
    // The department and its ancestors; a parent seen twice (a broken tree) stops the walk.
    const seen = new Set<string>();
    let id: string | null = position.departmentId;
    while (id !== null && !seen.has(id)) {
      seen.add(id);
      const total = byDepartment.get(id);
      if (total) addPosition(total, position, month);
      id = parentOf.get(id) ?? null;
    }
  }
  return { month, byDepartment, company };
}
