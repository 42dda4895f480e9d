import { AggregatorError } from './index';
import { PLAID_LOGIN_REQUIRED } from './vendorErrors';

/** Plaid's error object (its `PlaidError`), the body of every refusal. */
type PlaidErrorBody = {
  error_type: string;
  error_code: string;
  error_message?: string;
  display_message?: string | null;
};

/** Tokens the caller handed over that Plaid does not accept (unknown, expired, used, revoked). */
const INVALID_TOKEN_CODES = new Set(['INVALID_PUBLIC_TOKEN', 'INVALID_LINK_TOKEN', 'INVALID_ACCESS_TOKEN']);

/**
 * Refusals that say nothing about the item and pass by themselves: Plaid's own trouble, rate limits, an
 * institution down, data not ready yet, data that changed while paging. They stay plain errors, so the
 * job that met them retries instead of marking the link broken.
 */
const PASSING_TYPES = new Set(['API_ERROR', 'RATE_LIMIT_EXCEEDED', 'INSTITUTION_ERROR']);
const PASSING_CODES = new Set(['PRODUCT_NOT_READY', 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION']);

function plaidErrorBody(error: unknown): PlaidErrorBody | null {
  const data = (error as { response?: { data?: unknown } } | null)?.response?.data;
  if (typeof data !== 'object' || data === null) return null;
  const body = data as Record<string, unknown>;
  return typeof body.error_type === 'string' && typeof body.error_code === 'string'
    ? (body as PlaidErrorBody)
    : null;
}

/**
 * What a failed call to Plaid's SDK (an axios error) becomes: Plaid's refusal as an AggregatorError
 * (ITEM_LOGIN_REQUIRED: loginRequired; an invalid public, link or access token: invalidToken), a
 * passing refusal as a plain Error naming it, and anything else (the network, a timeout) as it is.
 */
export function plaidFailure(error: unknown): unknown {
  const body = plaidErrorBody(error);
  if (!body) return error;
  const message = body.error_message ?? body.error_code;
  if (PASSING_TYPES.has(body.error_type) || PASSING_CODES.has(body.error_code)) {
    return new Error(`Plaid ${body.error_type} ${body.error_code}: ${message}`, { cause: error });
  }
  return new AggregatorError({
    errorType: body.error_type,
    errorCode: body.error_code,
    message,
    displayMessage: body.display_message ?? null,
    loginRequired: body.error_code === PLAID_LOGIN_REQUIRED,
    invalidToken: INVALID_TOKEN_CODES.has(body.error_code),
  });
}

/** Whether Plaid refused because the item is gone already (removing it again is then done). */
export const isItemGone = (error: unknown) =>
  error instanceof AggregatorError &&
  (error.errorCode === 'ITEM_NOT_FOUND' || error.errorCode === 'INVALID_ACCESS_TOKEN');
