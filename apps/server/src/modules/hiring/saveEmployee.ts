import { employeeNameSchema, HIRING_LIMITS, HIRING_MESSAGES } from '@keel/domain';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { employees, jobPositions } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { parseInput } from '../../graphql/parseInput';
import { badHiringInput, employeeNotFound } from './hiringErrors';
import {
  countEmployeePositions,
  countRows,
  type EmployeeView,
  findEmployee,
  isNameTaken,
} from './hiringRows';
import { lockHiringPlan } from './lockHiringPlan';

/** CreateEmployee: a person of the plan. Names are unique per company, whatever their case. */
export async function createEmployee(
  db: Db | Tx,
  clock: Clock,
  input: { entityId: string; name?: string | null },
): Promise<EmployeeView> {
  return writeTransaction(db, async (tx) => {
    await lockHiringPlan(tx, clock, input.entityId);
    if ((await countRows(tx, employees, input.entityId)) >= HIRING_LIMITS.employees) {
      throw badHiringInput(`A hiring plan holds at most ${HIRING_LIMITS.employees} employees`);
    }
    const name = parseInput(employeeNameSchema, input.name);
    await assertNameFree(tx, input.entityId, name, null);
    const now = clock.now();
    const [row] = await tx
      .insert(employees)
      .values({ entityId: input.entityId, name, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('Employee insert returned nothing');
    return { ...row, positionsCount: 0 };
  });
}

/** UpdateEmployee: a new name. */
export async function updateEmployee(
  db: Db | Tx,
  clock: Clock,
  input: { id: string; name?: string | null },
): Promise<EmployeeView> {
  return writeTransaction(db, async (tx) => {
    const existing = await lockEmployee(tx, clock, input.id);
    const name = input.name == null ? existing.name : parseInput(employeeNameSchema, input.name);
    if (name !== existing.name) await assertNameFree(tx, existing.entityId, name, existing.id);
    const [row] = await tx
      .update(employees)
      .set({ name, updatedAt: clock.now() })
      .where(eq(employees.id, existing.id))
      .returning();
    if (!row) throw employeeNotFound();
    return { ...row, positionsCount: await countEmployeePositions(tx, row.id) };
  });
}

/**
 * DeleteEmployee: refused while the employee holds a position ('Cannot delete employee with
 * positions', spec §5): take them off their positions first.
 */
export async function deleteEmployee(db: Db | Tx, clock: Clock, id: string): Promise<string> {
  return writeTransaction(db, async (tx) => {
    const existing = await lockEmployee(tx, clock, id);
    const [held] = await tx
      .select({ id: jobPositions.id })
      .from(jobPositions)
      .where(eq(jobPositions.employeeId, existing.id))
      .limit(1);
    if (held) throw badHiringInput(HIRING_MESSAGES.deleteEmployeeWithPositions);
    await tx.delete(employees).where(eq(employees.id, existing.id));
    return existing.id;
  });
}

/** The plan locked, then the employee read (they may have gone meanwhile). */
async function lockEmployee(tx: Tx, clock: Clock, id: string) {
  const found = await findEmployee(tx, id);
  if (!found) throw employeeNotFound();
  await lockHiringPlan(tx, clock, found.entityId);
  const existing = await findEmployee(tx, id);
  if (!existing) throw employeeNotFound();
  return existing;
}

async function assertNameFree(tx: Tx, entityId: string, name: string, exceptId: string | null) {
  if (await isNameTaken(tx, { table: employees, entityId }, name, exceptId)) {
    throw badHiringInput(HIRING_MESSAGES.duplicateEmployee);
  }
}
