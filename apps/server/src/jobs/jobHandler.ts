import type { Db } from '../db/client';
import type { JsonValue } from '../realtime/realtime';
import type { JobRow } from './jobRows';

/**
 * What a handler is given for one attempt at one job.
 *
 * A handler must be safe to run again: an attempt can stop anywhere (its server dies, it throws) and the
 * next attempt, in any process, starts the handler again with the job as it was saved, `checkpoint`
 * included. Save a checkpoint after each unit of work (an item synced, a page read) and skip what it
 * says was done; a unit done but not yet checkpointed when the server died is done again.
 */
export type JobContext = {
  /** The job as claimed: `payload` is its input, `checkpoint` what earlier attempts saved (or null). */
  job: JobRow;
  /** Which attempt this is, from 1. */
  attempt: number;
  /**
   * Aborted when the job is canceled, when the server stops (after a grace period) or when the lease
   * was lost; `signal.reason` is a JobAborted. Pass it to fetches and check it between units of work.
   */
  signal: AbortSignal;
  /**
   * Saves and publishes progress: `percent` 0–100 (rounded; null when unknown) and a short message for
   * the page. Calls are written in order; one repeating the last values writes nothing. Rejects with a
   * JobAborted when the job is no longer this worker's (canceled): let it end the handler.
   */
  progress(percent: number | null, message?: string | null): Promise<void>;
  /**
   * Saves what has been done so far (small JSON), with progress when given (then published too). The
   * next attempt resumes from it. Rejects with a JobAborted like `progress`.
   */
  checkpoint(value: JsonValue, progress?: { percent: number | null; message?: string | null }): Promise<void>;
  db: Db;
};

/** Runs one job. Resolve: succeeded. Throw: retried or failed (see JobFailure). */
export type JobHandler = (context: JobContext) => Promise<void>;

/** The handlers a runner runs, by job type; a runner claims only jobs of these types. */
export type JobHandlers = Readonly<Record<string, JobHandler>>;

/**
 * An error whose message the user may read (it becomes the job's `error`): 'QuickBooks refused the
 * connection; reconnect it in Settings'. `retry: false` fails the job at once (retrying cannot help).
 * Any other error is logged in full and shown as JOB_FAILED_MESSAGE.
 */
export class JobFailure extends Error {
  readonly retry: boolean;
  constructor(message: string, options: { retry?: boolean; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'JobFailure';
    this.retry = options.retry ?? true;
  }
}

/** What the user reads when a job fails for a reason that is not a JobFailure. */
export const JOB_FAILED_MESSAGE = 'Something went wrong while running this job.';

/** Why a handler's signal was aborted. */
export class JobAborted extends Error {
  constructor(readonly kind: 'canceled' | 'stopping' | 'lease lost') {
    super(
      kind === 'canceled'
        ? 'The job was canceled'
        : kind === 'stopping'
          ? 'The server is stopping'
          : 'Another worker has taken this job over',
    );
    this.name = 'JobAborted';
  }
}
