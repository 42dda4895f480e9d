import { useQuery } from '@apollo/client/react';
import { useCallback, useMemo } from 'react';
import { type DrawerEntry, REPORT_ENTRIES_QUERY } from './drawerQueries';
import type { EntryDateWindow } from './drawerScope';

/** Entries come 50 at a time (spec §9 page size). */
export const ENTRIES_PAGE_SIZE = 50;

export type ReportEntriesList = {
  entries: DrawerEntry[];
  /** Entries and the total are shown times it: the row's sign, so they add up to the row's figure. */
  sign: number;
  totalCount: number;
  /** Raw debit-positive cents of every matching entry (not only the loaded pages). */
  totalAmount: number;
  hasNextPage: boolean;
  loading: boolean;
  loadingMore: boolean;
  error: Error | undefined;
  loadMore: () => void;
};

/**
 * The drawer's entry list (ReportEntries): the row's entries in the window, matching `search`, newest
 * first; `loadMore` appends the next page. Skipped (empty) for rows without an account.
 */
export function useReportEntries(filter: {
  reportId: string;
  accountId: string | null;
  accountIds: string[] | null;
  window: EntryDateWindow;
  search: string;
  /** The row's sign (ReportLineItem.sign), not reportItem.sign: a line may flip its accounts' sign. */
  sign: number;
}): ReportEntriesList {
  const { data, loading, error, fetchMore, networkStatus } = useQuery(REPORT_ENTRIES_QUERY, {
    variables: {
      reportId: filter.reportId,
      accountId: filter.accountId ?? '',
      accountIds: filter.accountIds,
      ...filter.window,
      search: filter.search.trim() || null,
      first: ENTRIES_PAGE_SIZE,
    },
    skip: !filter.accountId,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const result = data?.reportEntries;
  const connection = result?.entries;
  const loadingMore = networkStatus === 3;
  const endCursor = connection?.pageInfo.endCursor ?? null;
  const hasNextPage = connection?.pageInfo.hasNextPage ?? false;

  const loadMore = useCallback(() => {
    if (!hasNextPage || !endCursor || loadingMore) return;
    void fetchMore({
      variables: { after: endCursor },
      updateQuery: (previous, { fetchMoreResult }) => {
        const before = previous.reportEntries;
        const next = fetchMoreResult.reportEntries;
        if (!before) return fetchMoreResult;
        return {
          reportEntries: {
            ...next,
            entries: { ...next.entries, edges: [...before.entries.edges, ...next.entries.edges] },
          },
        };
      },
    });
  }, [endCursor, fetchMore, hasNextPage, loadingMore]);

  const entries = useMemo(() => connection?.edges.map((edge) => edge.node) ?? [], [connection]);
  return {
    entries,
    sign: filter.sign,
    totalCount: connection?.totalCount ?? 0,
    totalAmount: connection?.totalAmount ?? 0,
    hasNextPage,
    loading: loading && !connection,
    loadingMore,
    error,
    loadMore,
  };
}
