import { isCalendarDate } from '@keel/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { entries, quickbooksTransactions, transactions } from '../../db/schema';
import { JobFailure } from '../../jobs/jobHandler';
import type { QuickbooksTransaction } from '../../providers/accounting';
import { deleteTransaction, type EntryRow, editEntries, insertEntries } from '../ledger/entries';
import { ACCOUNTING_MESSAGES } from './accountingErrors';

/** The source of the books' transactions imported from QuickBooks (external id '<type>:<QuickBooks Id>'). */
export const QUICKBOOKS_SOURCE = 'quickbooks';

export type QuickbooksPageCounts = { added: number; updated: number; removed: number };

const NAME_MAX = 255;
const MEMO_MAX = 2_000;
const TEXT_MAX = 200;

const TYPE_LABELS: Record<string, string> = {
  Invoice: 'Invoice',
  Payment: 'Payment',
  Deposit: 'Deposit',
  Bill: 'Bill',
  BillPayment: 'Bill payment',
  Purchase: 'Expense',
  Transfer: 'Transfer',
  JournalEntry: 'Journal entry',
};

type Leg = { accountId: string; amount: number; memo: string };
type Booking = { name: string; memo: string; date: string; externalId: string; legs: Leg[] };

const keyOf = (type: string, id: string) => `${type}\u0000${id}`;
const describe = (t: QuickbooksTransaction) =>
  `${TYPE_LABELS[t.entityType] ?? t.entityType} ${t.docNumber ?? t.id}`;

/**
 * What a QuickBooks transaction becomes in the books: one balanced 'Imported' transaction named after
 * whom it is with, its memo the document ('Invoice 1042') and QuickBooks' private note, one entry per
 * line (zero lines left out) on the ledger account of the line's QuickBooks account, in integer cents
 * as QuickBooks has them (a debit positive). Lines that do not sum to zero, or a bad date, fail the sync
 * for good; a line on an account the chart did not list fails this attempt (the next imports the chart
 * again first).
 */
function bookingOf(t: QuickbooksTransaction, ledgerAccountOf: ReadonlyMap<string, string>): Booking {
  if (t.id.length === 0 || t.id.length > TEXT_MAX || t.entityType.length > TEXT_MAX / 2) {
    throw new JobFailure('QuickBooks sent a transaction whose id Keel cannot keep.', { retry: false });
  }
  if (!isCalendarDate(t.txnDate)) {
    throw new JobFailure(`QuickBooks sent ${describe(t)} without a valid date.`, { retry: false });
  }
  let total = 0;
  const legs: Leg[] = [];
  for (const line of t.lines) {
    if (!Number.isSafeInteger(line.amount))
      throw new JobFailure(ACCOUNTING_MESSAGES.unbalanced(describe(t)), { retry: false });
    total += line.amount;
    if (line.amount === 0) continue;
    const accountId = ledgerAccountOf.get(line.accountId);
    if (!accountId) {
      throw new JobFailure(
        `QuickBooks sent ${describe(t)} on an account it did not list; the sync will try again.`,
      );
    }
    legs.push({ accountId, amount: line.amount, memo: (line.description ?? '').slice(0, MEMO_MAX) });
  }
  if (total !== 0) throw new JobFailure(ACCOUNTING_MESSAGES.unbalanced(describe(t)), { retry: false });
  const document = `${TYPE_LABELS[t.entityType] ?? t.entityType}${t.docNumber ? ` ${t.docNumber}` : ''}`;
  return {
    name: t.name.trim().slice(0, NAME_MAX) || document.slice(0, NAME_MAX),
    memo: [document, t.privateNote?.trim()].filter(Boolean).join(' · ').slice(0, MEMO_MAX),
    date: t.txnDate,
    externalId: `${t.entityType}:${t.id}`.slice(0, TEXT_MAX),
    legs,
  };
}

/**
 * Writes one page of a company file's transactions into the books, in the caller's transaction (which
 * also moves the connection's cursor past the page, so a page is written once). Each transaction, by
 * its QuickBooks type and Id (`quickbooks_transactions`):
 * - new: booked (all of the page's new ones in a few statements);
 * - known with the same SyncToken: left as it is (a second sync imports nothing twice);
 * - known with another SyncToken: its transaction in the books replaced in place (the same transaction,
 *   its entries edited, or written again when the number of lines changed);
 * - deleted: its transaction taken out of the books, and its row forgotten.
 *
 * Locks, after the connection row: the page's rows of `quickbooks_transactions` (in id order), then the
 * ledger's order (a transaction row, then its entries in id order).
 */
export async function applyQuickbooksPage(
  tx: Tx,
  clock: Clock,
  input: {
    entityId: string;
    realmId: string;
    transactions: readonly QuickbooksTransaction[];
    ledgerAccountOf: ReadonlyMap<string, string>;
  },
): Promise<QuickbooksPageCounts> {
  const counts: QuickbooksPageCounts = { added: 0, updated: 0, removed: 0 };
  const latest = new Map<string, QuickbooksTransaction>();
  for (const t of input.transactions) latest.set(keyOf(t.entityType, t.id), t);
  if (latest.size === 0) return counts;
  const now = clock.now();
  const known = await tx
    .select()
    .from(quickbooksTransactions)
    .where(
      and(
        eq(quickbooksTransactions.entityId, input.entityId),
        eq(quickbooksTransactions.realmId, input.realmId),
        inArray(quickbooksTransactions.qboId, [...new Set([...latest.values()].map((t) => t.id))]),
      ),
    )
    .orderBy(asc(quickbooksTransactions.id))
    .for('update');
  const rowOf = new Map(known.map((row) => [keyOf(row.qboType, row.qboId), row]));
  const fresh: { t: QuickbooksTransaction; booking: Booking; rowId: string | null }[] = [];
  for (const [key, t] of latest) {
    const row = rowOf.get(key);
    if (t.deleted) {
      if (!row) continue;
      if (row.transactionId) await removeBooked(tx, row.transactionId, now);
      await tx.delete(quickbooksTransactions).where(eq(quickbooksTransactions.id, row.id));
      counts.removed += 1;
      continue;
    }
    if (row?.transactionId && row.syncToken === t.syncToken) continue;
    const booking = bookingOf(t, input.ledgerAccountOf);
    if (row?.transactionId) {
      const transactionId = await rebook(tx, input.entityId, row.transactionId, booking, now);
      await tx
        .update(quickbooksTransactions)
        .set({ syncToken: t.syncToken.slice(0, TEXT_MAX), transactionId, updatedAt: now })
        .where(eq(quickbooksTransactions.id, row.id));
      counts.updated += 1;
    } else {
      fresh.push({ t, booking, rowId: row?.id ?? null });
    }
  }
  await bookFresh(tx, input, fresh, now);
  counts.added += fresh.length;
  return counts;
}

/** Books the page's new transactions: their transactions, then all their entries, then their rows. */
async function bookFresh(
  tx: Tx,
  input: { entityId: string; realmId: string },
  fresh: readonly { t: QuickbooksTransaction; booking: Booking; rowId: string | null }[],
  now: Date,
) {
  if (fresh.length === 0) return;
  const made = await tx
    .insert(transactions)
    .values(
      fresh.map(({ booking }) => ({
        entityId: input.entityId,
        transactionType: 'Imported' as const,
        name: booking.name,
        memo: booking.memo,
        date: booking.date,
        source: QUICKBOOKS_SOURCE,
        externalId: booking.externalId,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: transactions.id, externalId: transactions.externalId });
  // Each new transaction's id, by its external id (unique in the page).
  const idOf = new Map(made.map((row) => [row.externalId, row.id]));
  const booked = fresh.map((item) => {
    const transactionId = idOf.get(item.booking.externalId);
    if (!transactionId) throw new Error(`No transaction was made for ${item.booking.externalId}`);
    return { ...item, transactionId };
  });
  await insertEntries(
    tx,
    booked.flatMap(({ booking, transactionId }) => legsOf(input.entityId, transactionId, booking)),
    null,
    now,
  );
  const inserts = booked.filter((row) => row.rowId === null);
  if (inserts.length > 0) {
    await tx.insert(quickbooksTransactions).values(
      inserts.map(({ t, transactionId }) => ({
        entityId: input.entityId,
        realmId: input.realmId,
        qboType: t.entityType.slice(0, TEXT_MAX),
        qboId: t.id.slice(0, TEXT_MAX),
        syncToken: t.syncToken.slice(0, TEXT_MAX),
        transactionId,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
  for (const { t, rowId, transactionId } of booked) {
    if (rowId === null) continue;
    await tx
      .update(quickbooksTransactions)
      .set({ syncToken: t.syncToken.slice(0, TEXT_MAX), transactionId, updatedAt: now })
      .where(eq(quickbooksTransactions.id, rowId));
  }
}

function legsOf(entityId: string, transactionId: string, booking: Booking) {
  return booking.legs.map((leg) => ({
    entityId,
    transactionId,
    accountId: leg.accountId,
    amount: leg.amount,
    date: booking.date,
    name: booking.name,
    memo: leg.memo,
    scenario: 'actual' as const,
  }));
}

/** The transaction row locked, then its entries in id order; null when it is gone. */
async function lockBooked(tx: Tx, transactionId: string): Promise<EntryRow[] | null> {
  const [row] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.id, transactionId))
    .for('update');
  if (!row) return null;
  return tx
    .select()
    .from(entries)
    .where(eq(entries.transactionId, transactionId))
    .orderBy(asc(entries.id))
    .for('update');
}

async function removeBooked(tx: Tx, transactionId: string, now: Date) {
  if (await lockBooked(tx, transactionId)) await deleteTransaction(tx, transactionId, null, now);
}

/**
 * Replaces a booked transaction's figures in place: its entries edited one for one when QuickBooks
 * sends as many lines as it has entries, else written again under the same transaction id. Returns
 * the transaction's id.
 */
async function rebook(
  tx: Tx,
  entityId: string,
  transactionId: string,
  booking: Booking,
  now: Date,
): Promise<string> {
  const legs = await lockBooked(tx, transactionId);
  if (legs && legs.length === booking.legs.length) {
    await editEntries(
      tx,
      legs.map((before, index) => {
        const leg = booking.legs[index] as Leg;
        return {
          before,
          after: {
            accountId: leg.accountId,
            amount: leg.amount,
            date: booking.date,
            name: booking.name,
            memo: leg.memo,
          },
        };
      }),
      null,
      now,
    );
    await tx
      .update(transactions)
      .set({ name: booking.name, memo: booking.memo, date: booking.date, updatedAt: now })
      .where(eq(transactions.id, transactionId));
    return transactionId;
  }
  const [existing] = legs
    ? await tx
        .select({ createdAt: transactions.createdAt })
        .from(transactions)
        .where(eq(transactions.id, transactionId))
    : [];
  if (legs) await deleteTransaction(tx, transactionId, null, now);
  await tx.insert(transactions).values({
    id: transactionId,
    entityId,
    transactionType: 'Imported',
    name: booking.name,
    memo: booking.memo,
    date: booking.date,
    source: QUICKBOOKS_SOURCE,
    externalId: booking.externalId,
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
  });
  await insertEntries(tx, legsOf(entityId, transactionId, booking), null, now);
  return transactionId;
}
