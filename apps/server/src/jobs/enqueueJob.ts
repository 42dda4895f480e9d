import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { jobs } from '../db/schema';
import type { JsonValue } from '../realtime/realtime';
import { publishJobStatus, publishToRunners } from './jobEvents';
import { capText, JOB_MESSAGE_MAX, type JobRow } from './jobRows';

type EnqueueJobInput = {
  entityId: string;
  /** Names the handler that runs it, e.g. 'QuickbooksSync' (spec §3 Job status type). */
  type: string;
  /** The handler's input: small JSON (ids, options), at most JOB_PAYLOAD_MAX_BYTES. */
  payload?: JsonValue;
  /**
   * One queued or running job per company and key: asking again while one is active answers that one
   * (a second click on 'Sync' joins the sync under way). Once it has finished, the key is free again.
   */
  dedupeKey?: string | null;
  /** What it works on (a bank link's id, a company file's id), shown with its status: 1 to 200 characters. */
  subjectId?: string | null;
  /** The user who asked for it. */
  createdBy?: string | null;
  /** Not before this instant (default: now, the database's clock). */
  runAt?: Date;
  /** Attempts before it fails for good, 1 to 100 (default 3). */
  maxAttempts?: number;
  /** The first line the page shows while it waits, e.g. 'Waiting for QuickBooks'. */
  message?: string | null;
};

const JOB_PAYLOAD_MAX_BYTES = 64 * 1024;
const TYPE_PATTERN = /^[A-Za-z][\w.-]{0,99}$/;
const DEDUPE_KEY_MAX = 200;
/** Times the insert is tried when the active job it collided with finished before it could be read. */
const ENQUEUE_ATTEMPTS = 3;

/**
 * Queues a job and tells every process's runner (realtime), so one of them starts it at once rather
 * than at its next poll; publishes its 'queued' status to the company's topic. Pass the caller's
 * transaction to queue it with the caller's writes: nothing is queued or announced unless they commit.
 *
 * With a `dedupeKey`, the unique partial index `jobs_active_dedupe_key` decides races: of concurrent
 * requests one inserts, the others (ON CONFLICT DO NOTHING) read and answer the job it made; nothing is
 * announced for a joined job. Returns the job row and whether it was made now.
 */
export async function enqueueJob(
  executor: Db | Tx,
  input: EnqueueJobInput,
): Promise<JobRow & { joined: boolean }> {
  const values = checkedValues(input);
  for (let attempt = 0; attempt < ENQUEUE_ATTEMPTS; attempt += 1) {
    // The insert and its announcements commit together (a savepoint inside the caller's transaction),
    // so no runner can claim the job, and announce it running, before 'queued' is out.
    const created = await executor.transaction((tx) => insertAndAnnounce(tx, values));
    if (created) return { ...created, joined: false };
    const [active] = await executor
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.entityId, input.entityId),
          eq(jobs.dedupeKey, values.dedupeKey ?? ''),
          inArray(jobs.status, ['queued', 'running']),
        ),
      );
    if (active) return { ...active, joined: true };
  }
  throw new Error(`enqueueJob: the active job of key ${values.dedupeKey} kept changing; try again`);
}

/** Inserts the job unless its key has an active one (then null), and announces it. */
async function insertAndAnnounce(tx: Tx, values: typeof jobs.$inferInsert): Promise<JobRow | null> {
  const [created] = await tx
    .insert(jobs)
    .values(values)
    .onConflictDoNothing({
      target: [jobs.entityId, jobs.dedupeKey],
      where: sql.raw(`status IN ('queued', 'running')`),
    })
    .returning();
  if (!created) return null;
  await publishJobStatus(tx, created);
  await publishToRunners(tx, { kind: 'enqueued', type: created.type });
  return created;
}

function checkedValues(input: EnqueueJobInput): typeof jobs.$inferInsert {
  if (!TYPE_PATTERN.test(input.type)) throw new Error(`enqueueJob: not a job type: ${input.type}`);
  const payload = input.payload ?? {};
  const bytes = Buffer.byteLength(JSON.stringify(payload), 'utf8');
  if (bytes > JOB_PAYLOAD_MAX_BYTES) {
    throw new Error(`enqueueJob: payload is ${bytes} bytes; at most ${JOB_PAYLOAD_MAX_BYTES}`);
  }
  const dedupeKey = input.dedupeKey ?? null;
  if (dedupeKey !== null && (dedupeKey.length === 0 || dedupeKey.length > DEDUPE_KEY_MAX)) {
    throw new Error(`enqueueJob: a dedupe key has 1 to ${DEDUPE_KEY_MAX} characters`);
  }
  const subjectId = input.subjectId ?? null;
  if (subjectId !== null && (subjectId.length === 0 || subjectId.length > DEDUPE_KEY_MAX)) {
    throw new Error(`enqueueJob: a subject id has 1 to ${DEDUPE_KEY_MAX} characters`);
  }
  const maxAttempts = input.maxAttempts ?? 3;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1 || maxAttempts > 100) {
    throw new Error('enqueueJob: maxAttempts is a whole number from 1 to 100');
  }
  return {
    entityId: input.entityId,
    type: input.type,
    payload,
    dedupeKey,
    subjectId,
    createdBy: input.createdBy ?? null,
    maxAttempts,
    message: capText(input.message, JOB_MESSAGE_MAX),
    ...(input.runAt ? { runAt: input.runAt } : {}),
  };
}
