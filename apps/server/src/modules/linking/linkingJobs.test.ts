import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { collectJobEvents, jobReaches, jobRunners } from '../../../test/jobsTestKit';
import { createLedgerFixture } from '../../../test/ledgerTestKit';
import { appDepsOfTest, importedRows, linkPlaid } from '../../../test/linkingTestKit';
import { eventually } from '../../../test/sseTestKit';
import { appJobHandlers } from '../../jobs/appJobHandlers';
import { BANK_LINK_SYNC_JOB } from './bankLinkSyncJob';

/**
 * The BankLinkSync job: createPlaidItem queues it, a runner runs it through the app's own
 * handlers, and the company hears its states (queued, running with progress, succeeded or failed).
 */

let t: TestApp;
const runners = jobRunners();

beforeAll(async () => {
  t = await createTestApp({ env: { JOB_WORKER: 'false' } });
});
afterAll(async () => {
  await runners.stopAll();
  await t.close();
});

describe('BankLinkSync', () => {
  it('is one of the app’s job types', () => {
    expect(Object.keys(appJobHandlers(appDepsOfTest(t)))).toContain(BANK_LINK_SYNC_JOB);
  });

  it('runs the first sync: queued, then running with progress, then succeeded, with the history imported', async () => {
    const acme = await createLedgerFixture(t, 'Job Co');
    const events = collectJobEvents(t, acme.entityId);
    const item = await linkPlaid(t, acme);
    runners.start(t, appJobHandlers(appDepsOfTest(t)));
    const done = await jobReaches(t, item.jobId, 'succeeded', 20_000);
    expect(done).toMatchObject({ type: BANK_LINK_SYNC_JOB, progress: 100, error: null, attempts: 1 });
    await eventually(() => events.of(item.jobId).some((event) => event.status === 'succeeded'));
    events.stop();
    const seen = events.of(item.jobId);
    expect(seen[0]).toMatchObject({ status: 'queued', message: 'Waiting to sync First Platypus Bank' });
    // Every status names the link it syncs, for the page to show it in that link's card.
    expect(new Set(seen.map((event) => event.subjectId))).toEqual(new Set([item.itemId]));
    const running = seen.filter((event) => event.status === 'running');
    expect(running.length).toBeGreaterThan(1);
    const percents = running.map((event) => event.progress ?? 0);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.some((percent) => percent > 0 && percent < 100)).toBe(true);
    expect(running.at(-1)?.message).toMatch(/^Imported \d+ transactions from First Platypus Bank$/);
    expect(seen.at(-1)).toMatchObject({ status: 'succeeded', progress: 100 });
    expect((await importedRows(t, acme.entityId)).length).toBeGreaterThan(100);
  });

  it('fails at once, with a sentence for the user, when the login has expired', async () => {
    const acme = await createLedgerFixture(t, 'Expired Job Co');
    const item = await linkPlaid(t, acme);
    await jobReaches(t, item.jobId, 'succeeded', 20_000);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/dev/aggregators/reset-login',
      payload: { link_id: item.itemId },
    });
    const failed = await jobReaches(t, reset.json().job_id, 'failed', 20_000);
    expect(failed).toMatchObject({
      attempts: 1,
      error: 'First Platypus Bank needs you to sign in again: reconnect it on Linked Accounts.',
    });
  });
});
