import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/queryRows';
import { entries, importedTransactions, transactions } from '../../db/schema';
import { deleteTransaction, type EntryRow, editEntries, insertEntries } from '../ledger/entries';
import { applyRulesToImportedEntries } from '../ledger/rules';
import type { ImportedRow } from './bankLinkRows';
import { ensureCounterAccount } from './booksAccounts';

/**
 * How an imported transaction sits in the books. Alone, it is one 'Imported' transaction (source
 * 'plaid_link' or 'moneykit_link', external id the imported row's id) of two entries: its amount on the
 * linked account's mirror (money in is a debit, positive) and the opposite on Uncategorized Income (money
 * in) or Uncategorized Expense (money out), which the company's rules then move (applyRules, once a
 * page, to the legs still uncategorised). Two imports that
 * are one transfer between the company's own linked accounts (opposite amounts, at most
 * TRANSFER_WINDOW_DAYS apart, different accounts) share one transaction instead: each leg on its own
 * account, nothing uncategorised. Every write goes through the ledger's writer (rollups, Entry History).
 *
 * Locks, after the page's bank link row: imported rows, then the ledger's order (the transaction row,
 * then its entries in id order).
 */

const TRANSFER_WINDOW_DAYS = 3;

export type ImportContext = {
  tx: Tx;
  clock: Clock;
  now: Date;
  entityId: string;
  source: string;
  /** The counter account for money in ('income') or out ('expense'), made on first use. */
  counter(kind: 'income' | 'expense'): Promise<string>;
  /** Uncategorised legs booked since the last flush: the rules' to apply. */
  uncategorised: string[];
  /**
   * Applies the company's rules to the uncategorised legs booked since the last call that are still
   * uncategorised (not since taken as a transfer's leg): once a page, not once a transaction.
   */
  applyRules(): Promise<void>;
};

export function createImportContext(tx: Tx, clock: Clock, entityId: string, source: string): ImportContext {
  const made = new Map<string, Promise<string>>();
  const context: ImportContext = {
    tx,
    clock,
    now: clock.now(),
    entityId,
    source,
    counter(kind) {
      let id = made.get(kind);
      if (!id) {
        id = ensureCounterAccount(tx, clock, entityId, kind);
        made.set(kind, id);
      }
      return id;
    },
    uncategorised: [],
    async applyRules() {
      const ids = context.uncategorised.splice(0);
      if (ids.length === 0) return;
      const counters = [await context.counter('income'), await context.counter('expense')];
      const still = await tx
        .select({ id: entries.id })
        .from(entries)
        .where(and(inArray(entries.id, ids), inArray(entries.accountId, counters)));
      await applyRulesToImportedEntries(
        tx,
        entityId,
        still.map((row) => row.id),
        context.now,
      );
    },
  };
  return context;
}

const counterKind = (amount: number) => (amount > 0 ? 'income' : 'expense');

/** An uncategorised import of another of the company's linked accounts that is this one's other leg. */
async function findTransferLeg(context: ImportContext, row: ImportedRow, ledgerAccountId: string) {
  const [income, expense] = [await context.counter('income'), await context.counter('expense')];
  const [match] = await queryRows<{ id: string; transaction_id: string }>(
    context.tx,
    sql`SELECT i.id, i.transaction_id FROM imported_transactions i
        JOIN linked_accounts a ON a.id = i.linked_account_id
        WHERE i.entity_id = ${context.entityId}::uuid AND i.linked_account_id <> ${row.linkedAccountId}::uuid
          AND a.ledger_account_id IS NOT NULL AND a.ledger_account_id <> ${ledgerAccountId}::uuid
          AND i.amount = ${-row.amount} AND i.removed_at IS NULL AND i.transaction_id IS NOT NULL
          AND i.date BETWEEN ${row.date}::date - ${TRANSFER_WINDOW_DAYS}::int AND ${row.date}::date + ${TRANSFER_WINDOW_DAYS}::int
          AND NOT EXISTS (SELECT 1 FROM imported_transactions o WHERE o.transaction_id = i.transaction_id AND o.id <> i.id)
          AND EXISTS (SELECT 1 FROM entries e WHERE e.transaction_id = i.transaction_id
                        AND e.account_id IN (${income}::uuid, ${expense}::uuid))
        ORDER BY abs(i.date - ${row.date}::date), i.id
        LIMIT 1
        FOR UPDATE OF i`,
  );
  return match ?? null;
}

/** The transaction row locked, then its entries, in id order. */
async function lockEntriesOf(tx: Tx, transactionId: string): Promise<EntryRow[]> {
  await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.id, transactionId))
    .for('update');
  return tx
    .select()
    .from(entries)
    .where(eq(entries.transactionId, transactionId))
    .orderBy(asc(entries.id))
    .for('update');
}

/**
 * Books an import that has no transaction in the books: as the other leg of a matching transfer when
 * there is one, else as a transaction of its own with the rules applied to its uncategorised leg.
 * Returns the transaction's id (saved on the row).
 */
export async function bookImportedRow(
  context: ImportContext,
  row: ImportedRow,
  ledgerAccountId: string,
): Promise<string> {
  const { tx, now } = context;
  const match = row.amount === 0 ? null : await findTransferLeg(context, row, ledgerAccountId);
  let transactionId: string;
  if (match) {
    transactionId = match.transaction_id;
    const legs = await lockEntriesOf(tx, transactionId);
    const counters = [await context.counter('income'), await context.counter('expense')];
    const open = legs.find((leg) => counters.includes(leg.accountId) && leg.amount === row.amount);
    if (!open) throw new Error(`Transfer leg ${match.id} lost its uncategorised entry`);
    await editEntries(
      tx,
      [{ before: open, after: { accountId: ledgerAccountId, date: row.date, name: row.name } }],
      null,
      now,
    );
  } else {
    const [made] = await tx
      .insert(transactions)
      .values({
        entityId: context.entityId,
        transactionType: 'Imported',
        name: row.name,
        date: row.date,
        source: context.source,
        externalId: row.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: transactions.id });
    if (!made) throw new Error('Transaction insert returned nothing');
    transactionId = made.id;
    const leg = {
      entityId: context.entityId,
      transactionId,
      date: row.date,
      name: row.name,
      memo: '',
      scenario: 'actual' as const,
    };
    const [, uncategorised] = await insertEntries(
      tx,
      [
        { ...leg, accountId: ledgerAccountId, amount: row.amount },
        { ...leg, accountId: await context.counter(counterKind(row.amount)), amount: -row.amount },
      ],
      null,
      now,
    );
    // Only the uncategorised leg: a rule never pulls the bank's own leg off its account.
    if (uncategorised) context.uncategorised.push(uncategorised.id);
  }
  await tx
    .update(importedTransactions)
    .set({ transactionId, updatedAt: now })
    .where(eq(importedTransactions.id, row.id));
  return transactionId;
}

/** The other imports sharing the row's transaction (a matched transfer's other leg), locked. */
async function sharingRows(tx: Tx, row: ImportedRow): Promise<ImportedRow[]> {
  if (!row.transactionId) return [];
  return tx
    .select()
    .from(importedTransactions)
    .where(
      and(eq(importedTransactions.transactionId, row.transactionId), ne(importedTransactions.id, row.id)),
    )
    .orderBy(asc(importedTransactions.id))
    .for('update');
}

/** The row's own entry in its transaction: the one on its mirror, else the one of its amount. */
function ownLeg(legs: readonly EntryRow[], row: ImportedRow, ledgerAccountId: string): EntryRow | undefined {
  return (
    legs.find((leg) => leg.accountId === ledgerAccountId) ?? legs.find((leg) => leg.amount === row.amount)
  );
}

/**
 * Takes an import out of the books: its transaction deleted, or, when it was one leg of a matched
 * transfer, its leg turned back into the other import's uncategorised leg. The row keeps no transaction.
 */
export async function unbookImportedRow(
  context: ImportContext,
  row: ImportedRow,
  ledgerAccountId: string,
): Promise<void> {
  const { tx, now } = context;
  if (!row.transactionId) return;
  const [other] = await sharingRows(tx, row);
  if (other) {
    const legs = await lockEntriesOf(tx, row.transactionId);
    const mine = ownLeg(legs, row, ledgerAccountId);
    if (mine) {
      await editEntries(
        tx,
        [
          {
            before: mine,
            after: {
              accountId: await context.counter(counterKind(other.amount)),
              date: other.date,
              name: other.name,
            },
          },
        ],
        null,
        now,
      );
    }
  } else {
    await lockEntriesOf(tx, row.transactionId);
    await deleteTransaction(tx, row.transactionId, null, now);
  }
  await tx
    .update(importedTransactions)
    .set({ transactionId: null, updatedAt: now })
    .where(eq(importedTransactions.id, row.id));
}

/**
 * Brings the books in line with an import whose amount, date or name changed (a pending transaction
 * posted, the provider corrected one), in place: the same transaction, its entries edited, wherever a
 * bookkeeper or a rule moved the uncategorised leg. A matched transfer whose amount changed is no longer
 * one: it is split and booked again. `before` is the row as it was; `row` as it is now.
 */
export async function rebookImportedRow(
  context: ImportContext,
  before: ImportedRow,
  row: ImportedRow,
  ledgerAccountId: string,
): Promise<void> {
  const { tx, now } = context;
  if (!before.transactionId) {
    await bookImportedRow(context, row, ledgerAccountId);
    return;
  }
  const shared = (await sharingRows(tx, before)).length > 0;
  const legs = await lockEntriesOf(tx, before.transactionId);
  const mine = ownLeg(legs, before, ledgerAccountId);
  const counter = legs.find((leg) => leg !== mine);
  if ((shared && before.amount !== row.amount) || !mine || (!shared && (legs.length !== 2 || !counter))) {
    await unbookImportedRow(context, before, ledgerAccountId);
    await bookImportedRow(context, { ...row, transactionId: null }, ledgerAccountId);
    return;
  }
  const edits = [{ before: mine, after: { amount: row.amount, date: row.date, name: row.name } }];
  if (!shared && counter)
    edits.push({ before: counter, after: { amount: -row.amount, date: row.date, name: row.name } });
  await editEntries(tx, edits, null, now);
  if (!shared) {
    await tx
      .update(transactions)
      .set({ name: row.name, date: row.date, updatedAt: now })
      .where(eq(transactions.id, before.transactionId));
  }
}
