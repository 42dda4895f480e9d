import { MODEL_EXCLUDED_ACCOUNT_GROUPS } from '@keel/domain';
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

/** An account a model's pickers offer: its path from the root and whether an output may write to it. */
export type ModelAccountRow = {
  id: string;
  name: string;
  path: string;
  accountGroup: string | null;
  canOutput: boolean;
};

/**
 * The company's accounts for a model's pickers, by path: link inputs may read any of them, outputs may
 * write to those outside Banks, Credit Cards, Investments and Loans (spec §9).
 */
export async function listModelAccounts(db: Db | Tx, entityId: string): Promise<ModelAccountRow[]> {
  const rows = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      parentId: accounts.parentId,
      accountGroup: accounts.accountGroup,
    })
    .from(accounts)
    .where(eq(accounts.entityId, entityId));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const pathOf = (row: (typeof rows)[number]): string => {
    const names = [row.name];
    for (let parent = row.parentId && byId.get(row.parentId); parent && names.length < 64; ) {
      names.unshift(parent.name);
      parent = parent.parentId ? byId.get(parent.parentId) : undefined;
    }
    return names.join(' / ');
  };
  const excluded: readonly string[] = MODEL_EXCLUDED_ACCOUNT_GROUPS;
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      path: pathOf(row),
      accountGroup: row.accountGroup,
      canOutput: !excluded.includes(row.accountGroup ?? ''),
    }))
    .sort((a, b) => a.path.localeCompare(b.path));
}
