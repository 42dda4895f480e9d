import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { publishJobStatus, publishToRunners } from './jobEvents';
import { getEntityJob, type JobRow } from './jobRows';

/**
 * Cancels a company's queued or running job: it becomes 'canceled' (finished now, its lease dropped),
 * which is final; the runner working on it hears of it (realtime, or at its next lease renewal) and
 * aborts its handler, whose later writes change nothing. The status is published to the company.
 * A job that has finished already is answered as it is (cancelling twice is harmless). Null when the
 * company has no such job.
 */
export async function cancelJob(db: Db, input: { entityId: string; jobId: string }): Promise<JobRow | null> {
  const existing = await getEntityJob(db, input.entityId, input.jobId);
  if (!existing) return null;
  return db.transaction(async (tx) => {
    const [canceled] = await tx
      .update(jobs)
      .set({
        status: 'canceled',
        finishedAt: sql`now()`,
        lockedBy: null,
        lockedUntil: null,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(jobs.id, existing.id),
          eq(jobs.entityId, existing.entityId),
          inArray(jobs.status, ['queued', 'running']),
        ),
      )
      .returning();
    if (!canceled) return (await getEntityJob(tx, input.entityId, input.jobId)) ?? existing;
    await publishJobStatus(tx, canceled);
    await publishToRunners(tx, { kind: 'canceled', id: canceled.id });
    return canceled;
  });
}
