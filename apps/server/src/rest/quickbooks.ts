import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../appDeps';
import {
  accountingDepsOfApp,
  completeQuickbooksConnection,
  integrationsPageUrl,
  QUICKBOOKS_CALLBACK_PATH,
} from '../modules/accounting';
import { isFeatureOff, sendFeatureUnavailable } from './featureUnavailable';

/** A query parameter sent once as text; anything else (absent, repeated) counts as absent. */
const single = (query: unknown, name: string): string | undefined => {
  const value = (query as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * GET /api/quickbooks/callback?code&state&realmId (or ?error&state): where QuickBooks' consent screen
 * sends the browser back (the redirect URI). A browser redirect brings no bearer token: the one-time
 * state names the user and the company (modules/accounting/completeQuickbooksConnection.ts). The
 * browser is sent on (303) to the integrations settings page: `?quickbooks=connected&jobId=<the sync>`,
 * or `?quickbooks=error&reason=<code>` (accountingErrors.ts CALLBACK_REASONS) with nothing changed.
 * On a server without QuickBooks: 501 'QuickBooks is not set up on this server', nothing read.
 */
export function registerQuickbooksRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get(QUICKBOOKS_CALLBACK_PATH, async (request, reply) => {
    if (isFeatureOff(deps.config, 'quickbooks')) return sendFeatureUnavailable(reply, 'quickbooks');
    const outcome = await completeQuickbooksConnection(accountingDepsOfApp(deps), {
      code: single(request.query, 'code'),
      state: single(request.query, 'state'),
      realmId: single(request.query, 'realmId'),
      error: single(request.query, 'error'),
    });
    reply.header('cache-control', 'no-store');
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
