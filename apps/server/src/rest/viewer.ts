import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../appDeps';
import type { Viewer } from '../graphql/context';
import { requestFactsOf } from '../http/requestFacts';
import { authenticateToken, bearerToken } from '../modules/auth/tokens';
import { sendProblem } from './problem';

/** The viewer of a REST request, or null after answering 401 (which the web app turns into /logout). */
export async function requireRestViewer(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: Pick<AppDeps, 'db' | 'clock'>,
): Promise<Viewer | null> {
  const token = bearerToken(request.headers.authorization);
  const viewer = token ? await authenticateToken(deps.db, deps.clock, token) : null;
  if (!viewer) {
    sendProblem(reply, 401, 'Attempted API request without login');
    return null;
  }
  requestFactsOf(request).userId = viewer.userId;
  return viewer;
}
