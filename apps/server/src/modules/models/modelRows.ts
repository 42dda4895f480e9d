import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { accounts, modelOutputs, models, modelVariables } from '../../db/schema';
import { isUuid } from '../../graphql/context';

export type ModelRow = typeof models.$inferSelect;
export type VariableRow = typeof modelVariables.$inferSelect;
export type OutputRow = typeof modelOutputs.$inferSelect;

export async function findModel(db: Db | Tx, id: string, options: { lock?: boolean } = {}) {
  if (!isUuid(id)) return null;
  const query = db.select().from(models).where(eq(models.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findVariable(db: Db | Tx, id: string): Promise<VariableRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(modelVariables).where(eq(modelVariables.id, id));
  return row ?? null;
}

export async function findOutput(db: Db | Tx, id: string): Promise<OutputRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(modelOutputs).where(eq(modelOutputs.id, id));
  return row ?? null;
}

/** An entity's models, oldest first (the switcher's order). */
export function listModels(db: Db | Tx, entityId: string): Promise<ModelRow[]> {
  return db
    .select()
    .from(models)
    .where(eq(models.entityId, entityId))
    .orderBy(asc(models.createdAt), asc(models.id));
}

/** A model's variables by creation (spec §2: inputs sorted by creation time). */
export function listVariables(db: Db | Tx, modelId: string): Promise<VariableRow[]> {
  return db
    .select()
    .from(modelVariables)
    .where(eq(modelVariables.modelId, modelId))
    .orderBy(asc(modelVariables.sortOrder), asc(modelVariables.createdAt), asc(modelVariables.id));
}

/** Every variable of an entity, model by model (GetVariables). */
export function listEntityVariables(db: Db | Tx, entityId: string): Promise<VariableRow[]> {
  return db
    .select()
    .from(modelVariables)
    .where(eq(modelVariables.entityId, entityId))
    .orderBy(asc(modelVariables.modelId), asc(modelVariables.createdAt), asc(modelVariables.id));
}

export function listOutputs(db: Db | Tx, modelId: string): Promise<OutputRow[]> {
  return db
    .select()
    .from(modelOutputs)
    .where(eq(modelOutputs.modelId, modelId))
    .orderBy(asc(modelOutputs.createdAt), asc(modelOutputs.id));
}

export function listOutputsOfVariable(db: Db | Tx, entityId: string, variableId: string) {
  return db
    .select()
    .from(modelOutputs)
    .where(and(eq(modelOutputs.entityId, entityId), eq(modelOutputs.variableId, variableId)));
}

/** An account of the entity (id, group, ancestry, sign), or null: what outputs and links check. */
export async function findEntityAccount(db: Db | Tx, entityId: string, accountId: string) {
  if (!isUuid(accountId)) return null;
  const [row] = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      accountGroup: accounts.accountGroup,
      ancestry: accounts.ancestry,
      sign: accounts.sign,
    })
    .from(accounts)
    .where(and(eq(accounts.entityId, entityId), eq(accounts.id, accountId)));
  return row ?? null;
}
