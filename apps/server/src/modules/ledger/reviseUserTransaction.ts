import { entryCentsSchema, entryMemoSchema, entryNameSchema } from '@keel/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { transactions } from '../../db/schema';
import { editEntries } from './entryWrites';
import { badLedgerInput, parseLedgerInput } from './ledgerErrors';
import { type EntryRow, findAccountInEntity, findTransactionEntries } from './ledgerRows';

/** What may change in a user transaction; absent (or null) fields stay as they are. */
export type UserTransactionChanges = {
  accountId?: string | null;
  againstId?: string | null;
  amount?: number | null;
  date?: string | null;
  name?: string | null;
  memo?: string | null;
};

/**
 * Edits a user transaction through one of its entries: `accountId` and `amount` are that entry's,
 * `againstId` the other entry's account (kept when absent), and the other entry always holds the
 * negated amount, so the transaction still sums to zero. Date, name and memo belong to the transaction
 * and are written to both entries. Returns the edited entry.
 */
export async function reviseUserTransaction(
  tx: Tx,
  entry: EntryRow,
  changes: UserTransactionChanges,
  userId: string | null,
  now: Date,
): Promise<EntryRow> {
  const legs = await findTransactionEntries(tx, entry.transactionId);
  const other = legs.find((leg) => leg.id !== entry.id);
  if (legs.length !== 2 || !other) throw badLedgerInput('This transaction cannot be edited');

  const accountId = changes.accountId
    ? (await findAccountInEntity(tx, entry.entityId, changes.accountId)).id
    : entry.accountId;
  const againstId = changes.againstId
    ? (await findAccountInEntity(tx, entry.entityId, changes.againstId)).id
    : other.accountId;
  if (accountId === againstId) throw badLedgerInput('An entry cannot be booked against its own account');
  const amount = changes.amount == null ? entry.amount : parseLedgerInput(entryCentsSchema, changes.amount);
  const date = changes.date ?? entry.date;
  const name = changes.name == null ? entry.name : parseLedgerInput(entryNameSchema, changes.name);
  const memo = changes.memo == null ? entry.memo : parseLedgerInput(entryMemoSchema, changes.memo);

  const [edited] = await editEntries(
    tx,
    [
      { before: entry, after: { accountId, amount, date, name, memo } },
      { before: other, after: { accountId: againstId, amount: -amount, date, name, memo } },
    ],
    userId,
    now,
  );
  await tx
    .update(transactions)
    .set({ date, name, memo, updatedAt: now })
    .where(eq(transactions.id, entry.transactionId));
  if (!edited) throw new Error('Entry edit returned nothing');
  return edited;
}
