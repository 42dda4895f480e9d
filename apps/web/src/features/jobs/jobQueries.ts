import { graphql, type ResultOf } from '../../lib/graphql';

/**
 * The GraphQL documents of background jobs (spec §3 Job status): a bank link's sync, the accounting
 * source's (QuickBooks Online) sync. Read once with entityJobs, then followed with entityJobWasUpdated.
 */

export const JOB_STATUS_FIELDS = graphql(`
  fragment JobStatusFields on JobStatus {
    id
    type
    subjectId
    status
    progress
    message
    error
    queuedAt
    startedAt
    finishedAt
  }
`);

/** A background job's status (spec §3 Job status). */
export type JobStatus = ResultOf<typeof JOB_STATUS_FIELDS>;

/** The company's most recent jobs, newest first: the state a page starts from, and re-reads after a gap. */
export const ENTITY_JOBS_QUERY = graphql(
  `
  query EntityJobs($entityId: ID!) {
    entityJobs(entityId: $entityId, first: 10) {
      ...JobStatusFields
    }
  }
`,
  [JOB_STATUS_FIELDS],
);

/** entityJobWasUpdated (spec §7): every change of the company's jobs from now on. */
export const ENTITY_JOB_WAS_UPDATED_SUBSCRIPTION = graphql(
  `
  subscription EntityJobWasUpdated($entityId: ID!) {
    entityJobWasUpdated(entityId: $entityId) {
      jobStatus {
        ...JobStatusFields
      }
    }
  }
`,
  [JOB_STATUS_FIELDS],
);
