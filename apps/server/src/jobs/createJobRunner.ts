import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/client';
import type { Realtime } from '../realtime/realtime';
import { withDeadline } from '../withDeadline';
import { JOB_QUEUE_TOPIC, type JobQueueMessage } from './jobEvents';
import { JobAborted, type JobHandlers } from './jobHandler';
import { claimDueJobs, failAbandonedJobs, releaseJob, renewLeases } from './jobLease';
import { getJob, type JobRow, pruneFinishedJobs } from './jobRows';
import { type JobAttemptOutcome, runJobAttempt } from './runJobAttempt';

/** Where the runner reports trouble (pino's logger fits). */
export type JobLog = {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type JobRunnerOptions = {
  db: Db;
  /** Wakes the runner when a job is queued or canceled in any process. */
  realtime: Realtime;
  /** The job types this runner runs; it claims no other. */
  handlers: JobHandlers;
  /** Names this worker in `locked_by` (default host:pid:random). */
  workerId?: string;
  /** Jobs run at once in this process (default 2). */
  concurrency?: number;
  /** How often due jobs are looked for without being told (default 5 s): retries, run_at, lost news. */
  pollIntervalMs?: number;
  /** How long a claim holds without renewal (default 60 s); renewed every third of it. */
  leaseMs?: number;
  /** The wait before attempt `attempt + 1` after attempt `attempt` failed (default 5 s doubling, at most 5 min). */
  retryDelayMs?: (attempt: number) => number;
  /** How often the runner deletes jobs finished long ago (jobRows.ts pruneFinishedJobs; default 1 hour). */
  pruneIntervalMs?: number;
  /** How long stop() waits for running handlers before aborting them, and again after (default 10 s). */
  stopGraceMs?: number;
  log?: JobLog;
  /** The time in milliseconds, for liveness (default performance.now; tests move their own). */
  now?: () => number;
};

/** The longest a claim loop may take (a statement under load) before the runner counts as stalled. */
export const CLAIM_LOOP_GRACE_MS = 30_000;

/**
 * Whether the runner is doing its rounds, for readiness (/readyz) and the metrics: 'alive' while its
 * claim loop ends at least once per two poll intervals plus CLAIM_LOOP_GRACE_MS. A runner busy with
 * as many jobs as it may run still goes round (it finds no free slot and ends at once), so busy is
 * alive; 'stalled' is a loop stuck on the database or timers that stopped firing.
 */
export type JobRunnerHealth = {
  state: 'new' | 'started' | 'stopping' | 'stopped';
  alive: boolean;
  /** Milliseconds since the claim loop last ended (or since start, before it first did). */
  sinceLastClaimLoopMs: number | null;
};

/** Attempts this runner ended, by job type and outcome (runJobAttempt.ts), since it was made. */
export type JobAttemptCounts = Map<string, Map<JobAttemptOutcome, number>>;

export type JobRunner = {
  readonly workerId: string;
  /** Starts claiming: at once, on every 'job queued' message, on every poll and whenever a slot frees. */
  start(): void;
  /**
   * Stops claiming, waits up to the grace period for running handlers, then aborts the rest (their
   * signal's reason: JobAborted 'stopping'), gives their jobs back to the queue (resumed elsewhere from
   * their checkpoints) and waits for them to end, up to the grace period again.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
  /** Looks for due jobs now. */
  wake(): void;
  /** Jobs running in this process now. */
  readonly activeJobs: number;
  health(): JobRunnerHealth;
  /** How this runner's attempts ended so far (the metrics count failed jobs from it). */
  readonly attemptCounts: JobAttemptCounts;
};

const silentLog: JobLog = { warn: () => undefined, error: () => undefined };

/** 5 s, 10 s, 20 s … at most 5 minutes, each ±20% so retries of many jobs spread out. */
function defaultRetryDelayMs(attempt: number): number {
  const base = Math.min(300_000, 5_000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

type ActiveJob = { controller: AbortController; settled: Promise<void> };

/**
 * The worker of one process: claims due jobs of its handlers' types from the shared queue
 * (jobLease.ts: FOR UPDATE SKIP LOCKED, so of many processes one claims each job), runs up to
 * `concurrency` at once, renews their leases while they run and writes their outcome
 * (runJobAttempt.ts). A job canceled elsewhere is aborted as soon as the message arrives (or at the next
 * renewal, if the message was lost).
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, realtime, handlers } = options;
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const concurrency = Math.max(1, Math.trunc(options.concurrency ?? 2));
  const pollIntervalMs = options.pollIntervalMs ?? 5_000;
  const leaseMs = options.leaseMs ?? 60_000;
  const stopGraceMs = options.stopGraceMs ?? 10_000;
  const pruneIntervalMs = options.pruneIntervalMs ?? 3_600_000;
  let prunedAt = Number.NEGATIVE_INFINITY;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;
  const log = options.log ?? silentLog;
  const types = Object.keys(handlers);
  const active = new Map<string, ActiveJob>();
  const listening = new AbortController();
  const now = options.now ?? (() => performance.now());
  const attemptCounts: JobAttemptCounts = new Map();
  let lastClaimLoopAt: number | null = null;
  let state: 'new' | 'started' | 'stopping' | 'stopped' = 'new';
  let pollTimer: ReturnType<typeof setInterval> | undefined;
  let renewTimer: ReturnType<typeof setInterval> | undefined;
  let claiming: Promise<void> | null = null;
  let claimAgain = false;
  let stopping: Promise<void> | null = null;

  const abortJob = async (jobId: string) => {
    const job = await getJob(db, jobId);
    active
      .get(jobId)
      ?.controller.abort(new JobAborted(job?.status === 'canceled' ? 'canceled' : 'lease lost'));
  };

  const begin = (job: JobRow) => {
    const controller = new AbortController();
    const settled = runJobAttempt({
      db,
      job,
      lease: { jobId: job.id, workerId },
      handler: handlers[job.type],
      controller,
      retryDelayMs,
      log,
    })
      .then((outcome) => {
        const byOutcome = attemptCounts.get(job.type) ?? new Map<JobAttemptOutcome, number>();
        byOutcome.set(outcome, (byOutcome.get(outcome) ?? 0) + 1);
        attemptCounts.set(job.type, byOutcome);
      })
      .finally(() => {
        active.delete(job.id);
        wake();
      });
    active.set(job.id, { controller, settled });
  };

  const claimLoop = async () => {
    do {
      claimAgain = false;
      const free = concurrency - active.size;
      if (state !== 'started' || free <= 0) return;
      let claimed: JobRow[];
      try {
        claimed = await claimDueJobs(db, { workerId, types, limit: free, leaseMs });
      } catch (error) {
        log.error({ err: error, workerId }, 'Could not claim jobs');
        return;
      }
      for (const job of claimed) {
        if (state === 'started') {
          begin(job);
        } else {
          await releaseJob(db, { jobId: job.id, workerId }).catch((error: unknown) =>
            log.error({ err: error, jobId: job.id }, 'Could not give a job back'),
          );
        }
      }
      if (claimed.length === free) claimAgain = true;
    } while (claimAgain);
  };

  const wake = () => {
    if (state !== 'started') return;
    if (claiming) {
      claimAgain = true;
      return;
    }
    claiming = claimLoop().finally(() => {
      claiming = null;
      lastClaimLoopAt = now();
    });
  };

  const renew = async () => {
    const jobIds = [...active.keys()];
    if (jobIds.length === 0) return;
    try {
      const kept = await renewLeases(db, { workerId, jobIds, leaseMs });
      for (const jobId of jobIds) if (!kept.has(jobId) && active.has(jobId)) await abortJob(jobId);
    } catch (error) {
      log.warn({ err: error, workerId }, 'Could not renew job leases');
    }
  };

  const listen = async () => {
    for await (const message of realtime.subscribe(JOB_QUEUE_TOPIC, listening.signal)) {
      const news = message as JobQueueMessage;
      if (news?.kind === 'enqueued' && types.includes(news.type)) wake();
      if (news?.kind === 'canceled') active.get(news.id)?.controller.abort(new JobAborted('canceled'));
    }
  };

  const poll = () => {
    failAbandonedJobs(db, types)
      .catch((error: unknown) => log.error({ err: error }, 'Could not fail abandoned jobs'))
      .finally(wake);
    // Every process prunes now and then; deleting the same old rows twice is harmless.
    if (performance.now() - prunedAt >= pruneIntervalMs) {
      prunedAt = performance.now();
      pruneFinishedJobs(db).catch((error: unknown) =>
        log.warn({ err: error }, 'Could not delete old finished jobs'),
      );
    }
  };

  const stop = async (graceMs: number) => {
    state = 'stopping';
    clearInterval(pollTimer);
    listening.abort();
    await claiming;
    const settledAll = () => Promise.allSettled([...active.values()].map((job) => job.settled));
    if (active.size > 0) await withDeadline(settledAll(), graceMs);
    if (active.size > 0) {
      for (const job of active.values()) job.controller.abort(new JobAborted('stopping'));
      await withDeadline(settledAll(), graceMs);
      if (active.size > 0) {
        log.warn(
          { workerId, jobs: [...active.keys()] },
          'Job handlers ignored the stop; their leases will lapse',
        );
      }
    }
    clearInterval(renewTimer);
    state = 'stopped';
  };

  return {
    workerId,
    start() {
      if (state !== 'new') return;
      state = 'started';
      lastClaimLoopAt = now();
      if (types.length === 0) return;
      listen().catch((error: unknown) => log.error({ err: error }, 'Job runner stopped listening'));
      pollTimer = setInterval(poll, pollIntervalMs);
      renewTimer = setInterval(renew, Math.max(50, Math.floor(leaseMs / 3)));
      poll();
    },
    stop(stopOptions = {}) {
      if (state === 'new' || state === 'stopped') {
        state = 'stopped';
        return Promise.resolve();
      }
      stopping ??= stop(stopOptions.graceMs ?? stopGraceMs);
      return stopping;
    },
    wake,
    get activeJobs() {
      return active.size;
    },
    health() {
      const since = lastClaimLoopAt === null ? null : now() - lastClaimLoopAt;
      // A runner with no job types has nothing to claim and no loop to watch.
      const onTime =
        types.length === 0 || (since !== null && since <= 2 * pollIntervalMs + CLAIM_LOOP_GRACE_MS);
      return { state, alive: state === 'started' && onTime, sinceLastClaimLoopMs: since };
    },
    attemptCounts,
  };
}
