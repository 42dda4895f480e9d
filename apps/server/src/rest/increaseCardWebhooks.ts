import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../appDeps';
import { decideIssuerAuthorization } from '../modules/banking/cardAuthorizations';
import { sendProblem } from './problem';
import { readBodyFields } from './requestInput';

/** The path of the Event Subscription for real_time_decision.card_authorization_requested. */
export const INCREASE_CARD_AUTHORIZATION_WEBHOOK = '/api/v1/webhooks/increase/card-authorizations';

const CATEGORY = 'real_time_decision.card_authorization_requested';
const ID_MAX_LENGTH = 200;

/**
 * POST /api/v1/webhooks/increase/card-authorizations: Increase's real-time webhook for card
 * authorizations (the Event of category real_time_decision.card_authorization_requested, whose
 * `associated_object_id` is the Real-Time Decision). Keel trusts nothing in the body but that id: it
 * reads the decision back from Increase with its API key, decides it by the card's status and limits
 * in the company's time zone (cardAuthorizations.ts), records the charge and answers through the
 * action endpoint. So a forged call can only make Keel decide a real pending decision correctly, and
 * the route needs no signature check to be safe. Any other category is acknowledged and ignored.
 * Registered only when the card issuer decides authorizations (BANKING_PROVIDER=increase).
 */
export function registerIncreaseCardWebhooks(app: FastifyInstance, deps: AppDeps) {
  const desk = deps.providers.cards.authorizations;
  if (deps.config.FEATURES.banking === 'off' || !desk) return;

  app.post(INCREASE_CARD_AUTHORIZATION_WEBHOOK, async (request, reply) => {
    const body = await readBodyFields(request, reply);
    if (!body) return reply;
    if (body.category !== CATEGORY) return reply.code(200).send({ handled: false });
    const decisionId = body.associated_object_id;
    if (typeof decisionId !== 'string' || decisionId.length === 0 || decisionId.length > ID_MAX_LENGTH) {
      return sendProblem(reply, 400, 'associated_object_id must name the Real-Time Decision');
    }
    const outcome = await decideIssuerAuthorization(
      { db: deps.db, clock: deps.clock, desk, provider: deps.providers.cards.kind },
      decisionId,
    );
    return reply.code(200).send({ handled: outcome !== null, approved: outcome?.approved ?? null });
  });
}
