import type { Db } from '../db/client';
import { JOB_FAILED_MESSAGE, JobAborted, type JobContext, JobFailure, type JobHandler } from './jobHandler';
import {
  completeJob,
  failJobAttempt,
  type JobLease,
  type JobProgressUpdate,
  releaseJob,
  saveJobProgress,
} from './jobLease';
import { capText, getJob, JOB_MESSAGE_MAX, type JobRow } from './jobRows';

type Log = { error(details: object, message: string): void };

/**
 * How an attempt ended: the job succeeded; failed and was queued again for a retry; failed for good;
 * was given back because the server stops; was aborted (canceled, or its lease lost); or its outcome
 * could not be written (the lease lapses and another worker retries it).
 */
export type JobAttemptOutcome = 'succeeded' | 'retrying' | 'failed' | 'given_back' | 'aborted' | 'unrecorded';

type JobAttempt = {
  db: Db;
  /** The job as claimed (running, under `lease`). */
  job: JobRow;
  lease: JobLease;
  handler: JobHandler | undefined;
  /** Aborted by the runner: canceled, stopping or lease lost (its reason a JobAborted). */
  controller: AbortController;
  retryDelayMs(attempt: number): number;
  log: Log;
};

/**
 * One attempt at a claimed job: runs its handler and writes the outcome under the lease.
 * - resolved: succeeded (progress 100);
 * - aborted because the server stops: given back to the queue (released), resumed elsewhere;
 * - aborted because it was canceled or its lease was lost: nothing written (it is not ours any more);
 * - threw: queued again after the retry delay while attempts remain, else failed; `error` is a
 *   JobFailure's message, or JOB_FAILED_MESSAGE for anything else (logged in full), and a JobFailure
 *   with `retry: false` fails at once.
 * Never rejects: a write that fails is logged, and the lease lapses so another worker retries.
 * Answers how the attempt ended, for the runner's counts.
 */
export async function runJobAttempt(attempt: JobAttempt): Promise<JobAttemptOutcome> {
  const { db, job, lease, controller, log } = attempt;
  const context = createJobContext(attempt);
  try {
    try {
      if (!attempt.handler)
        throw new JobFailure(`No handler runs jobs of type ${job.type}`, { retry: false });
      await attempt.handler(context.api);
      await context.drain();
      return (await completeJob(db, lease)) ? 'succeeded' : 'aborted';
    } catch (error) {
      await context.drain();
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : null;
      if (reason instanceof JobAborted || error instanceof JobAborted) {
        if (reason instanceof JobAborted && reason.kind === 'stopping') {
          await releaseJob(db, lease);
          return 'given_back';
        }
        return 'aborted';
      }
      if (!(error instanceof JobFailure)) {
        log.error({ err: error, jobId: job.id, type: job.type }, 'A job handler failed');
      }
      const retry = !(error instanceof JobFailure) || error.retry;
      const row = await failJobAttempt(db, lease, {
        error: error instanceof JobFailure ? error.message : JOB_FAILED_MESSAGE,
        retryInMs: retry ? attempt.retryDelayMs(job.attempts) : null,
      });
      if (!row) return 'aborted';
      return row.status === 'failed' ? 'failed' : 'retrying';
    }
  } catch (error) {
    log.error({ err: error, jobId: job.id }, 'Could not record the outcome of a job');
    return 'unrecorded';
  }
}

/** The handler's view of its job, with writes kept in call order. */
function createJobContext(attempt: JobAttempt): { api: JobContext; drain(): Promise<void> } {
  const { db, job, lease, controller } = attempt;
  let last = { progress: job.progress, message: job.message };
  let writes: Promise<unknown> = Promise.resolve();

  const write = (update: JobProgressUpdate): Promise<void> => {
    const done = writes.then(async () => {
      const row = await saveJobProgress(db, lease, update);
      if (row) return;
      // Canceled, or taken over after the lease lapsed: the handler must stop.
      const current = await getJob(db, job.id);
      if (!controller.signal.aborted) {
        controller.abort(new JobAborted(current?.status === 'canceled' ? 'canceled' : 'lease lost'));
      }
      throw controller.signal.reason;
    });
    writes = done.catch(() => undefined);
    return done;
  };

  const visible = (percent: number | null, message: string | null | undefined) => {
    const next = {
      progress: normalizePercent(percent),
      message: message === undefined ? last.message : capText(message, JOB_MESSAGE_MAX),
    };
    const changed = next.progress !== last.progress || next.message !== last.message;
    last = next;
    return { next, changed };
  };

  const api: JobContext = {
    job,
    attempt: job.attempts,
    signal: controller.signal,
    db,
    progress(percent, message) {
      const { next, changed } = visible(percent, message);
      return changed ? write(next) : writes.then(() => undefined);
    },
    checkpoint(value, progress) {
      if (!progress) return write({ checkpoint: value });
      const { next } = visible(progress.percent, progress.message);
      return write({ ...next, checkpoint: value });
    },
  };
  return { api, drain: () => writes.then(() => undefined) };
}

/** A whole percent from 0 to 100, or null. */
function normalizePercent(percent: number | null): number | null {
  if (percent === null) return null;
  if (!Number.isFinite(percent))
    throw new TypeError(`progress must be a number from 0 to 100, not ${percent}`);
  return Math.min(100, Math.max(0, Math.round(percent)));
}
