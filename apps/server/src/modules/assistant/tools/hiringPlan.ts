import { isPositionActive, jobPositionKind, monthlyPositionCost } from '@keel/domain';
import { z } from 'zod';
import { listDepartments, listJobPositions, listJobTitles } from '../../hiring/hiringRows';
import { checkMonthInWindow, currentMonthOf } from './assistantReport';
import { formatMonthLabel } from './monthLabel';
import { monthArg, parseToolArgs } from './toolArgs';
import type { AssistantToolFn, Citation, HiringPlanData, OpenRole } from './toolTypes';

/** The Hiring Plan page: where the plan's figures are seen. */
const HIRING_PLAN_PATH = '/hiring-plan';

export const hiringPlanArgs = z
  .object({ month: monthArg.optional().describe("The month counted, 'YYYY-MM'; default: the current month") })
  .strict();

/**
 * The hiring plan in a month, from its job positions (a salary makes an employee's position, a rate with
 * hours a contractor's; the months from start through end, both included, are the months it runs):
 * - employees: the people (quantity) of employee positions (a salary) held by an employee and running in
 *   the month, and their salaries that month;
 * - contractors: the people of contractor positions running in the month, held by someone or not (a
 *   contractor needs no employee), and their cost that month;
 * - open roles: every position without an employee (a contractor's too) that has not ended by the month
 *   (no end month, or one on or after it), started or not, by start month.
 * Cites each figure on the Hiring Plan page: the employees' salaries and the contractors' cost in the
 * month, and the open roles' annual salaries.
 */
export const hiringPlan: AssistantToolFn<unknown, HiringPlanData> = async (deps, entityId, args) => {
  const parsed = parseToolArgs(hiringPlanArgs, args);
  const month = checkMonthInWindow(deps, parsed.month ?? currentMonthOf(deps), 'month');
  const [positions, titles, departments] = await Promise.all([
    listJobPositions(deps.db, entityId),
    listJobTitles(deps.db, entityId),
    listDepartments(deps.db, entityId),
  ]);
  const titleOf = new Map(titles.map((title) => [title.id, title.name]));
  const departmentOf = new Map(departments.map((department) => [department.id, department.name]));
  let employees = 0;
  let employeeSalariesCents = 0;
  let contractors = 0;
  let contractorsCents = 0;
  const openRoles: OpenRole[] = [];
  for (const position of positions) {
    const kind = jobPositionKind(position);
    const running = isPositionActive(position, month);
    if (running && kind === 'contractor') {
      contractors += position.quantity;
      contractorsCents += monthlyPositionCost(position, month);
    }
    if (running && kind === 'employee' && position.employeeId !== null) {
      employees += position.quantity;
      employeeSalariesCents += monthlyPositionCost(position, month);
    }
    if (position.employeeId === null && (position.endMonth === null || position.endMonth >= month)) {
      openRoles.push({
        title: titleOf.get(position.jobTitleId) ?? 'Untitled role',
        kind,
        department: departmentOf.get(position.departmentId) ?? null,
        startMonth: position.startMonth,
        endMonth: position.endMonth,
        quantity: position.quantity,
        annualSalaryCents: position.salaryCents,
        rateCents: position.rateCents,
        hours: position.hours,
      });
    }
  }
  openRoles.sort((a, b) => a.startMonth.localeCompare(b.startMonth) || a.title.localeCompare(b.title));
  const openSalaries = openRoles.reduce(
    (sum, role) => sum + (role.annualSalaryCents ?? 0) * role.quantity,
    0,
  );
  const label = formatMonthLabel(month);
  const cite = (text: string, amountCents: number): Citation => ({
    label: text,
    amountCents,
    accountId: null,
    accountName: null,
    month,
    reportUrl: HIRING_PLAN_PATH,
  });
  return {
    data: { month, employees, employeeSalariesCents, contractors, contractorsCents, openRoles },
    citations: [
      cite(
        `Salaries of ${employees} ${employees === 1 ? 'employee' : 'employees'} in ${label}`,
        employeeSalariesCents,
      ),
      cite(
        `Cost of ${contractors} ${contractors === 1 ? 'contractor' : 'contractors'} in ${label}`,
        contractorsCents,
      ),
      cite(
        `Annual salaries of the ${openRoles.length} open ${openRoles.length === 1 ? 'role' : 'roles'}`,
        openSalaries,
      ),
    ],
  };
};
