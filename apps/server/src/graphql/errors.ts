import { GraphQLError } from 'graphql';
import { findCause } from '../db/findCause';
import { KeelError } from '../errors';

/**
 * A Keel error as GraphQL answers it: its message and its `extensions` (code, field, ...) as they are,
 * pointing where `located` (graphql-js's wrapper of what a resolver threw) points when there is one.
 */
export function toGraphQLError(error: KeelError, located?: GraphQLError): GraphQLError {
  return new GraphQLError(located?.message ?? error.message, {
    nodes: located?.nodes,
    source: located?.source,
    positions: located?.positions,
    path: located?.path,
    extensions: { ...error.extensions },
  });
}

/** The GraphQL form of the Keel error along `error`'s chain of causes, or null when there is none. */
export function graphqlErrorOf(error: unknown): GraphQLError | null {
  const keelError = findCause(error, (cause) => (cause instanceof KeelError ? cause : null));
  if (!keelError) return null;
  return toGraphQLError(keelError, error instanceof GraphQLError ? error : undefined);
}
