import type { ServerFeature } from '@keel/domain';
import { findCause } from './db/findCause';
import { FeatureUnavailable } from './providers/featureUnavailable';

/**
 * What kind of refusal an error is: the code clients read, in GraphQL `extensions.code` (REST answers
 * the ones a route can meet with a status: rest/problem.ts):
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

/**
 * What a client is told besides the message: the code, and the details some codes carry (`field` for
 * BAD_USER_INPUT, `retryAfterSeconds` for TOO_MANY_REQUESTS, `feature` for FEATURE_UNAVAILABLE,
 * `largeChanges` or `usedBy` for CONFIRMATION_REQUIRED, ...). GraphQL answers them as `extensions`.
 */
type ErrorExtensions = {
  code: ErrorCode;
  field?: string;
  retryAfterSeconds?: number;
  feature?: ServerFeature;
  [detail: string]: unknown;
};

/**
 * A refusal a client can act on, raised by the services and modules: a plain error with a code, knowing
 * nothing of GraphQL or HTTP. Each edge maps it once: GraphQL in graphql/server.ts (its error masking),
 * REST in app.ts (its error handler, rest/problem.ts). Anything else thrown is unexpected there.
 */
export class KeelError extends Error {
  readonly extensions: ErrorExtensions;
  constructor(code: ErrorCode, message: string, details: Omit<ErrorExtensions, 'code'> = {}) {
    super(message);
    this.name = 'KeelError';
    this.extensions = { code, ...details };
  }

  get code(): ErrorCode {
    return this.extensions.code;
  }
}

/** An error a client can act on: its code says what kind it is. */
export function apiError(code: ErrorCode, message: string): KeelError {
  return new KeelError(code, message);
}

export const unauthenticated = () => apiError('UNAUTHENTICATED', 'Attempted API request without login');
/** Used for foreign and unknown entity ids alike, so a refusal reveals nothing about other companies. */
export const entityNotFound = () => apiError('NOT_FOUND', 'Entity not found');
export const forbidden = () => apiError('FORBIDDEN', 'You do not have permission to do that');

/** A rate limit's refusal: try again after `retryAfterSeconds`. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new KeelError('TOO_MANY_REQUESTS', message, { retryAfterSeconds });

/** BAD_USER_INPUT naming the argument (or `argument.field` inside an input) it is about. */
export const badInput = (message: string, field?: string) =>
  new KeelError('BAD_USER_INPUT', message, field ? { field } : {});

/** FEATURE_UNAVAILABLE for a feature this server does not offer, in the words the web app shows. */
const featureUnavailable = (feature: ServerFeature) =>
  new KeelError('FEATURE_UNAVAILABLE', new FeatureUnavailable(feature).message, { feature });

/** The coded error of an off provider's refusal, wherever it was thrown; else null. */
export function errorFromFeature(error: unknown): KeelError | null {
  const feature = findCause(error, (cause) => (cause instanceof FeatureUnavailable ? cause.feature : null));
  return feature ? featureUnavailable(feature) : null;
}

/** Refuses with FEATURE_UNAVAILABLE, before anything is read from the provider or written, when `feature` is off. */
export function requireFeature(features: Record<ServerFeature, string>, feature: ServerFeature): void {
  if (features[feature] === 'off') throw featureUnavailable(feature);
}
