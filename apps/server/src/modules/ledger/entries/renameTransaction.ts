import { entryMemoSchema, entryNameSchema } from '@keel/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { transactions } from '../../../db/schema';
import { editEntries } from '../shared/entryWrites';
import { parseLedgerInput } from '../shared/ledgerErrors';
import { lockTransaction } from '../shared/ledgerLocks';

/**
 * Sets the name and memo of a user transaction or a forecast: they belong to the transaction, so
 * every entry of it (both legs, every occurrence of a forecast) gets them. Absent fields stay. The
 * transaction and its entries are locked and read again first, so a concurrent edit is not undone.
 * False when the transaction no longer exists.
 */
export async function renameTransaction(
  tx: Tx,
  transactionId: string,
  changes: { name?: string | null; memo?: string | null },
  userId: string | null,
  now: Date,
): Promise<boolean> {
  const after: { name?: string; memo?: string } = {};
  if (changes.name != null) after.name = parseLedgerInput(entryNameSchema, changes.name);
  if (changes.memo != null) after.memo = parseLedgerInput(entryMemoSchema, changes.memo);
  const locked = await lockTransaction(tx, transactionId);
  if (!locked) return false;
  if (Object.keys(after).length === 0) return true;
  await editEntries(
    tx,
    locked.entries.map((before) => ({ before, after })),
    userId,
    now,
  );
  await tx
    .update(transactions)
    .set({ ...after, updatedAt: now })
    .where(eq(transactions.id, transactionId));
  return true;
}
