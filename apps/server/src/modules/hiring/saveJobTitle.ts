import {
  defaultBonusSchema,
  defaultSalarySchema,
  HIRING_LIMITS,
  HIRING_MESSAGES,
  jobTitleNameSchema,
} from '@keel/domain';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { jobPositions, jobTitles } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { parseInput } from '../../graphql/parseInput';
import { badHiringInput, jobTitleNotFound } from './hiringErrors';
import { countJobTitleHires, countRows, findJobTitle, isNameTaken, type JobTitleView } from './hiringRows';
import { lockHiringPlan } from './lockHiringPlan';

/**
 * A role's fields; amounts in units (dollars, at most 2 decimals) or as typed ('' is none). On update an
 * absent (undefined) field stays; a null amount clears the default.
 */
type JobTitleInput = {
  name?: string | null;
  defaultSalary?: number | string | null;
  defaultBonus?: number | string | null;
};

/**
 * CreateJobTitle: a role (spec §3 Job title) with an optional default annual salary and bonus, which new
 * positions of it start from. Names are unique per company, whatever their case.
 */
export async function createJobTitle(
  db: Db | Tx,
  clock: Clock,
  input: JobTitleInput & { entityId: string },
): Promise<JobTitleView> {
  return writeTransaction(db, async (tx) => {
    await lockHiringPlan(tx, clock, input.entityId);
    if ((await countRows(tx, jobTitles, input.entityId)) >= HIRING_LIMITS.jobTitles) {
      throw badHiringInput(`A hiring plan holds at most ${HIRING_LIMITS.jobTitles} roles`);
    }
    const name = parseInput(jobTitleNameSchema, input.name);
    await assertNameFree(tx, input.entityId, name, null);
    const now = clock.now();
    const [row] = await tx
      .insert(jobTitles)
      .values({
        entityId: input.entityId,
        name,
        defaultSalaryCents: parseInput(defaultSalarySchema, input.defaultSalary),
        defaultBonusCents: parseInput(defaultBonusSchema, input.defaultBonus),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('Job title insert returned nothing');
    return { ...row, hiresCount: 0 };
  });
}

/** UpdateJobTitle: a new name and/or defaults; positions of the role keep their own pay. */
export async function updateJobTitle(
  db: Db | Tx,
  clock: Clock,
  input: JobTitleInput & { id: string },
): Promise<JobTitleView> {
  return writeTransaction(db, async (tx) => {
    const existing = await lockJobTitle(tx, clock, input.id);
    const name = input.name == null ? existing.name : parseInput(jobTitleNameSchema, input.name);
    if (name !== existing.name) await assertNameFree(tx, existing.entityId, name, existing.id);
    const [row] = await tx
      .update(jobTitles)
      .set({
        name,
        defaultSalaryCents:
          input.defaultSalary === undefined
            ? existing.defaultSalaryCents
            : parseInput(defaultSalarySchema, input.defaultSalary),
        defaultBonusCents:
          input.defaultBonus === undefined
            ? existing.defaultBonusCents
            : parseInput(defaultBonusSchema, input.defaultBonus),
        updatedAt: clock.now(),
      })
      .where(eq(jobTitles.id, existing.id))
      .returning();
    if (!row) throw jobTitleNotFound();
    return { ...row, hiresCount: await countJobTitleHires(tx, row.id) };
  });
}

/** DeleteJobTitle: refused while a position uses the role ('Cannot delete role with hires', spec §5). */
export async function deleteJobTitle(db: Db | Tx, clock: Clock, id: string): Promise<string> {
  return writeTransaction(db, async (tx) => {
    const existing = await lockJobTitle(tx, clock, id);
    const [used] = await tx
      .select({ id: jobPositions.id })
      .from(jobPositions)
      .where(eq(jobPositions.jobTitleId, existing.id))
      .limit(1);
    if (used) throw badHiringInput(HIRING_MESSAGES.deleteRoleWithHires);
    await tx.delete(jobTitles).where(eq(jobTitles.id, existing.id));
    return existing.id;
  });
}

/** The plan locked, then the role read (it may have gone meanwhile). */
async function lockJobTitle(tx: Tx, clock: Clock, id: string) {
  const found = await findJobTitle(tx, id);
  if (!found) throw jobTitleNotFound();
  await lockHiringPlan(tx, clock, found.entityId);
  const existing = await findJobTitle(tx, id);
  if (!existing) throw jobTitleNotFound();
  return existing;
}

async function assertNameFree(tx: Tx, entityId: string, name: string, exceptId: string | null) {
  if (await isNameTaken(tx, { table: jobTitles, entityId }, name, exceptId)) {
    throw badHiringInput(HIRING_MESSAGES.duplicateRole);
  }
}
