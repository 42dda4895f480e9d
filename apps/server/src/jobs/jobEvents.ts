import type { Db, Tx } from '../db/client';
import type { JobStatus } from '../db/schema';
import { publishInTx } from '../realtime/publishInTx';
import type { JobRow } from './jobRows';

/**
 * Spec §3 Job status, as it travels on the realtime topic `entity-jobs:<entityId>` (and, as the
 * GraphQL type JobStatus, to the page): every change of a job's status or progress publishes one.
 * Instants are ISO strings. `entityId` lets a receiver check where it came from.
 */
export type JobStatusEvent = {
  id: string;
  entityId: string;
  type: string;
  /** What the job works on (jobs.subject_id), or null. */
  subjectId: string | null;
  status: JobStatus;
  progress: number | null;
  message: string | null;
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  queuedAt: string;
};

/** The realtime topic of a company's job statuses. */
export const entityJobsTopic = (entityId: string) => `entity-jobs:${entityId}`;

/** The topic job runners listen on: a job to run now, a job canceled. Not for clients. */
export const JOB_QUEUE_TOPIC = 'job-queue';

/** What runners hear on JOB_QUEUE_TOPIC. */
export type JobQueueMessage = { kind: 'enqueued'; type: string } | { kind: 'canceled'; id: string };

function jobStatusEventOf(row: JobRow): JobStatusEvent {
  return {
    id: row.id,
    entityId: row.entityId,
    type: row.type,
    subjectId: row.subjectId,
    status: row.status,
    progress: row.progress,
    message: row.message,
    error: row.error,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    queuedAt: row.queuedAt.toISOString(),
  };
}

/**
 * Publishes the row's status to its company's topic, delivered when `executor`'s transaction commits.
 * Fits NOTIFY's limit: message and error are capped where they are written (jobRows.ts).
 */
export function publishJobStatus(executor: Db | Tx, row: JobRow): Promise<void> {
  return publishInTx(executor, entityJobsTopic(row.entityId), jobStatusEventOf(row));
}

/** Tells the runners of every process (delivered on commit). */
export function publishToRunners(executor: Db | Tx, message: JobQueueMessage): Promise<void> {
  return publishInTx(executor, JOB_QUEUE_TOPIC, message);
}

const STATUSES: ReadonlySet<string> = new Set(['queued', 'running', 'succeeded', 'failed', 'canceled']);

/** A job status event heard on a topic, checked, or null when it is not one. */
export function parseJobStatusEvent(value: unknown): JobStatusEvent | null {
  if (!value || typeof value !== 'object') return null;
  const event = value as Record<string, unknown>;
  const text = (key: string) => typeof event[key] === 'string';
  const textOrNull = (key: string) => event[key] === null || typeof event[key] === 'string';
  const ok =
    text('id') &&
    text('entityId') &&
    text('type') &&
    // A server of the version before sends none (null then).
    (event.subjectId === undefined || textOrNull('subjectId')) &&
    STATUSES.has(String(event.status)) &&
    (event.progress === null || typeof event.progress === 'number') &&
    textOrNull('message') &&
    textOrNull('error') &&
    textOrNull('startedAt') &&
    textOrNull('finishedAt') &&
    text('queuedAt');
  return ok ? ({ ...event, subjectId: event.subjectId ?? null } as JobStatusEvent) : null;
}
