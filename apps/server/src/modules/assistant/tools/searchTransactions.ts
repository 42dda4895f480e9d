import { z } from 'zod';
import { parseToolArgs, textArg, topArg } from './toolArgs';
import type { AssistantToolFn, SearchTransactionsData } from './toolTypes';
import { findTransactions, SEARCH_TEXT_MAX, TRANSACTIONS_LISTED_DEFAULT } from './transactions';

export const searchTransactionsArgs = z
  .object({
    text: textArg(SEARCH_TEXT_MAX).describe("Part of the transactions' name, any case"),
    limit: topArg.optional().describe('How many of the newest matches to list, 1 to 20 (default 10)'),
  })
  .strict();

/**
 * The company's bookkeeping transactions whose name contains the text, newest first, as the
 * Transactions page's search finds them (findTransactions: the notion of the `transactions` tool), with
 * how many match. Cites each one listed on its bank or card account's row in its month.
 */
export const searchTransactions: AssistantToolFn<unknown, SearchTransactionsData> = async (
  deps,
  entityId,
  args,
) => {
  const { text, limit = TRANSACTIONS_LISTED_DEFAULT } = parseToolArgs(searchTransactionsArgs, args);
  const found = await findTransactions(deps, entityId, {
    text,
    from: null,
    to: null,
    direction: 'any',
    sort: 'newest',
    limit,
  });
  return { data: { text, count: found.count, transactions: found.transactions }, citations: found.citations };
};
