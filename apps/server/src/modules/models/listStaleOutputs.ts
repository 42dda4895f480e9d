import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { accounts, modelOutputs, models, modelVariables } from '../../db/schema';

/**
 * A model output some of whose months cannot be computed (#ERROR): those months keep the figures it
 * last wrote into the report, which shows them marked stale.
 */
export type StaleOutputView = {
  outputId: string;
  modelId: string;
  modelName: string;
  variableId: string;
  variableName: string;
  accountId: string;
  accountName: string;
  /** Why, as a clause after "cannot compute 'Tooling cost'": 'uses the deleted variable 'Growth''. */
  reason: string;
  /** The months that cannot be computed, ascending. */
  months: string[];
  since: Date;
};

/** The company's stale model outputs, model by model (oldest first), then output by creation. */
export async function listStaleOutputs(db: Db | Tx, entityId: string): Promise<StaleOutputView[]> {
  const rows = await db
    .select({
      outputId: modelOutputs.id,
      modelId: models.id,
      modelName: models.name,
      variableId: modelVariables.id,
      variableName: modelVariables.name,
      accountId: accounts.id,
      accountName: accounts.name,
      reason: modelOutputs.staleReason,
      months: modelOutputs.staleMonths,
      since: modelOutputs.staleSince,
    })
    .from(modelOutputs)
    .innerJoin(models, eq(models.id, modelOutputs.modelId))
    .innerJoin(modelVariables, eq(modelVariables.id, modelOutputs.variableId))
    .innerJoin(accounts, eq(accounts.id, modelOutputs.accountId))
    .where(and(eq(modelOutputs.entityId, entityId), isNotNull(modelOutputs.staleReason)))
    .orderBy(asc(models.createdAt), asc(models.id), asc(modelOutputs.createdAt), asc(modelOutputs.id));
  return rows.map((row) => ({
    ...row,
    reason: row.reason ?? '',
    since: row.since ?? new Date(0),
  }));
}
