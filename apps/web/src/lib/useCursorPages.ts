import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useCallback, useMemo, useRef } from 'react';

/** A page of a cursor connection (spec §7 connections): its edges and where the next page starts. */
export type CursorConnection = {
  edges: readonly { node: unknown }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
};

/**
 * Where a query keeps its connection and how it asks for the page after a cursor. Declare it once,
 * outside the component: its functions are read when `loadMore` is made.
 */
export type CursorPaging<TData, TVariables, TConnection extends CursorConnection> = {
  /** The connection in a result; nullish while the result has none. */
  connectionOf: (data: TData) => TConnection | null | undefined;
  /** `data` with its connection replaced (by the pages loaded so far, the next page's edges last). */
  withConnection: (data: TData, connection: TConnection) => TData;
  /** The variables that ask for the page after `endCursor` (`cursor` or `after`, as the field names it). */
  pageAfter: (endCursor: string) => Partial<TVariables>;
};

type CursorPages<TConnection extends CursorConnection> = {
  /** The latest page's connection (its counts and totals), holding the edges of every page loaded. */
  connection: TConnection | undefined;
  nodes: TConnection['edges'][number]['node'][];
  hasNextPage: boolean;
  /** True only for the first page: a refetch or a new filter keeps the list it has on screen. */
  loading: boolean;
  loadingMore: boolean;
  /**
   * The list on screen is the cache's while the server's answer is on its way (a list shown again
   * after a change made elsewhere, or refetched): its rows may name what no longer exists.
   */
  refreshing: boolean;
  error: Error | undefined;
  /** Appends the next page; does nothing on the last page or while a page is loading. */
  loadMore: () => void;
};

/**
 * The pages of a cursor connection loaded so far, cache first then network. New `variables` start
 * again from the first page (Apollo keys the cached result by them); `loadMore` appends a page.
 */
export function useCursorPages<
  TData,
  TVariables extends OperationVariables,
  TConnection extends CursorConnection,
>(
  query: TypedDocumentNode<TData, TVariables>,
  paging: CursorPaging<TData, TVariables, TConnection>,
  options: { variables: TVariables; skip?: boolean },
): CursorPages<TConnection> {
  const { data, loading, error, fetchMore, networkStatus } = useQuery(query, {
    variables: options.variables,
    skip: options.skip,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const connection = data ? (paging.connectionOf(data) ?? undefined) : undefined;
  const loadingMore = networkStatus === NetworkStatus.fetchMore;
  const endCursor = connection?.pageInfo.endCursor ?? null;
  const hasNextPage = connection?.pageInfo.hasNextPage ?? false;

  // The cursor of the page being fetched. `loadingMore` only turns true at the next render, so two
  // calls in one tick (the button pressed as it scrolls into view) would both fetch the same page and
  // append it twice; this ref turns the second away at once.
  const fetchingAfter = useRef<string | null>(null);

  const loadMore = useCallback(() => {
    if (!hasNextPage || !endCursor || loadingMore || fetchingAfter.current === endCursor) return;
    fetchingAfter.current = endCursor;
    void fetchMore({
      variables: paging.pageAfter(endCursor),
      updateQuery: (previous, { fetchMoreResult }) => {
        const before = paging.connectionOf(previous);
        const next = paging.connectionOf(fetchMoreResult);
        if (!before || !next) return fetchMoreResult;
        return paging.withConnection(fetchMoreResult, {
          ...next,
          edges: [...before.edges, ...next.edges],
        });
      },
    })
      .catch(() => undefined)
      .finally(() => {
        if (fetchingAfter.current === endCursor) fetchingAfter.current = null;
      });
  }, [endCursor, fetchMore, hasNextPage, loadingMore, paging]);

  const nodes = useMemo(() => connection?.edges.map((edge) => edge.node) ?? [], [connection]);
  const refreshing = loading && connection !== undefined && !loadingMore;
  return {
    connection,
    nodes,
    hasNextPage,
    loading: loading && !connection,
    loadingMore,
    refreshing,
    error,
    loadMore,
  };
}
