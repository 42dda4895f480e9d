import { and, eq, inArray, sql } from 'drizzle-orm';
import { entities, jobs, quickbooksConnections } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { cancelJob } from '../../jobs/cancelJob';
import { AccountingError } from '../../providers/accounting';
import { publishEntityUpdate } from '../../realtime/entityEvents';
import type { AccountingDeps } from './accountingDeps';
import { openTokens, type QuickbooksConnectionRow } from './quickbooksConnectionRows';
import { QUICKBOOKS_SYNC_KEY } from './quickbooksSyncJob';

/**
 * deleteQuickbooksConnection(entityId): disconnects the company from QuickBooks. The grant is revoked
 * at Intuit (a refusal there, e.g. a grant already revoked, does not stop Keel forgetting it), a sync
 * under way is canceled, the tokens are dropped (the connection stays, 'disconnected', with its cursor)
 * and `apiFlags.qbo` is switched off. What was imported stays in the books: the history is the
 * company's; connecting the same company file again carries on without importing anything twice.
 */
export async function deleteQuickbooksConnection(
  deps: AccountingDeps,
  connection: QuickbooksConnectionRow,
): Promise<void> {
  const tokens = openTokens(deps.secrets, connection);
  try {
    if (tokens) await deps.accounting.revoke({ token: tokens.refreshToken, at: deps.clock.now() });
  } catch (error) {
    if (!(error instanceof AccountingError)) throw error;
  }
  const active = await deps.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.entityId, connection.entityId),
        eq(jobs.dedupeKey, QUICKBOOKS_SYNC_KEY),
        inArray(jobs.status, ['queued', 'running']),
      ),
    );
  for (const job of active) await cancelJob(deps.db, { entityId: connection.entityId, jobId: job.id });
  await writeTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    await tx
      .update(quickbooksConnections)
      .set({
        status: 'disconnected',
        accessTokenSealed: null,
        refreshTokenSealed: null,
        accessTokenExpiresAt: null,
        refreshTokenExpiresAt: null,
        updatedAt: now,
      })
      .where(eq(quickbooksConnections.id, connection.id));
    const switched = await tx
      .update(entities)
      .set({
        apiFlags: sql`jsonb_set(coalesce(${entities.apiFlags}, '{}'::jsonb), '{qbo}', 'false'::jsonb)`,
        updatedAt: now,
      })
      .where(
        and(
          eq(entities.id, connection.entityId),
          sql`coalesce(${entities.apiFlags} ->> 'qbo', 'false') <> 'false'`,
        ),
      )
      .returning({ id: entities.id });
    if (switched.length > 0) await publishEntityUpdate(tx, connection.entityId, 'apiFlags');
  });
}
