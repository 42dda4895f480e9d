import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { jobs } from '../db/schema';
import type { JsonValue } from '../realtime/realtime';
import { publishJobStatus } from './jobEvents';
import { capText, JOB_ERROR_MAX, JOB_MESSAGE_MAX, type JobRow } from './jobRows';

/**
 * The writes of a worker that holds a job (its lease). Every write names the worker and applies only
 * while the job is running under its lease: once the job is canceled, or its lease ran out and another
 * worker took it, the write changes nothing and answers null, and the worker stops. Each write that
 * changes what the page shows publishes the job's status in the same transaction. Times are the
 * database's (`now()`), so servers whose clocks disagree still agree on leases and due times.
 */
export type JobLease = { jobId: string; workerId: string };

/** `now()` plus a number of milliseconds. */
const nowPlus = (ms: number): SQL =>
  sql`now() + ${Math.max(0, Math.round(ms))}::integer * interval '1 millisecond'`;

const held = (lease: JobLease) =>
  and(eq(jobs.id, lease.jobId), eq(jobs.lockedBy, lease.workerId), eq(jobs.status, 'running'));

/** The message of a job that died with its worker once too often. */
export const ABANDONED_JOB_ERROR =
  'This job stopped before it finished too many times (its server went away), so it was not tried again.';

/**
 * Claims up to `limit` due jobs of the given types for `workerId`: queued ones whose `run_at` has come,
 * and running ones whose lease ran out (their worker died; they resume from `checkpoint`), oldest
 * first. `FOR UPDATE SKIP LOCKED` in a materialised CTE: concurrent claimers (other processes) skip
 * each other's rows, so a job is claimed once. Each claimed job is running, its attempts counted, its
 * lease until now + leaseMs; its status is published.
 */
export async function claimDueJobs(
  db: Db,
  options: { workerId: string; types: readonly string[]; limit: number; leaseMs: number },
): Promise<JobRow[]> {
  if (options.types.length === 0 || options.limit <= 0) return [];
  return db.transaction(async (tx) => {
    const due = tx.$with('due').as(
      tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            inArray(jobs.status, ['queued', 'running']),
            sql`${jobs.runAt} <= now()`,
            inArray(jobs.type, [...options.types]),
            sql`(${jobs.status} = 'queued' OR (${jobs.lockedUntil} < now() AND ${jobs.attempts} < ${jobs.maxAttempts}))`,
          ),
        )
        .orderBy(asc(jobs.runAt), asc(jobs.queuedAt))
        .limit(options.limit)
        .for('update', { skipLocked: true }),
    );
    const claimed = await tx
      .with(due)
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedBy: options.workerId,
        lockedUntil: nowPlus(options.leaseMs),
        startedAt: sql`coalesce(${jobs.startedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(inArray(jobs.id, tx.select({ id: due.id }).from(due)))
      .returning();
    for (const row of claimed) await publishJobStatus(tx, row);
    return claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime());
  });
}

/**
 * Fails the running jobs of these types whose lease ran out with no attempt left (their worker died on the last one),
 * so a job that kills its worker is not tried forever. Returns them.
 */
export async function failAbandonedJobs(db: Db, types: readonly string[]): Promise<JobRow[]> {
  if (types.length === 0) return [];
  return db.transaction(async (tx) => {
    const failed = await tx
      .update(jobs)
      .set({
        status: 'failed',
        error: ABANDONED_JOB_ERROR,
        finishedAt: sql`now()`,
        lockedBy: null,
        lockedUntil: null,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(jobs.status, 'running'),
          sql`${jobs.runAt} <= now()`,
          inArray(jobs.type, [...types]),
          sql`${jobs.lockedUntil} < now()`,
          sql`${jobs.attempts} >= ${jobs.maxAttempts}`,
        ),
      )
      .returning();
    for (const row of failed) await publishJobStatus(tx, row);
    return failed;
  });
}

/** Extends the worker's leases on these jobs; answers the ids it still holds (the others: stop them). */
export async function renewLeases(
  db: Db,
  options: { workerId: string; jobIds: readonly string[]; leaseMs: number },
): Promise<Set<string>> {
  if (options.jobIds.length === 0) return new Set();
  const renewed = await db
    .update(jobs)
    .set({ lockedUntil: nowPlus(options.leaseMs) })
    .where(
      and(
        inArray(jobs.id, [...options.jobIds]),
        eq(jobs.lockedBy, options.workerId),
        eq(jobs.status, 'running'),
      ),
    )
    .returning({ id: jobs.id });
  return new Set(renewed.map((row) => row.id));
}

export type JobProgressUpdate = {
  /** 0–100, or null when unknown (the page shows a spinner). */
  progress?: number | null;
  message?: string | null;
  /** What the job has done so far: a worker that takes the job over resumes from it. */
  checkpoint?: JsonValue;
};

/**
 * Saves progress, message and/or checkpoint of a held job; publishes its status when progress or
 * message was given (a checkpoint alone changes nothing the page shows). Null: the lease is gone.
 */
export async function saveJobProgress(
  db: Db,
  lease: JobLease,
  update: JobProgressUpdate,
): Promise<JobRow | null> {
  const visible = 'progress' in update || 'message' in update;
  const write = async (executor: Db | Tx) => {
    const [row] = await executor
      .update(jobs)
      .set({
        ...('progress' in update ? { progress: update.progress ?? null } : {}),
        ...('message' in update ? { message: capText(update.message, JOB_MESSAGE_MAX) } : {}),
        ...('checkpoint' in update ? { checkpoint: update.checkpoint ?? null } : {}),
        updatedAt: sql`now()`,
      })
      .where(held(lease))
      .returning();
    if (row && visible) await publishJobStatus(executor, row);
    return row ?? null;
  };
  return visible ? db.transaction(write) : write(db);
}

/** The handler finished: succeeded, progress 100, finished now, the last error cleared. */
export async function completeJob(db: Db, lease: JobLease): Promise<JobRow | null> {
  return finishHeld(db, lease, {
    status: 'succeeded',
    progress: 100,
    error: null,
    finishedAt: sql`now()`,
  });
}

/**
 * The handler threw. With `retryInMs` and attempts left, the job is queued again to run after that
 * delay (its checkpoint kept, so the next attempt resumes); otherwise it has failed for good. `error`
 * (user-facing) is kept either way: the last attempt's reason.
 */
export async function failJobAttempt(
  db: Db,
  lease: JobLease,
  failure: { error: string; retryInMs: number | null },
): Promise<JobRow | null> {
  const error = capText(failure.error, JOB_ERROR_MAX);
  if (failure.retryInMs === null) {
    return finishHeld(db, lease, { status: 'failed', error, finishedAt: sql`now()` });
  }
  const retry = sql`${jobs.attempts} < ${jobs.maxAttempts}`;
  return finishHeld(db, lease, {
    status: sql`CASE WHEN ${retry} THEN 'queued' ELSE 'failed' END`,
    error,
    runAt: sql`CASE WHEN ${retry} THEN ${nowPlus(failure.retryInMs)} ELSE ${jobs.runAt} END`,
    finishedAt: sql`CASE WHEN ${retry} THEN NULL ELSE now() END`,
  });
}

/**
 * The worker stops before the job is done (its server is shutting down): the job is queued again at
 * once, the attempt given back, so another worker resumes it from its checkpoint.
 */
export async function releaseJob(db: Db, lease: JobLease): Promise<JobRow | null> {
  return finishHeld(db, lease, {
    status: 'queued',
    attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
    runAt: sql`now()`,
  });
}

async function finishHeld(
  db: Db,
  lease: JobLease,
  values: PgUpdateSetSource<typeof jobs>,
): Promise<JobRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(jobs)
      .set({ ...values, lockedBy: null, lockedUntil: null, updatedAt: sql`now()` })
      .where(held(lease))
      .returning();
    if (row) await publishJobStatus(tx, row);
    return row ?? null;
  });
}
