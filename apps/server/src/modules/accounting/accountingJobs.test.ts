import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  connectQuickbooks,
  quickbooksSandboxOf,
  SANDBOX_REALM,
  SYNC_QUICKBOOKS,
  syncNow,
} from '../../../test/accountingTestKit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { deferred, jobReaches, jobRunners } from '../../../test/jobsTestKit';
import { createLedgerFixture } from '../../../test/ledgerTestKit';
import { appDepsOfTest } from '../../../test/linkingTestKit';
import { eventually, listenOnce, openSse, type SseResult } from '../../../test/sseTestKit';
import { jobs, quickbooksTransactions, transactions } from '../../db/schema';
import { appJobHandlers } from '../../jobs/appJobHandlers';
import type { JobHandlers } from '../../jobs/jobHandler';
import { QUICKBOOKS_SOURCE } from './applyQuickbooksPage';
import { QUICKBOOKS_SYNC_JOB, quickbooksSyncHandler } from './quickbooksSyncJob';

/**
 * The QuickbooksSync job: the callback queues it, a runner runs it with the app's own handlers, the
 * company hears its states and progress over entityJobWasUpdated, a worker stopped midway hands it to
 * another that finishes it without duplicates, and a revoked grant fails it at once for the user.
 */

const SUBSCRIBE = `subscription($e: ID!) { entityJobWasUpdated(entityId: $e) {
  jobStatus { id type subjectId status progress message error startedAt finishedAt queuedAt } } }`;

type JobStatusAnswer = {
  id: string;
  type: string;
  subjectId: string | null;
  status: string;
  progress: number | null;
  message: string | null;
  error: string | null;
};

const jobStatusOf = (result: SseResult) =>
  (result.data?.entityJobWasUpdated as { jobStatus: JobStatusAnswer } | undefined)?.jobStatus;

let t: TestApp;
const runners = jobRunners();

beforeAll(async () => {
  // No runner of the app's own: each test starts the runners it needs.
  t = await createTestApp({ env: { JOB_WORKER: 'false' } });
});
afterEach(() => runners.stopAll());
afterAll(() => t.close());

/** The company's QuickBooks transactions in the books, by QuickBooks type and Id. */
async function importedIds(entityId: string) {
  const rows = await t.db
    .select({ externalId: transactions.externalId })
    .from(transactions)
    .where(and(eq(transactions.entityId, entityId), eq(transactions.source, QUICKBOOKS_SOURCE)));
  return rows.map((row) => row.externalId ?? '').sort();
}

describe('QuickbooksSync', () => {
  it('is one of the app’s job types', () => {
    expect(Object.keys(appJobHandlers(appDepsOfTest(t)))).toContain(QUICKBOOKS_SYNC_JOB);
  });

  it('brings its states and progress to a member over entityJobWasUpdated, from queued to succeeded', async () => {
    const acme = await createLedgerFixture(t, 'Heard');
    const bookkeeper = await acme.member('bookkeeper');
    const subscription = await openSse(await listenOnce(t), SUBSCRIBE, { e: acme.entityId }, bookkeeper);
    expect(subscription.status).toBe(200);
    const { jobId } = await connectQuickbooks(t, acme);
    runners.start(t, appJobHandlers(appDepsOfTest(t)));
    const seen: JobStatusAnswer[] = [];
    const deadline = Date.now() + 30_000;
    while (seen.at(-1)?.status !== 'succeeded') {
      const status = jobStatusOf(await subscription.next(Math.max(1, deadline - Date.now())));
      if (status?.id === jobId) seen.push(status);
    }
    subscription.close();
    expect(seen[0]).toMatchObject({
      type: 'QuickbooksSync',
      subjectId: SANDBOX_REALM,
      status: 'queued',
      progress: null,
      message: 'Waiting for QuickBooks',
    });
    const running = seen.filter((status) => status.status === 'running');
    const messages = running.map((status) => status.message);
    expect(messages).toContain('Connecting to QuickBooks');
    expect(messages).toContain('Importing the chart of accounts');
    const importing = messages.filter((message) => message?.startsWith('Importing transactions ('));
    expect(importing.length).toBeGreaterThan(2);
    expect(importing.at(-1)).toMatch(/^Importing transactions \((\d{1,3},\d{3}|\d{1,3}) of \1\)$/);
    const percents = running.map((status) => status.progress ?? 0);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.some((percent) => percent > 10 && percent < 100)).toBe(true);
    expect(seen.at(-1)).toMatchObject({ status: 'succeeded', progress: 100, error: null });
  });

  it('is resumed by another worker when its worker stops midway, and imports everything exactly once', async () => {
    const reference = await createLedgerFixture(t, 'Resume reference');
    const referenceJob = await connectQuickbooks(t, reference);
    await t.db
      .update(jobs)
      .set({ status: 'canceled' })
      .where(eq(jobs.id, referenceJob.jobId ?? ''));
    await syncNow(t, reference.entityId);
    const expected = await importedIds(reference.entityId);

    const acme = await createLedgerFixture(t, 'Resumed');
    const checkpointed = deferred();
    const gate = deferred();
    let signal: AbortSignal | undefined;
    const real = quickbooksSyncHandler(appDepsOfTest(t));
    const stalling: JobHandlers = {
      [QUICKBOOKS_SYNC_JOB]: (context) =>
        real({
          ...context,
          checkpoint: async (value, progress) => {
            await context.checkpoint(value, progress);
            signal = context.signal;
            checkpointed.resolve();
            await gate.promise;
          },
        }),
    };
    const first = runners.start(t, stalling);
    const { jobId } = await connectQuickbooks(t, acme);
    await checkpointed.promise;
    const stopping = first.stop({ graceMs: 100 });
    await eventually(() => signal?.aborted === true);
    gate.resolve();
    await stopping;
    const handedBack = await jobReaches(t, jobId ?? '', 'queued');
    expect(handedBack).toMatchObject({ attempts: 0, lockedBy: null });
    expect(handedBack.checkpoint).toMatchObject({ pages: 1, added: 100 });
    expect((await importedIds(acme.entityId)).length).toBe(100);

    runners.start(t, appJobHandlers(appDepsOfTest(t)));
    const done = await jobReaches(t, jobId ?? '', 'succeeded', 30_000);
    expect(done).toMatchObject({ attempts: 1, progress: 100 });
    expect(await importedIds(acme.entityId)).toEqual(expected);
    const mapped = await t.db
      .select()
      .from(quickbooksTransactions)
      .where(eq(quickbooksTransactions.entityId, acme.entityId));
    expect(mapped).toHaveLength(expected.length);
  });

  it('fails at once, with a sentence for the user, when the grant was revoked in QuickBooks', async () => {
    const acme = await createLedgerFixture(t, 'Revoked Job');
    runners.start(t, appJobHandlers(appDepsOfTest(t)));
    const { jobId } = await connectQuickbooks(t, acme);
    await jobReaches(t, jobId ?? '', 'succeeded', 30_000);
    await quickbooksSandboxOf(t).revokeRealm(SANDBOX_REALM, t.clock.now());
    const queued = await acme.gql<{ syncQuickbooks: { id: string; type: string; status: string } }>(
      SYNC_QUICKBOOKS,
      {
        e: acme.entityId,
      },
    );
    expect(queued.data?.syncQuickbooks).toMatchObject({ type: 'QuickbooksSync', status: 'queued' });
    const failed = await jobReaches(t, queued.data?.syncQuickbooks.id ?? '', 'failed', 30_000);
    expect(failed).toMatchObject({
      attempts: 1,
      error: 'QuickBooks needs you to sign in again: reconnect it in Settings.',
    });
  });
});
