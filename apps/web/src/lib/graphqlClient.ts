import { ApolloClient, CombinedGraphQLErrors, HttpLink, InMemoryCache, ServerError } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { OperationTypeNode } from 'graphql';
import { getAccessToken } from './authToken';
import { prefetchLink } from './prefetchLink';
import { notifyUnauthenticated } from './unauthenticated';

/** The `extensions.code` values the API puts on GraphQL errors (ARCHITECTURE.md, Errors). */
export type GraphqlErrorCode = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'BAD_USER_INPUT' | 'NOT_FOUND';

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
 * A report seen over one range is not the same object as over another: its id stays, its columns,
 * rows and summary do not. Kept unnormalised, each stays under the `report(...)` field of its own
 * arguments, so an answer for one range (a slow one, or a prefetch) never shows under another's
 * columns. Writes refetch the report (REPORT_REFETCH_QUERIES), so nothing relies on merging by id.
 */
const RANGE_DEPENDENT_TYPES = {
  ReportView: { keyFields: false },
  ReportLineItem: { keyFields: false },
  ReportAccount: { keyFields: false },
} as const;

/**
 * A chart's data groups and series carry ids unique within their chart only (a client may choose them),
 * and a dashboard position's id is its chart's: parts of their parent, never merged across parents by id.
 * Each answer replaces them whole (a chart is written whole, its figures are per range).
 */
const CHART_PART_TYPES = {
  ChartDataGroup: { keyFields: false },
  ChartSeries: { keyFields: false },
  DashboardPosition: { keyFields: false },
  Dashboard: { fields: { positions: { merge: false } } },
  Chart: { fields: { dataGroups: { merge: false }, highlight: { merge: false }, figures: { merge: false } } },
} as const;

export const graphqlClient = new ApolloClient({
  link: authLink
    .concat(idempotencyLink)
    .concat(sessionLink)
    .concat(prefetchLink)
    .concat(new HttpLink({ uri: '/graphql' })),
  cache: new InMemoryCache({ typePolicies: { ...RANGE_DEPENDENT_TYPES, ...CHART_PART_TYPES } }),
});

/** Forgets everything fetched for the previous user (called on sign-out). */
export async function resetGraphqlClient() {
  graphqlClient.stop();
  await graphqlClient.clearStore();
}
