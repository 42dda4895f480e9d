import {
  type Cents,
  describeMonth,
  formatCents,
  formatCentsWhole,
  type MonthKey,
  monthlyPositionCost,
  unitsToCents,
} from '@keel/domain';

/** A month as the plan shows it: 'May 2026'. */
export function formatPlanMonth(month: MonthKey | null): string {
  if (!month) return '';
  const { short, year } = describeMonth(month);
  return `${short} ${year}`;
}

/** What the pay columns and the cost need of a job position (amounts in units, as the API sends them). */
type PositionPayView = {
  quantity: number;
  salary: number | null;
  rate: number | null;
  hours: number | null;
  startDate: MonthKey;
  endDate: MonthKey | null;
};

/** The pay column: an employee's annual salary ('$150,000 / yr'), a contractor's '$85.00/h × 160 h'. */
export function formatPositionPay(position: PositionPayView): string {
  if (position.salary !== null) return `${formatCentsWhole(unitsToCents(position.salary))} / yr`;
  if (position.rate !== null && position.hours !== null) {
    return `${formatCents(unitsToCents(position.rate))}/h × ${position.hours} h`;
  }
  return '—';
}

/** One month's cost of a position with its working (spec: numbers shown with their working). */
type PositionCostView = { month: MonthKey; cents: Cents; text: string; working: string };

/**
 * The month the cost column shows: the current month while the position runs, else its start month
 * (not started yet) or its end month (already over).
 */
export function costMonthOf(position: PositionPayView, currentMonth: MonthKey): MonthKey {
  if (currentMonth < position.startDate) return position.startDate;
  if (position.endDate !== null && currentMonth > position.endDate) return position.endDate;
  return currentMonth;
}

/**
 * A position's monthly cost (monthlyPositionCost: salary × quantity / 12 for an employee, rate × hours
 * × quantity for a contractor) with the working behind it: '$150,000.00 / 12 × 1'.
 */
export function describePositionCost(position: PositionPayView, currentMonth: MonthKey): PositionCostView {
  const month = costMonthOf(position, currentMonth);
  const salaryCents = position.salary === null ? null : unitsToCents(position.salary);
  const rateCents = position.rate === null ? null : unitsToCents(position.rate);
  const cents = monthlyPositionCost(
    {
      quantity: position.quantity,
      salaryCents,
      rateCents,
      hours: position.hours,
      startMonth: position.startDate,
      endMonth: position.endDate,
    },
    month,
  );
  let working = 'No salary, rate or hours';
  if (salaryCents !== null) working = `${formatCents(salaryCents)} / 12 × ${position.quantity}`;
  else if (rateCents !== null && position.hours !== null) {
    working = `${formatCents(rateCents)} × ${position.hours} h × ${position.quantity}`;
  }
  return { month, cents, text: formatCents(cents), working: `${working} (${formatPlanMonth(month)})` };
}
