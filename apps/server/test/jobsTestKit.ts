import type { Role } from '@keel/domain';
import { eq } from 'drizzle-orm';
import { jobs, memberships } from '../src/db/schema';
import { createJobRunner, type JobRunner, type JobRunnerOptions } from '../src/jobs/createJobRunner';
import { entityJobsTopic, type JobStatusEvent, parseJobStatusEvent } from '../src/jobs/jobEvents';
import type { JobHandlers } from '../src/jobs/jobHandler';
import type { JobRow } from '../src/jobs/jobRows';
import { createEntity } from '../src/modules/entities/service';
import type { TestApp } from './harness';
import { eventually } from './sseTestKit';
import { createSignedInUser } from './users';

/** Test support for the job queue suites. Test code only. */

let sequence = 0;

/** A job type no other test uses, so a runner of one test never claims another's jobs. */
export function uniqueJobType(name = 'TestJob'): string {
  sequence += 1;
  return `${name}${sequence}${Math.random().toString(36).slice(2, 6)}`;
}

/** A company with its owner (signed in); `member(role)` adds a member and answers their token. */
export async function createJobsCompany(t: TestApp, name: string) {
  sequence += 1;
  const owner = await createSignedInUser(
    t,
    `owner-${sequence}-${Math.random().toString(36).slice(2, 6)}@jobs.test`,
  );
  const entity = await createEntity(t.db, t.clock, owner.user.id, name);
  return {
    entityId: entity.id,
    owner,
    async member(role: Role): Promise<string> {
      sequence += 1;
      const user = await createSignedInUser(t, `${role}-${sequence}@jobs.test`);
      await t.db.insert(memberships).values({ entityId: entity.id, userId: user.user.id, role });
      return user.token;
    },
  };
}

/** Job runners a test starts on an app's database (fast settings), all stopped by `stopAll`. */
export function jobRunners() {
  const started: JobRunner[] = [];
  return {
    start(t: TestApp, handlers: JobHandlers, options: Partial<JobRunnerOptions> = {}): JobRunner {
      const runner = createJobRunner({
        db: t.db,
        realtime: t.app.realtime,
        handlers,
        pollIntervalMs: 50,
        leaseMs: 3_000,
        retryDelayMs: () => 20,
        stopGraceMs: 500,
        ...options,
      });
      runner.start();
      started.push(runner);
      return runner;
    },
    async stopAll(): Promise<void> {
      await Promise.all(started.splice(0).map((runner) => runner.stop({ graceMs: 200 })));
    },
  };
}

/** Every job status event published to a company's topic from now on, as this app hears them. */
export function collectJobEvents(t: TestApp, entityId: string) {
  const controller = new AbortController();
  const events: JobStatusEvent[] = [];
  (async () => {
    for await (const value of t.app.realtime.subscribe(entityJobsTopic(entityId), controller.signal)) {
      const event = parseJobStatusEvent(value);
      if (event) events.push(event);
    }
  })();
  return {
    events,
    of: (jobId: string) => events.filter((event) => event.id === jobId),
    stop: () => controller.abort(),
  };
}

export async function readJob(t: TestApp, jobId: string): Promise<JobRow> {
  const [row] = await t.db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!row) throw new Error(`No job ${jobId}`);
  return row;
}

/** Waits until the job has the status, and answers it. */
export async function jobReaches(
  t: TestApp,
  jobId: string,
  status: JobRow['status'],
  timeoutMs = 5_000,
): Promise<JobRow> {
  let row: JobRow | undefined;
  await eventually(async () => {
    row = await readJob(t, jobId);
    return row.status === status;
  }, timeoutMs);
  return row as JobRow;
}

/** A promise with its resolve, for a handler to wait on a test's go-ahead. */
export function deferred<T = void>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
