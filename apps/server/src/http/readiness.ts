import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { readMigrationStatus } from '../db/migrationStatus';
import type { JobRunner } from '../jobs/createJobRunner';
import type { ServerLifecycle } from './lifecycle';

/**
 * How long the database has to answer a readiness check, in ms: under Kubernetes' default probe
 * timeout (1 s), so the probe gets our 503 and its reason rather than a timeout of its own.
 */
export const READINESS_DATABASE_TIMEOUT_MS = 800;

/** Each check's state, as /readyz answers it; `skipped` when the server is stopping. */
type ReadinessChecks = {
  server: 'serving' | 'stopping';
  database: 'up' | 'down' | 'timeout' | 'skipped';
  migrations: 'at_head' | 'behind' | 'unknown' | 'skipped';
  /** `off`: this server runs no job runner (JOB_WORKER=false), which is not a fault. */
  jobs: 'alive' | 'stalled' | 'starting' | 'stopped' | 'off' | 'skipped';
};

type Readiness = { ready: boolean; checks: ReadinessChecks };

type DatabaseProbe = Pick<ReadinessChecks, 'database' | 'migrations'>;

type ReadinessSources = {
  db: Db;
  lifecycle: ServerLifecycle;
  /** This server's job runner, or null when it runs none. */
  jobRunner: () => JobRunner | null;
  timeoutMs?: number;
};

/**
 * The readiness check: the server is not stopping, the database answers `SELECT 1` within the timeout,
 * its migrations are at this build's head, and this server's job runner (if it runs one) does its
 * rounds. Once the migrations were seen at head they are not read again: a schema never goes back.
 * Checks asked for while one is under way share it, so a flood of probes costs one query at a time;
 * a database that hangs keeps at most one query waiting.
 */
export function createReadinessCheck(sources: ReadinessSources): () => Promise<Readiness> {
  const timeoutMs = sources.timeoutMs ?? READINESS_DATABASE_TIMEOUT_MS;
  let atHead = false;
  let underWay: Promise<DatabaseProbe> | null = null;

  const probeDatabase = async (): Promise<DatabaseProbe> => {
    const probe: DatabaseProbe = { database: 'timeout', migrations: 'unknown' };
    try {
      await sources.db.execute(sql`SELECT 1`);
      probe.database = 'up';
      atHead ||= (await readMigrationStatus(sources.db)).atHead;
      probe.migrations = atHead ? 'at_head' : 'behind';
    } catch {
      if (probe.database !== 'up') probe.database = 'down';
    }
    return probe;
  };

  const probeWithin = async (): Promise<DatabaseProbe> => {
    underWay ??= probeDatabase().finally(() => {
      underWay = null;
    });
    const running = underWay;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<DatabaseProbe>((resolve) => {
      timer = setTimeout(() => resolve({ database: 'timeout', migrations: 'unknown' }), timeoutMs);
    });
    try {
      return await Promise.race([running, late]);
    } finally {
      clearTimeout(timer);
    }
  };

  return async () => {
    if (sources.lifecycle.stopping) return stoppingAnswer();
    const probe = await probeWithin();
    // Stopping may have begun while the database answered.
    if (sources.lifecycle.stopping) return stoppingAnswer();
    const checks: ReadinessChecks = { server: 'serving', ...probe, jobs: jobsState(sources.jobRunner()) };
    const ready =
      checks.database === 'up' &&
      checks.migrations === 'at_head' &&
      (checks.jobs === 'alive' || checks.jobs === 'off');
    return { ready, checks };
  };
}

const stoppingAnswer = (): Readiness => ({
  ready: false,
  checks: { server: 'stopping', database: 'skipped', migrations: 'skipped', jobs: 'skipped' },
});

function jobsState(runner: JobRunner | null): ReadinessChecks['jobs'] {
  if (!runner) return 'off';
  const health = runner.health();
  if (health.state === 'new') return 'starting';
  if (health.state !== 'started') return 'stopped';
  return health.alive ? 'alive' : 'stalled';
}
