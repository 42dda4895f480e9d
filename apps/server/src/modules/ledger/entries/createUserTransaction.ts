import { entryCentsSchema, entryMemoSchema, entryNameSchema } from '@keel/domain';
import type { Clock } from '../../../clock';
import type { Db, Tx } from '../../../db/client';
import { transactions } from '../../../db/schema';
import { writeTransaction } from '../../../db/transactions';
import { insertEntries } from '../shared/entryWrites';
import { parseLedgerInput } from '../shared/ledgerErrors';
import { lockAccount } from '../shared/ledgerLocks';
import { assertReportOfEntity, type EntryRow } from '../shared/ledgerRows';
import { resolveAgainstAccount } from '../shared/resolveAgainstAccount';

type UserTransactionInput = {
  entityId: string;
  accountId: string;
  /** Null: the default against account (see resolveAgainstAccount). */
  againstId?: string | null;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** Cents, debit-positive, booked on the account; its negation goes on the against account. */
  amount: number;
  name?: string | null;
  memo?: string | null;
  reportId?: string | null;
};

/**
 * Books a user transaction (spec §5): a 'UserTransaction' with two actual entries that sum to zero,
 * `amount` on the account and `-amount` on the against account, both carrying the transaction's name,
 * memo and date. Amounts are raw debit-positive cents: an expense paid from the bank is +amount on the
 * expense account and -amount on Banks. Returns the entry on the account.
 */
export async function createUserTransaction(
  db: Db | Tx,
  clock: Clock,
  userId: string | null,
  input: UserTransactionInput,
): Promise<EntryRow> {
  const amount = parseLedgerInput(entryCentsSchema, input.amount);
  const name = parseLedgerInput(entryNameSchema, input.name ?? '');
  const memo = parseLedgerInput(entryMemoSchema, input.memo ?? '');
  return writeTransaction(db, async (tx) => {
    await assertReportOfEntity(tx, input.entityId, input.reportId);
    // Both accounts locked FOR KEY SHARE: an account deleted meanwhile is 'Account not found', never a
    // transaction booked on a vanished account.
    const account = await lockAccount(tx, input.entityId, input.accountId);
    const against = await resolveAgainstAccount(tx, input.entityId, account.id, input.againstId);
    const now = clock.now();
    const [transaction] = await tx
      .insert(transactions)
      .values({
        entityId: input.entityId,
        transactionType: 'UserTransaction',
        name,
        memo,
        date: input.date,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!transaction) throw new Error('Transaction insert returned nothing');
    const leg = { entityId: input.entityId, transactionId: transaction.id, date: input.date, name, memo };
    const [entry] = await insertEntries(
      tx,
      [
        { ...leg, accountId: account.id, amount, scenario: 'actual' },
        { ...leg, accountId: against.id, amount: -amount, scenario: 'actual' },
      ],
      userId,
      now,
    );
    if (!entry) throw new Error('Entry insert returned nothing');
    return entry;
  });
}
