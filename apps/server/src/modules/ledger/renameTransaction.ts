import { entryMemoSchema, entryNameSchema } from '@keel/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { transactions } from '../../db/schema';
import { editEntries } from './entryWrites';
import { parseLedgerInput } from './ledgerErrors';
import { findTransactionEntries } from './ledgerRows';

/**
 * Sets the name and memo of a user transaction or a forecast: they belong to the transaction, so
 * every entry of it (both legs, every occurrence of a forecast) gets them. Absent fields stay.
 */
export async function renameTransaction(
  tx: Tx,
  transactionId: string,
  changes: { name?: string | null; memo?: string | null },
  userId: string | null,
  now: Date,
): Promise<void> {
  const after: { name?: string; memo?: string } = {};
  if (changes.name != null) after.name = parseLedgerInput(entryNameSchema, changes.name);
  if (changes.memo != null) after.memo = parseLedgerInput(entryMemoSchema, changes.memo);
  if (Object.keys(after).length === 0) return;
  const legs = await findTransactionEntries(tx, transactionId);
  await editEntries(
    tx,
    legs.map((before) => ({ before, after })),
    userId,
    now,
  );
  await tx
    .update(transactions)
    .set({ ...after, updatedAt: now })
    .where(eq(transactions.id, transactionId));
}
