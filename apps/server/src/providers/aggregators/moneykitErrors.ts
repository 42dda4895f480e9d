import { AggregatorError } from './index';
import { MONEYKIT_AUTH_EXPIRED } from './vendorErrors';

/**
 * MoneyKit's error body (its API reference): `error_code` ('link_error.bad_state',
 * 'link_error.not_found', 'api_error.auth.expired_access_token', …), `error_message`,
 * `documentation_url`, and for a link in a bad state `link_error_code` (the link's own error_code:
 * 'auth_expired', …). A request it could not read answers FastAPI's `{detail: [{loc, msg}]}`.
 */
export type MoneykitErrorBody = {
  error_code?: string;
  error_message?: string;
  documentation_url?: string | null;
  link_error_code?: string | null;
  detail?: unknown;
};

/** The bearer token expired: get another and ask again. */
export const EXPIRED_ACCESS_TOKEN = 'api_error.auth.expired_access_token';
/** The link is gone at MoneyKit (never there, or deleted): removing it again is done. */
const GONE_CODES = new Set(['link_error.not_found', 'link_error.deleted']);
const INVALID_TOKEN_CODE = 'link_session_error.invalid_token_exchange';

function validationMessage(detail: unknown): string | null {
  if (!Array.isArray(detail)) return typeof detail === 'string' ? detail : null;
  return detail
    .map((item) => {
      const { loc, msg } = (item ?? {}) as { loc?: unknown; msg?: unknown };
      return `${Array.isArray(loc) ? loc.join('.') : 'request'}: ${String(msg)}`;
    })
    .join('; ');
}

/**
 * What a refused MoneyKit request becomes: its own trouble and rate limits (5xx, 429) a plain Error,
 * so a job retries; anything else an AggregatorError in MoneyKit's words, loginRequired when the link's
 * error is auth_expired (its errorCode then is `auth_expired`, which Linked Accounts reads), invalidToken
 * for an exchangeable token it refused.
 */
export function moneykitFailure(status: number, body: MoneykitErrorBody | null, what: string): Error {
  const code = body?.error_code ?? (body?.detail ? 'validation_error' : `http_${status}`);
  const message =
    body?.error_message ?? validationMessage(body?.detail) ?? `MoneyKit answered ${status} to ${what}`;
  if (status >= 500 || status === 429) return new Error(`MoneyKit ${status} ${code} on ${what}: ${message}`);
  const linkCode = body?.link_error_code ?? null;
  return new AggregatorError({
    errorType: code,
    errorCode: linkCode ?? code,
    message,
    loginRequired: linkCode === MONEYKIT_AUTH_EXPIRED || code === MONEYKIT_AUTH_EXPIRED,
    invalidToken: code === INVALID_TOKEN_CODE,
  });
}

/** Whether MoneyKit refused because the link is gone already. */
export const isLinkGone = (error: unknown) =>
  error instanceof AggregatorError && (GONE_CODES.has(error.errorType) || GONE_CODES.has(error.errorCode));
