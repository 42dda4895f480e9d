import { entryCentsSchema, entryMemoSchema, entryNameSchema } from '@keel/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { transactions } from '../../../db/schema';
import { editEntries } from '../shared/entryWrites';
import { badLedgerInput, entryNotFound, parseLedgerInput } from '../shared/ledgerErrors';
import { lockAccounts, lockTransaction } from '../shared/ledgerLocks';
import type { EntryRow } from '../shared/ledgerRows';

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
 *
 * Locks (ledgerLocks.ts): the accounts asked for, then the transaction and both entries, which are read
 * again under the lock: the edit starts from the entries as they are, never from a stale copy.
 */
export async function reviseUserTransaction(
  tx: Tx,
  found: Pick<EntryRow, 'id' | 'entityId' | 'transactionId'>,
  changes: UserTransactionChanges,
  userId: string | null,
  now: Date,
): Promise<EntryRow> {
  const asked = await lockAccounts(tx, found.entityId, [changes.accountId, changes.againstId], {
    require: true,
  });
  const askedId = (id: string | null | undefined) => asked.find((account) => account.id === id)?.id;
  const locked = await lockTransaction(tx, found.transactionId);
  const entry = locked?.entries.find((leg) => leg.id === found.id);
  if (!locked || !entry) throw entryNotFound();
  const legs = locked.entries;
  const other = legs.find((leg) => leg.id !== entry.id);
  if (legs.length !== 2 || !other) throw badLedgerInput('This transaction cannot be edited');

  const accountId = askedId(changes.accountId) ?? entry.accountId;
  const againstId = askedId(changes.againstId) ?? other.accountId;
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
