import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../appDeps';
import {
  accountingDepsOfApp,
  BROWSER_MISMATCH,
  completeQuickbooksConnection,
  integrationsPageUrl,
  QUICKBOOKS_CALLBACK_PATH,
  quickbooksBindingCookie,
} from '../modules/accounting';
import { isFeatureOff, sendFeatureUnavailable } from './featureUnavailable';
import { sendQuickbooksBrowserMismatch } from './quickbooksBrowserMismatch';

/** A query parameter sent once as text; anything else (absent, repeated) counts as absent. */
const single = (query: unknown, name: string): string | undefined => {
  const value = (query as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * GET /api/quickbooks/callback?code&state&realmId (or ?error&state): where QuickBooks' consent screen
 * sends the browser back (the redirect URI). A browser redirect brings no bearer token: the one-time
 * state names the user and the company, and the browser's binding cookie for that state proves it is
 * the one that asked (modules/accounting/completeQuickbooksConnection.ts, quickbooksBrowserBinding.ts).
 *
 * A browser without that cookie gets 403 and a page saying nothing was connected
 * (quickbooksBrowserMismatch.ts). Any other outcome clears the cookie, which has done its work, and
 * sends the browser on (303) to the integrations settings page: `?quickbooks=connected&jobId=<the
 * sync>`, or `?quickbooks=error&reason=<code>` (accountingErrors.ts CALLBACK_REASONS) with nothing
 * changed. Refusals are logged at info with their reason only (never the state, code or cookie).
 * On a server without QuickBooks: 501 'QuickBooks is not set up on this server', nothing read.
 */
export function registerQuickbooksRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get(QUICKBOOKS_CALLBACK_PATH, async (request, reply) => {
    if (isFeatureOff(deps.config, 'quickbooks')) return sendFeatureUnavailable(reply, 'quickbooks');
    const state = single(request.query, 'state');
    const cookie = state ? quickbooksBindingCookie(deps.config, state) : null;
    const outcome = await completeQuickbooksConnection(
      accountingDepsOfApp(deps),
      {
        code: single(request.query, 'code'),
        state,
        realmId: single(request.query, 'realmId'),
        error: single(request.query, 'error'),
      },
      { binding: cookie ? request.cookies[cookie.name] : undefined },
    );
    reply.header('cache-control', 'no-store');
    if (!outcome.connected && outcome.reason === BROWSER_MISMATCH) {
      request.log.info({ reason: outcome.reason }, 'QuickBooks connection refused');
      return sendQuickbooksBrowserMismatch(request, reply, deps.config);
    }
    if (cookie) reply.clearCookie(cookie.name, cookie.options);
    if (!outcome.connected) {
      request.log.info({ reason: outcome.reason }, 'QuickBooks connection refused');
      return reply.redirect(
        integrationsPageUrl(deps.config, { quickbooks: 'error', reason: outcome.reason }),
        303,
      );
    }
    return reply.redirect(
      integrationsPageUrl(deps.config, { quickbooks: 'connected', jobId: outcome.job.id }),
      303,
    );
  });
}
