import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { bankLinks, importedTransactions } from '../../db/schema';
import type { AggregatorTransaction, TransactionsPage } from '../../providers/aggregators';
import { type BankLinkRow, IMPORT_SOURCES, type ImportedRow, type LinkedAccountRow } from './bankLinkRows';
import {
  bookImportedRow,
  createImportContext,
  type ImportContext,
  rebookImportedRow,
  unbookImportedRow,
} from './bookImportedRows';
import { ImportedRowsOfPage } from './importedRowsOfPage';

/**
 * Writes one page of a link's transactions feed into `imported_transactions` and the books, with the
 * cursor that follows it, in the caller's transaction: a sync stopped anywhere resumes from the last
 * page written, and a page is never written twice (the link row is locked and its cursor must still be
 * the one the page was read from; otherwise another sync got there first and the page is 'stale').
 *
 * Each transaction, by the first rule that applies:
 * - known (same account, same provider id): updated in place when it changed (or returns after removal);
 * - posted, naming a pending one this account has: that row becomes the posted one, and its bookkeeping
 *   transaction is edited in place (never both in the books);
 * - matching by fingerprint (date, amount, name) a row imported through an earlier link of the same
 *   account (a re-link): that row is adopted under the new id, nothing is booked again;
 * - otherwise a new row, booked (bookImportedRows.ts).
 * A removed transaction's bookkeeping transaction is deleted; its row stays, marked removed, so a posted
 * version arriving later still finds it. The rows these rules look for are read for the whole page at
 * its start (importedRowsOfPage.ts), not once or three times a transaction.
 */

export type PageCounts = { added: number; updated: number; removed: number };

/** The link row disappeared under the sync (deleted meanwhile). */
export class BankLinkGone extends Error {
  constructor() {
    super('The bank link was deleted');
    this.name = 'BankLinkGone';
  }
}

const NAME_MAX = 255;
const DETAIL_MAX = 100;

/** What identifies a transaction across links: its date, amount and name (spaces and case aside). */
function fingerprintOf(transaction: { date: string; amount: number; name: string }): string {
  const name = transaction.name.trim().toLowerCase().replace(/\s+/g, ' ');
  return createHash('sha256')
    .update(`${transaction.date}|${transaction.amount}|${name}`)
    .digest('hex')
    .slice(0, 40);
}

const cut = (value: string | null, max: number) => (value === null ? null : value.slice(0, max));

function valuesOf(link: BankLinkRow, transaction: AggregatorTransaction) {
  const name = transaction.name.trim().slice(0, NAME_MAX) || 'Bank transaction';
  return {
    providerTransactionId: transaction.transactionId.slice(0, 200),
    pending: transaction.pending,
    date: transaction.date,
    name,
    amount: transaction.amount,
    fingerprint: fingerprintOf({ date: transaction.date, amount: transaction.amount, name }),
    details: {
      link: link.id,
      merchant: cut(transaction.merchantName, DETAIL_MAX),
      category: cut(transaction.category, DETAIL_MAX),
      pendingTransactionId: cut(transaction.pendingTransactionId, 200),
    },
  };
}

type RowValues = ReturnType<typeof valuesOf>;

async function saveRow(
  context: ImportContext,
  before: ImportedRow,
  values: RowValues & { replaces?: string | null },
) {
  const { replaces, ...rest } = values;
  const [row] = await context.tx
    .update(importedTransactions)
    .set({
      ...rest,
      ...(replaces === undefined ? {} : { replacesProviderTransactionId: replaces }),
      removedAt: null,
      updatedAt: context.now,
    })
    .where(eq(importedTransactions.id, before.id))
    .returning();
  if (!row) throw new Error('Imported transaction vanished');
  return row;
}

const sameAs = (row: ImportedRow, values: RowValues) =>
  row.date === values.date &&
  row.name === values.name &&
  row.amount === values.amount &&
  row.pending === values.pending;

async function importOne(
  context: ImportContext,
  rows: ImportedRowsOfPage,
  link: BankLinkRow,
  account: LinkedAccountRow & { ledgerAccountId: string },
  transaction: AggregatorTransaction,
  values: RowValues,
): Promise<keyof PageCounts | null> {
  const ledger = account.ledgerAccountId;
  const keys = { linkedAccountId: account.id, ...values };
  const known = await rows.withId(account.id, values.providerTransactionId);
  if (known) {
    if (sameAs(known, values) && !known.removedAt && known.transactionId) return null;
    rows.written(known, keys);
    await rebookImportedRow(context, known, await saveRow(context, known, values), ledger);
    return 'updated';
  }
  const pending = transaction.pendingTransactionId
    ? await rows.withId(account.id, transaction.pendingTransactionId)
    : undefined;
  if (pending) {
    rows.written(pending, keys);
    const row = await saveRow(context, pending, { ...values, replaces: transaction.pendingTransactionId });
    await rebookImportedRow(context, pending, row, ledger);
    return 'updated';
  }
  const earlier = await rows.earlierCopy(account.id, values.fingerprint);
  if (earlier) {
    rows.written(earlier, keys);
    const row = await saveRow(context, earlier, values);
    if (!row.transactionId) await bookImportedRow(context, row, ledger);
    return 'updated';
  }
  rows.written(undefined, keys);
  const [row] = await context.tx
    .insert(importedTransactions)
    .values({
      ...values,
      entityId: link.entityId,
      linkedAccountId: account.id,
      replacesProviderTransactionId: null,
      createdAt: context.now,
      updatedAt: context.now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  await bookImportedRow(context, row, ledger);
  return 'added';
}

async function removeOne(
  context: ImportContext,
  rows: ImportedRowsOfPage,
  account: LinkedAccountRow & { ledgerAccountId: string },
  id: string,
) {
  const row = await rows.withId(account.id, id);
  if (!row || row.removedAt) return false;
  rows.written(row, row);
  await unbookImportedRow(context, row, account.ledgerAccountId);
  await context.tx
    .update(importedTransactions)
    .set({ removedAt: context.now, transactionId: null, updatedAt: context.now })
    .where(eq(importedTransactions.id, row.id));
  return true;
}

/** The page written, or 'stale' when the link's cursor is no longer `cursor` (nothing written). */
export async function applyTransactionsPage(
  tx: Tx,
  clock: Clock,
  input: {
    link: BankLinkRow;
    cursor: string | null;
    page: TransactionsPage;
    accounts: ReadonlyMap<string, LinkedAccountRow>;
  },
): Promise<PageCounts | 'stale'> {
  const { link, page } = input;
  const [locked] = await tx.select().from(bankLinks).where(eq(bankLinks.id, link.id)).for('update');
  if (!locked) throw new BankLinkGone();
  if (locked.syncCursor !== input.cursor) return 'stale';
  const context = createImportContext(tx, clock, link.entityId, IMPORT_SOURCES[link.provider]);
  const counts: PageCounts = { added: 0, updated: 0, removed: 0 };
  const accountOf = (providerAccountId: string) => {
    const account = input.accounts.get(providerAccountId);
    return account?.ledgerAccountId ? { ...account, ledgerAccountId: account.ledgerAccountId } : null;
  };
  const incoming = [...page.added, ...page.modified].flatMap((transaction) => {
    const account = accountOf(transaction.accountId);
    return account ? [{ transaction, account, values: valuesOf(link, transaction) }] : [];
  });
  const removals = page.removed.flatMap((removed) => {
    const account = accountOf(removed.accountId);
    return account ? [{ account, id: removed.transactionId }] : [];
  });
  const rows = await ImportedRowsOfPage.read(tx, link, {
    accountIds: [...incoming, ...removals].map(({ account }) => account.id),
    providerTransactionIds: [
      ...incoming.flatMap(({ transaction, values }) => [
        values.providerTransactionId,
        ...(transaction.pendingTransactionId ? [transaction.pendingTransactionId] : []),
      ]),
      ...removals.map(({ id }) => id),
    ],
    fingerprints: incoming.map(({ values }) => values.fingerprint),
  });
  // Added and modified first, so a posted transaction takes its pending row before that row's removal.
  for (const { transaction, account, values } of incoming) {
    const outcome = await importOne(context, rows, link, account, transaction, values);
    if (outcome) counts[outcome] += 1;
  }
  for (const { account, id } of removals) {
    if (await removeOne(context, rows, account, id)) counts.removed += 1;
  }
  await context.applyRules();
  await tx
    .update(bankLinks)
    .set({ syncCursor: page.nextCursor, updatedAt: context.now })
    .where(eq(bankLinks.id, link.id));
  return counts;
}
