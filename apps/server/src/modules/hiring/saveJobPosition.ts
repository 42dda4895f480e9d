import {
  findJobPositionProblem,
  HIRING_LIMITS,
  HIRING_MESSAGES,
  type JobPositionTerms,
  jobPositionHoursSchema,
  jobPositionQuantitySchema,
  rateSchema,
  salarySchema,
} from '@keel/domain';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { jobPositions } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { parseInput } from '../../graphql/parseInput';
import {
  badHiringInput,
  departmentNotFound,
  employeeNotFound,
  jobPositionNotFound,
  jobTitleNotFound,
} from './hiringErrors';
import {
  countRows,
  type DepartmentRow,
  findDepartment,
  findEmployee,
  findJobPosition,
  findJobTitle,
  type JobPositionRow,
  type JobTitleRow,
  listDepartmentPositions,
} from './hiringRows';
import { lockHiringPlan } from './lockHiringPlan';
import { type Placement, placementReference, placeSibling } from './placeSibling';
import { refreshHiringForecasts } from './refreshHiringForecasts';
import { writeSiblingOrder } from './writeSiblingOrder';

/**
 * A job position's fields. Amounts are units (dollars, at most 2 decimals) or as typed ('' is none);
 * months 'YYYY-MM'. On update an absent (undefined) field stays as it is; null clears the employee,
 * salary, rate, hours and end month.
 */
type JobPositionInput = {
  departmentId?: string | null;
  jobTitleId?: string | null;
  employeeId?: string | null;
  quantity?: number | null;
  salary?: number | string | null;
  rate?: number | string | null;
  hours?: number | null;
  startMonth?: string | null;
  endMonth?: string | null;
  placement?: Placement | null;
};

/**
 * CreateJobPosition: `quantity` people (default 1) of a role in a department from the start month
 * through the end month (none: open-ended), placed among the department's positions (default last).
 * It needs a role ('You must select a job title before creating a job position', spec §5) and is either
 * an employee (a salary, 0 allowed) or a contractor (a rate and hours per month); with neither given, it
 * takes the role's default salary when the role has one. The plan's forecasts follow in the same
 * transaction (refreshHiringForecasts), as they do on update and delete.
 */
export async function createJobPosition(
  db: Db | Tx,
  clock: Clock,
  userId: string | null,
  input: JobPositionInput & { entityId: string },
): Promise<JobPositionRow> {
  return writeTransaction(db, async (tx) => {
    await lockHiringPlan(tx, clock, input.entityId);
    const row = await insertJobPosition(tx, clock, input);
    await refreshHiringForecasts(tx, clock, userId, input.entityId);
    return row;
  });
}

/**
 * Several job positions of one company, each as CreateJobPosition makes it, in one transaction: all or
 * none. The plan's forecasts are revised once, after the last, to what they would be after creating
 * them one by one (the demo's seed, writing its plan so, took 4.9 s on PGlite instead of 9.9 s).
 */
export async function createJobPositions(
  db: Db | Tx,
  clock: Clock,
  userId: string | null,
  entityId: string,
  inputs: readonly JobPositionInput[],
): Promise<JobPositionRow[]> {
  return writeTransaction(db, async (tx) => {
    await lockHiringPlan(tx, clock, entityId);
    const rows: JobPositionRow[] = [];
    for (const input of inputs) rows.push(await insertJobPosition(tx, clock, { ...input, entityId }));
    await refreshHiringForecasts(tx, clock, userId, entityId);
    return rows;
  });
}

/** Checks and inserts one position, placed among its department's (the caller holds the plan's lock). */
async function insertJobPosition(
  tx: Tx,
  clock: Clock,
  input: JobPositionInput & { entityId: string },
): Promise<JobPositionRow> {
  const { entityId } = input;
  if ((await countRows(tx, jobPositions, entityId)) >= HIRING_LIMITS.jobPositions) {
    throw badHiringInput(`A hiring plan holds at most ${HIRING_LIMITS.jobPositions} job positions`);
  }
  if (!input.jobTitleId) throw badHiringInput(HIRING_MESSAGES.jobTitleRequired);
  const jobTitle = await findJobTitle(tx, input.jobTitleId, entityId);
  if (!jobTitle) throw jobTitleNotFound();
  const department = input.departmentId ? await findDepartment(tx, input.departmentId, entityId) : null;
  if (!department) throw departmentNotFound();
  const placement = input.placement ?? { kind: 'last' };
  await checkPlacement(tx, entityId, department, null, placement);
  const terms = await resolveTerms(tx, entityId, input, null, jobTitle);
  const now = clock.now();
  const siblings = await listDepartmentPositions(tx, department.id);
  const [row] = await tx
    .insert(jobPositions)
    .values({
      entityId,
      departmentId: department.id,
      jobTitleId: jobTitle.id,
      ...storedTerms(terms),
      position: siblings.length,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('Job position insert returned nothing');
  const order = placeSibling(
    siblings.map((sibling) => sibling.id),
    row.id,
    placement,
  );
  await writeSiblingOrder(tx, jobPositions, order);
  return { ...row, position: order.indexOf(row.id) };
}

/**
 * UpdateJobPosition: new terms (checked whole, as on create), another role or employee, and/or a move
 * to another department or place: the department given, else the department of the position the
 * placement names, else its own. Both departments' positions close up.
 */
export async function updateJobPosition(
  db: Db | Tx,
  clock: Clock,
  userId: string | null,
  input: JobPositionInput & { id: string },
): Promise<JobPositionRow> {
  return writeTransaction(db, async (tx) => {
    const existing = await lockJobPosition(tx, clock, input.id);
    const { entityId } = existing;
    const jobTitle = input.jobTitleId == null ? null : await findJobTitle(tx, input.jobTitleId, entityId);
    if (input.jobTitleId != null && !jobTitle) throw jobTitleNotFound();
    const placement = input.placement ?? null;
    const referenceId = placementReference(placement);
    const reference = referenceId === null ? null : await findJobPosition(tx, referenceId, entityId);
    if (referenceId !== null && !reference) throw jobPositionNotFound();
    const departmentId = input.departmentId ?? reference?.departmentId ?? existing.departmentId;
    const department = await findDepartment(tx, departmentId, entityId);
    if (!department) throw departmentNotFound();
    const moving = input.departmentId != null || placement !== null;
    if (moving) await checkPlacement(tx, entityId, department, existing, placement ?? { kind: 'last' });
    const terms = await resolveTerms(tx, entityId, input, existing, null);
    const [row] = await tx
      .update(jobPositions)
      .set({
        departmentId: department.id,
        jobTitleId: jobTitle?.id ?? existing.jobTitleId,
        ...storedTerms(terms),
        updatedAt: clock.now(),
      })
      .where(eq(jobPositions.id, existing.id))
      .returning();
    if (!row) throw jobPositionNotFound();
    await refreshHiringForecasts(tx, clock, userId, entityId);
    if (!moving) return row;
    const siblings = await listDepartmentPositions(tx, department.id);
    const order = placeSibling(
      siblings.map((sibling) => sibling.id),
      row.id,
      placement ?? { kind: 'last' },
    );
    await writeSiblingOrder(tx, jobPositions, order);
    if (department.id !== existing.departmentId) await closeGap(tx, existing.departmentId);
    return { ...row, position: order.indexOf(row.id) };
  });
}

/** DeleteJobPosition: the position; its department's positions close up. */
export async function deleteJobPosition(
  db: Db | Tx,
  clock: Clock,
  userId: string | null,
  id: string,
): Promise<string> {
  return writeTransaction(db, async (tx) => {
    const existing = await lockJobPosition(tx, clock, id);
    await tx.delete(jobPositions).where(eq(jobPositions.id, existing.id));
    await closeGap(tx, existing.departmentId);
    await refreshHiringForecasts(tx, clock, userId, existing.entityId);
    return existing.id;
  });
}

/** The plan locked, then the position read (it may have gone meanwhile). */
async function lockJobPosition(tx: Tx, clock: Clock, id: string): Promise<JobPositionRow> {
  const found = await findJobPosition(tx, id);
  if (!found) throw jobPositionNotFound();
  await lockHiringPlan(tx, clock, found.entityId);
  const existing = await findJobPosition(tx, id);
  if (!existing) throw jobPositionNotFound();
  return existing;
}

/** A position named by a placement is of the company, not the moving one, and in the target department. */
async function checkPlacement(
  tx: Tx,
  entityId: string,
  department: DepartmentRow,
  moving: JobPositionRow | null,
  placement: Placement,
): Promise<void> {
  const referenceId = placementReference(placement);
  if (referenceId === null) return;
  const reference = await findJobPosition(tx, referenceId, entityId);
  if (!reference) throw jobPositionNotFound();
  if (moving && reference.id === moving.id) throw badHiringInput(HIRING_MESSAGES.placementSelf);
  if (reference.departmentId !== department.id) {
    throw badHiringInput(HIRING_MESSAGES.jobPositionPlacementDepartment);
  }
}

/**
 * The position's terms after the input: given fields parsed by the domain's schemas, absent ones kept
 * (or, on create, defaulted), the employee checked to be the company's, the whole checked by
 * findJobPositionProblem.
 */
async function resolveTerms(
  tx: Tx,
  entityId: string,
  input: JobPositionInput,
  existing: JobPositionRow | null,
  jobTitle: JobTitleRow | null,
): Promise<JobPositionTerms> {
  const keep = <T>(given: T | undefined, parse: (value: T) => number | null, kept: number | null) =>
    given === undefined ? kept : parse(given);
  let salaryCents = keep(input.salary, (v) => parseInput(salarySchema, v), existing?.salaryCents ?? null);
  const rateCents = keep(input.rate, (v) => parseInput(rateSchema, v), existing?.rateCents ?? null);
  const hours = keep(input.hours, (v) => parseInput(jobPositionHoursSchema, v), existing?.hours ?? null);
  if (!existing && salaryCents === null && rateCents === null && hours === null) {
    salaryCents = jobTitle?.defaultSalaryCents ?? null;
  }
  const employeeId = input.employeeId === undefined ? (existing?.employeeId ?? null) : input.employeeId;
  if (employeeId !== null && employeeId !== existing?.employeeId) {
    if (!(await findEmployee(tx, employeeId, entityId))) throw employeeNotFound();
  }
  const startMonth = input.startMonth ?? existing?.startMonth;
  if (!startMonth) throw badHiringInput('Start date is required');
  const terms: JobPositionTerms = {
    quantity: parseInput(jobPositionQuantitySchema, input.quantity ?? existing?.quantity ?? 1),
    salaryCents,
    rateCents,
    hours,
    startMonth,
    endMonth: input.endMonth === undefined ? (existing?.endMonth ?? null) : input.endMonth,
    employeeId,
  };
  const problem = findJobPositionProblem(terms);
  if (problem) throw badHiringInput(problem);
  return terms;
}

function storedTerms(terms: JobPositionTerms) {
  return {
    employeeId: terms.employeeId,
    quantity: terms.quantity,
    salaryCents: terms.salaryCents,
    rateCents: terms.rateCents,
    hours: terms.hours,
    startMonth: terms.startMonth,
    endMonth: terms.endMonth,
  };
}

/** A department's positions numbered 0, 1, 2, ... again after one left it. */
async function closeGap(tx: Tx, departmentId: string): Promise<void> {
  const left = await listDepartmentPositions(tx, departmentId);
  await writeSiblingOrder(
    tx,
    jobPositions,
    left.map((row) => row.id),
  );
}
