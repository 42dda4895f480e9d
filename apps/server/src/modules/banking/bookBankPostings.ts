import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { bankPostings, depositAccounts, entries, transactions } from '../../db/schema';
import type { BankFetch, BankPostingMade } from '../../providers/banking';
import { publishEntityUpdate } from '../../realtime/entityEvents';
import { ensureAccountUnderRoot } from '../ledger/accounts';
import { insertEntries } from '../ledger/entries';
import type { BankingDeps } from './bankingDeps';

/** Where the books put the other side of a posting when nobody said (a bookkeeper can move it later). */
const BOOKS_COUNTER_ACCOUNTS = {
  deposit: { root: 'Income', name: 'Uncategorized Income' },
  transfer: { root: 'Expense', name: 'Uncategorized Expense' },
  interest: { root: 'Income', name: 'Interest Income' },
} as const;

/** The transaction source of the books' mirror of a bank posting (its external id is the posting's). */
const BANK_POSTING_SOURCE = 'keel_bank';

/** For a return: the account the original transfer's mirror was booked against (wherever it was moved). */
async function counterOfTransfer(
  tx: Tx,
  transferId: string,
  ledgerAccountId: string,
): Promise<string | null> {
  const [row] = await tx
    .select({ accountId: entries.accountId })
    .from(bankPostings)
    .innerJoin(entries, eq(entries.transactionId, bankPostings.transactionId))
    .where(
      and(
        eq(bankPostings.transferId, transferId),
        eq(bankPostings.kind, 'transfer'),
        ne(entries.accountId, ledgerAccountId),
      ),
    )
    .limit(1);
  return row?.accountId ?? null;
}

/**
 * Writes each bank posting into the company's books, in the caller's transaction (flow into the
 * books): an 'Imported' transaction (source 'keel_bank', external id the posting's id) named after
 * the posting, its amount on the deposit account's bookkeeping account (ref_type 'TPrime::Account',
 * under Banks; money in is a debit, positive) and the opposite on the counter account: the one
 * `counterFor` gives, else the original transfer's for a return, else Uncategorized Income (deposits),
 * Uncategorized Expense (transfers) or Interest Income (interest). Rollups and history through the
 * ledger's own writer, so the report and /keel-transactions see the posting at once. The company's
 * pages hear that its deposit balances moved (EntitySubscription), on commit.
 */
export async function bookBankPostings(
  tx: Tx,
  clock: Clock,
  postings: readonly BankPostingMade[],
  counterFor: (posting: BankPostingMade) => string | undefined = () => undefined,
): Promise<void> {
  if (postings.length === 0) return;
  for (const entityId of new Set(postings.map((posting) => posting.entityId))) {
    await publishEntityUpdate(tx, entityId, 'depositAccounts');
  }
  const ledgerAccounts = new Map(
    (
      await tx
        .select({ id: depositAccounts.id, ledgerAccountId: depositAccounts.ledgerAccountId })
        .from(depositAccounts)
        .where(
          inArray(
            depositAccounts.id,
            postings.map((posting) => posting.depositAccountId),
          ),
        )
    ).map((row) => [row.id, row.ledgerAccountId]),
  );
  const now = clock.now();
  for (const posting of postings) {
    const ledgerAccountId = ledgerAccounts.get(posting.depositAccountId);
    if (!ledgerAccountId) throw new Error(`No books account for deposit account ${posting.depositAccountId}`);
    const counter =
      counterFor(posting) ??
      (posting.kind === 'transfer_return' && posting.transferId
        ? await counterOfTransfer(tx, posting.transferId, ledgerAccountId)
        : null) ??
      (await ensureAccountUnderRoot(
        tx,
        clock,
        posting.entityId,
        posting.kind === 'interest'
          ? BOOKS_COUNTER_ACCOUNTS.interest
          : posting.kind === 'deposit' || (posting.kind === 'other' && posting.amount > 0)
            ? BOOKS_COUNTER_ACCOUNTS.deposit
            : BOOKS_COUNTER_ACCOUNTS.transfer,
      ));
    const [transaction] = await tx
      .insert(transactions)
      .values({
        entityId: posting.entityId,
        transactionType: 'Imported',
        name: posting.description,
        date: posting.date,
        source: BANK_POSTING_SOURCE,
        externalId: posting.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: transactions.id });
    if (!transaction) throw new Error('Transaction insert returned nothing');
    const leg = {
      entityId: posting.entityId,
      transactionId: transaction.id,
      date: posting.date,
      name: posting.description,
      memo: '',
      scenario: 'actual' as const,
    };
    await insertEntries(
      tx,
      [
        { ...leg, accountId: ledgerAccountId, amount: posting.amount },
        { ...leg, accountId: counter, amount: -posting.amount },
      ],
      null,
      now,
    );
    await tx
      .update(bankPostings)
      .set({ transactionId: transaction.id })
      .where(eq(bankPostings.id, posting.id));
  }
}

/**
 * settleDueBanking inside the caller's transaction (a transfer settles what is due before it checks).
 * `fetched` is the bank's answer asked before the transaction (fetchDue); without it a real bank is
 * asked inside it.
 */
export async function settleDueInTransaction(
  tx: Tx,
  deps: Pick<BankingDeps, 'clock' | 'banking' | 'counterFor' | 'secrets'>,
  entityId: string,
  fetched?: BankFetch | null,
): Promise<BankPostingMade[]> {
  const made = await deps.banking.settleDue(tx, entityId, deps.clock.now(), fetched);
  await bookBankPostings(tx, deps.clock, made, deps.counterFor);
  return made;
}
