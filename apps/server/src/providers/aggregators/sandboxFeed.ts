import { createHash } from 'node:crypto';
import type { AggregatorTransaction, TransactionsPage } from './index';
import { activityBetween, addDays, isPendingOn, PENDING_DAYS, type SandboxActivity } from './sandboxHistory';
import type { SandboxInstitution } from './sandboxInstitutions';

/**
 * The sandbox's transactions feed (Plaid's /transactions/sync, MoneyKit's transactions sync): what a
 * link shows on a day is its institution's activity from its history start (90 days before it was
 * made) to that day, each transaction pending or posted by its age. A cursor says which day the client
 * has seen; the feed answers the difference to today: new transactions, and for each that posted since,
 * the posted one (a new id naming the pending one) and the pending one removed. Long differences come
 * in pages; the cursor mid-way fixes the target day, so pages never shift under the client.
 *
 * Cursors: 'v1:<day>' (seen up to that day) or 'v1:<from day|start>:<to day>:<offset>' (mid-way).
 */

export const FEED_PAGE_DEFAULT = 100;
export const FEED_PAGE_MAX = 500;
/** How far before its creation a link's history reaches. */
export const HISTORY_DAYS = 90;

type Change =
  | { kind: 'added'; transaction: AggregatorTransaction }
  | { kind: 'removed'; transactionId: string; accountId: string };

type Cursor = { from: string | null; to: string | null; offset: number };

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A vendor-looking id of 37 letters and digits, derived from its parts (the same parts, the same id). */
export function derivedId(...parts: string[]): string {
  const bytes = createHash('sha512').update(parts.join('\u0000')).digest();
  let id = '';
  for (let index = 0; index < 37; index++) id += ID_ALPHABET[(bytes[index] ?? 0) % ID_ALPHABET.length];
  return id;
}

/** The id of an institution's account within one link. */
export const sandboxAccountId = (providerLinkId: string, accountKey: string) =>
  derivedId('account', providerLinkId, accountKey);

const transactionId = (providerLinkId: string, row: SandboxActivity, state: 'pending' | 'posted') =>
  derivedId('transaction', providerLinkId, row.accountKey, row.date, String(row.seq), state);

function toTransaction(
  providerLinkId: string,
  row: SandboxActivity,
  state: 'pending' | 'posted',
  replaces: string | null,
): AggregatorTransaction {
  return {
    transactionId: transactionId(providerLinkId, row, state),
    accountId: sandboxAccountId(providerLinkId, row.accountKey),
    date: row.date,
    name: row.name,
    merchantName: row.merchantName,
    category: row.category,
    amount: state === 'pending' ? row.pendingAmount : row.postedAmount,
    pending: state === 'pending',
    pendingTransactionId: replaces,
  };
}

/** What changed between the views of day `from` (null: nothing seen) and day `to`, in feed order. */
function changesBetween(
  institution: SandboxInstitution,
  link: { providerLinkId: string; historyStart: string },
  from: string | null,
  to: string,
): Change[] {
  if (from !== null && to <= from) return [];
  const start =
    from === null
      ? link.historyStart
      : ([link.historyStart, addDays(from, 1 - PENDING_DAYS)].sort().at(-1) ?? link.historyStart);
  const changes: Change[] = [];
  for (const row of activityBetween(institution, start, to)) {
    const before =
      from === null || row.date > from ? null : isPendingOn(row.date, from) ? 'pending' : 'posted';
    const after = isPendingOn(row.date, to) ? 'pending' : 'posted';
    if (before === after) continue;
    if (before === null) {
      changes.push({ kind: 'added', transaction: toTransaction(link.providerLinkId, row, after, null) });
      continue;
    }
    const pendingId = transactionId(link.providerLinkId, row, 'pending');
    changes.push({
      kind: 'added',
      transaction: toTransaction(link.providerLinkId, row, 'posted', pendingId),
    });
    changes.push({
      kind: 'removed',
      transactionId: pendingId,
      accountId: sandboxAccountId(link.providerLinkId, row.accountKey),
    });
  }
  return changes;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The cursor's parts, or null when it is not one of ours. */
export function parseFeedCursor(cursor: string | null): Cursor | null {
  if (cursor === null || cursor === '') return { from: null, to: null, offset: 0 };
  const parts = cursor.split(':');
  if (parts[0] !== 'v1') return null;
  if (parts.length === 2 && DAY.test(parts[1] ?? '')) return { from: parts[1] ?? null, to: null, offset: 0 };
  if (parts.length !== 4) return null;
  const [, from, to, offset] = parts;
  if (!(from === 'start' || DAY.test(from ?? '')) || !DAY.test(to ?? '') || !/^\d{1,7}$/.test(offset ?? '')) {
    return null;
  }
  return { from: from === 'start' ? null : (from ?? null), to: to ?? null, offset: Number(offset) };
}

/** One page of the feed for `today`, from a parsed cursor. */
export function feedPage(
  institution: SandboxInstitution,
  link: { providerLinkId: string; historyStart: string },
  cursor: Cursor,
  today: string,
  count: number,
): TransactionsPage {
  const to = cursor.to ?? today;
  if (cursor.to === null && cursor.from !== null && today <= cursor.from) {
    return { added: [], modified: [], removed: [], nextCursor: `v1:${cursor.from}`, hasMore: false };
  }
  const changes = changesBetween(institution, link, cursor.from, to);
  const page = changes.slice(cursor.offset, cursor.offset + count);
  const end = cursor.offset + page.length;
  const midway = end < changes.length;
  return {
    added: page.flatMap((change) => (change.kind === 'added' ? [change.transaction] : [])),
    modified: [],
    removed: page.flatMap((change) =>
      change.kind === 'removed' ? [{ transactionId: change.transactionId, accountId: change.accountId }] : [],
    ),
    nextCursor: midway ? `v1:${cursor.from ?? 'start'}:${to}:${end}` : `v1:${to}`,
    // A difference finished for a day before today (the clock moved while paging): more to read.
    hasMore: midway || to < today,
  };
}
