import { moneykitError, validationError } from './errors';
import { type MoneykitRoute, route } from './http';
import { intoAccount } from './institutions';
import { readableLink, renderLink } from './links';
import { type MkEvent, type MkLink, type MkTransaction, newMkId } from './state';

// Transactions: the sync feed (a cursor into the link's change log), the paged list, and the changes a
// bank makes over time (pending ones posting, removals, corrections).

const SIZE_MAX = 500;

/**
 * A sync cursor: 'initial' pages through the link's transactions as they were at log position `upto`,
 * then 'log' replays the change log from `at`. Opaque to the client (base64url JSON).
 */
type SyncCursor =
  | { link: string; phase: 'initial'; upto: number; offset: number }
  | { link: string; phase: 'log'; at: number };

const encodeCursor = (cursor: SyncCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

const badQuery = (name: string, msg: string) =>
  validationError([{ loc: ['query', name], msg, type: 'value_error' }]);

function decodeCursor(link: MkLink, text: string | null): SyncCursor | null {
  if (text === null || text === '') return null;
  let cursor: SyncCursor;
  try {
    cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as SyncCursor;
  } catch {
    throw moneykitError(400, 'transactions_error.invalid_cursor', 'The cursor is not valid.');
  }
  const position = cursor.phase === 'initial' ? cursor.upto : cursor.at;
  if (
    cursor.link !== link.linkId ||
    !Number.isInteger(position) ||
    position < 0 ||
    position > link.log.length
  ) {
    throw moneykitError(400, 'transactions_error.invalid_cursor', 'The cursor is not valid.');
  }
  return cursor;
}

function sizeOf(query: URLSearchParams, fallback: number): number {
  const text = query.get('size');
  if (text === null) return fallback;
  const size = Number(text);
  if (!Number.isInteger(size) || size < 1 || size > SIZE_MAX)
    throw badQuery('size', `must be 1 to ${SIZE_MAX}`);
  return size;
}

function renderTransaction(transaction: MkTransaction) {
  return {
    transaction_id: transaction.transactionId,
    account_id: transaction.accountId,
    amount: (transaction.amountCents / 100).toFixed(2),
    type: transaction.type,
    currency: 'USD',
    date: transaction.date,
    datetime: null,
    description: transaction.description,
    raw_description: transaction.rawDescription,
    pending: transaction.pending,
    category: transaction.category,
  };
}

function transactionsAt(link: MkLink, upto: number): MkTransaction[] {
  const state = new Map<string, MkTransaction>();
  for (const event of link.log.slice(0, upto)) {
    if (event.kind === 'removed') state.delete(event.transactionId);
    else state.set(event.transaction.transactionId, event.transaction);
  }
  return [...state.values()];
}

function syncPage(link: MkLink, cursor: SyncCursor | null, size: number) {
  const created: MkTransaction[] = [];
  const updated: MkTransaction[] = [];
  const removed: string[] = [];
  let next: SyncCursor;
  if (cursor === null || cursor.phase === 'initial') {
    const upto = cursor?.upto ?? link.log.length;
    const offset = cursor?.offset ?? 0;
    const all = transactionsAt(link, upto);
    created.push(...all.slice(offset, offset + size));
    next =
      offset + size < all.length
        ? { link: link.linkId, phase: 'initial', upto, offset: offset + size }
        : { link: link.linkId, phase: 'log', at: upto };
  } else {
    const events: MkEvent[] = link.log.slice(cursor.at, cursor.at + size);
    for (const event of events) {
      if (event.kind === 'removed') removed.push(event.transactionId);
      else (event.kind === 'created' ? created : updated).push(event.transaction);
    }
    next = { link: link.linkId, phase: 'log', at: cursor.at + events.length };
  }
  return { created, updated, removed, next, hasMore: next.phase === 'initial' || next.at < link.log.length };
}

function balanceChange(link: MkLink, transaction: MkTransaction, sign: 1 | -1) {
  const account = link.accounts.find((candidate) => candidate.accountId === transaction.accountId);
  if (account && !transaction.pending) account.postedCents += sign * intoAccount(transaction);
}

export function addTransaction(link: MkLink, transaction: MkTransaction) {
  link.transactions.set(transaction.transactionId, transaction);
  link.log.push({ kind: 'created', transaction });
  balanceChange(link, transaction, 1);
}

export function removeTransaction(link: MkLink, transactionId: string): boolean {
  const transaction = link.transactions.get(transactionId);
  if (!transaction) return false;
  link.transactions.delete(transactionId);
  link.log.push({ kind: 'removed', transactionId });
  balanceChange(link, transaction, -1);
  return true;
}

/** Corrects a transaction's description at the bank (MoneyKit's `updated`). */
export function describeTransaction(link: MkLink, transactionId: string, description: string): boolean {
  const transaction = link.transactions.get(transactionId);
  if (!transaction) return false;
  const changed = { ...transaction, description };
  link.transactions.set(transactionId, changed);
  link.log.push({ kind: 'updated', transaction: changed });
  return true;
}

/**
 * Posts the link's pending transactions: each posted one is a new transaction (MoneyKit names no
 * pending one it replaces), dated `date`, its amount possibly changed; the pending one is removed.
 */
export function postPendingTransactions(
  link: MkLink,
  date: string,
  amountOf: (pending: MkTransaction) => number = (pending) => pending.amountCents,
): { pendingId: string; postedId: string }[] {
  const pending = [...link.transactions.values()].filter((transaction) => transaction.pending);
  return pending.map((transaction) => {
    const posted = {
      ...transaction,
      transactionId: newMkId('txn'),
      date,
      amountCents: amountOf(transaction),
      pending: false,
    };
    addTransaction(link, posted);
    removeTransaction(link, transaction.transactionId);
    return { pendingId: transaction.transactionId, postedId: posted.transactionId };
  });
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function transactionRoutes(): MoneykitRoute[] {
  return [
    route('GET', '/links/:id/transactions/sync', (state, request) => {
      const link = readableLink(state, request.params[0]);
      const page = syncPage(
        link,
        decodeCursor(link, request.query.get('cursor')),
        sizeOf(request.query, 100),
      );
      return {
        transactions: {
          created: page.created.map(renderTransaction),
          updated: page.updated.map(renderTransaction),
          removed: page.removed,
        },
        cursor: { next: encodeCursor(page.next) },
        has_more: page.hasMore,
        link: renderLink(link),
      };
    }),
    route('GET', '/links/:id/transactions', (state, request) => {
      const link = readableLink(state, request.params[0]);
      const today = state.now().toISOString().slice(0, 10);
      const end = request.query.get('end_date') ?? today;
      const start =
        request.query.get('start_date') ??
        new Date(Date.parse(end) - 90 * 86_400_000).toISOString().slice(0, 10);
      if (!DAY.test(start)) throw badQuery('start_date', 'invalid date format');
      if (!DAY.test(end)) throw badQuery('end_date', 'invalid date format');
      const page = Number(request.query.get('page') ?? '1');
      if (!Number.isInteger(page) || page < 1) throw badQuery('page', 'must be at least 1');
      const size = sizeOf(request.query, 50);
      const wanted = request.query.getAll('account_ids');
      // Reverse chronological order, as MoneyKit lists them.
      const matching = [...link.transactions.values()]
        .filter(
          (t) => t.date >= start && t.date <= end && (wanted.length === 0 || wanted.includes(t.accountId)),
        )
        .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
      return {
        transactions: matching.slice((page - 1) * size, page * size).map(renderTransaction),
        total: matching.length,
        page,
        size,
        accounts: [],
        link: renderLink(link),
      };
    }),
  ];
}
