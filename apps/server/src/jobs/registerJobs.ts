import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../appDeps';
import { openRealtime } from '../realtime/openRealtime';
import type { Realtime } from '../realtime/realtime';
import { appJobHandlers } from './appJobHandlers';
import { createJobRunner, type JobRunner } from './createJobRunner';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's publish/subscribe across the servers of the database (realtime/realtime.ts). */
    realtime: Realtime;
    /** This process's job runner; null with JOB_WORKER=false. */
    jobRunner: JobRunner | null;
  }
}

/**
 * Gives the app its realtime and, with JOB_WORKER, a job runner: the runner starts when the
 * app is ready (listening, or `app.ready()` in tests) with the handlers of appJobHandlers.ts (or the
 * deps'). On close, subscriptions end first (an open SSE response would otherwise hold the server's
 * close), then the runner stops: it waits for running jobs and gives back those that do not finish.
 */
export async function registerJobs(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const realtime = await openRealtime(deps.db, { log: app.log });
  const { config } = deps;
  const runner = config.JOB_WORKER
    ? createJobRunner({
        db: deps.db,
        realtime,
        handlers: deps.jobHandlers ?? appJobHandlers(deps),
        concurrency: config.JOB_CONCURRENCY,
        pollIntervalMs: config.JOB_POLL_INTERVAL_MS,
        leaseMs: config.JOB_LEASE_MS,
        log: app.log,
      })
    : null;
  app.decorate('realtime', realtime);
  app.decorate('jobRunner', runner);
  app.addHook('onReady', async () => runner?.start());
  const shutDown = async () => {
    await realtime.close();
    await runner?.stop();
  };
  // preClose runs before the server stops taking connections; onClose covers an app never made ready.
  app.addHook('preClose', shutDown);
  app.addHook('onClose', shutDown);
}
