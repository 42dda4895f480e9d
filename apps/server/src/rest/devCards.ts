import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../appDeps';
import { authorizeCardCharge } from '../modules/banking/cardAuthorizations';
import { readBodyFields } from './requestInput';

/**
 * The sandbox card network's development route, for the browser tests and the demo (the sandbox issuer
 * has no network to charge its cards):
 *
 * - POST /api/dev/cards/charge {card_id, merchant, amount}: a merchant asks to charge `amount` cents on
 *   the card now. Keel decides it as it decides every authorization (cardAuthorizations.ts: the card's
 *   status, then its daily and monthly limits in the company's time zone) and answers the charge as
 *   recorded: 201 with its status, approved or declined, and the decline reason.
 *
 * Registered by registerDevRoutes inside its loopback-only scope (DEV_ROUTES, never production), and only
 * while the card issuer is the sandbox: a real issuer's charges come from its network.
 */
export function registerDevCardRoutes(app: FastifyInstance, deps: AppDeps) {
  if (deps.config.FEATURES.banking === 'off' || deps.providers.cards.kind !== 'sandbox') return;

  app.post('/api/dev/cards/charge', async (request, reply) => {
    const body = await readBodyFields(request, reply);
    if (!body) return reply;
    const cardId = typeof body.card_id === 'string' ? body.card_id : '';
    // A refusal (400 for a bad merchant or amount, 404 for an unknown card) answers through the app's
    // error handler.
    const charge = await authorizeCardCharge(deps, {
      cardId,
      merchant: body.merchant,
      amount: body.amount,
    });
    return reply.code(201).send({
      id: charge.id,
      card_id: charge.cardId,
      merchant: charge.merchant,
      amount: charge.amount,
      day: charge.day,
      status: charge.status,
      decline_reason: charge.declineReason,
    });
  });
}
