/**
 * The job queue: background work in PostgreSQL shared by every server process of one
 * database (db/schema/jobs.ts documents the table). Modules queue work with enqueueJob; each process's
 * runner (createJobRunner, started by buildApp) claims and runs it with the handlers of
 * appJobHandlers.ts; every status and progress change is published on `entity-jobs:<entityId>`.
 */
export { cancelJob } from './cancelJob';
export {
  createJobRunner,
  type JobRunner,
  type JobRunnerOptions,
} from './createJobRunner';
export { enqueueJob } from './enqueueJob';
export {
  entityJobsTopic,
  type JobStatusEvent,
  parseJobStatusEvent,
} from './jobEvents';
export {
  JOB_FAILED_MESSAGE,
  JobAborted,
  type JobContext,
  JobFailure,
  type JobHandler,
  type JobHandlers,
} from './jobHandler';
export { getEntityJob, getJob, JOB_LIST_MAX, type JobRow, listJobs } from './jobRows';
