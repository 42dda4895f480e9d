import { ApolloLink } from '@apollo/client';
import { print } from 'graphql';
import { createClient, type ExecutionResult } from 'graphql-sse';
import { Observable } from 'rxjs';

/**
 * Where a subscription's connection is: 'connecting' (the first time), 'connected' (the server set the
 * subscription up: events from now on are heard), 'down' (the connection dropped or was refused for a
 * while; it is being retried with back-off), 'reconnected' (up again after being down). Events of the
 * gap are not replayed (the server's rule), so on 'connected' and 'reconnected' the caller asks for the
 * current state again (useLiveSubscription does this through `onConnected`).
 */
export type SubscriptionConnection = 'connecting' | 'connected' | 'down' | 'reconnected';

export type SubscriptionConnectionListener = (connection: SubscriptionConnection) => void;

/** The operation context entry a caller puts its SubscriptionConnectionListener under. */
export const SUBSCRIPTION_CONNECTION_CONTEXT = 'keelSubscriptionConnection';

type SseLinkOptions = {
  /** The GraphQL endpoint: Yoga serves subscriptions over SSE there (`Accept: text/event-stream`). */
  url: string;
  /** Read at every (re)connection, so a connection made after sign-in again carries the new token. */
  headers: () => Record<string, string>;
  /** Called once when the server answers 401: the session is over, retrying would not help. */
  onUnauthenticated: () => void;
  fetchFn?: typeof fetch;
  /** The wait before retry number `attempt` (0 for the first), in ms. */
  retryDelay?: (attempt: number) => number;
};

/** The longest wait between two retries: a server back after a deploy is found within this. */
export const MAX_RETRY_DELAY_MS = 30_000;

/**
 * 1 s, 2 s, 4 s, … up to MAX_RETRY_DELAY_MS, each plus up to 1 s at random, so the tabs a restarted
 * server dropped do not all come back in the same instant.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_RETRY_DELAY_MS, 1000 * 2 ** Math.max(0, attempt));
  return base + Math.floor(random() * 1000);
}

/** GraphQL error codes that mean 'not now' rather than 'no': the subscription is retried after them. */
const RETRYABLE_CODES: ReadonlySet<string> = new Set(['SERVICE_UNAVAILABLE']);

class SessionEnded extends Error {
  constructor() {
    super('The session ended (HTTP 401)');
    this.name = 'SessionEnded';
  }
}

/**
 * Subscriptions over GraphQL-over-SSE in distinct-connections mode (one POST /graphql with
 * `Accept: text/event-stream` per subscription), as GraphQL Yoga serves them, through the graphql-sse
 * client. fetch rather than EventSource, so the bearer token goes in a header.
 *
 * A connection that drops (network, server gone) is retried with back-off for as long as the page
 * subscribes; so is one the server ends without being asked (a restarting server completes its
 * streams): the subscription is made again. A subscription the server refuses (an answer with errors
 * only: no access, no such company) ends with that answer, and a 401 ends the session. The caller
 * hears where the connection is through SUBSCRIPTION_CONNECTION_CONTEXT.
 */
export function createSseLink(options: SseLinkOptions): ApolloLink {
  const fetchFn = options.fetchFn ?? ((input, init) => fetch(input, init));
  const retryDelay = options.retryDelay ?? retryDelayMs;
  return new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        const listener = operation.getContext()[SUBSCRIPTION_CONNECTION_CONTEXT] as
          | SubscriptionConnectionListener
          | undefined;
        let stopped = false;
        let everConnected = false;
        let sessionEnded = false;
        /** Retries since the last event: the next wait grows with it. */
        let attempt = 0;
        let resubscribeTimer: ReturnType<typeof setTimeout> | undefined;
        let unsubscribe: () => void = () => undefined;
        const tell = (connection: SubscriptionConnection) => {
          if (!stopped) listener?.(connection);
        };

        const client = createClient({
          url: options.url,
          singleConnection: false,
          retryAttempts: Number.POSITIVE_INFINITY,
          headers: () => options.headers(),
          fetchFn: async (input: RequestInfo | URL, init?: RequestInit) => {
            const response = await fetchFn(input, init);
            if (response.status === 401) sessionEnded = true;
            return response;
          },
          // Called by graphql-sse before each retry of a dropped or failed connection.
          retry: async () => {
            if (sessionEnded) throw new SessionEnded();
            tell('down');
            const delay = retryDelay(attempt);
            attempt += 1;
            await new Promise((resolve) => setTimeout(resolve, delay));
          },
          on: {
            connected: () => {
              tell(everConnected ? 'reconnected' : 'connected');
              everConnected = true;
            },
          },
        });

        const subscribeOnce = () => {
          let refused = false;
          unsubscribe = client.subscribe<Record<string, unknown>>(
            {
              query: print(operation.query),
              variables: operation.variables,
              operationName: operation.operationName,
              extensions: operation.extensions,
            },
            {
              next: (result: ExecutionResult<Record<string, unknown>, unknown>) => {
                attempt = 0;
                const errors = result.errors ?? [];
                refused = errors.length > 0 && !result.data;
                if (refused && errors.every((error) => RETRYABLE_CODES.has(String(error.extensions?.code)))) {
                  refused = false;
                  return;
                }
                observer.next(result as ApolloLink.Result);
              },
              error: (error: unknown) => {
                if (stopped) return;
                if (error instanceof SessionEnded) options.onUnauthenticated();
                observer.error(error);
              },
              complete: () => {
                if (stopped) return;
                if (refused) {
                  observer.complete();
                  return;
                }
                // Ended by the server without being asked: made again after a while.
                tell('down');
                const delay = retryDelay(attempt);
                attempt += 1;
                resubscribeTimer = setTimeout(() => {
                  if (!stopped) {
                    tell('connecting');
                    subscribeOnce();
                  }
                }, delay);
              },
            },
          );
        };

        tell('connecting');
        subscribeOnce();
        return () => {
          stopped = true;
          clearTimeout(resubscribeTimer);
          unsubscribe();
          client.dispose();
        };
      }),
  );
}
