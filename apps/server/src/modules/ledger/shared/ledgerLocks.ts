import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { accounts, entries, transactions } from '../../../db/schema';
import { RetryableConflict } from '../../../db/transactions';
import { isUuid } from '../../../graphql/context';
import { accountNotFound } from './ledgerErrors';
import { type AccountRow, type EntryRow, findTransactionEntries, type TransactionRow } from './ledgerRows';

/**
 * The row locks of the ledger's write paths. Every write takes its locks in this one order, so two
 * writers never wait on each other in a circle:
 *   1. accounts: the ones it books on FOR KEY SHARE (they cannot be deleted meanwhile); a chart change
 *      locks the ancestors root first, then the account it changes (FOR UPDATE to delete it);
 *   2. the transaction row FOR UPDATE (one writer per transaction at a time);
 *   3. the forecast row, for a forecast;
 *   4. entries FOR UPDATE, in id order (a bulk move locks the entries it moves, also in id order);
 *   5. monthly rollups, upserted in (account, scenario, month) order.
 * A write reads what it changes only after locking it, so it never writes back a stale copy. What a
 * write finds changed under its locks (an account's place in the tree) is a RetryableConflict, and
 * writeTransaction runs it again; a deadlock PostgreSQL still detects is retried the same way.
 */

/**
 * Locks the entity's accounts with these ids FOR KEY SHARE, in id order. `require`: NOT_FOUND
 * 'Account not found' when one is missing or another company's; otherwise the missing ones are skipped
 * (a write that merely keeps an account it had, which a delete may have replaced by its parent).
 */
export async function lockAccounts(
  tx: Tx,
  entityId: string,
  ids: readonly (string | null | undefined)[],
  options: { require: boolean },
): Promise<AccountRow[]> {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (unique.length === 0) return [];
  if (options.require && !unique.every(isUuid)) throw accountNotFound();
  const rows = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.entityId, entityId), inArray(accounts.id, unique.filter(isUuid))))
    .orderBy(asc(accounts.id))
    .for('key share');
  if (options.require && rows.length !== unique.length) throw accountNotFound();
  return rows;
}

/** Locks one of the entity's accounts FOR KEY SHARE; NOT_FOUND 'Account not found' when it is not one. */
export async function lockAccount(tx: Tx, entityId: string, id: string): Promise<AccountRow> {
  const [row] = await lockAccounts(tx, entityId, [id], { require: true });
  if (!row) throw accountNotFound();
  return row;
}

/**
 * Locks a move's two accounts FOR KEY SHARE (in id order, as lockAccounts does) and returns them as
 * [from, to]; the same id twice gives the one account twice (the caller refuses such a move).
 */
export async function lockAccountPair(
  tx: Tx,
  entityId: string,
  fromId: string,
  toId: string,
): Promise<[AccountRow, AccountRow]> {
  const rows = await lockAccounts(tx, entityId, [fromId, toId], { require: true });
  const from = rows.find((row) => row.id === fromId);
  const to = rows.find((row) => row.id === toId);
  if (!from || !to) throw accountNotFound();
  return [from, to];
}

/**
 * Locks an account's ancestors FOR KEY SHARE, root first, and then the account itself (`self`: FOR KEY
 * SHARE to add a sub-account under it, FOR UPDATE to delete it). Returns the account as locked, or null
 * when it is gone. A RetryableConflict when its place in the tree changed since `account` was read
 * (a delete above it moved it), so the write starts again from the new tree.
 */
export async function lockAccountPath(
  tx: Tx,
  account: AccountRow,
  self: 'key share' | 'update',
): Promise<AccountRow | null> {
  const ancestorIds = account.ancestry.split('/').filter(Boolean);
  if (ancestorIds.length > 0) {
    const locked = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(inArray(accounts.id, ancestorIds))
      .orderBy(sql`length(${accounts.ancestry})`, asc(accounts.id))
      .for('key share');
    if (locked.length !== ancestorIds.length) throw new RetryableConflict('an ancestor account was deleted');
  }
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, account.id)).for(self);
  if (!row) return null;
  if (row.ancestry !== account.ancestry || row.parentId !== account.parentId) {
    throw new RetryableConflict('the account moved in the tree');
  }
  return row;
}

type LockedTransaction = { transaction: TransactionRow; entries: EntryRow[] };

/**
 * Locks a transaction FOR UPDATE and then its entries FOR UPDATE in id order, and returns them as they
 * are now (entries oldest first, as findTransactionEntries orders them); null when it was deleted.
 */
export async function lockTransaction(tx: Tx, transactionId: string): Promise<LockedTransaction | null> {
  const [transaction] = await tx
    .select()
    .from(transactions)
    .where(eq(transactions.id, transactionId))
    .for('update');
  if (!transaction) return null;
  // Locked in id order (the lock order); read back in the order the rest of the ledger uses.
  await tx
    .select({ id: entries.id })
    .from(entries)
    .where(eq(entries.transactionId, transactionId))
    .orderBy(asc(entries.id))
    .for('update');
  return { transaction, entries: await findTransactionEntries(tx, transactionId) };
}
