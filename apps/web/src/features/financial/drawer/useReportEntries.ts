import { type CursorPaging, useCursorPages } from '../../../lib/useCursorPages';
import {
  type DrawerEntry,
  REPORT_ENTRIES_QUERY,
  type ReportEntriesResult,
  type ReportEntriesVariables,
} from './drawerQueries';
import type { EntryDateWindow } from './drawerScope';

/** Entries come 50 at a time (spec §9 page size). */
const ENTRIES_PAGE_SIZE = 50;

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
  /** The entries shown are the cache's while the server is asked again (their actions wait). */
  refreshing: boolean;
  error: Error | undefined;
  loadMore: () => void;
};

const ENTRY_PAGES: CursorPaging<
  ReportEntriesResult,
  ReportEntriesVariables,
  ReportEntriesResult['reportEntries']['entries']
> = {
  connectionOf: (data) => data.reportEntries?.entries,
  withConnection: (data, entries) => ({ ...data, reportEntries: { ...data.reportEntries, entries } }),
  pageAfter: (endCursor) => ({ after: endCursor }),
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
  const { connection, nodes, ...pages } = useCursorPages(REPORT_ENTRIES_QUERY, ENTRY_PAGES, {
    variables: {
      reportId: filter.reportId,
      accountId: filter.accountId ?? '',
      accountIds: filter.accountIds,
      ...filter.window,
      search: filter.search.trim() || null,
      first: ENTRIES_PAGE_SIZE,
    },
    skip: !filter.accountId,
  });
  return {
    entries: nodes,
    sign: filter.sign,
    totalCount: connection?.totalCount ?? 0,
    totalAmount: connection?.totalAmount ?? 0,
    ...pages,
  };
}
