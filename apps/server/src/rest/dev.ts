import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../appDeps';
import { enableTwoFactorForDevelopment, listOutboxMessages } from '../modules/auth/devTools';
import { devTwoFactorInputSchema, firstIssueMessage } from '../modules/auth/inputs';
import { secretBoxOf } from '../secrets/secretBox';
import { registerDevBankingRoutes } from './devBanking';
import { registerDevCardRoutes } from './devCards';
import { registerDevLinkingRoutes } from './devLinking';
import { isLoopbackRequest } from './isLoopbackRequest';
import { sendProblem } from './problem';
import { clientOf, readBodyFields } from './requestInput';

/**
 * Development-only routes: the sandbox outbox, a two-factor switch and the banking sandbox's deposit and
 * settlement (devBanking.ts). Registered only when DEV_ROUTES is on (never in production), and even then
 * they answer only requests from this machine; any other caller gets the 404 of an unknown route, so it
 * cannot even tell they exist.
 */
export async function registerDevRoutes(app: FastifyInstance, deps: AppDeps) {
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      if (!isLoopbackRequest(request)) return reply.callNotFound();
    });
    registerOutbox(scope, deps);
    registerTwoFactorSwitch(scope, deps);
    registerDevBankingRoutes(scope, deps);
    registerDevCardRoutes(scope, deps);
    registerDevLinkingRoutes(scope, deps);
  });
}

function registerOutbox(app: FastifyInstance, deps: AppDeps) {
  app.get('/api/dev/outbox', async (request, reply) => {
    const { to } = request.query as { to?: unknown };
    if (to !== undefined && (typeof to !== 'string' || to.length > 320 || to.includes('\u0000'))) {
      return sendProblem(reply, 400, 'to must be one email address or phone number');
    }
    const recipient = to?.trim() || null;
    const rows = await listOutboxMessages(deps.db, recipient);
    return {
      messages: rows.map((row) => ({
        id: row.id,
        channel: row.channel,
        recipient: row.recipient,
        subject: row.subject,
        body: row.body,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  });
}

function registerTwoFactorSwitch(app: FastifyInstance, deps: AppDeps) {
  app.post('/api/dev/two-factor', async (request, reply) => {
    const body = await readBodyFields(request, reply);
    if (!body) return reply;
    const parsed = devTwoFactorInputSchema.safeParse(body);
    if (!parsed.success) return sendProblem(reply, 400, firstIssueMessage(parsed.error));
    const { email, method, phone_number } = parsed.data;
    const result = await enableTwoFactorForDevelopment(
      deps.db,
      deps.clock,
      secretBoxOf(deps.config),
      { email, method, phoneNumber: phone_number ?? null },
      clientOf(request),
    );
    if (!result.ok && result.error === 'not_found') return sendProblem(reply, 404, 'User not found');
    if (!result.ok) return sendProblem(reply, 422, 'A phone number is required for the sms method');
    return { otp_secret: result.otpSecret };
  });
}
