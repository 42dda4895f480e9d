import type { Config } from '../../config';

/**
 * The app's addresses in a QuickBooks authorization: the callback Intuit sends the browser back to
 * (the redirect URI, registered with Intuit and checked by the sandbox's consent page), and the
 * settings page the callback sends it on to, with the outcome in its query.
 */

export const QUICKBOOKS_CALLBACK_PATH = '/api/quickbooks/callback';
const INTEGRATIONS_PAGE_PATH = '/settings/integrations';

const base = (config: Pick<Config, 'APP_URL'>) => config.APP_URL.replace(/\/+$/, '');

/** This app's redirect URI: `${APP_URL}/api/quickbooks/callback`. */
export const quickbooksRedirectUri = (config: Pick<Config, 'APP_URL'>) =>
  `${base(config)}${QUICKBOOKS_CALLBACK_PATH}`;

/**
 * The integrations settings page with the outcome: `quickbooks=connected&jobId=…` or
 * `quickbooks=error&reason=…` (or none).
 */
export function integrationsPageUrl(config: Pick<Config, 'APP_URL'>, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return `${base(config)}${INTEGRATIONS_PAGE_PATH}${search ? `?${search}` : ''}`;
}
