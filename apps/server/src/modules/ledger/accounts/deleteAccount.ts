import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../../clock';
import type { Db, Tx } from '../../../db/client';
import { accounts, forecasts, rules } from '../../../db/schema';
import { writeTransaction } from '../../../db/transactions';
import { isUuid } from '../../../graphql/context';
import { accountNotFound, badLedgerInput } from '../shared/ledgerErrors';
import { lockAccountPath } from '../shared/ledgerLocks';
import { type AccountRow, findAccount, findAccountInEntity } from '../shared/ledgerRows';
import { moveEntries } from '../shared/moveEntries';
import { refreshPercentageForecasts } from '../shared/refreshPercentageForecasts';

const ACCOUNT_CANNOT_BE_DELETED = 'Account cannot be deleted';

type AccountDeleted = { id: string; parent: AccountRow; movedEntryCount: number };

/**
 * DeleteAccount (spec §2, mutable accounts only; 'Account cannot be deleted' otherwise). Nothing is
 * lost: in one transaction, everything the account holds goes to its parent, which then shows it as
 * its own balance (its `_leaf` line):
 * - its entries move to the parent, each with a 'move' row in Entry History (which account, when);
 * - its monthly rollups are added to the parent's (every scenario), so report totals do not change;
 * - forecasts on it or against it, percentage forecasts of its line, and rules from or to it, point at
 *   the parent instead (and percentage forecasts are brought up to date);
 * - its sub-accounts become the parent's sub-accounts (after the parent's own), and the ancestry of
 *   the whole subtree below it is rewritten;
 * then the account itself is deleted (report lines showing exactly that account go with it).
 *
 * Locks (ledgerLocks.ts): its ancestors, then the account FOR UPDATE, so a sub-account created under it
 * or a transaction booked on it meanwhile either commits first (and is taken along) or waits and then
 * finds it gone; then the entries it moves.
 */
export async function deleteAccount(
  db: Db | Tx,
  clock: Clock,
  userId: string | null,
  input: { id: string },
): Promise<AccountDeleted> {
  return writeTransaction(db, async (tx) => {
    if (!isUuid(input.id)) throw accountNotFound();
    const found = await findAccount(tx, input.id);
    const account = found && (await lockAccountPath(tx, found, 'update'));
    if (!account) throw accountNotFound();
    if (!account.isMutable || !account.parentId) throw badLedgerInput(ACCOUNT_CANNOT_BE_DELETED);
    const parent = await findAccountInEntity(tx, account.entityId, account.parentId);
    const now = clock.now();

    const moved = await moveEntries(tx, {
      entityId: account.entityId,
      toAccount: parent,
      where: sql`e.account_id = ${account.id}::uuid`,
      userId,
      now,
      updateRollups: false,
    });
    await moveRollups(tx, account, parent);
    await tx
      .update(forecasts)
      .set({ accountId: parent.id, updatedAt: now })
      .where(eq(forecasts.accountId, account.id));
    await tx
      .update(forecasts)
      .set({ againstAccountId: parent.id, updatedAt: now })
      .where(eq(forecasts.againstAccountId, account.id));
    // A percentage forecast of its line becomes one of the parent's line (which now holds its figures).
    await tx
      .update(forecasts)
      .set({ sourceAccountId: parent.id, updatedAt: now })
      .where(eq(forecasts.sourceAccountId, account.id));
    await tx
      .update(rules)
      .set({ fromAccountId: parent.id, updatedAt: now })
      .where(eq(rules.fromAccountId, account.id));
    await tx
      .update(rules)
      .set({ toAccountId: parent.id, updatedAt: now })
      .where(eq(rules.toAccountId, account.id));
    await reparentChildren(tx, account, parent, now);
    await tx.delete(accounts).where(eq(accounts.id, account.id));
    await refreshPercentageForecasts(tx, account.entityId, userId, now);
    return { id: account.id, parent, movedEntryCount: moved.movedCount };
  });
}

async function moveRollups(tx: Tx, account: AccountRow, parent: AccountRow): Promise<void> {
  await tx.execute(sql`
    INSERT INTO monthly_rollups (entity_id, account_id, scenario, month, amount)
    SELECT entity_id, ${parent.id}::uuid, scenario, month, amount
    FROM monthly_rollups
    WHERE entity_id = ${account.entityId}::uuid AND account_id = ${account.id}::uuid
    ORDER BY scenario, month
    ON CONFLICT (entity_id, account_id, scenario, month)
    DO UPDATE SET amount = monthly_rollups.amount + excluded.amount`);
  await tx.execute(sql`
    DELETE FROM monthly_rollups
    WHERE entity_id = ${account.entityId}::uuid AND account_id = ${account.id}::uuid`);
  // The months' plans (plan vs actual) follow the forecasts they were taken from.
  await tx.execute(sql`
    INSERT INTO forecast_plans (entity_id, account_id, month, amount)
    SELECT entity_id, ${parent.id}::uuid, month, amount
    FROM forecast_plans
    WHERE entity_id = ${account.entityId}::uuid AND account_id = ${account.id}::uuid
    ORDER BY month
    ON CONFLICT (entity_id, account_id, month)
    DO UPDATE SET amount = forecast_plans.amount + excluded.amount`);
  await tx.execute(sql`
    DELETE FROM forecast_plans
    WHERE entity_id = ${account.entityId}::uuid AND account_id = ${account.id}::uuid`);
}

/** The account's children join the parent's (after them); the subtree's ancestry loses the account. */
async function reparentChildren(tx: Tx, account: AccountRow, parent: AccountRow, now: Date): Promise<void> {
  const [last] = await tx
    .select({ sortOrder: sql<number>`coalesce(max(${accounts.sortOrder}), -1)::int` })
    .from(accounts)
    .where(and(eq(accounts.parentId, parent.id), sql`${accounts.id} <> ${account.id}::uuid`));
  await tx
    .update(accounts)
    .set({
      parentId: parent.id,
      sortOrder: sql`${accounts.sortOrder} + ${(last?.sortOrder ?? -1) + 1}`,
      updatedAt: now,
    })
    .where(eq(accounts.parentId, account.id));
  const oldPrefix = `${account.ancestry}${account.id}/`;
  await tx
    .update(accounts)
    .set({ ancestry: sql`${account.ancestry} || substr(${accounts.ancestry}, ${oldPrefix.length + 1})` })
    .where(and(eq(accounts.entityId, account.entityId), sql`${accounts.ancestry} LIKE ${`${oldPrefix}%`}`));
}
