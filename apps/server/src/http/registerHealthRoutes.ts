import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../appDeps';
import { createReadinessCheck } from './readiness';

/**
 * GET /healthz (liveness): 200 `{"status":"ok"}` whenever the process answers, stopping or not; it
 * touches nothing, so a slow database never gets a live server restarted.
 *
 * GET /readyz (readiness): 200 `{"status":"ready","checks":{…}}` when this server should get traffic
 * (http/readiness.ts), else 503 `{"status":"unavailable","checks":{…}}` naming each check's state,
 * from the moment shutdown begins on. Neither route passes the admission gate (a busy server still
 * answers them) nor is ever cached; their log lines are debug (http/observeRequests.ts).
 */
export function registerHealthRoutes(app: FastifyInstance, deps: Pick<AppDeps, 'db'>): void {
  const readiness = createReadinessCheck({
    db: deps.db,
    lifecycle: app.lifecycle,
    jobRunner: () => app.jobRunner,
  });

  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (_request, reply) => {
    const { ready, checks } = await readiness();
    reply.header('cache-control', 'no-store').status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'unavailable', checks };
  });
}
