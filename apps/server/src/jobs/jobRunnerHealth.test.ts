import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { createJobsCompany, deferred, jobReaches, jobRunners, uniqueJobType } from '../../test/jobsTestKit';
import { eventually } from '../../test/sseTestKit';
import { CLAIM_LOOP_GRACE_MS } from './createJobRunner';
import { enqueueJob } from './enqueueJob';
import { JobFailure } from './jobHandler';

/**
 * A runner's health is what /readyz and the metrics report: alive while its claim loop goes round
 * (busy included), stalled when it stops coming round; and how its attempts ended, counted.
 */

let t: TestApp;
let company: Awaited<ReturnType<typeof createJobsCompany>>;
const runners = jobRunners();

beforeAll(async () => {
  t = await createTestApp({ env: { JOB_WORKER: 'false' } });
  company = await createJobsCompany(t, 'Health Co');
});
afterEach(() => runners.stopAll());
afterAll(() => t.close());

describe('a job runner’s health', () => {
  it('is alive while its claim loop goes round, also with every slot busy', async () => {
    const type = uniqueJobType('Busy');
    const started = deferred();
    const finish = deferred();
    const runner = runners.start(
      t,
      {
        [type]: async () => {
          started.resolve();
          await finish.promise;
        },
      },
      { concurrency: 1 },
    );
    await enqueueJob(t.db, { entityId: company.entityId, type });
    await started.promise;
    // Several poll intervals (50 ms) with its one slot taken: it still comes round.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const health = runner.health();
    expect(health).toMatchObject({ state: 'started', alive: true });
    expect(health.sinceLastClaimLoopMs).toBeLessThan(200);
    finish.resolve();
  });

  it('is stalled once its claim loop has not ended for two poll intervals and the grace, alive again when it does', async () => {
    let now = 1_000_000;
    const pollIntervalMs = 60_000;
    const runner = runners.start(
      t,
      { [uniqueJobType()]: async () => undefined },
      { pollIntervalMs, now: () => now },
    );
    await eventually(() => runner.health().sinceLastClaimLoopMs === 0);
    now += 2 * pollIntervalMs + CLAIM_LOOP_GRACE_MS;
    expect(runner.health().alive).toBe(true);
    now += 1;
    expect(runner.health()).toEqual({
      state: 'started',
      alive: false,
      sinceLastClaimLoopMs: 2 * pollIntervalMs + CLAIM_LOOP_GRACE_MS + 1,
    });
    runner.wake();
    await eventually(() => runner.health().alive);
    await runner.stop();
    expect(runner.health()).toMatchObject({ state: 'stopped', alive: false });
  });

  it('counts its attempts by job type and outcome', async () => {
    const succeeds = uniqueJobType('Succeeds');
    const refused = uniqueJobType('Refused');
    const flaky = uniqueJobType('Flaky');
    const runner = runners.start(t, {
      [succeeds]: async () => undefined,
      [refused]: async () => {
        throw new JobFailure('The bank refused this', { retry: false });
      },
      [flaky]: async () => {
        throw new Error('connection reset');
      },
    });
    const jobs = await Promise.all(
      [succeeds, refused, flaky].map((type) =>
        enqueueJob(t.db, { entityId: company.entityId, type, maxAttempts: 2 }),
      ),
    );
    await jobReaches(t, jobs[0]!.id, 'succeeded');
    await jobReaches(t, jobs[1]!.id, 'failed');
    await jobReaches(t, jobs[2]!.id, 'failed');
    await eventually(() => runner.activeJobs === 0);
    const counts = (type: string) => Object.fromEntries(runner.attemptCounts.get(type) ?? []);
    expect(counts(succeeds)).toEqual({ succeeded: 1 });
    expect(counts(refused)).toEqual({ failed: 1 });
    expect(counts(flaky)).toEqual({ retrying: 1, failed: 1 });
  });
});
