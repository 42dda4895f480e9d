import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createJobsCompany, deferred, jobReaches } from '../../../test/jobsTestKit';
import { eventually, listenOnce, openSse, type SseResult } from '../../../test/sseTestKit';
import { memberships } from '../../db/schema';
import { enqueueJob } from '../../jobs/enqueueJob';
import type { JobHandlers } from '../../jobs/jobHandler';

/**
 * Background jobs over GraphQL: entityJobs, cancelEntityJob and the entityJobWasUpdated subscription over
 * SSE, on two servers of one database (server A runs the jobs, server B only serves subscribers), each
 * listening on a real port as behind a proxy.
 */

const SUBSCRIBE = `subscription($e: ID!) { entityJobWasUpdated(entityId: $e) {
  jobStatus { id type status progress message error startedAt finishedAt queuedAt } } }`;

type JobStatusAnswer = {
  id: string;
  type: string;
  status: string;
  progress: number | null;
  message: string | null;
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  queuedAt: string;
};

const jobStatusOf = (result: SseResult) =>
  (result.data?.entityJobWasUpdated as { jobStatus: JobStatusAnswer } | undefined)?.jobStatus;

/** Reads events until one matches, answering it (events before it are skipped). */
async function nextMatching(
  subscription: Awaited<ReturnType<typeof openSse>>,
  match: (status: JobStatusAnswer) => boolean,
  timeoutMs = 3_000,
): Promise<JobStatusAnswer> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = jobStatusOf(await subscription.next(Math.max(1, deadline - Date.now())));
    if (status && match(status)) return status;
  }
}

/** Per job: the handler waits for `go` before its second step. */
const gates = new Map<string, ReturnType<typeof deferred<void>>>();
const handlers: JobHandlers = {
  QuickbooksSync: async ({ job, progress }) => {
    await progress(null, 'Connecting to QuickBooks');
    await gates.get(job.id)?.promise;
    await progress(50, 'Halfway');
  },
};

let a: TestApp;
let b: TestApp;
let urlA: string;
let urlB: string;
let x: Awaited<ReturnType<typeof createJobsCompany>>;
let y: Awaited<ReturnType<typeof createJobsCompany>>;
let bookkeeperX: string;

beforeAll(async () => {
  a = await createTestApp({
    jobHandlers: handlers,
    env: { JOB_POLL_INTERVAL_MS: '50', JOB_LEASE_MS: '3000' },
  });
  // Server B runs no jobs and lets one request run at a time: an open subscription must not take it.
  b = await createTestApp({
    sharedWith: a,
    env: { JOB_WORKER: 'false', MAX_CONCURRENT_REQUESTS: '1', REQUEST_QUEUE_TIMEOUT_MS: '1000' },
  });
  urlA = await listenOnce(a);
  urlB = await listenOnce(b);
  x = await createJobsCompany(a, 'X Corp');
  y = await createJobsCompany(a, 'Y Corp');
  bookkeeperX = await x.member('bookkeeper');
});
afterAll(async () => {
  await b.close();
  await a.close();
});

describe('entityJobs and cancelEntityJob', () => {
  it("lists the company's recent jobs, newest first, as many as asked (1 to 100)", async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      ids.push((await enqueueJob(a.db, { entityId: x.entityId, type: 'ListedJob', payload: { n } })).id);
    }
    const result = await b.graphql<{ entityJobs: JobStatusAnswer[] }>(
      'query($e: ID!) { entityJobs(entityId: $e, first: 2) { id type status progress queuedAt } }',
      { e: x.entityId },
      bookkeeperX,
    );
    expect(result.data?.entityJobs.map((job) => job.id)).toEqual([ids[2], ids[1]]);
    expect(result.data?.entityJobs[0]).toMatchObject({ type: 'ListedJob', status: 'queued', progress: null });
    for (const first of [0, 101]) {
      const refused = await b.graphql(
        'query($e: ID!, $f: Int) { entityJobs(entityId: $e, first: $f) { id } }',
        { e: x.entityId, f: first },
        bookkeeperX,
      );
      expect(refused.errors?.[0]).toMatchObject({
        message: 'first must be from 1 to 100',
        extensions: { code: 'BAD_USER_INPUT', field: 'first' },
      });
    }
    // Another company's list is its own.
    const theirs = await b.graphql<{ entityJobs: { id: string }[] }>(
      'query($e: ID!) { entityJobs(entityId: $e) { id } }',
      { e: y.entityId },
      y.owner.token,
    );
    expect(theirs.data?.entityJobs.some((job) => ids.includes(job.id))).toBe(false);
  });

  it("cancels a company's job for those who manage the company; other ids are not found", async () => {
    const job = await enqueueJob(a.db, { entityId: x.entityId, type: 'CancelMe' });
    const cancel =
      'mutation($e: ID!, $j: ID!) { cancelEntityJob(entityId: $e, jobId: $j) { id status finishedAt } }';
    const refused = await b.graphql(cancel, { e: x.entityId, j: job.id }, bookkeeperX);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const canceled = await b.graphql<{ cancelEntityJob: JobStatusAnswer }>(
      cancel,
      { e: x.entityId, j: job.id },
      x.owner.token,
    );
    expect(canceled.data?.cancelEntityJob).toMatchObject({ id: job.id, status: 'canceled' });
    expect(canceled.data?.cancelEntityJob.finishedAt).toEqual(expect.any(String));
    // Y's job named under X, a random id and a malformed one: not found alike.
    const ys = await enqueueJob(a.db, { entityId: y.entityId, type: 'CancelMe' });
    for (const jobId of [ys.id, crypto.randomUUID(), 'not-a-uuid']) {
      const missing = await b.graphql(cancel, { e: x.entityId, j: jobId }, x.owner.token);
      expect(missing.errors?.[0]).toMatchObject({
        message: 'Job not found',
        extensions: { code: 'NOT_FOUND' },
      });
    }
  });
});

describe('entityJobWasUpdated over SSE, across servers', () => {
  it('brings a member on server B, within 1 s, each change of a job run on server A', async () => {
    const subscription = await openSse(urlB, SUBSCRIBE, { e: x.entityId }, bookkeeperX);
    expect(subscription.status).toBe(200);
    expect(subscription.headers.get('content-type')).toContain('text/event-stream');
    expect(subscription.headers.get('x-accel-buffering')).toBe('no');

    const job = await enqueueJob(a.db, { entityId: x.entityId, type: 'QuickbooksSync', dedupeKey: 'qbo' });
    const gate = deferred();
    gates.set(job.id, gate);
    expect(await nextMatching(subscription, (s) => s.id === job.id)).toMatchObject({
      type: 'QuickbooksSync',
      status: 'queued',
      progress: null,
    });
    expect(
      await nextMatching(subscription, (s) => s.id === job.id && s.message === 'Connecting to QuickBooks'),
    ).toMatchObject({ status: 'running', progress: null, startedAt: expect.any(String) });

    const sentAt = Date.now();
    gate.resolve();
    const halfway = await nextMatching(subscription, (s) => s.id === job.id && s.progress === 50);
    expect(Date.now() - sentAt).toBeLessThan(1_000);
    expect(halfway).toMatchObject({ status: 'running', message: 'Halfway' });
    const done = await nextMatching(subscription, (s) => s.id === job.id && s.status === 'succeeded');
    expect(done).toMatchObject({ progress: 100, error: null, finishedAt: expect.any(String) });
    subscription.close();
  });

  it('refuses a stranger as a query does, and brings each member only their own company’s jobs', async () => {
    const query = await b.graphql(
      'query($e: ID!) { entityJobs(entityId: $e) { id } }',
      { e: x.entityId },
      y.owner.token,
    );
    const stranger = await openSse(urlB, SUBSCRIBE, { e: x.entityId }, y.owner.token);
    const refusal = await stranger.next();
    const shown = (errors: SseResult['errors']) =>
      errors?.map(({ message, extensions }) => ({ message, extensions }));
    expect(shown(refusal.errors)).toEqual(shown(query.errors));
    expect(refusal.errors?.[0]).toMatchObject({
      message: 'Entity not found',
      extensions: { code: 'NOT_FOUND' },
    });
    await stranger.ended;

    const cardOnly = await openSse(urlB, SUBSCRIBE, { e: x.entityId }, await x.member('card_only'));
    expect((await cardOnly.next()).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const anonymous = await openSse(urlB, SUBSCRIBE, { e: x.entityId });
    expect((await anonymous.next()).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const inX = await openSse(urlB, SUBSCRIBE, { e: x.entityId }, bookkeeperX);
    const inY = await openSse(urlA, SUBSCRIBE, { e: y.entityId }, y.owner.token);
    const yJob = await enqueueJob(b.db, { entityId: y.entityId, type: 'Quiet' });
    const xJob = await enqueueJob(b.db, { entityId: x.entityId, type: 'Quiet' });
    expect(jobStatusOf(await inX.next())?.id).toBe(xJob.id);
    expect(jobStatusOf(await inY.next())?.id).toBe(yJob.id);
    const another = await enqueueJob(b.db, { entityId: x.entityId, type: 'Quiet' });
    expect(jobStatusOf(await inX.next())?.id).toBe(another.id);
    inX.close();
    inY.close();
  });

  it('holds no request slot while open: with one slot, queries still run beside two subscriptions', async () => {
    const first = await openSse(urlB, SUBSCRIBE, { e: x.entityId }, bookkeeperX);
    const second = await openSse(urlB, SUBSCRIBE, { e: x.entityId }, bookkeeperX);
    expect([first.status, second.status]).toEqual([200, 200]);
    const response = await fetch(`${urlB}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bookkeeperX}` },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    expect(response.status).toBe(200);
    first.close();
    second.close();
  });

  it('lets go of a subscription whose client left, and holds none for a client that cannot stream', async () => {
    // The earlier tests' subscriptions are all let go once their clients left.
    await eventually(() => b.app.realtime.subscriberCount === 0);
    const before = b.app.realtime.subscriberCount;
    const subscription = await openSse(urlB, SUBSCRIBE, { e: x.entityId }, bookkeeperX);
    expect(b.app.realtime.subscriberCount).toBe(before + 1);
    subscription.close();
    await eventually(() => b.app.realtime.subscriberCount === before);

    const asJson = await b.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Bearer ${bookkeeperX}`,
      },
      payload: JSON.stringify({ query: SUBSCRIBE, variables: { e: x.entityId } }),
    });
    expect(asJson.statusCode).toBe(406);
    expect(b.app.realtime.subscriberCount).toBe(before);
  });

  it('ends a subscription once its viewer may no longer read the company', async () => {
    const leaving = await createJobsCompany(b, 'Leaving Co');
    const memberToken = await leaving.member('bookkeeper');
    const subscription = await openSse(urlB, SUBSCRIBE, { e: leaving.entityId }, memberToken);
    const first = await enqueueJob(b.db, { entityId: leaving.entityId, type: 'Quiet' });
    expect(jobStatusOf(await subscription.next())?.id).toBe(first.id);
    await b.db
      .delete(memberships)
      .where(and(eq(memberships.entityId, leaving.entityId), eq(memberships.role, 'bookkeeper')));
    // Removed behind the app's back (no access message): the next event finds the membership gone and
    // the stream ends instead of sending it.
    await enqueueJob(b.db, { entityId: leaving.entityId, type: 'Quiet' });
    await expect(subscription.next()).rejects.toThrow(/ended/);
    await subscription.ended;
  });

  it('ends open subscriptions when a server closes, so it closes at once', async () => {
    const c = await createTestApp({ sharedWith: a, env: { JOB_WORKER: 'false' } });
    const subscription = await openSse(await listenOnce(c), SUBSCRIBE, { e: x.entityId }, bookkeeperX);
    const closingAt = Date.now();
    await c.close();
    await subscription.ended;
    expect(Date.now() - closingAt).toBeLessThan(2_000);
    // The job runner of server A is unaffected.
    const job = await enqueueJob(a.db, { entityId: x.entityId, type: 'QuickbooksSync' });
    await jobReaches(a, job.id, 'succeeded');
  });
});
