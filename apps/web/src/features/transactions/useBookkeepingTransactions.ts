import { useQuery } from '@apollo/client/react';
import { useCallback, useMemo } from 'react';
import { BOOKKEEPING_TRANSACTIONS_QUERY, type BookkeepingTransaction } from './transactionsQueries';

export type BookkeepingTransactionsList = {
  transactions: BookkeepingTransaction[];
  count: number;
  hasNextPage: boolean;
  loading: boolean;
  loadingMore: boolean;
  error: Error | undefined;
  loadMore: () => void;
};

/** The pages of the Transactions list loaded so far; `loadMore` appends the next 50. */
export function useBookkeepingTransactions(filter: {
  entityId: string;
  nameFilter: string;
  accountTypeFilter: string | null;
}): BookkeepingTransactionsList {
  const { data, loading, error, fetchMore, networkStatus } = useQuery(BOOKKEEPING_TRANSACTIONS_QUERY, {
    variables: {
      entityId: filter.entityId,
      nameFilter: filter.nameFilter || null,
      accountTypeFilter: filter.accountTypeFilter,
    },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const connection = data?.bookkeepingTransactionsConnection;
  const loadingMore = networkStatus === 3;
  const endCursor = connection?.pageInfo.endCursor ?? null;
  const hasNextPage = connection?.pageInfo.hasNextPage ?? false;

  const loadMore = useCallback(() => {
    if (!hasNextPage || !endCursor || loadingMore) return;
    void fetchMore({
      variables: { cursor: endCursor },
      updateQuery: (previous, { fetchMoreResult }) => {
        const before = previous.bookkeepingTransactionsConnection;
        const next = fetchMoreResult.bookkeepingTransactionsConnection;
        if (!before) return fetchMoreResult;
        return {
          bookkeepingTransactionsConnection: {
            ...next,
            edges: [...before.edges, ...next.edges],
          },
        };
      },
    });
  }, [endCursor, fetchMore, hasNextPage, loadingMore]);

  const transactions = useMemo(() => connection?.edges.map((edge) => edge.node) ?? [], [connection]);
  return {
    transactions,
    count: connection?.count ?? 0,
    hasNextPage,
    loading: loading && !connection,
    loadingMore,
    error,
    loadMore,
  };
}
