import { type CursorPaging, useCursorPages } from '../../lib/useCursorPages';
import {
  BOOKKEEPING_TRANSACTIONS_QUERY,
  type BookkeepingTransaction,
  type BookkeepingTransactionsResult,
  type BookkeepingTransactionsVariables,
} from './transactionsQueries';

type BookkeepingTransactionsList = {
  transactions: BookkeepingTransaction[];
  count: number;
  hasNextPage: boolean;
  loading: boolean;
  loadingMore: boolean;
  error: Error | undefined;
  loadMore: () => void;
};

const TRANSACTION_PAGES: CursorPaging<
  BookkeepingTransactionsResult,
  BookkeepingTransactionsVariables,
  BookkeepingTransactionsResult['bookkeepingTransactionsConnection']
> = {
  connectionOf: (data) => data.bookkeepingTransactionsConnection,
  withConnection: (data, connection) => ({ ...data, bookkeepingTransactionsConnection: connection }),
  pageAfter: (endCursor) => ({ cursor: endCursor }),
};

/** The pages of the Transactions list loaded so far; `loadMore` appends the next 50. */
export function useBookkeepingTransactions(filter: {
  entityId: string;
  nameFilter: string;
  accountTypeFilter: string | null;
}): BookkeepingTransactionsList {
  const { connection, nodes, ...pages } = useCursorPages(BOOKKEEPING_TRANSACTIONS_QUERY, TRANSACTION_PAGES, {
    variables: {
      entityId: filter.entityId,
      nameFilter: filter.nameFilter || null,
      accountTypeFilter: filter.accountTypeFilter,
    },
  });
  return { transactions: nodes, count: connection?.count ?? 0, ...pages };
}
