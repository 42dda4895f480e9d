import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { forecasts, transactions } from '../../../db/schema';
import { deleteEntries, entriesOfTransactions } from './entryWrites';
import type { EntryRow } from './ledgerRows';

/**
 * Deletes a locked transaction whole: its entries (out of the rollups, into Entry History), its
 * forecast parameters if it is a forecast, and the transaction.
 */
export async function deleteTransaction(
  tx: Tx,
  transactionId: string,
  userId: string | null,
  now: Date,
): Promise<EntryRow[]> {
  const deleted = await deleteEntries(tx, entriesOfTransactions([transactionId]), userId, now);
  await tx.delete(forecasts).where(eq(forecasts.transactionId, transactionId));
  await tx.delete(transactions).where(eq(transactions.id, transactionId));
  return deleted;
}
