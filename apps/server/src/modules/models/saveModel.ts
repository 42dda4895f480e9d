import {
  DEFAULT_MODEL_NAME,
  defaultModelRange,
  findModelRangeProblem,
  MODEL_MESSAGES,
  modelNameSchema,
  monthKeyOfDate,
} from '@keel/domain';
import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { models } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { parseInput } from '../../graphql/parseInput';
import { deleteDerivedForecast } from '../ledger/forecasts';
import { badModelInput, modelNotFound } from './modelErrors';
import { findModel, listOutputs, type ModelRow } from './modelRows';
import { refreshModelOutputs } from './refreshModelOutputs';

type ModelInput = {
  name?: string | null;
  modelType?: string | null;
  startMonth?: string | null;
  endMonth?: string | null;
};

/**
 * CreateModel: a model named `name` (default 'New Model'), over the range given or the default range
 * (spec §9: January of last year through March two years ahead).
 */
export async function createModel(
  db: Db | Tx,
  clock: Clock,
  input: ModelInput & { entityId: string },
): Promise<ModelRow> {
  const range = resolveRange(clock, input, null);
  const name = parseInput(modelNameSchema, input.name ?? DEFAULT_MODEL_NAME);
  const now = clock.now();
  const [row] = await db
    .insert(models)
    .values({
      entityId: input.entityId,
      name,
      modelType: input.modelType?.trim() || 'standard',
      ...range,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('Model insert returned nothing');
  return row;
}

/**
 * UpdateModel: a new name or range. A new range re-evaluates the model and rewrites its outputs'
 * forecasts for the months it now covers.
 */
export async function updateModel(
  db: Db | Tx,
  clock: Clock,
  userId: string | null,
  input: ModelInput & { modelId: string },
): Promise<ModelRow> {
  return writeTransaction(db, async (tx) => {
    const existing = await findModel(tx, input.modelId, { lock: true });
    if (!existing) throw modelNotFound();
    const range = resolveRange(clock, input, existing);
    const name = input.name == null ? existing.name : parseInput(modelNameSchema, input.name);
    const [row] = await tx
      .update(models)
      .set({ name, ...range, updatedAt: clock.now() })
      .where(eq(models.id, existing.id))
      .returning();
    if (!row) throw modelNotFound();
    if (range.startMonth !== existing.startMonth || range.endMonth !== existing.endMonth) {
      await refreshModelOutputs(tx, clock, userId, row);
    }
    return row;
  });
}

/**
 * DeleteModel (spec §4): refused for a company's last model. Its outputs' forecasts leave the report
 * with it; its variables and outputs go with the model row.
 */
export async function deleteModel(
  db: Db | Tx,
  clock: Clock,
  userId: string | null,
  modelId: string,
): Promise<string> {
  return writeTransaction(db, async (tx) => {
    const existing = await findModel(tx, modelId, { lock: true });
    if (!existing) throw modelNotFound();
    // The company's models are counted under a lock on all of them, so two deletes cannot both pass.
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`(select id from ${models} where ${models.entityId} = ${existing.entityId} for update) m`);
    if ((count?.n ?? 0) <= 1) throw badModelInput(MODEL_MESSAGES.lastModel);
    const now = clock.now();
    for (const output of await listOutputs(tx, existing.id)) {
      if (output.forecastId) await deleteDerivedForecast(tx, output.forecastId, userId, now);
    }
    await tx.delete(models).where(eq(models.id, existing.id));
    return existing.id;
  });
}

function resolveRange(clock: Clock, input: ModelInput, existing: ModelRow | null) {
  const fallback = existing ?? defaultModelRange(monthKeyOfDate(clock.now().toISOString()));
  const startMonth = input.startMonth ?? fallback.startMonth;
  const endMonth = input.endMonth ?? fallback.endMonth;
  const problem = findModelRangeProblem(startMonth, endMonth);
  if (problem) throw badModelInput(problem);
  return { startMonth, endMonth };
}
