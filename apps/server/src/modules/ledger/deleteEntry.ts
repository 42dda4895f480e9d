import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { forecasts, transactions } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { deleteEntries, entriesOfTransactions } from './entryWrites';
import { badLedgerInput, entryNotFound, ONLY_USER_ENTRIES_DELETABLE } from './ledgerErrors';
import { lockTransaction } from './ledgerLocks';
import { assertReportOfEntity, findEntry } from './ledgerRows';

export type DeletedEntry = { id: string; transactionId: string; deletedEntryIds: string[] };

/**
 * DeleteEntry(id): deletes the entry's whole transaction, so the books stay balanced. For a user
 * transaction that is both its entries; for a forecast occurrence it is the whole forecast (its
 * parameters and every occurrence): deleting any one of a forecast's entries deletes the forecast.
 * Imported entries cannot be deleted ('Only user transactions and forecasts can be deleted'): they
 * mirror the bank or the accounting software. The rollups lose the amounts and Entry History keeps a
 * 'destroy' row for each deleted entry.
 */
export async function deleteEntry(
  db: Db | Tx,
  clock: Clock,
  userId: string | null,
  input: { id: string; reportId?: string | null },
): Promise<DeletedEntry> {
  return writeTransaction(db, async (tx) => {
    const entry = await findEntry(tx, input.id);
    if (!entry) throw entryNotFound();
    await assertReportOfEntity(tx, entry.entityId, input.reportId);
    if (entry.transactionType === 'Imported') throw badLedgerInput(ONLY_USER_ENTRIES_DELETABLE);
    // Locked first, so an edit that committed meanwhile is what gets deleted (and leaves the rollups).
    if (!(await lockTransaction(tx, entry.transactionId))) throw entryNotFound();
    const deleted = await deleteTransaction(tx, entry.transactionId, userId, clock.now());
    return {
      id: entry.id,
      transactionId: entry.transactionId,
      deletedEntryIds: deleted.map((row) => row.id),
    };
  });
}

/**
 * Deletes a locked transaction whole: its entries (out of the rollups, into Entry History), its
 * forecast parameters if it is a forecast, and the transaction.
 */
export async function deleteTransaction(tx: Tx, transactionId: string, userId: string | null, now: Date) {
  const deleted = await deleteEntries(tx, entriesOfTransactions([transactionId]), userId, now);
  await tx.delete(forecasts).where(eq(forecasts.transactionId, transactionId));
  await tx.delete(transactions).where(eq(transactions.id, transactionId));
  return deleted;
}
