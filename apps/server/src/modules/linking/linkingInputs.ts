import type { Config } from '../../config';
import type { LinkProvider } from '../../db/schema';
import { LINKING_MESSAGES, linkingRefusal } from './linkingErrors';

/**
 * The bounds of the linking mutations' inputs, checked before anything is asked of a provider or
 * written. Tokens come from the vendors' browser flows: printable ASCII without spaces, at most
 * TOKEN_MAX_LENGTH. A redirect URL must be one of this app's own return pages (spec §2 /plaid-oauth,
 * /moneykit-oauth) on one of its origins (APP_URL, CORS_ORIGINS), so a link flow never sends the
 * browser elsewhere.
 */

export const TOKEN_MAX_LENGTH = 1_024;
export const REDIRECT_URL_MAX_LENGTH = 2_000;

/** The spec's return page of each provider's flow. */
const RETURN_PATHS: Record<LinkProvider, string> = {
  plaid: '/plaid-oauth',
  moneykit: '/moneykit-oauth',
};

const TOKEN = /^[\x21-\x7e]+$/;

/** The token, or BAD_USER_INPUT naming the field. */
export function checkToken(value: string, field: string, label: string): string {
  if (value.length === 0 || value.length > TOKEN_MAX_LENGTH || !TOKEN.test(value)) {
    throw linkingRefusal(LINKING_MESSAGES.tokenFormat(label), field);
  }
  return value;
}

/** The redirect URL normalised, null when none, or BAD_USER_INPUT on `redirectUrl`. */
export function checkRedirectUrl(
  config: Pick<Config, 'CORS_ORIGINS'>,
  provider: LinkProvider,
  value: string | null | undefined,
): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const refuse = () => linkingRefusal(LINKING_MESSAGES.redirectUrl(RETURN_PATHS[provider]), 'redirectUrl');
  if (value.length > REDIRECT_URL_MAX_LENGTH) throw refuse();
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw refuse();
  }
  const allowed = config.CORS_ORIGINS.includes(url.origin);
  if (!allowed || url.pathname !== RETURN_PATHS[provider] || url.username || url.password || url.hash) {
    throw refuse();
  }
  return url.toString();
}
