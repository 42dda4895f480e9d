import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/queryRows';
import { departments, employees, jobPositions, jobTitles } from '../../db/schema';
import { isUuid } from '../../graphql/context';

export type DepartmentRow = typeof departments.$inferSelect;
export type JobTitleRow = typeof jobTitles.$inferSelect;
export type EmployeeRow = typeof employees.$inferSelect;
export type JobPositionRow = typeof jobPositions.$inferSelect;

/** A role with its hires: the people its positions plan (the sum of their quantities). */
export type JobTitleView = JobTitleRow & { hiresCount: number };
/** An employee with the number of positions they hold. */
export type EmployeeView = EmployeeRow & { positionsCount: number };

type HiringTable = typeof departments | typeof jobTitles | typeof employees | typeof jobPositions;

/** A row of the table by id (null for a malformed id); `entityId` limits the search to one company. */
async function findRow<T>(db: Db | Tx, table: HiringTable, id: string, entityId?: string): Promise<T | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(table as typeof departments)
    .where(and(eq(table.id, id), entityId === undefined ? undefined : eq(table.entityId, entityId)));
  return (row as T | undefined) ?? null;
}

export const findDepartment = (db: Db | Tx, id: string, entityId?: string) =>
  findRow<DepartmentRow>(db, departments, id, entityId);
export const findJobTitle = (db: Db | Tx, id: string, entityId?: string) =>
  findRow<JobTitleRow>(db, jobTitles, id, entityId);
export const findEmployee = (db: Db | Tx, id: string, entityId?: string) =>
  findRow<EmployeeRow>(db, employees, id, entityId);
export const findJobPosition = (db: Db | Tx, id: string, entityId?: string) =>
  findRow<JobPositionRow>(db, jobPositions, id, entityId);

/** Every department of a company (the plan holds at most HIRING_LIMITS.departments). */
export function listDepartments(db: Db | Tx, entityId: string): Promise<DepartmentRow[]> {
  return db
    .select()
    .from(departments)
    .where(eq(departments.entityId, entityId))
    .orderBy(asc(departments.position), asc(departments.id));
}

/** A company's roles by name. */
export function listJobTitles(db: Db | Tx, entityId: string): Promise<JobTitleRow[]> {
  return db
    .select()
    .from(jobTitles)
    .where(eq(jobTitles.entityId, entityId))
    .orderBy(sql`lower(${jobTitles.name})`, asc(jobTitles.id));
}

/** A company's employees by name. */
export function listEmployees(db: Db | Tx, entityId: string): Promise<EmployeeRow[]> {
  return db
    .select()
    .from(employees)
    .where(eq(employees.entityId, entityId))
    .orderBy(sql`lower(${employees.name})`, asc(employees.id));
}

/** A company's job positions, department by department, each in its order. */
export function listJobPositions(db: Db | Tx, entityId: string): Promise<JobPositionRow[]> {
  return db
    .select()
    .from(jobPositions)
    .where(eq(jobPositions.entityId, entityId))
    .orderBy(asc(jobPositions.departmentId), asc(jobPositions.position), asc(jobPositions.id));
}

/** A department's job positions in order. */
export function listDepartmentPositions(db: Db | Tx, departmentId: string): Promise<JobPositionRow[]> {
  return db
    .select()
    .from(jobPositions)
    .where(eq(jobPositions.departmentId, departmentId))
    .orderBy(asc(jobPositions.position), asc(jobPositions.id));
}

/** How many rows of a company's table there are: the plan's size limits. */
export async function countRows(db: Db | Tx, table: HiringTable, entityId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ${table} WHERE ${table.entityId} = ${entityId}`,
  );
  return row?.n ?? 0;
}

/**
 * Whether another row has this name in the same scope (a company's roles or employees, a parent's
 * departments), compared as the unique indexes compare (PostgreSQL's lower()), so the check made under
 * the plan's lock and the index never disagree.
 */
export async function isNameTaken(
  db: Db | Tx,
  scope:
    | { table: typeof jobTitles | typeof employees; entityId: string }
    | { table: typeof departments; parentId: string },
  name: string,
  exceptId: string | null,
): Promise<boolean> {
  const { table } = scope;
  const inScope =
    'parentId' in scope
      ? sql`${departments.parentId} = ${scope.parentId}`
      : sql`${table.entityId} = ${scope.entityId}`;
  const except = exceptId ? sql` AND ${table.id} <> ${exceptId}` : sql``;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT ${table.id} AS id FROM ${table} WHERE ${inScope} AND lower(${table.name}) = lower(${name})${except} LIMIT 1`,
  );
  return rows.length > 0;
}

/** The people a role's positions plan: the sum of their quantities. */
export async function countJobTitleHires(db: Db | Tx, jobTitleId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${jobPositions.quantity}), 0)::int` })
    .from(jobPositions)
    .where(eq(jobPositions.jobTitleId, jobTitleId));
  return row?.n ?? 0;
}

/** The positions an employee holds. */
export async function countEmployeePositions(db: Db | Tx, employeeId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobPositions)
    .where(eq(jobPositions.employeeId, employeeId));
  return row?.n ?? 0;
}
