import { ApolloClient, ApolloLink, gql, InMemoryCache, type TypedDocumentNode } from '@apollo/client';
import { Observable } from 'rxjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The link hands answers over only in the app's first seconds after its module loaded: each run of this
// file loads it (and the token store it reads) afresh, as a page load would, not the copy an earlier
// test file loaded in this worker.
let setAccessToken: typeof import('./authToken').setAccessToken;
let prefetchLink: typeof import('./prefetchLink').prefetchLink;
let prefetchQuery: typeof import('./prefetchLink').prefetchQuery;
beforeAll(async () => {
  vi.resetModules();
  ({ setAccessToken } = await import('./authToken'));
  ({ prefetchLink, prefetchQuery } = await import('./prefetchLink'));
});

type Figures = { figures: { id: string; total: number } };
const FIGURES_QUERY: TypedDocumentNode<Figures, { month: string }> = gql`
  query Figures($month: String!) {
    figures(month: $month) {
      id
      total
    }
  }
`;

/** A server that counts the requests it answers; each answer's total is the request's number. */
function countingClient() {
  const requests: string[] = [];
  const server = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        requests.push(`${operation.operationName} ${JSON.stringify(operation.variables)}`);
        const total = requests.length;
        setTimeout(() => {
          observer.next({ data: { figures: { __typename: 'Figures', id: 'f1', total } } });
          observer.complete();
        }, 5);
      }),
  );
  const client = new ApolloClient({
    link: ApolloLink.from([prefetchLink, server]),
    cache: new InMemoryCache(),
  });
  return { client, requests };
}

beforeEach(() => setAccessToken('token-a'));
afterEach(() => localStorage.clear());

describe('prefetchLink', () => {
  it("hands a prefetch in flight to the app's own query instead of asking twice", async () => {
    const { client, requests } = countingClient();
    const prefetched = prefetchQuery(client, FIGURES_QUERY, { month: '2026-01' });
    const result = await client.query({ query: FIGURES_QUERY, variables: { month: '2026-01' } });
    expect(result.data?.figures.total).toBe(1);
    expect((await prefetched)?.figures.total).toBe(1);
    expect(requests).toHaveLength(1);
  });

  it('uses a prefetched answer once: the next query of the same thing asks the server', async () => {
    const { client, requests } = countingClient();
    await prefetchQuery(client, FIGURES_QUERY, { month: '2026-02' });
    const first = await client.query({
      query: FIGURES_QUERY,
      variables: { month: '2026-02' },
      fetchPolicy: 'network-only',
    });
    const refetched = await client.query({
      query: FIGURES_QUERY,
      variables: { month: '2026-02' },
      fetchPolicy: 'network-only',
    });
    expect(first.data?.figures.total).toBe(1);
    expect(refetched.data?.figures.total).toBe(2);
    expect(requests).toHaveLength(2);
  });

  it("joins the app's own query when the prefetch comes after it", async () => {
    const { client, requests } = countingClient();
    const asked = client.query({ query: FIGURES_QUERY, variables: { month: '2026-03' } });
    const prefetched = await prefetchQuery(client, FIGURES_QUERY, { month: '2026-03' });
    expect(prefetched?.figures.total).toBe(1);
    expect((await asked).data?.figures.total).toBe(1);
    expect(requests).toHaveLength(1);
  });

  it('never hands an answer to other variables or to another user', async () => {
    const { client, requests } = countingClient();
    await prefetchQuery(client, FIGURES_QUERY, { month: '2026-04' });
    await client.query({
      query: FIGURES_QUERY,
      variables: { month: '2026-05' },
      fetchPolicy: 'network-only',
    });
    setAccessToken('token-b');
    await client.query({
      query: FIGURES_QUERY,
      variables: { month: '2026-04' },
      fetchPolicy: 'network-only',
    });
    expect(requests).toHaveLength(3);
  });

  it('does not write a prefetched answer to the cache before the app takes it', async () => {
    const { client } = countingClient();
    await prefetchQuery(client, FIGURES_QUERY, { month: '2026-06' });
    expect(client.readQuery({ query: FIGURES_QUERY, variables: { month: '2026-06' } })).toBeNull();
  });
});
