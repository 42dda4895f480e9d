import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../appDeps';
import { LINK_PROVIDERS, type LinkProvider } from '../db/schema';
import { AggregatorError } from '../providers/aggregators';
import { isFeatureOff, sendFeatureUnavailable } from './featureUnavailable';
import { sendProblem } from './problem';
import { readBodyFields } from './requestInput';

const providerSchema = z.enum(LINK_PROVIDERS, { error: 'provider must be plaid or moneykit' });

const linkInputSchema = z.object({
  link_token: z.string({ error: 'link_token is required' }).min(1).max(1_024),
  institution_id: z.string().min(1).max(100).nullish(),
  username: z.string({ error: 'username is required' }).max(100),
  password: z.string({ error: 'password is required' }).max(100),
});

/**
 * The aggregator sandboxes' hosted screens (what Plaid's Link and MoneyKit's Connect are for the real
 * vendors), for the web app's simulated link flow. They exist only while a provider is its sandbox (the
 * default), whatever DEV_ROUTES says, since linking a bank needs them:
 *
 * - GET /api/sandbox/aggregators/:provider/institutions: the simulated institutions and their accounts.
 * - POST /api/sandbox/aggregators/:provider/link {link_token, institution_id, username, password}: signs
 *   in at the institution with the sandbox credentials (user_good / pass_good) and answers the token the
 *   browser then gives createPlaidItem (`public_token`) or createMoneykitLink (`exchangeable_token`). With
 *   an update-mode link token it repairs that link instead (institution_id not needed). A refusal is a
 *   problem whose detail is the vendor's message and whose `error_code` is the vendor's code.
 *
 * The link token is the authorisation: only a company's owners and admins get one (createPlaidLinkToken),
 * it is sealed by the server and expires after 4 hours. A provider this server does not offer
 * (DISABLED_FEATURES) answers the 501 problem 'Bank linking through Plaid is not set up on this server'.
 */
export function registerSandboxAggregatorRoutes(app: FastifyInstance, deps: AppDeps) {
  const sandboxOf = (provider: LinkProvider) => deps.providers.aggregators[provider].sandbox;
  const off = (provider: LinkProvider) => isFeatureOff(deps.config, provider);
  if (!LINK_PROVIDERS.some((provider) => sandboxOf(provider) || off(provider))) return;

  app.get('/api/sandbox/aggregators/:provider/institutions', async (request, reply) => {
    const provider = providerSchema.safeParse((request.params as { provider?: unknown }).provider);
    if (provider.success && off(provider.data)) return sendFeatureUnavailable(reply, provider.data);
    const sandbox = provider.success ? sandboxOf(provider.data) : undefined;
    if (!sandbox) return sendProblem(reply, 404, 'No sandbox for this provider');
    return { institutions: sandbox.institutions() };
  });

  app.post('/api/sandbox/aggregators/:provider/link', async (request, reply) => {
    const provider = providerSchema.safeParse((request.params as { provider?: unknown }).provider);
    if (provider.success && off(provider.data)) return sendFeatureUnavailable(reply, provider.data);
    const sandbox = provider.success ? sandboxOf(provider.data) : undefined;
    if (!provider.success || !sandbox) return sendProblem(reply, 404, 'No sandbox for this provider');
    const body = await readBodyFields(request, reply);
    if (!body) return reply;
    const parsed = linkInputSchema.safeParse(body);
    if (!parsed.success) return sendProblem(reply, 400, parsed.error.issues[0]?.message ?? 'Invalid request');
    try {
      const done = await sandbox.completeLink({
        linkToken: parsed.data.link_token,
        institutionId: parsed.data.institution_id ?? null,
        username: parsed.data.username,
        password: parsed.data.password,
        at: deps.clock.now(),
      });
      const field = provider.data === 'plaid' ? 'public_token' : 'exchangeable_token';
      return { [field]: done.token };
    } catch (error) {
      if (!(error instanceof AggregatorError)) throw error;
      return reply
        .status(422)
        .type('application/problem+json')
        .send({
          status: 422,
          type: 'unprocessable_entity',
          title: 'Unprocessable Entity',
          detail: error.displayMessage ?? error.message,
          error_type: error.errorType,
          error_code: error.errorCode,
        });
    }
  });
}
