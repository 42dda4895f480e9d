import { ISSUED_CARD_TYPE } from '@keel/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import type { AppDeps } from '../appDeps';
import { createContext } from '../graphql/context';
import { requestFactsOf } from '../http/requestFacts';
import { cardDepsOf, requireCard, revealCard } from '../modules/banking';
import { isFeatureOff, sendFeatureUnavailable } from './featureUnavailable';
import { problem, sendProblem } from './problem';
import { clientOf } from './requestInput';
import { requireRestViewer } from './viewer';

/** The problem `type` of a refused reveal token, apart from 'unauthorized' (the session is over). */
export const REVEAL_TOKEN_PROBLEM = 'invalid_reveal_token';

type RevealRequest = FastifyRequest<{ Params: { id: string }; Querystring: { token?: unknown } }>;

/** The reveal token: the X-Reveal-Token header (kept out of access logs), else the `token` query parameter. */
function revealTokenOf(request: RevealRequest): string | undefined {
  const header = request.headers['x-reveal-token'];
  const value = typeof header === 'string' && header ? header : request.query.token;
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * GET /api/v1/cards/{id} and /api/v1/cards/tprime/{id} (spec §7): the reveal step. With the bearer
 * token and a reveal token from createCardRevealToken (modules/banking/cardReveal.ts), answers
 * `{ primary_account_number, verification_code, expiration }` and spends the token. Every answer is
 * `Cache-Control: no-store`. 401 without a live session ('unauthorized': the web app signs out); 404
 * for unknown, malformed and other companies' cards ('Card not found'), and on the tprime path for a
 * card that is not a TPrime::Card; 401 with the problem type 'invalid_reveal_token' and a message
 * saying why for a missing, unknown, spent or expired token, or one made for another user or card; 501
 * 'Banking is not set up on this server' on a server without banking, before the card is looked up.
 */
export async function registerCardRoutes(app: FastifyInstance, deps: AppDeps) {
  const reveal = (tprimeOnly: boolean) => async (request: RevealRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    const viewer = await requireRestViewer(request, reply, deps);
    if (!viewer) return reply;
    if (isFeatureOff(deps.config, 'banking')) return sendFeatureUnavailable(reply, 'banking');
    const ctx = createContext({
      ...deps,
      viewer,
      client: clientOf(request),
      requestFacts: requestFactsOf(request),
    });
    let card: Awaited<ReturnType<typeof requireCard>>;
    try {
      card = await requireCard(ctx, request.params.id, 'useCards');
    } catch (error) {
      const code = error instanceof GraphQLError ? error.extensions.code : null;
      if (code === 'FORBIDDEN') return sendProblem(reply, 403, error instanceof Error ? error.message : '');
      if (code === 'NOT_FOUND') return sendProblem(reply, 404, 'Card not found');
      throw error;
    }
    if (tprimeOnly && card.cardType !== ISSUED_CARD_TYPE) return sendProblem(reply, 404, 'Card not found');
    const outcome = await revealCard(cardDepsOf(deps), {
      card,
      userId: viewer.userId,
      token: revealTokenOf(request),
      client: ctx.client,
    });
    if (!outcome.ok) {
      return reply
        .status(401)
        .header('www-authenticate', `Reveal-Token error="invalid_token"`)
        .type('application/problem+json')
        .send({ ...problem(401, outcome.message), type: REVEAL_TOKEN_PROBLEM });
    }
    return {
      primary_account_number: outcome.card.primaryAccountNumber,
      verification_code: outcome.card.verificationCode,
      expiration: outcome.card.expiration,
    };
  };
  app.get('/api/v1/cards/tprime/:id', reveal(true));
  app.get('/api/v1/cards/:id', reveal(false));
}
