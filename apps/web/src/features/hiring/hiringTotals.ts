import {
  type DepartmentPositionPay,
  formatCents,
  type HiringPlanTotals,
  type HiringTotal,
  type MonthKey,
  totalHiringPlan,
  unitsToCents,
} from '@keel/domain';
import { formatCount } from './formatCount';
import { formatPlanMonth } from './hiringFormat';
import type { HiringDepartment, HiringJobPosition } from './hiringQueries';

/**
 * The plan's totals as the table shows them: the positions the filter shows (amounts in units, as the
 * API sends them, turned into cents), counted in the current month (totalHiringPlan: positions active
 * that month; a department's total includes its sub-departments).
 */
export function totalShownPositions(
  departments: readonly HiringDepartment[],
  positions: readonly HiringJobPosition[],
  currentMonth: MonthKey,
): HiringPlanTotals {
  const pays: DepartmentPositionPay[] = positions.map((position) => ({
    departmentId: position.departmentId,
    quantity: position.quantity,
    salaryCents: position.salary == null ? null : unitsToCents(position.salary),
    rateCents: position.rate == null ? null : unitsToCents(position.rate),
    hours: position.hours ?? null,
    startMonth: position.startDate,
    endMonth: position.endDate ?? null,
  }));
  const refs = departments.map((department) => ({
    id: department.id,
    parentId: department.parentId ?? null,
  }));
  return totalHiringPlan(refs, pays, currentMonth);
}

/** The total of a department with no positions under it. */
export const NO_POSITIONS: HiringTotal = {
  headcount: 0,
  activePositions: 0,
  inactivePositions: 0,
  unpricedPositions: 0,
  monthlyCostCents: 0,
};

/** A total as a row shows it: the headcount, the monthly cost and what they count (the tooltip). */
export type HiringTotalView = { headcount: string; cost: string; working: string };

/**
 * What a total counts, said in full: '5 people in 2 positions active in Nov 2026: $25,726.67 a month.
 * 1 position not started yet or already ended is not counted.'
 */
export function describeHiringTotal(total: HiringTotal, month: MonthKey, scope: string): HiringTotalView {
  const cost = formatCents(total.monthlyCostCents);
  const parts = [
    `${scope}: ${formatCount(total.headcount, 'person', 'people')} in ` +
      `${formatCount(total.activePositions, 'position')} active in ${formatPlanMonth(month)}, ` +
      `costing ${cost} that month.`,
  ];
  if (total.inactivePositions > 0) {
    parts.push(
      `${formatCount(total.inactivePositions, 'position')} not started yet or already ended ` +
        `${total.inactivePositions === 1 ? 'is' : 'are'} not counted.`,
    );
  }
  if (total.unpricedPositions > 0) {
    parts.push(
      `${formatCount(total.unpricedPositions, 'position')} with no salary or rate ` +
        `${total.unpricedPositions === 1 ? 'is' : 'are'} counted at $0.00.`,
    );
  }
  return { headcount: total.headcount.toLocaleString('en-US'), cost, working: parts.join(' ') };
}
