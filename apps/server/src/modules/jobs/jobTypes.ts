import { JOB_STATUSES } from '../../db/schema';
import { builder } from '../../graphql/builder';
import type { JobStatusEvent } from '../../jobs/jobEvents';
import type { JobRow } from '../../jobs/jobRows';

/** A job row or a status event heard on the company's topic: both answer as JobStatus. */
type JobStatusView = JobRow | JobStatusEvent;

const JobStateRef = builder.enumType('JobState', {
  description:
    'Where a job is (spec §3 Job status): queued (waiting, or waiting to retry), running, succeeded, failed (its error says why), canceled. The last three are final.',
  values: JOB_STATUSES,
});

export const JobStatusRef = builder.objectRef<JobStatusView>('JobStatus').implement({
  description:
    "A background job's status (spec §3 Job status), e.g. a QuickBooks sync: what the accounts page shows while it runs.",
  fields: (t) => ({
    id: t.exposeID('id'),
    type: t.exposeString('type', { description: "What the job does, e.g. 'QuickbooksSync'." }),
    subjectId: t.id({
      nullable: true,
      description:
        "What it works on: a bank link's id for BankLinkSync (PlaidItem.itemId, MoneykitLink.id), the QuickBooks company file's realmId for QuickbooksSync; null for a job about the whole company.",
      resolve: (job) => job.subjectId,
    }),
    status: t.field({ type: JobStateRef, resolve: (job) => job.status }),
    progress: t.exposeInt('progress', {
      nullable: true,
      description: 'Percent done, 0–100; null while unknown (show a spinner).',
    }),
    message: t.exposeString('message', {
      nullable: true,
      description: 'What it is doing now, for the page.',
    }),
    error: t.exposeString('error', {
      nullable: true,
      description: "Why the last attempt failed, for the user; final once the status is 'failed'.",
    }),
    startedAt: t.field({ type: 'DateTime', nullable: true, resolve: (job) => job.startedAt }),
    finishedAt: t.field({ type: 'DateTime', nullable: true, resolve: (job) => job.finishedAt }),
    queuedAt: t.field({ type: 'DateTime', resolve: (job) => job.queuedAt }),
  }),
});

export const EntityJobUpdateRef = builder.objectRef<JobStatusView>('EntityJobUpdate').implement({
  description: 'One change of one of the company’s jobs (entityJobWasUpdated).',
  fields: (t) => ({
    jobStatus: t.field({ type: JobStatusRef, resolve: (job) => job }),
  }),
});
