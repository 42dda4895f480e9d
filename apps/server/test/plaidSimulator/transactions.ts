import { z } from 'zod';
import { decimalToCents } from '../../src/providers/aggregators/decimalCents';
import { invalidRequest } from './errors';
import type { PlaidRoute } from './http';
import { readableItem } from './items';
import { renderAccount, renderItem, renderTransaction } from './render';
import { type FeedEvent, newPlaidId, type PlaidState, type SimItem, type SimTransaction } from './state';

// Transactions: /transactions/sync (a cursor into the item's change log), /transactions/get,
// /transactions/refresh, /sandbox/transactions/create, and the changes a bank makes over time.

const SYNC_MAX = 500;
const GET_MAX = 500;

/**
 * A sync cursor: 'initial' pages through the item's transactions as they were at log position
 * `upto` (a first sync answers what is there, not how it came to be), then 'log' replays the change
 * log from `at`. Opaque to the client (base64url JSON).
 */
type SyncCursor =
  | { item: string; phase: 'initial'; upto: number; offset: number }
  | { item: string; phase: 'log'; at: number };

const encodeCursor = (cursor: SyncCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(item: SimItem, text: string | undefined): SyncCursor | null {
  if (text === undefined || text === '') return null;
  let cursor: SyncCursor;
  try {
    cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as SyncCursor;
  } catch {
    throw invalidRequest('INVALID_FIELD', 'cursor is not valid');
  }
  const position = cursor.phase === 'initial' ? cursor.upto : cursor.at;
  if (
    cursor.item !== item.itemId ||
    !Number.isInteger(position) ||
    position < 0 ||
    position > item.log.length
  ) {
    throw invalidRequest('INVALID_FIELD', 'cursor is not valid');
  }
  return cursor;
}

/** The item's transactions as they were after the first `upto` events of its log, in the order added. */
function transactionsAt(item: SimItem, upto: number): SimTransaction[] {
  const state = new Map<string, SimTransaction>();
  for (const event of item.log.slice(0, upto)) {
    if (event.kind === 'removed') state.delete(event.transactionId);
    else state.set(event.transaction.transactionId, event.transaction);
  }
  return [...state.values()];
}

function syncPage(item: SimItem, cursor: SyncCursor | null, count: number) {
  const added: SimTransaction[] = [];
  const modified: SimTransaction[] = [];
  const removed: { transaction_id: string; account_id: string }[] = [];
  let next: SyncCursor;
  if (cursor === null || cursor.phase === 'initial') {
    const upto = cursor?.upto ?? item.log.length;
    const offset = cursor?.offset ?? 0;
    const all = transactionsAt(item, upto);
    added.push(...all.slice(offset, offset + count));
    const end = offset + count;
    next =
      end < all.length
        ? { item: item.itemId, phase: 'initial', upto, offset: end }
        : { item: item.itemId, phase: 'log', at: upto };
  } else {
    const events: FeedEvent[] = item.log.slice(cursor.at, cursor.at + count);
    for (const event of events) {
      if (event.kind === 'removed')
        removed.push({ transaction_id: event.transactionId, account_id: event.accountId });
      else (event.kind === 'added' ? added : modified).push(event.transaction);
    }
    next = { item: item.itemId, phase: 'log', at: cursor.at + events.length };
  }
  const hasMore = next.phase === 'initial' || next.at < item.log.length;
  return { added, modified, removed, next, hasMore };
}

/** The change the bank makes to a transaction's account balance when it posts (Plaid's sign). */
function postTo(item: SimItem, transaction: SimTransaction) {
  const account = item.accounts.find((candidate) => candidate.accountId === transaction.accountId);
  if (account) account.postedCents -= transaction.amountCents;
}

/** Adds a transaction at the bank: in the item's state and its change log, posted ones in its balance. */
export function addTransaction(item: SimItem, transaction: SimTransaction) {
  item.transactions.set(transaction.transactionId, transaction);
  item.log.push({ kind: 'added', transaction });
  if (!transaction.pending) postTo(item, transaction);
}

/** Removes a transaction at the bank (a posted one leaves the balance too). False when it has none. */
export function removeTransaction(item: SimItem, transactionId: string): boolean {
  const transaction = item.transactions.get(transactionId);
  if (!transaction) return false;
  item.transactions.delete(transactionId);
  item.log.push({ kind: 'removed', transactionId, accountId: transaction.accountId });
  if (!transaction.pending) {
    const account = item.accounts.find((candidate) => candidate.accountId === transaction.accountId);
    if (account) account.postedCents += transaction.amountCents;
  }
  return true;
}

/** Changes a transaction's description at the bank (Plaid's `modified`). */
export function renameTransaction(item: SimItem, transactionId: string, name: string): boolean {
  const transaction = item.transactions.get(transactionId);
  if (!transaction) return false;
  const renamed = { ...transaction, name };
  item.transactions.set(transactionId, renamed);
  item.log.push({ kind: 'modified', transaction: renamed });
  return true;
}

/**
 * Posts the item's pending transactions as Plaid does: each posted one is a new transaction (a new id)
 * naming the pending one (pending_transaction_id), dated `date`, its amount possibly changed (a tip),
 * followed by the pending one's removal. Answers the pairs.
 */
export function postPendingTransactions(
  item: SimItem,
  date: string,
  amountOf: (pending: SimTransaction) => number = (pending) => pending.amountCents,
): { pendingId: string; postedId: string }[] {
  const pending = [...item.transactions.values()].filter((transaction) => transaction.pending);
  return pending.map((transaction) => {
    const posted: SimTransaction = {
      ...transaction,
      transactionId: newPlaidId(),
      date,
      amountCents: amountOf(transaction),
      pending: false,
      pendingTransactionId: transaction.transactionId,
    };
    addTransaction(item, posted);
    removeTransaction(item, transaction.transactionId);
    return { pendingId: transaction.transactionId, postedId: posted.transactionId };
  });
}

const day = z.iso.date();

export function transactionRoutes(): [string, PlaidRoute][] {
  const route = <S extends z.ZodType>(schema: S, handle: (state: PlaidState, body: z.infer<S>) => object) =>
    ({ schema, handle }) as PlaidRoute;
  return [
    [
      '/transactions/sync',
      route(
        z.strictObject({
          access_token: z.string().min(1),
          cursor: z.string().optional(),
          count: z.number().int().min(1).max(SYNC_MAX).optional(),
          options: z
            .strictObject({
              include_original_description: z.boolean().nullable().optional(),
              include_personal_finance_category: z.boolean().optional(),
              days_requested: z.number().int().min(1).max(730).optional(),
              account_id: z.string().optional(),
            })
            .optional(),
        }),
        (state, body) => {
          const item = readableItem(state, body.access_token);
          const page = syncPage(item, decodeCursor(item, body.cursor), body.count ?? 100);
          return {
            transactions_update_status: 'HISTORICAL_UPDATE_COMPLETE',
            accounts: item.accounts.map((account) => renderAccount(item, account)),
            added: page.added.map(renderTransaction),
            modified: page.modified.map(renderTransaction),
            removed: page.removed,
            next_cursor: encodeCursor(page.next),
            has_more: page.hasMore,
          };
        },
      ),
    ],
    [
      '/transactions/get',
      route(
        z.strictObject({
          access_token: z.string().min(1),
          start_date: day,
          end_date: day,
          options: z
            .strictObject({
              account_ids: z.array(z.string()).optional(),
              count: z.number().int().min(1).max(GET_MAX).optional(),
              offset: z.number().int().min(0).optional(),
              include_original_description: z.boolean().nullable().optional(),
              include_personal_finance_category: z.boolean().optional(),
            })
            .optional(),
        }),
        (state, body) => {
          if (body.end_date < body.start_date) {
            throw invalidRequest('INVALID_FIELD', 'end_date must be on or after start_date');
          }
          const item = readableItem(state, body.access_token);
          const wanted = body.options?.account_ids;
          // Newest first, as Plaid lists them.
          const matching = [...item.transactions.values()]
            .filter((t) => t.date >= body.start_date && t.date <= body.end_date)
            .filter((t) => !wanted || wanted.includes(t.accountId))
            .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
          const offset = body.options?.offset ?? 0;
          return {
            accounts: item.accounts.map((account) => renderAccount(item, account)),
            transactions: matching
              .slice(offset, offset + (body.options?.count ?? 100))
              .map(renderTransaction),
            total_transactions: matching.length,
            item: renderItem(item),
          };
        },
      ),
    ],
    [
      '/transactions/refresh',
      route(z.strictObject({ access_token: z.string().min(1) }), (state, body) => {
        readableItem(state, body.access_token);
        return {};
      }),
    ],
    [
      '/sandbox/transactions/create',
      route(
        z.strictObject({
          access_token: z.string().min(1),
          transactions: z
            .array(
              z.strictObject({
                date_transacted: day,
                date_posted: day,
                amount: z.number().finite(),
                description: z.string().min(1),
                iso_currency_code: z.literal('USD').optional(),
              }),
            )
            .min(1)
            .max(10),
        }),
        (state, body) => {
          const item = readableItem(state, body.access_token);
          const account = item.accounts[0];
          if (!account) throw invalidRequest('INVALID_FIELD', 'the item has no account');
          for (const input of body.transactions) {
            addTransaction(item, {
              transactionId: newPlaidId(),
              accountId: account.accountId,
              date: input.date_posted,
              authorizedDate: input.date_transacted,
              name: input.description,
              merchantName: null,
              category: 'OTHER',
              amountCents: decimalToCents(input.amount),
              pending: false,
              pendingTransactionId: null,
            });
          }
          return {};
        },
      ),
    ],
  ];
}
