import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { queryRows } from '../db/queryRows';
import { jobs } from '../db/schema';

/** A row of the jobs table (db/schema/jobs.ts documents the design). */
export type JobRow = typeof jobs.$inferSelect;

/** The longest `message` kept (a progress line), so a status always fits one realtime message. */
export const JOB_MESSAGE_MAX = 300;
/** The longest `error` kept (a user-facing sentence). */
export const JOB_ERROR_MAX = 600;
/** The most recent jobs a page may ask for at once. */
export const JOB_LIST_MAX = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Text cut to `max` characters (an ellipsis marks the cut); null stays null. */
export function capText(text: string | null | undefined, max: number): string | null {
  if (text === null || text === undefined) return null;
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** One job by id, or null (also for an id that is not a UUID). */
export async function getJob(db: Db | Tx, jobId: string): Promise<JobRow | null> {
  if (!UUID.test(jobId)) return null;
  const [row] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  return row ?? null;
}

/** One company's job by id, or null when it has none with that id. */
export async function getEntityJob(db: Db | Tx, entityId: string, jobId: string): Promise<JobRow | null> {
  if (!UUID.test(jobId) || !UUID.test(entityId)) return null;
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.entityId, entityId)));
  return row ?? null;
}

/** A company's most recent jobs, newest first (by when they were queued), at most JOB_LIST_MAX. */
export async function listJobs(db: Db | Tx, entityId: string, limit = 20): Promise<JobRow[]> {
  const bounded = Math.max(1, Math.min(JOB_LIST_MAX, Math.trunc(limit)));
  return db
    .select()
    .from(jobs)
    .where(eq(jobs.entityId, entityId))
    .orderBy(desc(jobs.queuedAt), desc(jobs.id))
    .limit(bounded);
}

/** How long a finished job (succeeded, failed or canceled) is kept: its outcome has long been seen. */
export const FINISHED_JOB_RETENTION_DAYS = 30;
/** The most finished jobs one pruning deletes (the next one takes the rest). */
const JOB_PRUNE_BATCH = 1_000;

/**
 * Deletes the oldest jobs finished more than FINISHED_JOB_RETENTION_DAYS ago (by the database's
 * clock), at most JOB_PRUNE_BATCH; answers how many went. Queued and running jobs are never touched.
 */
export async function pruneFinishedJobs(db: Db): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`DELETE FROM jobs WHERE id IN (
          SELECT id FROM jobs
          WHERE status IN ('succeeded', 'failed', 'canceled')
            AND finished_at < now() - make_interval(days => ${FINISHED_JOB_RETENTION_DAYS})
          ORDER BY finished_at
          LIMIT ${JOB_PRUNE_BATCH})
        RETURNING id`,
  );
  return rows.length;
}
