import { addMonths, type MonthKey, monthKeyOfDate } from '@keel/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { escapeLikePattern } from '../../../db/escapeLikePattern';
import { queryRows } from '../../../db/queryRows';
import { checkMonthInWindow, defaultRangeOf } from './assistantReport';
import { formatMonthLabel } from './monthLabel';
import { reportUrl } from './reportUrl';
import { monthArg, parseToolArgs, textArg, topArg } from './toolArgs';
import {
  type AssistantToolFn,
  type Citation,
  type FoundTransaction,
  type ToolDeps,
  ToolInputError,
  type TransactionsData,
} from './toolTypes';

/** The longest search text (the Transactions page's search box takes 255). */
export const SEARCH_TEXT_MAX = 100;
export const TRANSACTIONS_LISTED_DEFAULT = 10;
/** The Transactions page: the total's citation opens it searched for the text. */
const TRANSACTIONS_PATH = '/transactions';

export const transactionsArgs = z
  .object({
    text: textArg(SEARCH_TEXT_MAX)
      .optional()
      .describe(
        "Part of the transactions' name (a payee or payer: 'AWS', 'Globex'), any case; default: every transaction",
      ),
    from: monthArg
      .optional()
      .describe("First month of the transactions' dates, 'YYYY-MM'; default: no lower bound"),
    to: monthArg
      .optional()
      .describe("Last month of the transactions' dates, 'YYYY-MM'; default: no upper bound"),
    direction: z
      .enum(['out', 'in', 'any'])
      .optional()
      .describe("'out': money paid out only; 'in': money received only; 'any' (default): both"),
    sort: z
      .enum(['newest', 'largest'])
      .optional()
      .describe("How the listed ones are ordered: 'newest' (default) or 'largest' (by size of the amount)"),
    limit: topArg
      .optional()
      .describe('How many matches to list, 1 to 20 (default 10); the totals count every match'),
  })
  .strict();

/** What transactions are found by: each part optional, months by the transaction's date. */
type TransactionFilter = {
  text: string | null;
  from: MonthKey | null;
  to: MonthKey | null;
  direction: 'out' | 'in' | 'any';
  sort: 'newest' | 'largest';
  limit: number;
};

/** The matches: their number and money out and in (over all of them), and the ones listed. */
type TransactionMatches = {
  count: number;
  outCents: number;
  inCents: number;
  transactions: FoundTransaction[];
  citations: Citation[];
};

/**
 * The company's bookkeeping transactions that match, counted and summed over every match and the first
 * `limit` listed, with the Transactions page's notion of a transaction and its amount
 * (listBookkeepingTransactions): any but forecasts ('Budget'), the name containing the text in any
 * case, the amount that of its bank or card side (the entry on an account of a group first, then the
 * most negative), so money out is negative. 'out' keeps the matches whose amount is negative, 'in' the
 * positive ones. Cites each listed transaction on its side's report row in its month (the cell whose
 * entries the report's drawer lists). Only `entityId`'s rows are read.
 */
export async function findTransactions(
  deps: ToolDeps,
  entityId: string,
  filter: TransactionFilter,
): Promise<TransactionMatches> {
  const matched = matchedTransactions(entityId, filter);
  // The order of the listed ones, over the CTE named `alias` (a constant).
  const orderOf = (alias: 'm' | 'l') => {
    const of = sql.raw(alias);
    return filter.sort === 'largest'
      ? sql`abs(${of}.amount) DESC NULLS LAST, ${of}.date DESC, ${of}.id DESC`
      : sql`${of}.date DESC, ${of}.id DESC`;
  };
  const [totals, rows] = await Promise.all([
    queryRows<{ count: number; out_cents: string; in_cents: string }>(
      deps.db,
      sql`WITH m AS (${matched})
          SELECT count(*)::int AS count,
                 coalesce(sum(-m.amount) FILTER (WHERE m.amount < 0), 0)::text AS out_cents,
                 coalesce(sum(m.amount) FILTER (WHERE m.amount > 0), 0)::text AS in_cents
          FROM m`,
    ),
    queryRows<{
      id: string;
      name: string;
      date: string;
      amount: string | number | null;
      account_id: string | null;
      account_name: string | null;
      account_path: string | null;
      category_name: string | null;
    }>(
      deps.db,
      sql`WITH RECURSIVE chart AS (
            SELECT id, name::text AS path, 0 AS depth FROM accounts
            WHERE entity_id = ${entityId}::uuid AND parent_id IS NULL
            UNION ALL
            SELECT a.id, chart.path || '/' || a.name, chart.depth + 1
            FROM accounts a JOIN chart ON a.parent_id = chart.id
            WHERE a.entity_id = ${entityId}::uuid AND chart.depth < 64
          ),
          m AS (${matched}),
          listed AS (SELECT * FROM m ORDER BY ${orderOf('m')} LIMIT ${filter.limit})
          SELECT l.id, l.name, l.date::text AS date, l.amount, l.account_id, l.account_name,
                 chart.path AS account_path, other.category_name
          FROM listed l
          LEFT JOIN chart ON chart.id = l.account_id
          LEFT JOIN LATERAL (
            SELECT a.name AS category_name
            FROM entries e JOIN accounts a ON a.id = e.account_id
            WHERE e.transaction_id = l.id AND e.entity_id = ${entityId}::uuid AND e.id <> l.entry_id
            ORDER BY abs(e.amount) DESC, e.id
            LIMIT 1
          ) other ON TRUE
          ORDER BY ${orderOf('l')}`,
    ),
  ]);
  const { actualsEndMonth } = defaultRangeOf(deps);
  const transactions: FoundTransaction[] = [];
  const citations: Citation[] = [];
  for (const row of rows) {
    const transaction = {
      id: row.id,
      date: row.date,
      name: row.name,
      amountCents: Number(row.amount ?? 0),
      accountName: row.account_name,
      categoryName: row.category_name,
    };
    const month = monthKeyOfDate(transaction.date);
    transactions.push(transaction);
    citations.push({
      label: `${transaction.name || 'Transaction'} on ${transaction.date}`,
      amountCents: transaction.amountCents,
      accountId: row.account_id,
      accountName: row.account_name,
      month,
      reportUrl: row.account_path ? reportUrl(row.account_path, month, actualsEndMonth) : null,
    });
  }
  const [total] = totals;
  return {
    count: Number(total?.count ?? 0),
    outCents: Number(total?.out_cents ?? 0),
    inCents: Number(total?.in_cents ?? 0),
    transactions,
    citations,
  };
}

/**
 * Each matching transaction with its side (as listBookkeepingTransactions picks it): id, name, date,
 * the side's entry, amount and account. Parameterized; `entityId` bounds every table read.
 */
function matchedTransactions(entityId: string, filter: TransactionFilter): SQL {
  const conditions = [sql`t.entity_id = ${entityId}::uuid`, sql`t.transaction_type <> 'Budget'`];
  if (filter.text) conditions.push(sql`t.name ILIKE ${`%${escapeLikePattern(filter.text)}%`}`);
  if (filter.from) conditions.push(sql`t.date >= ${`${filter.from}-01`}::date`);
  if (filter.to) conditions.push(sql`t.date < ${`${addMonths(filter.to, 1)}-01`}::date`);
  if (filter.direction === 'out') conditions.push(sql`side.amount < 0`);
  if (filter.direction === 'in') conditions.push(sql`side.amount > 0`);
  return sql`
    SELECT t.id, t.name, t.date, side.entry_id, side.amount, side.account_id, side.account_name
    FROM transactions t
    LEFT JOIN LATERAL (
      SELECT e.id AS entry_id, e.amount, a.id AS account_id, a.name AS account_name
      FROM entries e JOIN accounts a ON a.id = e.account_id
      WHERE e.transaction_id = t.id AND e.entity_id = ${entityId}::uuid
      ORDER BY (a.account_group IS NULL), e.amount, e.id
      LIMIT 1
    ) side ON TRUE
    WHERE ${sql.join(conditions, sql` AND `)}`;
}

/**
 * Transactions by name, period and direction, as the Transactions page finds them: how many match and
 * the money out and in over every match, the newest or largest listed. Cites each one listed on its
 * account's report cell, and the total on the Transactions page searched for the text.
 */
export const transactions: AssistantToolFn<unknown, TransactionsData> = async (deps, entityId, args) => {
  const parsed = parseToolArgs(transactionsArgs, args);
  const from = parsed.from ? checkMonthInWindow(deps, parsed.from, 'from') : null;
  const to = parsed.to ? checkMonthInWindow(deps, parsed.to, 'to') : null;
  if (from && to && to < from) throw new ToolInputError('to: must not be before from');
  const filter: TransactionFilter = {
    text: parsed.text ?? null,
    from,
    to,
    direction: parsed.direction ?? 'any',
    sort: parsed.sort ?? 'newest',
    limit: parsed.limit ?? TRANSACTIONS_LISTED_DEFAULT,
  };
  const found = await findTransactions(deps, entityId, filter);
  return {
    data: {
      text: filter.text,
      from,
      to,
      direction: filter.direction,
      count: found.count,
      outCents: found.outCents,
      inCents: found.inCents,
      transactions: found.transactions,
    },
    citations: [...found.citations, totalCitation(filter, found)],
  };
};

/**
 * The matches' total, linked to the Transactions page searched for the text: money out ('Paid to AWS
 * in Oct 2026'), money in ('Received from Globex …'), or both as the net in less out.
 */
function totalCitation(filter: TransactionFilter, found: TransactionMatches): Citation {
  const who = filter.text ?? 'anyone';
  const label =
    filter.direction === 'out'
      ? `Paid to ${who}`
      : filter.direction === 'in'
        ? `Received from ${who}`
        : `Net of transactions matching ${filter.text ? `"${filter.text}"` : 'anything'}`;
  const { from, to } = filter;
  const when =
    from && to
      ? from === to
        ? ` in ${formatMonthLabel(from)}`
        : ` in ${formatMonthLabel(from)}–${formatMonthLabel(to)}`
      : from
        ? ` since ${formatMonthLabel(from)}`
        : to
          ? ` through ${formatMonthLabel(to)}`
          : '';
  const amountCents =
    filter.direction === 'out'
      ? found.outCents
      : filter.direction === 'in'
        ? found.inCents
        : found.inCents - found.outCents;
  const search = filter.text ? `?search=${encodeURIComponent(filter.text)}` : '';
  return {
    label: `${label}${when}`,
    amountCents,
    accountId: null,
    accountName: null,
    month: from && from === to ? from : null,
    reportUrl: `${TRANSACTIONS_PATH}${search}`,
  };
}
