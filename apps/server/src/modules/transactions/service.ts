import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeLikePattern } from '../../db/escapeLikePattern';
import { queryRows } from '../../db/queryRows';
import { apiError } from '../../errors';
import { decodeCursor, encodeCursor } from '../ledger/entries';
import { readThroughReportCache } from '../reports/reportCache';

/**
 * One row of the Transactions list (spec §3 Transaction): an actual bookkeeping transaction
 * (UserTransaction or Imported; never a Budget/forecast) seen from its bank or card side.
 *
 * - `accountName`: the account of the transaction's bank/card entry (an account with an
 *   account_group: Banks, Credit Cards, Investments, Loans, Other). With an accountTypeFilter, an entry
 *   on a matching account is preferred. With several candidates, the credited one (money out) wins.
 *   A transaction with no bank/card entry (a reclass between income/expense accounts) takes its
 *   credited entry (the lowest amount) as the account side.
 * - `amount`: that entry's amount in cents, raw debit-positive, which for a bank or card account is the
 *   money moved from its point of view: money in positive, money out negative.
 * - `categoryName`: the account of the largest other entry (by absolute amount); null if none.
 */
export type BookkeepingTransaction = {
  id: string;
  name: string;
  date: string;
  amount: number;
  accountName: string | null;
  categoryName: string | null;
};

export type BookkeepingTransactionsPage = {
  edges: { cursor: string; node: BookkeepingTransaction }[];
  hasNextPage: boolean;
  /** How many transactions match the filters, on every page. */
  count: number;
};

type BookkeepingTransactionsFilter = {
  entityId: string;
  /** Case-insensitive substring of the name; blank matches all. */
  nameFilter?: string | null;
  /** An account's ref_type or account_type (e.g. 'TPrime::Account'): transactions with an entry on one. */
  accountTypeFilter?: string | null;
};

/** Spec §9: the Transactions page size. */
const TRANSACTIONS_PAGE_DEFAULT = 50;
const TRANSACTIONS_PAGE_MAX = 500;

/**
 * The bookkeeping transactions of an entity, newest first (date, then id, descending), `first` at a
 * time after `cursor`. Keyset paging on (date, id) never repeats or skips a row while nothing changes,
 * and rows added meanwhile cannot shift later pages (a page starts strictly after the cursor's row).
 * The name filter is an ILIKE '%…%' served by the pg_trgm index `transactions_name_trgm_idx`.
 */
export async function listBookkeepingTransactions(
  db: Db,
  filter: BookkeepingTransactionsFilter,
  page: { first?: number | null; cursor?: string | null } = {},
): Promise<BookkeepingTransactionsPage> {
  const first = page.first ?? TRANSACTIONS_PAGE_DEFAULT;
  if (!Number.isInteger(first) || first < 1 || first > TRANSACTIONS_PAGE_MAX) {
    throw apiError('BAD_USER_INPUT', `first must be between 1 and ${TRANSACTIONS_PAGE_MAX}`);
  }
  const accountType = filter.accountTypeFilter?.trim() || null;
  const matching = transactionConditions(filter.entityId, filter.nameFilter ?? '', accountType);
  const after = page.cursor ? decodeCursor(page.cursor) : null;
  const paged = after
    ? sql`${matching} AND (t.date, t.id) < (${after.date}::date, ${after.id}::uuid)`
    : matching;

  // The count of a filter is kept while the entity's ledger version stands (every write to
  // transactions or entries raises it), so paging and repeated searches count once.
  const countKey = `transactions-count|${accountType ?? ''}|${(filter.nameFilter ?? '').trim()}`;
  const [rows, count] = await Promise.all([
    queryRows<TransactionRow>(db, pageQuery(paged, accountType, first + 1)),
    readThroughReportCache(
      db,
      filter.entityId,
      countKey,
      () => 64,
      async (snapshot) => {
        const [row] = await queryRows<{ count: number }>(
          snapshot,
          sql`SELECT count(*)::int AS count FROM transactions t WHERE ${matching}`,
        );
        return Number(row?.count ?? 0);
      },
    ),
  ]);
  const nodes = rows.slice(0, first).map(toBookkeepingTransaction);
  return {
    edges: nodes.map((node) => ({ cursor: encodeCursor(node), node })),
    hasNextPage: rows.length > first,
    count,
  };
}

type TransactionRow = {
  id: string;
  name: string;
  date: string;
  amount: string | number | null;
  account_name: string | null;
  category_name: string | null;
};

function toBookkeepingTransaction(row: TransactionRow): BookkeepingTransaction {
  return {
    id: row.id,
    name: row.name,
    date: row.date,
    amount: Number(row.amount ?? 0),
    accountName: row.account_name,
    categoryName: row.category_name,
  };
}

/** Transactions (alias `t`) of the entity that the list shows and the filters keep. */
function transactionConditions(entityId: string, nameFilter: string, accountType: string | null): SQL {
  const conditions = [sql`t.entity_id = ${entityId}::uuid`, sql`t.transaction_type <> 'Budget'`];
  const name = nameFilter.trim();
  if (name !== '') conditions.push(sql`t.name ILIKE ${`%${escapeLikePattern(name)}%`}`);
  if (accountType) {
    conditions.push(sql`EXISTS (SELECT 1 FROM entries fe JOIN accounts fa ON fa.id = fe.account_id
      WHERE fe.transaction_id = t.id AND (fa.ref_type = ${accountType} OR fa.account_type = ${accountType}))`);
  }
  return sql.join(conditions, sql` AND `);
}

/** One page of rows with each transaction's account side and category side (see BookkeepingTransaction). */
function pageQuery(conditions: SQL, accountType: string | null, limit: number): SQL {
  const preferFiltered = accountType
    ? sql`NOT (a.ref_type IS NOT DISTINCT FROM ${accountType} OR a.account_type = ${accountType}),`
    : sql``;
  return sql`
    WITH page AS (
      SELECT t.id, t.name, t.date FROM transactions t
      WHERE ${conditions}
      ORDER BY t.date DESC, t.id DESC
      LIMIT ${limit}
    )
    SELECT p.id, p.name, p.date::text AS date, side.amount, side.account_name, other.category_name
    FROM page p
    LEFT JOIN LATERAL (
      SELECT e.id, e.amount, a.name AS account_name
      FROM entries e JOIN accounts a ON a.id = e.account_id
      WHERE e.transaction_id = p.id
      ORDER BY ${preferFiltered} (a.account_group IS NULL), e.amount, e.id
      LIMIT 1
    ) side ON TRUE
    LEFT JOIN LATERAL (
      SELECT a.name AS category_name
      FROM entries e JOIN accounts a ON a.id = e.account_id
      WHERE e.transaction_id = p.id AND e.id <> side.id
      ORDER BY abs(e.amount) DESC, e.id
      LIMIT 1
    ) other ON TRUE
    ORDER BY p.date DESC, p.id DESC`;
}
