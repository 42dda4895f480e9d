import type { Increase } from 'increase';
import { invalidParameter, invalidParameters } from './http';
import { isoDateTime } from './schemas';

// Lists: filters, created_at bounds, newest first, cursors

type Listed = { id: string; created_at: string };
type ListFilters<T> = Record<string, (item: T, value: string) => boolean>;

const equals =
  <T>(read: (item: T) => string | null) =>
  (item: T, value: string) =>
    read(item) === value;
const oneOf =
  <T>(read: (item: T) => string) =>
  (item: T, value: string) =>
    value.split(',').includes(read(item));

export const ACCOUNT_FILTERS: ListFilters<Increase.Account> = {
  entity_id: equals((a) => a.entity_id),
  informational_entity_id: equals((a) => a.informational_entity_id),
  program_id: equals((a) => a.program_id),
  idempotency_key: equals((a) => a.idempotency_key),
  'status.in': oneOf((a) => a.status),
};
export const ACCOUNT_NUMBER_FILTERS: ListFilters<Increase.AccountNumber> = {
  account_id: equals((n) => n.account_id),
  idempotency_key: equals((n) => n.idempotency_key),
  'status.in': oneOf((n) => n.status),
  'ach_debit_status.in': oneOf((n) => n.inbound_ach.debit_status),
};
export const TRANSFER_FILTERS: ListFilters<Increase.ACHTransfer | Increase.WireTransfer> = {
  account_id: equals((t) => t.account_id),
  external_account_id: equals((t) => t.external_account_id),
  idempotency_key: equals((t) => t.idempotency_key),
  'status.in': oneOf((t) => t.status),
};
export const TRANSACTION_FILTERS: ListFilters<Increase.Transaction> = {
  account_id: equals((t) => t.account_id),
  route_id: equals((t) => t.route_id),
  'category.in': oneOf((t) => t.source.category),
};
export const PENDING_TRANSACTION_FILTERS: ListFilters<Increase.PendingTransaction> = {
  account_id: equals((t) => t.account_id),
  route_id: equals((t) => t.route_id),
  'category.in': oneOf((t) => t.source.category),
  'status.in': oneOf((t) => t.status),
};
export const CARD_FILTERS: ListFilters<Increase.Card> = {
  account_id: equals((c) => c.account_id),
  idempotency_key: equals((c) => c.idempotency_key),
  'status.in': oneOf((c) => c.status),
};

const CREATED_AT_BOUNDS: Record<string, (createdMs: number, boundMs: number) => boolean> = {
  'created_at.after': (created, bound) => created > bound,
  'created_at.before': (created, bound) => created < bound,
  'created_at.on_or_after': (created, bound) => created >= bound,
  'created_at.on_or_before': (created, bound) => created <= bound,
};

/**
 * One page of a list, newest first. The query is the SDK's: filters as `account_id=…`, nested ones
 * with dots (`created_at.on_or_after=…`, `category.in=a,b`), `limit` (1–100, default 100) and the
 * `cursor` of the previous page, which names that page's last object.
 */
export function listPage<T extends Listed>(
  items: Iterable<T>,
  query: URLSearchParams,
  filters: ListFilters<T>,
): { data: T[]; next_cursor: string | null } {
  rejectUnknownQuery(query, ['limit', 'cursor', ...Object.keys(CREATED_AT_BOUNDS), ...Object.keys(filters)]);
  const limit = parseLimit(query.get('limit'));
  const checks = [...createdAtChecks<T>(query), ...filterChecks(query, filters)];
  const cursor = query.get('cursor');
  const after = cursor === null ? null : decodeCursor(cursor);
  const matching = [...items]
    .filter((item) => checks.every((check) => check(item)))
    .sort(compareNewestFirst)
    .filter((item) => after === null || compareNewestFirst(item, after) > 0);
  const data = matching.slice(0, limit);
  const last = data.at(-1);
  return { data, next_cursor: matching.length > limit && last ? encodeCursor(last) : null };
}

/** Negative when `a` comes first: the later created_at, then the greater id. */
function compareNewestFirst(a: Listed, b: Listed): number {
  if (a.created_at !== b.created_at) return a.created_at > b.created_at ? -1 : 1;
  if (a.id === b.id) return 0;
  return a.id > b.id ? -1 : 1;
}

function parseLimit(value: string | null): number {
  if (value === null) return 100;
  const limit = Number(value);
  if (!/^\d+$/.test(value) || limit < 1 || limit > 100) throw invalidParameter('limit', 'must be 1 to 100');
  return limit;
}

function createdAtChecks<T extends Listed>(query: URLSearchParams): Array<(item: T) => boolean> {
  return Object.entries(CREATED_AT_BOUNDS).flatMap(([key, holds]) => {
    const value = query.get(key);
    if (value === null) return [];
    if (!isoDateTime.safeParse(value).success) throw invalidParameter(key, 'must be an ISO 8601 time');
    const boundMs = Date.parse(value);
    return [(item: T) => holds(Date.parse(item.created_at), boundMs)];
  });
}

function filterChecks<T>(query: URLSearchParams, filters: ListFilters<T>): Array<(item: T) => boolean> {
  return Object.entries(filters).flatMap(([key, test]) => {
    const values = query.getAll(key);
    if (values.length === 0) return [];
    const value = values.join(',');
    return [(item: T) => test(item, value)];
  });
}

function encodeCursor(item: Listed): string {
  return Buffer.from(JSON.stringify([item.created_at, item.id])).toString('base64url');
}

function decodeCursor(cursor: string): Listed {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(decoded) && typeof decoded[0] === 'string' && typeof decoded[1] === 'string') {
      return { created_at: decoded[0], id: decoded[1] };
    }
  } catch {
    // Falls through to the error below.
  }
  throw invalidParameter('cursor', 'is not a cursor this API returned');
}

export function rejectUnknownQuery(query: URLSearchParams, known: string[]) {
  const unknown = [...new Set(query.keys())].filter((key) => !known.includes(key));
  if (unknown.length > 0) {
    throw invalidParameters(
      unknown.map((field) => ({ field, message: 'is not a parameter of this endpoint' })),
    );
  }
}
