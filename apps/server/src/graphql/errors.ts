import type { ServerFeature } from '@keel/domain';
import { GraphQLError } from 'graphql';
import { findCause } from '../db/findCause';
import { FeatureUnavailable } from '../providers/featureUnavailable';

/**
 * Every GraphQL error carries one of these in `extensions.code`:
 * - UNAUTHENTICATED: no live token (the web app signs out); FORBIDDEN: the role does not allow it;
 *   NOT_FOUND: no such thing in a company of the viewer's (foreign ids answer the same);
 * - BAD_USER_INPUT: a value was refused (`extensions.field` names the argument when there is one);
 * - GRAPHQL_PARSE_FAILED, GRAPHQL_VALIDATION_FAILED: the document is not valid GraphQL for this
 *   schema, or breaks a limit (depth, aliases, directives, tokens, cost);
 * - TIMEOUT: the database gave up on a statement that ran too long;
 * - CONFLICT: someone else changed the same rows at the same moment and retrying did not get past it
 *   (or a row this write needed was deleted meanwhile): reload and try again;
 * - SERVICE_UNAVAILABLE (503, with Retry-After): too many requests at once; this one did not run;
 * - TOO_MANY_REQUESTS: a rate limit refused it (password re-entry, codes); `extensions.retryAfterSeconds`
 *   says when to try again;
 * - IDEMPOTENCY_IN_PROGRESS (409), IDEMPOTENCY_KEY_REUSED (422), IDEMPOTENCY_RESPONSE_UNAVAILABLE: a
 *   mutation's Idempotency-Key is still running, was used for another request, or its first answer was
 *   too large to keep (it ran: reload);
 * - FEATURE_UNAVAILABLE: the operation belongs to a feature this server does not offer
 *   (DISABLED_FEATURES); the message says which in words ('Banking is not set up on this server') and
 *   `extensions.feature` names it (banking, payments, plaid, moneykit, quickbooks, sms). Nothing ran.
 * - CONFIRMATION_REQUIRED: the change would have done something large that its caller must confirm
 *   (a model edit moving an output more than 10× in a month: `extensions.largeChanges` says which output,
 *   which month, from and to); nothing was written, and the same call with its confirm argument saves it.
 * - INTERNAL_SERVER_ERROR: anything unexpected (logged on the server, never described to the client).
 */
export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'BAD_USER_INPUT'
  | 'NOT_FOUND'
  | 'GRAPHQL_PARSE_FAILED'
  | 'GRAPHQL_VALIDATION_FAILED'
  | 'TIMEOUT'
  | 'CONFLICT'
  | 'SERVICE_UNAVAILABLE'
  | 'TOO_MANY_REQUESTS'
  | 'IDEMPOTENCY_IN_PROGRESS'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'IDEMPOTENCY_RESPONSE_UNAVAILABLE'
  | 'FEATURE_UNAVAILABLE'
  | 'CONFIRMATION_REQUIRED'
  | 'INTERNAL_SERVER_ERROR';

/** A GraphQL error a client can act on: `extensions.code` says what kind it is. */
export function apiError(code: ErrorCode, message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}

export const unauthenticated = () => apiError('UNAUTHENTICATED', 'Attempted API request without login');
/** Used for foreign and unknown entity ids alike, so a refusal reveals nothing about other companies. */
export const entityNotFound = () => apiError('NOT_FOUND', 'Entity not found');
export const forbidden = () => apiError('FORBIDDEN', 'You do not have permission to do that');

/** A rate limit's refusal: try again after `retryAfterSeconds`. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new GraphQLError(message, { extensions: { code: 'TOO_MANY_REQUESTS', retryAfterSeconds } });

/** BAD_USER_INPUT naming the argument (or `argument.field` inside an input) it is about. */
export const badInput = (message: string, field?: string) =>
  new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', ...(field ? { field } : {}) } });

/** FEATURE_UNAVAILABLE for a feature this server does not offer, in the words the web app shows. */
export const featureUnavailable = (feature: ServerFeature) => {
  const refusal = new FeatureUnavailable(feature);
  return new GraphQLError(refusal.message, { extensions: { code: 'FEATURE_UNAVAILABLE', feature } });
};

/** The coded error of an off provider's refusal, wherever in the resolver it was thrown; else null. */
export function errorFromFeature(error: unknown): GraphQLError | null {
  const feature = findCause(error, (cause) => (cause instanceof FeatureUnavailable ? cause.feature : null));
  return feature ? featureUnavailable(feature) : null;
}

/** Refuses with FEATURE_UNAVAILABLE, before anything is read from the provider or written, when `feature` is off. */
export function requireFeature(features: Record<ServerFeature, string>, feature: ServerFeature): void {
  if (features[feature] === 'off') throw featureUnavailable(feature);
}
