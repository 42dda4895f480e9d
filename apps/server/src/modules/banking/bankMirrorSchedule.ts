import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../appDeps';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/queryRows';
import { BANK_MIRROR_JOB, enqueueBankMirror } from './bankMirrorJob';

/**
 * How the BankMirror job (bankMirrorJob.ts) keeps running for every company with a deposit account:
 * - each run queues the next one (BANK_MIRROR_INTERVAL_MS later), so a company has one chain of runs;
 * - a server's job runner starts by seeding a run for every company with an open account and no
 *   BankMirror job queued or running, and sweeps again every BANK_MIRROR_SWEEP_INTERVALS intervals: an
 *   account opened since, or a chain that ended (its last run failed for good), gets a run;
 * - a banking read that finds an account never mirrored, or mirrored more than
 *   BANK_MIRROR_STALE_INTERVALS intervals ago, asks for a run, and does not wait for it.
 * Every request for a run now shares one dedupe key per company, so servers and pages asking at once
 * queue one.
 */

/** Intervals between two sweeps for companies without a mirror under way. */
const BANK_MIRROR_SWEEP_INTERVALS = 10;
/** Intervals after which a read finds the figures old and asks for a mirror. */
const BANK_MIRROR_STALE_INTERVALS = 3;

/** Queues a run now for each company with an open deposit account and no BankMirror job under way. */
export async function seedBankMirrors(db: Db): Promise<number> {
  const due = await queryRows<{ entity_id: string }>(
    db,
    sql`SELECT DISTINCT d.entity_id FROM deposit_accounts d
        WHERE d.status = 'open'
          AND NOT EXISTS (
            SELECT 1 FROM jobs j
            WHERE j.entity_id = d.entity_id AND j.type = ${BANK_MIRROR_JOB}
              AND j.status IN ('queued', 'running'))`,
  );
  for (const { entity_id } of due) await enqueueBankMirror(db, entity_id);
  return due.length;
}

/**
 * For a banking read: asks for a mirror of the company when one of its accounts was never mirrored or
 * was mirrored long ago, without waiting for it. Never fails the read (a failure to queue is only
 * logged); nothing on a server without banking.
 */
export async function requestMirrorIfStale(
  deps: { db: Db; config: Config; clock: Clock; log?: { warn(details: object, message: string): void } },
  entityId: string,
  accounts: ReadonlyArray<{ mirroredAt: Date | null; status: string }>,
): Promise<void> {
  if (deps.config.FEATURES.banking === 'off') return;
  const staleBefore =
    deps.clock.now().getTime() - BANK_MIRROR_STALE_INTERVALS * deps.config.BANK_MIRROR_INTERVAL_MS;
  const stale = accounts.some(
    (account) =>
      account.status === 'open' && (!account.mirroredAt || account.mirroredAt.getTime() < staleBefore),
  );
  if (!stale) return;
  try {
    await enqueueBankMirror(deps.db, entityId);
  } catch (error) {
    deps.log?.warn({ err: error, entityId }, 'Could not queue a bank mirror');
  }
}

/**
 * Seeds the mirrors when this server's job runner starts, and sweeps on a timer, when the runner runs
 * BankMirror jobs (JOB_WORKER, banking on, and the app's own handlers or ones that include it).
 */
export function registerBankMirrorSchedule(app: FastifyInstance, deps: AppDeps): void {
  const { config } = deps;
  if (!config.JOB_WORKER || config.FEATURES.banking === 'off') return;
  // The app's own handlers include it (jobs/appJobHandlers.ts); a test's own handlers may not.
  if (deps.jobHandlers && !deps.jobHandlers[BANK_MIRROR_JOB]) return;
  let timer: ReturnType<typeof setInterval> | undefined;
  const sweep = () =>
    seedBankMirrors(deps.db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'Could not seed the bank mirrors'),
    );
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(sweep, config.BANK_MIRROR_INTERVAL_MS * BANK_MIRROR_SWEEP_INTERVALS);
    timer.unref();
  });
  app.addHook('preClose', async () => clearInterval(timer));
  app.addHook('onClose', async () => clearInterval(timer));
}
