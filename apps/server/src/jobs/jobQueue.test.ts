import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  collectJobEvents,
  createJobsCompany,
  deferred,
  jobReaches,
  jobRunners,
  readJob,
  uniqueJobType,
} from '../../test/jobsTestKit';
import { eventually } from '../../test/sseTestKit';
import { readConfig } from '../config';
import { jobs } from '../db/schema';
import { cancelJob } from './cancelJob';
import { enqueueJob } from './enqueueJob';
import { JOB_FAILED_MESSAGE, JobAborted, type JobContext, JobFailure } from './jobHandler';
import { ABANDONED_JOB_ERROR, claimDueJobs, saveJobProgress } from './jobLease';
import { FINISHED_JOB_RETENTION_DAYS, JOB_ERROR_MAX, JOB_MESSAGE_MAX } from './jobRows';

let t: TestApp;
let company: Awaited<ReturnType<typeof createJobsCompany>>;
const runners = jobRunners();

beforeAll(async () => {
  // The app's own runner is off: each test starts the runners it needs, with its own job types.
  t = await createTestApp({ env: { JOB_WORKER: 'false' } });
  company = await createJobsCompany(t, 'Queue Co');
});
afterEach(() => runners.stopAll());
afterAll(() => t.close());

describe('enqueueJob', () => {
  it('makes one job per company and dedupe key, however many ask at once', async () => {
    const type = uniqueJobType();
    const asked = await Promise.all(
      Array.from({ length: 20 }, () =>
        enqueueJob(t.db, { entityId: company.entityId, type, dedupeKey: 'sync', payload: { n: 1 } }),
      ),
    );
    expect(new Set(asked.map((job) => job.id)).size).toBe(1);
    expect(asked.filter((job) => !job.joined)).toHaveLength(1);
    const [rows] = await t.db.select({ n: count() }).from(jobs).where(eq(jobs.type, type));
    expect(rows?.n).toBe(1);

    // Another company's key is its own; no key, no joining.
    const other = await createJobsCompany(t, 'Other Co');
    const theirs = await enqueueJob(t.db, { entityId: other.entityId, type, dedupeKey: 'sync' });
    expect(theirs.joined).toBe(false);
    const plain = await Promise.all([1, 2].map(() => enqueueJob(t.db, { entityId: company.entityId, type })));
    expect(plain[0]?.id).not.toBe(plain[1]?.id);

    // Once the active one has finished, the key makes a new job.
    const first = asked[0];
    if (!first) throw new Error('no job');
    await cancelJob(t.db, { entityId: company.entityId, jobId: first.id });
    const again = await enqueueJob(t.db, { entityId: company.entityId, type, dedupeKey: 'sync' });
    expect(again.joined).toBe(false);
    expect(again.id).not.toBe(first.id);
  });

  it("queues with the caller's transaction: announced on commit, nothing on rollback", async () => {
    const type = uniqueJobType();
    const heard = collectJobEvents(t, company.entityId);
    await t.db
      .transaction(async (tx) => {
        await enqueueJob(tx, { entityId: company.entityId, type });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const committed = await t.db.transaction((tx) => enqueueJob(tx, { entityId: company.entityId, type }));
    await eventually(() => heard.of(committed.id).length > 0);
    expect(heard.events.filter((event) => event.type === type)).toEqual([
      expect.objectContaining({ id: committed.id, status: 'queued', progress: null }),
    ]);
    const [rows] = await t.db.select({ n: count() }).from(jobs).where(eq(jobs.type, type));
    expect(rows?.n).toBe(1);
    heard.stop();
  });

  it('refuses a payload too large, a bad type and attempts out of range', async () => {
    const entityId = company.entityId;
    await expect(enqueueJob(t.db, { entityId, type: 'x', payload: 'y'.repeat(70_000) })).rejects.toThrow(
      /payload/,
    );
    await expect(enqueueJob(t.db, { entityId, type: 'no spaces' })).rejects.toThrow(/job type/);
    await expect(enqueueJob(t.db, { entityId, type: 'x', maxAttempts: 0 })).rejects.toThrow(/maxAttempts/);
  });
});

describe('the job runner', () => {
  it('runs a job to succeeded, publishing its progress in order', async () => {
    const type = uniqueJobType('Sync');
    const heard = collectJobEvents(t, company.entityId);
    runners.start(t, {
      [type]: async ({ progress }) => {
        for (const percent of [10, 20, 30, 40, 50, 60, 70, 80, 90])
          await progress(percent, `Step ${percent}`);
        await progress(90, 'Step 90'); // the same again: nothing written
      },
    });
    const job = await enqueueJob(t.db, { entityId: company.entityId, type });
    const done = await jobReaches(t, job.id, 'succeeded');
    expect(done).toMatchObject({ progress: 100, attempts: 1, error: null, lockedBy: null });
    expect(done.finishedAt).toBeInstanceOf(Date);
    await eventually(() => heard.of(job.id).some((event) => event.status === 'succeeded'));
    const events = heard.of(job.id);
    expect(events.map((event) => [event.status, event.progress])).toEqual([
      ['queued', null],
      ['running', null],
      ...[10, 20, 30, 40, 50, 60, 70, 80, 90].map((percent) => ['running', percent]),
      ['succeeded', 100],
    ]);
    expect(events.at(-1)).toMatchObject({
      type,
      message: 'Step 90',
      error: null,
      startedAt: expect.any(String),
      finishedAt: done.finishedAt?.toISOString(),
      queuedAt: job.queuedAt.toISOString(),
    });
    heard.stop();
  });

  it('retries a failing handler after its back-off, then fails with its message', async () => {
    const type = uniqueJobType('Flaky');
    const startedAt: number[] = [];
    const delays: number[] = [];
    runners.start(
      t,
      {
        [type]: async () => {
          startedAt.push(Date.now());
          throw new JobFailure('The bank did not answer; we will try again later.');
        },
      },
      {
        retryDelayMs: (attempt) => {
          delays.push(attempt);
          return 150 * attempt;
        },
      },
    );
    const heard = collectJobEvents(t, company.entityId);
    const job = await enqueueJob(t.db, { entityId: company.entityId, type, maxAttempts: 3 });
    const failed = await jobReaches(t, job.id, 'failed');
    expect(failed).toMatchObject({
      attempts: 3,
      error: 'The bank did not answer; we will try again later.',
      lockedBy: null,
    });
    expect(failed.finishedAt).toBeInstanceOf(Date);
    expect(startedAt).toHaveLength(3);
    expect(delays).toEqual([1, 2, 3]);
    // Each retry waited its back-off (150 ms, then 300 ms), measured on the database's clock.
    expect((startedAt[1] ?? 0) - (startedAt[0] ?? 0)).toBeGreaterThanOrEqual(140);
    expect((startedAt[2] ?? 0) - (startedAt[1] ?? 0)).toBeGreaterThanOrEqual(290);
    await eventually(() => heard.of(job.id).some((event) => event.status === 'failed'));
    expect(heard.of(job.id).map((event) => event.status)).toEqual([
      'queued',
      'running',
      'queued',
      'running',
      'queued',
      'running',
      'failed',
    ]);
    heard.stop();
  });

  it('shows a generic message for an unexpected error, fails at once when retrying cannot help, and clears the error on success', async () => {
    const type = uniqueJobType('Mixed');
    let calls = 0;
    runners.start(t, {
      [type]: async ({ job }) => {
        calls += 1;
        const mode = (job.payload as { mode: string }).mode;
        if (mode === 'crash') throw new Error('connect ECONNREFUSED 10.0.0.7:5432 (internal detail)');
        if (mode === 'permanent')
          throw new JobFailure('QuickBooks refused the connection.', { retry: false });
        if (job.attempts === 1) throw new JobFailure('Try again');
      },
    });
    const crash = await enqueueJob(t.db, {
      entityId: company.entityId,
      type,
      payload: { mode: 'crash' },
      maxAttempts: 1,
    });
    const permanent = await enqueueJob(t.db, {
      entityId: company.entityId,
      type,
      payload: { mode: 'permanent' },
    });
    const flaky = await enqueueJob(t.db, { entityId: company.entityId, type, payload: { mode: 'once' } });
    expect(await jobReaches(t, crash.id, 'failed')).toMatchObject({ error: JOB_FAILED_MESSAGE });
    expect(await jobReaches(t, permanent.id, 'failed')).toMatchObject({
      error: 'QuickBooks refused the connection.',
      attempts: 1,
    });
    expect(await jobReaches(t, flaky.id, 'succeeded')).toMatchObject({ error: null, attempts: 2 });
    expect(calls).toBe(4);
  });

  it('aborts the handler of a canceled job, which stays canceled', async () => {
    const type = uniqueJobType('Long');
    const running = deferred();
    const aborted = deferred<unknown>();
    // A long poll and lease: the cancel must arrive by realtime, not by a renewal.
    runners.start(
      t,
      {
        [type]: async ({ progress, signal }) => {
          await progress(5, 'Reading accounts');
          running.resolve();
          await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
          aborted.resolve(signal.reason);
          throw signal.reason;
        },
      },
      { pollIntervalMs: 60_000, leaseMs: 60_000 },
    );
    const heard = collectJobEvents(t, company.entityId);
    const job = await enqueueJob(t.db, { entityId: company.entityId, type });
    await running.promise;
    const canceledAt = Date.now();
    const canceled = await cancelJob(t.db, { entityId: company.entityId, jobId: job.id });
    expect(canceled).toMatchObject({ status: 'canceled', lockedBy: null });
    const reason = await aborted.promise;
    expect(Date.now() - canceledAt).toBeLessThan(1_000);
    expect(reason).toBeInstanceOf(JobAborted);
    expect((reason as JobAborted).kind).toBe('canceled');
    // The handler has ended; nothing it or its runner wrote after the cancel changed the job.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await readJob(t, job.id)).toMatchObject({ status: 'canceled', progress: 5 });
    expect(heard.of(job.id).map((event) => event.status)).toEqual([
      'queued',
      'running',
      'running',
      'canceled',
    ]);

    // A queued job canceled before any runner takes it never runs; cancelling again answers it as it is.
    const later = await enqueueJob(t.db, {
      entityId: company.entityId,
      type: uniqueJobType('Never'),
      runAt: new Date(Date.now() + 60_000),
    });
    await cancelJob(t.db, { entityId: company.entityId, jobId: later.id });
    expect(await cancelJob(t.db, { entityId: company.entityId, jobId: later.id })).toMatchObject({
      status: 'canceled',
    });
    expect(await cancelJob(t.db, { entityId: company.entityId, jobId: crypto.randomUUID() })).toBeNull();
    heard.stop();
  });

  it('cuts long messages and errors so a status always fits one realtime message', async () => {
    const type = uniqueJobType('Wordy');
    const heard = collectJobEvents(t, company.entityId);
    runners.start(t, {
      [type]: async ({ progress }) => {
        // Control characters take 6 bytes each in JSON: the worst case for NOTIFY's 8000 bytes.
        await progress(10, '\u0001'.repeat(5_000));
        throw new JobFailure('\u0002'.repeat(5_000), { retry: false });
      },
    });
    const job = await enqueueJob(t.db, { entityId: company.entityId, type });
    const failed = await jobReaches(t, job.id, 'failed');
    expect(failed.message).toHaveLength(JOB_MESSAGE_MAX);
    expect(failed.error).toHaveLength(JOB_ERROR_MAX);
    await eventually(() => heard.of(job.id).some((event) => event.status === 'failed'));
    heard.stop();
  });

  it('starts a queued job at once when told, without waiting for its poll', async () => {
    const type = uniqueJobType('Prompt');
    const ran = deferred<number>();
    const runner = runners.start(
      t,
      { [type]: async () => ran.resolve(Date.now()) },
      { pollIntervalMs: 60_000 },
    );
    // The runner's first look finds nothing; the next poll would be a minute away.
    await eventually(() => runner.activeJobs === 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const queuedAt = Date.now();
    await enqueueJob(t.db, { entityId: company.entityId, type });
    expect((await ran.promise) - queuedAt).toBeLessThan(1_000);
  });
});

/**
 * A resumable job: ten items, a checkpoint after each. A handler skips what its checkpoint
 * says was done; a run is killed midway; across the runs every item is processed exactly once.
 */
function tenItems(processed: number[], seen: unknown[], options: { delayMs?: number } = {}) {
  return async ({ job, checkpoint, signal }: JobContext) => {
    seen.push(job.checkpoint);
    const start = (job.checkpoint as { done: number } | null)?.done ?? 0;
    for (let item = start; item < 10; item += 1) {
      // Work that waits (a page from the bank) stops waiting when the signal aborts, as a fetch does.
      if (options.delayMs) await abortableDelay(options.delayMs, signal);
      if (signal.aborted) throw signal.reason;
      processed.push(item);
      await checkpoint({ done: item + 1 }, { percent: (item + 1) * 10 });
    }
  };
}

function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

describe('resuming', () => {
  it('takes over a job whose worker died once its lease ran out, resuming from the checkpoint: ten items, each once', async () => {
    const type = uniqueJobType('TenItems');
    const processed: number[] = [];
    const seen: unknown[] = [];
    const job = await enqueueJob(t.db, { entityId: company.entityId, type });

    // A worker claims it, processes items 0-3 with a checkpoint after each, and dies: no more writes,
    // no lease renewal.
    const [claimed] = await claimDueJobs(t.db, {
      workerId: 'dead-worker',
      types: [type],
      limit: 1,
      leaseMs: 400,
    });
    expect(claimed?.id).toBe(job.id);
    for (let item = 0; item < 4; item += 1) {
      processed.push(item);
      await saveJobProgress(
        t.db,
        { jobId: job.id, workerId: 'dead-worker' },
        {
          checkpoint: { done: item + 1 },
          progress: (item + 1) * 10,
        },
      );
    }

    let takenOverAt = 0;
    const resume = tenItems(processed, seen);
    runners.start(t, {
      [type]: (context) => {
        takenOverAt = Date.now();
        return resume(context);
      },
    });
    const done = await jobReaches(t, job.id, 'succeeded');
    expect(processed).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(seen).toEqual([{ done: 4 }]);
    expect(done).toMatchObject({ attempts: 2, progress: 100, checkpoint: { done: 10 } });
    // Taken over only once the dead worker's lease had run out (a few ms of leeway between clocks).
    expect(takenOverAt).toBeGreaterThanOrEqual((claimed?.lockedUntil?.getTime() ?? 0) - 20);
  });

  it('gives a job back when its server stops, and another server finishes it from the checkpoint', async () => {
    const type = uniqueJobType('Handover');
    const processed: number[] = [];
    const seen: unknown[] = [];
    const first = runners.start(t, { [type]: tenItems(processed, seen, { delayMs: 100 }) });
    const job = await enqueueJob(t.db, { entityId: company.entityId, type });
    await eventually(() => processed.length >= 3);
    // It waits 200 ms for the handler, aborts it, and gives the job back once it has stopped.
    await first.stop({ graceMs: 200 });
    const released = await readJob(t, job.id);
    expect(released).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
    const stoppedAt = (released.checkpoint as { done: number }).done;
    expect(stoppedAt).toBeGreaterThanOrEqual(3);
    expect(stoppedAt).toBeLessThan(10);

    runners.start(t, { [type]: tenItems(processed, seen) });
    await jobReaches(t, job.id, 'succeeded');
    expect(processed).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(seen).toEqual([null, { done: stoppedAt }]);
  });

  it('fails a job whose worker died on its last attempt, rather than trying it forever', async () => {
    const type = uniqueJobType('Killer');
    const job = await enqueueJob(t.db, { entityId: company.entityId, type, maxAttempts: 1 });
    await claimDueJobs(t.db, { workerId: 'dead-worker', types: [type], limit: 1, leaseMs: 100 });
    let ran = false;
    runners.start(t, {
      [type]: async () => {
        ran = true;
      },
    });
    expect(await jobReaches(t, job.id, 'failed')).toMatchObject({ error: ABANDONED_JOB_ERROR, attempts: 1 });
    expect(ran).toBe(false);
  });
});

describe('old jobs', () => {
  it('are deleted once finished for longer than the retention, and never while queued or running', async () => {
    const type = uniqueJobType('Old');
    const day = 86_400_000;
    const longAgo = new Date(Date.now() - (FINISHED_JOB_RETENTION_DAYS + 1) * day);
    const lately = new Date(Date.now() - (FINISHED_JOB_RETENTION_DAYS - 1) * day);
    const made = await Promise.all(
      (['succeeded', 'failed', 'canceled', 'succeeded', 'queued', 'running'] as const).map((status) =>
        enqueueJob(t.db, { entityId: company.entityId, type, dedupeKey: `${status}-${Math.random()}` }).then(
          (job) => ({ job, status }),
        ),
      ),
    );
    for (const [index, { job, status }] of made.entries()) {
      const finished = status === 'queued' || status === 'running' ? null : index === 3 ? lately : longAgo;
      await t.db
        .update(jobs)
        .set({ status, finishedAt: finished, queuedAt: longAgo })
        .where(eq(jobs.id, job.id));
    }
    // A runner prunes when it starts (and every hour after).
    runners.start(t, { [uniqueJobType('Other')]: async () => undefined });
    await eventually(async () => {
      const [left] = await t.db.select({ n: count() }).from(jobs).where(eq(jobs.type, type));
      return left?.n === 3;
    });
    const kept = await t.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.type, type));
    expect(kept.map((row) => row.status).sort()).toEqual(['queued', 'running', 'succeeded']);
  });
});

describe('two servers on one database', () => {
  it('runs each of 50 jobs exactly once', async () => {
    const second = await createTestApp({ sharedWith: t, env: { JOB_WORKER: 'false' } });
    try {
      const type = uniqueJobType('Many');
      const runs = new Map<string, string[]>();
      const handler =
        (server: string) =>
        async ({ job }: JobContext) => {
          runs.set(job.id, [...(runs.get(job.id) ?? []), server]);
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
        };
      runners.start(t, { [type]: handler('first') }, { concurrency: 3 });
      runners.start(second, { [type]: handler('second') }, { concurrency: 3 });
      const queued = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          enqueueJob(index % 2 ? t.db : second.db, { entityId: company.entityId, type, payload: { index } }),
        ),
      );
      await eventually(async () => {
        const [row] = await t.db
          .select({ n: count() })
          .from(jobs)
          .where(and(eq(jobs.type, type), eq(jobs.status, 'succeeded')));
        return row?.n === 50;
      }, 20_000);
      expect(runs.size).toBe(50);
      for (const job of queued) expect(runs.get(job.id), job.id).toHaveLength(1);
      const servers = new Set([...runs.values()].flat());
      expect(servers).toEqual(new Set(['first', 'second']));
    } finally {
      await runners.stopAll();
      await second.close();
    }
  });
});

describe('job settings', () => {
  it('runs a worker by default with 2 jobs at once, and refuses a concurrency out of range', () => {
    const config = readConfig({});
    expect(config).toMatchObject({ JOB_WORKER: true, JOB_CONCURRENCY: 2 });
    expect(readConfig({ JOB_WORKER: 'false' }).JOB_WORKER).toBe(false);
    expect(() => readConfig({ JOB_CONCURRENCY: '17' })).toThrow(/JOB_CONCURRENCY/);
    expect(() => readConfig({ JOB_CONCURRENCY: '0' })).toThrow(/JOB_CONCURRENCY/);
  });
});
