import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { readSnapshot, writeTransaction } from '../../db/transactions';
import { sortDepartmentTree } from './departmentTree';
import {
  type DepartmentRow,
  type EmployeeView,
  type JobPositionRow,
  type JobTitleView,
  listDepartments,
  listEmployees,
  listJobPositions,
  listJobTitles,
} from './hiringRows';
import { lockHiringPlan, selectTopLevel } from './lockHiringPlan';

/** HiringPlan(entityId) as the plan screen shows it (spec §7). */
export type HiringPlanView = {
  entityId: string;
  /** Tree order: the top-level department (named after the company), then depth first by position. */
  departments: DepartmentRow[];
  /** By name. */
  employees: EmployeeView[];
  /** By name. */
  jobTitles: JobTitleView[];
  /** By department, in the departments' tree order, then by position. */
  jobPositions: JobPositionRow[];
};

/**
 * A company's hiring plan, read in one snapshot. A company that never used the plan gets its
 * top-level department made first (in a write transaction of its own), so the plan always has a root
 * to add departments to.
 */
export async function loadHiringPlan(db: Db | Tx, clock: Clock, entityId: string): Promise<HiringPlanView> {
  if (!(await selectTopLevel(db, entityId))) {
    await writeTransaction(db, (tx) => lockHiringPlan(tx, clock, entityId));
  }
  return readSnapshot(db, async (tx) => {
    const top = await selectTopLevel(tx, entityId);
    // One after another: a transaction is one connection, which runs one query at a time (node-postgres
    // only queues concurrent ones, and deprecates doing so).
    const departmentRows = await listDepartments(tx, entityId);
    const employeeRows = await listEmployees(tx, entityId);
    const jobTitleRows = await listJobTitles(tx, entityId);
    const positionRows = await listJobPositions(tx, entityId);
    const departments = sortDepartmentTree(
      departmentRows.map((row) => (top && row.id === top.id ? top : row)),
    );
    const treeIndex = new Map(departments.map((row, index) => [row.id, index]));
    const positionsByEmployee = new Map<string, number>();
    const hiresByJobTitle = new Map<string, number>();
    for (const position of positionRows) {
      if (position.employeeId) {
        positionsByEmployee.set(position.employeeId, (positionsByEmployee.get(position.employeeId) ?? 0) + 1);
      }
      hiresByJobTitle.set(
        position.jobTitleId,
        (hiresByJobTitle.get(position.jobTitleId) ?? 0) + position.quantity,
      );
    }
    return {
      entityId,
      departments,
      employees: employeeRows.map((row) => ({
        ...row,
        positionsCount: positionsByEmployee.get(row.id) ?? 0,
      })),
      jobTitles: jobTitleRows.map((row) => ({ ...row, hiresCount: hiresByJobTitle.get(row.id) ?? 0 })),
      jobPositions: [...positionRows].sort(
        (a, b) =>
          (treeIndex.get(a.departmentId) ?? 0) - (treeIndex.get(b.departmentId) ?? 0) ||
          a.position - b.position ||
          a.id.localeCompare(b.id),
      ),
    };
  });
}
