import { ISSUED_CARD_TYPE } from '@keel/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../appDeps';
import { createContext } from '../graphql/context';
import { requestFactsOf } from '../http/requestFacts';
import {
  cardDepsOf,
  REVEAL_MESSAGES,
  requireCard,
  revealCard,
  spendExposedRevealToken,
} from '../modules/banking';
import { isFeatureOff, sendFeatureUnavailable } from './featureUnavailable';
import { problem, sendProblem } from './problem';
import { clientOf } from './requestInput';
import { requireRestViewer } from './viewer';

/** The problem `type` of a refused reveal token, apart from 'unauthorized' (the session is over). */
export const REVEAL_TOKEN_PROBLEM = 'invalid_reveal_token';

type RevealRequest = FastifyRequest<{ Params: { id: string }; Querystring: { token?: unknown } }>;

/** The reveal token: the X-Reveal-Token header only (headers stay out of access logs and history). */
function revealTokenOf(request: RevealRequest): string | undefined {
  const header = request.headers['x-reveal-token'];
  return typeof header === 'string' && header ? header : undefined;
}

/** Every value of a `token` query parameter: a reveal token sent where it must not be. */
function tokensInAddress(request: RevealRequest): string[] {
  const value = request.query.token;
  const values = Array.isArray(value) ? value : [value];
  return values.filter((item): item is string => typeof item === 'string' && item !== '');
}

/**
 * GET /api/v1/cards/{id} and /api/v1/cards/tprime/{id} (spec §7): the reveal step. With the bearer
 * token and a reveal token from createCardRevealToken (modules/banking/cardReveal.ts), answers
 * `{ primary_account_number, verification_code, expiration }` and spends the token. The reveal token
 * is taken from the X-Reveal-Token header only: a request with a `token` query parameter spends that
 * token first (whoever it was made for, whatever else the request lacks) and is refused. Every answer is
 * `Cache-Control: no-store`. 401 without a live session ('unauthorized': the web app signs out); 404
 * for unknown, malformed and other companies' cards ('Card not found'), and on the tprime path for a
 * card that is not a TPrime::Card; 401 with the problem type 'invalid_reveal_token' and a message
 * saying why for a token in the address, a missing, unknown, spent or expired token, or one made for
 * another user or card; 501 'Banking is not set up on this server' on a server without banking,
 * before the card is looked up.
 */
export async function registerCardRoutes(app: FastifyInstance, deps: AppDeps) {
  const refuseToken = (reply: FastifyReply, message: string) =>
    reply
      .status(401)
      .header('www-authenticate', `Reveal-Token error="invalid_token"`)
      .type('application/problem+json')
      .send({ ...problem(401, message), type: REVEAL_TOKEN_PROBLEM });

  const reveal = (tprimeOnly: boolean) => async (request: RevealRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    const exposed = tokensInAddress(request);
    for (const token of exposed) await spendExposedRevealToken(deps, token);
    const viewer = await requireRestViewer(request, reply, deps);
    if (!viewer) return reply;
    if (isFeatureOff(deps.config, 'banking')) return sendFeatureUnavailable(reply, 'banking');
    const ctx = createContext({
      ...deps,
      viewer,
      client: clientOf(request),
      requestFacts: requestFactsOf(request),
    });
    // A refusal (403 FORBIDDEN, 404 'Card not found') answers through the app's error handler.
    const card = await requireCard(ctx, request.params.id, 'useCards');
    if (tprimeOnly && card.cardType !== ISSUED_CARD_TYPE) return sendProblem(reply, 404, 'Card not found');
    if (exposed.length > 0) return refuseToken(reply, REVEAL_MESSAGES.inAddress);
    const outcome = await revealCard(cardDepsOf(deps), {
      card,
      userId: viewer.userId,
      token: revealTokenOf(request),
      client: ctx.client,
    });
    if (!outcome.ok) return refuseToken(reply, outcome.message);
    return {
      primary_account_number: outcome.card.primaryAccountNumber,
      verification_code: outcome.card.verificationCode,
      expiration: outcome.card.expiration,
    };
  };
  app.get('/api/v1/cards/tprime/:id', reveal(true));
  app.get('/api/v1/cards/:id', reveal(false));
}
