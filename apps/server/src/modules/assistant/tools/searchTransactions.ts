import { monthKeyOfDate } from '@keel/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../../../db/queryRows';
import { listBookkeepingTransactions } from '../../transactions/service';
import { defaultRangeOf } from './assistantReport';
import { reportUrl } from './reportUrl';
import { parseToolArgs, textArg, topArg } from './toolArgs';
import type { AssistantToolFn, Citation, SearchTransactionsData, ToolDeps } from './toolTypes';

/** The longest search text (the Transactions page's search box takes 255). */
export const SEARCH_TEXT_MAX = 100;
const DEFAULT_LIMIT = 10;

export const searchTransactionsArgs = z
  .object({
    text: textArg(SEARCH_TEXT_MAX).describe("Part of the transactions' name, any case"),
    limit: topArg.optional().describe('How many of the newest matches to list, 1 to 20 (default 10)'),
  })
  .strict();

/**
 * The company's bookkeeping transactions whose name contains the text, newest first, as the
 * Transactions page's search finds them (listBookkeepingTransactions), with how many match. Cites each
 * one listed on its bank or card account's row in its month (whose entries the report's drawer lists).
 */
export const searchTransactions: AssistantToolFn<unknown, SearchTransactionsData> = async (
  deps,
  entityId,
  args,
) => {
  const { text, limit = DEFAULT_LIMIT } = parseToolArgs(searchTransactionsArgs, args);
  const page = await listBookkeepingTransactions(deps.db, { entityId, nameFilter: text }, { first: limit });
  const transactions = page.edges.map(({ node }) => ({
    id: node.id,
    date: node.date,
    name: node.name,
    amountCents: node.amount,
    accountName: node.accountName,
    categoryName: node.categoryName,
  }));
  const accounts = await accountSides(
    deps,
    entityId,
    transactions.map((transaction) => transaction.id),
  );
  const { actualsEndMonth } = defaultRangeOf(deps);
  const citations: Citation[] = transactions.map((transaction) => {
    const month = monthKeyOfDate(transaction.date);
    const account = accounts.get(`${transaction.id}|${transaction.accountName ?? ''}`);
    return {
      label: `${transaction.name || 'Transaction'} on ${transaction.date}`,
      amountCents: transaction.amountCents,
      accountId: account?.id ?? null,
      accountName: transaction.accountName,
      month,
      reportUrl: account ? reportUrl(account.path, month, actualsEndMonth) : null,
    };
  });
  return { data: { text, count: page.count, transactions }, citations };
};

/**
 * The accounts of the listed transactions' entries, by transaction and account name, with their paths
 * (the report's row keys): the list names an account, the citation needs its id and row. Only this
 * company's rows are read.
 */
async function accountSides(
  deps: ToolDeps,
  entityId: string,
  transactionIds: string[],
): Promise<Map<string, { id: string; path: string }>> {
  if (transactionIds.length === 0) return new Map();
  const ids = sql.join(
    transactionIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await queryRows<{ transaction_id: string; id: string; name: string; path: string }>(
    deps.db,
    sql`WITH RECURSIVE chart AS (
          SELECT id, parent_id, name, name::text AS path, 0 AS depth FROM accounts
          WHERE entity_id = ${entityId}::uuid AND parent_id IS NULL
          UNION ALL
          SELECT a.id, a.parent_id, a.name, chart.path || '/' || a.name, chart.depth + 1
          FROM accounts a JOIN chart ON a.parent_id = chart.id
          WHERE a.entity_id = ${entityId}::uuid AND chart.depth < 64
        )
        SELECT DISTINCT e.transaction_id, chart.id, chart.name, chart.path
        FROM entries e JOIN chart ON chart.id = e.account_id
        WHERE e.entity_id = ${entityId}::uuid AND e.transaction_id IN (${ids})`,
  );
  return new Map(rows.map((row) => [`${row.transaction_id}|${row.name}`, { id: row.id, path: row.path }]));
}
