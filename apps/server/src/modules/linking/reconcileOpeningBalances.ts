import { dayIn } from '@keel/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/queryRows';
import { entries, transactions } from '../../db/schema';
import { entityTimeZone } from '../entities/timeZone';
import { deleteTransaction, editEntries, insertEntries } from '../ledger/entries';
import type { LinkedAccountRow } from './bankLinkRows';
import { ensureCounterAccount, isOwedType } from './booksAccounts';

/** The name of the transaction that carries a linked account's balance from before its history. */
const OPENING_BALANCE_NAME = 'Opening balance';

const DAY_MS = 86_400_000;
const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) - DAY_MS).toISOString().slice(0, 10);

/**
 * Makes the books' balance of a linked account's mirror equal the balance its provider states, in the
 * caller's transaction: one 'Opening balance' transaction per account (external id
 * 'opening:<linked account id>', against Opening Balance Equity under Other), dated the day before the
 * account's earliest entry, holds whatever the imported history does not explain. Run after every page
 * and at the end of every sync, so it stays right as older history arrives (a re-link reaching further
 * back moves it earlier and shrinks it) and the overview, the report and the provider agree. The
 * provider's figure counts as the books do: a card's or loan's owed balance is a credit (negative).
 */
async function reconcileOpeningBalance(
  tx: Tx,
  clock: Clock,
  account: LinkedAccountRow,
  source: string,
): Promise<void> {
  const ledgerAccountId = account.ledgerAccountId;
  if (!ledgerAccountId || account.currentBalance === null) return;
  const now = clock.now();
  const target = isOwedType(account.accountType) ? -account.currentBalance : account.currentBalance;
  const [existing] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.entityId, account.entityId),
        eq(transactions.source, source),
        eq(transactions.externalId, `opening:${account.id}`),
      ),
    )
    .for('update');
  const [figures] = await queryRows<{ total: string; first: string | null }>(
    tx,
    sql`SELECT coalesce(sum(amount), 0)::text AS total, min(date)::text AS first FROM entries
        WHERE entity_id = ${account.entityId}::uuid AND account_id = ${ledgerAccountId}::uuid
          AND scenario = 'actual' AND transaction_id IS DISTINCT FROM ${existing?.id ?? null}::uuid`,
  );
  const opening = target - Number(figures?.total ?? 0);
  // Without history: today, the company's (in its time zone).
  const date = figures?.first
    ? dayBefore(figures.first)
    : dayIn(await entityTimeZone(tx, account.entityId), now);
  if (existing) {
    const legs = await tx
      .select()
      .from(entries)
      .where(eq(entries.transactionId, existing.id))
      .orderBy(asc(entries.id))
      .for('update');
    const own = legs.find((leg) => leg.accountId === ledgerAccountId);
    const other = legs.find((leg) => leg !== own);
    if (opening === 0 || !own || !other || legs.length !== 2) {
      await deleteTransaction(tx, existing.id, null, now);
      if (opening === 0) return;
    } else {
      await editEntries(
        tx,
        [
          { before: own, after: { amount: opening, date } },
          { before: other, after: { amount: -opening, date } },
        ],
        null,
        now,
      );
      await tx.update(transactions).set({ date, updatedAt: now }).where(eq(transactions.id, existing.id));
      return;
    }
  }
  if (opening === 0) return;
  const [made] = await tx
    .insert(transactions)
    .values({
      entityId: account.entityId,
      transactionType: 'Imported',
      name: OPENING_BALANCE_NAME,
      date,
      source,
      externalId: `opening:${account.id}`,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: transactions.id });
  if (!made) throw new Error('Transaction insert returned nothing');
  const leg = {
    entityId: account.entityId,
    transactionId: made.id,
    date,
    name: OPENING_BALANCE_NAME,
    memo: '',
  };
  const equity = await ensureCounterAccount(tx, clock, account.entityId, 'opening');
  await insertEntries(
    tx,
    [
      { ...leg, accountId: ledgerAccountId, amount: opening, scenario: 'actual' },
      { ...leg, accountId: equity, amount: -opening, scenario: 'actual' },
    ],
    null,
    now,
  );
}

/** reconcileOpeningBalance for each of these accounts. */
export async function reconcileOpeningBalances(
  tx: Tx,
  clock: Clock,
  accounts: readonly LinkedAccountRow[],
  source: string,
): Promise<void> {
  for (const account of accounts) await reconcileOpeningBalance(tx, clock, account, source);
}
