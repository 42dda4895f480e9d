import {
  type ApolloClient,
  ApolloLink,
  type OperationVariables,
  type TypedDocumentNode,
} from '@apollo/client';
import { canonicalStringify } from '@apollo/client/utilities';
import { type Observable, shareReplay, tap } from 'rxjs';
import { getAccessToken } from './authToken';

/**
 * Prefetches start as the app starts. For this long after the app loaded the link hands answers
 * between prefetches and the app's queries; after it, it only forwards (and forgets what it kept).
 */
const STARTUP_MS = 15_000;
const loadedAt = Date.now();

/** The context entry that marks a prefetch: the function its answer's data goes to (prefetchQuery). */
const PREFETCH_CONTEXT = 'keelPrefetch';

type DataListener = (data: unknown) => void;

/** Prefetched answers not yet taken, by keyOf. */
const kept = new Map<string, Observable<ApolloLink.Result>>();
/** The app's own queries since it started, by keyOf: a prefetch that comes after one joins it. */
const asked = new Map<string, Observable<ApolloLink.Result>>();

/** Same operation, same variables, same user: an answer fetched for one user never reaches another. */
function keyOf(operation: ApolloLink.Operation): string {
  return `${getAccessToken() ?? ''}\n${operation.operationName ?? ''}\n${canonicalStringify(operation.variables)}`;
}

/**
 * Hands a prefetched answer (prefetchQuery) to the first query that asks the same thing, instead of
 * sending that query again: the shell and the pages keep their own queries and fetch policies, and a
 * prefetch still in flight is joined, not repeated. A prefetch that comes after the app's own query
 * joins that one instead. Each prefetched answer is used once: later queries (a refetch after a
 * write) go to the server. Sits after the session link, so a refused session still ends at /logout
 * for the query that receives the answer.
 */
export const prefetchLink = new ApolloLink((operation, forward) => {
  if (operation.operationType !== 'query') return forward(operation);
  if (Date.now() - loadedAt > STARTUP_MS) {
    kept.clear();
    asked.clear();
    return forward(operation);
  }
  const key = keyOf(operation);
  const onData = operation.getContext()[PREFETCH_CONTEXT] as DataListener | undefined;
  if (onData) {
    const earlier = asked.get(key);
    // The data goes to the prefetch before anyone renders it: a prefetch that waits for it starts
    // before a long render of it.
    const answer = (earlier ?? forward(operation)).pipe(
      tap((result) => {
        if (result.data) onData(result.data);
      }),
      // Replayed to whoever takes it, and run to the end even if the prefetch's own caller leaves.
      shareReplay(),
    );
    if (!earlier) kept.set(key, answer);
    return answer;
  }
  const prefetched = kept.get(key);
  if (prefetched) {
    kept.delete(key);
    return prefetched;
  }
  // Shared with a later prefetch of the same query; cancelled as before when the app's query leaves.
  const answer = forward(operation).pipe(shareReplay({ bufferSize: 1, refCount: true }));
  asked.set(key, answer);
  return answer;
});

/**
 * Starts a query ahead of the component that will ask for it (through prefetchLink, which must be in
 * the client's link chain). Resolves to its data as soon as the answer arrives, before the component
 * that takes it renders it; undefined when it failed (the component's own query receives the same
 * failure and shows it).
 */
export function prefetchQuery<TData, TVariables extends OperationVariables>(
  client: ApolloClient,
  query: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
): Promise<TData | undefined> {
  return new Promise((resolve) => {
    const onData: DataListener = (data) => resolve(data as TData);
    client
      .query<TData, TVariables>({
        query,
        variables,
        // Nothing is written to the cache: the component's query does that when it takes the answer.
        fetchPolicy: 'no-cache',
        // Never joined by the component's query in Apollo's own deduplication: prefetchLink hands it over.
        context: { [PREFETCH_CONTEXT]: onData, queryDeduplication: false },
      } as ApolloClient.QueryOptions<TData, TVariables>)
      .then(
        (result) => resolve(result.data ?? undefined),
        () => resolve(undefined),
      );
  });
}
