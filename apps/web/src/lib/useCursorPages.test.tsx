import { ApolloClient, ApolloLink, gql, InMemoryCache, type TypedDocumentNode } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { type CursorPaging, useCursorPages } from './useCursorPages';

type ItemsConnection = {
  __typename: 'ItemConnection';
  totalCount: number;
  pageInfo: { __typename: 'ItemPageInfo'; hasNextPage: boolean; endCursor: string | null };
  edges: { __typename: 'ItemEdge'; node: { __typename: 'Item'; id: string } }[];
};
type ItemsData = { items: ItemsConnection };
type ItemsVariables = { search: string; after?: string | null };

const ITEMS_QUERY: TypedDocumentNode<ItemsData, ItemsVariables> = gql`
  query Items($search: String!, $after: String) {
    items(search: $search, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
        }
      }
    }
  }
`;

const ITEM_PAGES: CursorPaging<ItemsData, ItemsVariables, ItemsConnection> = {
  connectionOf: (data) => data.items,
  withConnection: (data, items) => ({ ...data, items }),
  pageAfter: (endCursor) => ({ after: endCursor }),
};

/** A server with `total` items per search, two a page: ids `${search}-1`, `${search}-2`, … */
function pagingClient(total: number) {
  const asked: ItemsVariables[] = [];
  const link = new ApolloLink((operation) => {
    const variables = operation.variables as ItemsVariables;
    asked.push(variables);
    const start = variables.after ? Number(variables.after) : 0;
    const ids = Array.from({ length: Math.min(2, total - start) }, (_, index) => start + index + 1);
    const end = start + ids.length;
    const items: ItemsConnection = {
      __typename: 'ItemConnection',
      totalCount: total,
      pageInfo: { __typename: 'ItemPageInfo', hasNextPage: end < total, endCursor: String(end) },
      edges: ids.map((id) => ({
        __typename: 'ItemEdge',
        node: { __typename: 'Item', id: `${variables.search}-${id}` },
      })),
    };
    return of({ data: { items } });
  });
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApolloProvider client={client}>{children}</ApolloProvider>
  );
  return { asked, wrapper };
}

function renderPages(total: number, initial: { search: string; skip?: boolean }) {
  const { asked, wrapper } = pagingClient(total);
  const rendered = renderHook(
    ({ search, skip }: { search: string; skip?: boolean }) =>
      useCursorPages(ITEMS_QUERY, ITEM_PAGES, { variables: { search }, skip }),
    { wrapper, initialProps: initial },
  );
  const ids = () => rendered.result.current.nodes.map((node) => node.id);
  return { ...rendered, asked, ids };
}

describe('useCursorPages', () => {
  it('appends the page after the end cursor until the last page', async () => {
    const { result, asked, ids } = renderPages(5, { search: 'a' });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(ids()).toEqual(['a-1', 'a-2']));
    expect(result.current.loading).toBe(false);
    expect(result.current.hasNextPage).toBe(true);

    act(() => result.current.loadMore());
    await waitFor(() => expect(ids()).toEqual(['a-1', 'a-2', 'a-3', 'a-4']));
    act(() => result.current.loadMore());
    await waitFor(() => expect(ids()).toEqual(['a-1', 'a-2', 'a-3', 'a-4', 'a-5']));
    expect(result.current.hasNextPage).toBe(false);
    expect(result.current.connection?.totalCount).toBe(5);
    expect(result.current.loadingMore).toBe(false);

    act(() => result.current.loadMore());
    expect(asked.map((variables) => variables.after ?? null)).toEqual([null, '2', '4']);
  });

  it('fetches a page once when loadMore is called twice in one tick (scrolled into view and pressed)', async () => {
    const { result, asked, ids } = renderPages(5, { search: 'a' });
    await waitFor(() => expect(ids()).toEqual(['a-1', 'a-2']));
    act(() => {
      result.current.loadMore();
      result.current.loadMore();
    });
    await waitFor(() => expect(ids()).toEqual(['a-1', 'a-2', 'a-3', 'a-4']));
    expect(asked.map((variables) => variables.after ?? null)).toEqual([null, '2']);
    act(() => result.current.loadMore());
    await waitFor(() => expect(ids()).toEqual(['a-1', 'a-2', 'a-3', 'a-4', 'a-5']));
  });

  it('starts again from the first page when the variables change', async () => {
    const { result, rerender, ids } = renderPages(5, { search: 'a' });
    await waitFor(() => expect(result.current.hasNextPage).toBe(true));
    act(() => result.current.loadMore());
    await waitFor(() => expect(ids()).toHaveLength(4));

    rerender({ search: 'b' });
    await waitFor(() => expect(ids()).toEqual(['b-1', 'b-2']));
    expect(result.current.hasNextPage).toBe(true);
  });

  it('asks nothing and lists nothing while skipped', async () => {
    const { result, asked } = renderPages(5, { search: 'a', skip: true });
    await act(async () => {});
    expect(result.current.nodes).toEqual([]);
    expect(result.current.loading).toBe(false);
    expect(result.current.hasNextPage).toBe(false);
    expect(asked).toEqual([]);
  });
});
