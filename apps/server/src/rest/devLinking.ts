import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../appDeps';
import { findBankLink } from '../modules/linking/bankLinkRows';
import { enqueueBankLinkSync } from '../modules/linking/bankLinkSyncJob';
import { sendProblem } from './problem';
import { readBodyFields } from './requestInput';

const resetLoginSchema = z.object({ link_id: z.uuid({ error: 'link_id must be an id' }) });

/**
 * The aggregator sandboxes' development route, for the browser tests and trying Reconnect by hand:
 *
 * - POST /api/dev/aggregators/reset-login {link_id}: the sandbox expires the login of one of Keel's bank
 *   links (`link_id` is its itemId or id; Plaid's /sandbox/item/reset_login), then a sync is queued, as
 *   the vendor's webhook would make happen, which records the error on the link: A's
 *   ITEM_LOGIN_REQUIRED, B's state error with auth_expired. Reconnect (update mode) repairs it.
 *
 * Registered by registerDevRoutes inside its loopback-only scope (DEV_ROUTES, never in production), and
 * only for a provider that is its sandbox.
 */
export function registerDevLinkingRoutes(app: FastifyInstance, deps: AppDeps) {
  app.post('/api/dev/aggregators/reset-login', async (request, reply) => {
    const body = await readBodyFields(request, reply);
    if (!body) return reply;
    const parsed = resetLoginSchema.safeParse(body);
    if (!parsed.success) return sendProblem(reply, 400, parsed.error.issues[0]?.message ?? 'Invalid request');
    const link = await findBankLink(deps.db, parsed.data.link_id);
    const sandbox = link ? deps.providers.aggregators[link.provider].sandbox : undefined;
    if (!link || !sandbox) return sendProblem(reply, 404, 'Bank link not found');
    if (!(await sandbox.forceLoginRequired(link.providerLinkId))) {
      return sendProblem(reply, 404, 'The sandbox no longer has this link');
    }
    const job = await enqueueBankLinkSync(deps.db, link, null);
    return { link_id: link.id, provider: link.provider, job_id: job.id };
  });
}
