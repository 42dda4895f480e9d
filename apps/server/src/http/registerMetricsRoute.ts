import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge } from 'prom-client';
import type { AppDeps } from '../appDeps';
import { type Db, poolStatsOf } from '../db/client';
import { queryRows } from '../db/queryRows';
import { bearerToken } from '../modules/auth/tokens';
import { reportCacheOf } from '../modules/reports/reportCache';
import { isLoopbackRequest } from '../rest/isLoopbackRequest';
import type { AppMetrics } from './appMetrics';
import { processMetricsRegistry } from './processMetrics';

/** How long a scrape waits for the job counts before leaving them out of its answer, in ms. */
const JOB_COUNTS_TIMEOUT_MS = 2_000;

type JobCounts = { queued: number; running: number; oldestDueSeconds: number };

/**
 * GET /metrics: this app's metrics and the process's, in Prometheus' text format. Only for a caller on
 * this machine (rest/isLoopbackRequest.ts: a loopback socket, not forwarded by a proxy) or one sending
 * `Authorization: Bearer <METRICS_TOKEN>`; anyone else gets exactly what an unknown path gets.
 */
export function registerMetricsRoute(app: FastifyInstance, deps: AppDeps): void {
  const metrics = app.metrics;
  observeDatabase(metrics, deps.db);
  observeJobRunner(app, metrics);
  new Gauge({
    name: 'keel_realtime_subscriptions',
    help: "Realtime subscriptions open in this process: GraphQL subscriptions and the job runner's own",
    registers: [metrics.registry],
    collect() {
      this.set(app.realtime.subscriberCount);
    },
  });
  const token = deps.config.METRICS_TOKEN;
  const allowed = (request: FastifyRequest) =>
    isLoopbackRequest(request) ||
    (token !== undefined && sameSecret(bearerToken(request.headers.authorization), token));

  app.get('/metrics', async (request, reply) => {
    if (!allowed(request)) return reply.callNotFound();
    const text = (await metrics.registry.metrics()) + (await processMetricsRegistry().metrics());
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}

/** Compares digests, so the time taken says nothing about how much of the token was right. */
function sameSecret(given: string | null, expected: string): boolean {
  if (!given) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The pool (PostgreSQL only), the jobs table and the report cache, read at scrape time. */
function observeDatabase(metrics: AppMetrics, db: Db) {
  const registers = [metrics.registry];
  if (poolStatsOf(db)) {
    new Gauge({
      name: 'keel_db_pool_connections',
      help: 'Connections of the database pool, by state (in_use, idle)',
      labelNames: ['state'],
      registers,
      collect() {
        const stats = poolStatsOf(db);
        if (!stats) return;
        this.set({ state: 'in_use' }, stats.total - stats.idle);
        this.set({ state: 'idle' }, stats.idle);
      },
    });
    new Gauge({
      name: 'keel_db_pool_waiting',
      help: 'Queries waiting for a connection of the database pool',
      registers,
      collect() {
        this.set(poolStatsOf(db)?.waiting ?? 0);
      },
    });
    new Gauge({
      name: 'keel_db_pool_max_connections',
      help: 'The most connections the database pool opens (DB_POOL_SIZE)',
      registers,
      collect() {
        this.set(poolStatsOf(db)?.max ?? 0);
      },
    });
  }

  // Both job gauges of one scrape share one query.
  let counting: Promise<JobCounts | null> | null = null;
  const jobCounts = () => {
    counting ??= readJobCounts(db).finally(() => {
      counting = null;
    });
    return counting;
  };
  new Gauge({
    name: 'keel_jobs',
    help: 'Jobs in the queue all servers share, by state: queued (retries waiting their turn included) and running; absent when the database did not answer',
    labelNames: ['state'],
    registers,
    async collect() {
      this.reset();
      const counts = await jobCounts();
      if (!counts) return;
      this.set({ state: 'queued' }, counts.queued);
      this.set({ state: 'running' }, counts.running);
    },
  });
  new Gauge({
    name: 'keel_jobs_oldest_due_seconds',
    help: 'How long the oldest queued job has been due without being claimed (0: none waiting)',
    registers,
    async collect() {
      this.reset();
      const counts = await jobCounts();
      if (counts) this.set(counts.oldestDueSeconds);
    },
  });

  const lookups = new Counter({
    name: 'keel_report_cache_lookups_total',
    help: 'Report cache lookups, by cache (answers: whole report answers; figures: report reads) and result (hit; joined: waited for a load under way; miss: loaded)',
    labelNames: ['cache', 'result'],
    registers,
    collect() {
      lookups.reset();
      for (const [cache, results] of Object.entries(reportCacheOf(db).lookups)) {
        for (const [result, count] of Object.entries(results)) lookups.inc({ cache, result }, count);
      }
    },
  });
}

/** The counts, or null when the database fails or takes longer than JOB_COUNTS_TIMEOUT_MS. */
async function readJobCounts(db: Db): Promise<JobCounts | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), JOB_COUNTS_TIMEOUT_MS);
  });
  const read = queryRows<{ queued: number; running: number; oldest_due: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE status = 'queued')::int AS queued,
          count(*) FILTER (WHERE status = 'running')::int AS running,
          coalesce(extract(epoch FROM now() - min(run_at) FILTER (WHERE status = 'queued' AND run_at <= now())), 0)::float8 AS oldest_due
        FROM jobs WHERE status IN ('queued', 'running')`,
  ).then(
    ([row]) => ({
      queued: Number(row?.queued ?? 0),
      running: Number(row?.running ?? 0),
      oldestDueSeconds: Math.max(0, Number(row?.oldest_due ?? 0)),
    }),
    () => null,
  );
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** This process's job runner (absent with JOB_WORKER=false): whether it goes round, and its attempts. */
function observeJobRunner(app: FastifyInstance, metrics: AppMetrics) {
  const runner = app.jobRunner;
  if (!runner) return;
  const registers = [metrics.registry];
  new Gauge({
    name: 'keel_job_runner_alive',
    help: "1 while this server's job runner does its rounds (what /readyz checks), else 0",
    registers,
    collect() {
      this.set(runner.health().alive ? 1 : 0);
    },
  });
  new Gauge({
    name: 'keel_job_runner_active_jobs',
    help: "Jobs this server's runner is running now",
    registers,
    collect() {
      this.set(runner.activeJobs);
    },
  });
  const attempts = new Counter({
    name: 'keel_job_attempts_total',
    help: "Job attempts this server's runner ended, by job type and outcome (succeeded; retrying: failed, queued again; failed: failed for good; given_back: the server stopped; aborted: canceled or lease lost; unrecorded)",
    labelNames: ['type', 'outcome'],
    registers,
    collect() {
      attempts.reset();
      for (const [type, outcomes] of runner.attemptCounts) {
        for (const [outcome, count] of outcomes) attempts.inc({ type, outcome }, count);
      }
    },
  });
}
