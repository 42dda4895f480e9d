import { GraphQLError } from 'graphql';

export type ErrorCode = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'BAD_USER_INPUT' | 'NOT_FOUND';

/** A GraphQL error a client can act on: `extensions.code` says what kind it is. */
export function apiError(code: ErrorCode, message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}

export const unauthenticated = () => apiError('UNAUTHENTICATED', 'Attempted API request without login');
/** Used for foreign and unknown entity ids alike, so a refusal reveals nothing about other companies. */
export const entityNotFound = () => apiError('NOT_FOUND', 'Entity not found');
export const forbidden = () => apiError('FORBIDDEN', 'You do not have permission to do that');
