import { ApolloClient, ApolloLink, CombinedGraphQLErrors, HttpLink, ServerError } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { OperationTypeNode } from 'graphql';
import { getAccessToken } from './authToken';
import { createGraphqlCache } from './graphqlCache';
import { prefetchLink } from './prefetchLink';
import { createSseLink } from './sseLink';
import { notifyUnauthenticated } from './unauthenticated';

/** The `extensions.code` values the API puts on GraphQL errors (docs/architecture.md §4, Errors). */
type GraphqlErrorCode = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'BAD_USER_INPUT' | 'NOT_FOUND';

/** The code of the first GraphQL error that carries one. */
export function graphqlErrorCode(error: unknown): GraphqlErrorCode | string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  for (const item of error.errors) {
    const code = item.extensions?.code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** Every call carries the bearer token (spec §7). */
const authLink = new SetContextLink(({ headers }) => {
  const token = getAccessToken();
  return { headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers };
});

/**
 * Each mutation carries an Idempotency-Key of its own, so a request the server applies after the client
 * gave up on it is not applied twice: the server answers a repeat with the first answer. The key is put
 * in the operation's context once, so a retry link placed after this one would resend the same key.
 */
const idempotencyLink = new SetContextLink(({ headers }, operation) =>
  operation.operationType === OperationTypeNode.MUTATION
    ? { headers: { ...headers, 'idempotency-key': newIdempotencyKey() } }
    : {},
);

/** 128 random bits. `randomUUID` exists in secure contexts only (HTTPS, localhost). */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/** An expired or revoked session ends at /logout (spec §8). */
const sessionLink = new ErrorLink(({ error }) => {
  const refused =
    graphqlErrorCode(error) === 'UNAUTHENTICATED' || (ServerError.is(error) && error.statusCode === 401);
  if (refused) notifyUnauthenticated();
});

/**
 * Subscriptions (entityJobWasUpdated, entityWasUpdated) over SSE, one connection each, with the bearer
 * token read at every (re)connection; queries and mutations over HTTP. Both sit after the session link,
 * so a subscription refused as UNAUTHENTICATED ends at /logout too.
 */
const sseLink = createSseLink({
  url: '/graphql',
  headers: (): Record<string, string> => {
    const token = getAccessToken();
    return token ? { authorization: `Bearer ${token}` } : {};
  },
  onUnauthenticated: notifyUnauthenticated,
});

const transportLink = ApolloLink.split(
  (operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION,
  sseLink,
  prefetchLink.concat(new HttpLink({ uri: '/graphql' })),
);

export const graphqlClient = new ApolloClient({
  link: authLink.concat(idempotencyLink).concat(sessionLink).concat(transportLink),
  cache: createGraphqlCache(),
});

/** Forgets everything fetched for the previous user (called on sign-out). */
export async function resetGraphqlClient() {
  graphqlClient.stop();
  await graphqlClient.clearStore();
}
