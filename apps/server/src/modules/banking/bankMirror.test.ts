import { and, eq, sql } from 'drizzle-orm';
import Increase from 'increase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACH,
  achRequest,
  deposit,
  openDepositAccount,
  runBankMirror,
  WIRE,
  wireRequest,
} from '../../../test/bankingTestKit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type IncreaseSimulator, startIncreaseSimulator } from '../../../test/increaseSimulator/index';
import { jobReaches, jobRunners } from '../../../test/jobsTestKit';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledgerTestKit';
import { eventually } from '../../../test/sseTestKit';
import type { AppDeps } from '../../appDeps';
import { readConfig } from '../../config';
import { poolStatsOf } from '../../db/client';
import { queryRows } from '../../db/queryRows';
import { bankTransfers, depositAccounts, jobs } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { appJobHandlers } from '../../jobs/appJobHandlers';
import { JobFailure } from '../../jobs/jobHandler';
import type { JobRow } from '../../jobs/jobRows';
import { issueAccessToken } from '../auth/tokens';
import {
  BANK_MIRROR_JOB,
  BankMirrorFailed,
  bankMirrorHandler,
  bankMirrorKey,
  enqueueBankMirror,
  nextMirrorSlot,
} from './bankMirrorJob';
import { seedBankMirrors } from './bankMirrorSchedule';
import { documentsOf, getWithQuery } from './documents.testkit';
import { DOCUMENT_MESSAGES } from './documentsDownloads';
import { TRANSFER_HAND_OVER_JOB } from './transferHandOver';

/**
 * The bank side on jobs: the BankMirror job brings each company's deposit accounts up
 * to date with the bank and files the tax documents due; banking reads only read what it stored, say
 * when (mirroredAt) and why the last attempt failed (mirrorError), and never call the bank. With the
 * local Increase simulation made unavailable, /keel-checking's reads still answer; made slow, no database
 * connection or lock is held while the bank is waited on. A transfer dated later reaches the bank by its
 * job, with no page read. The apps here run no job runner of their own (JOB_WORKER=false), so nothing
 * happens unless a test runs it.
 */

const ACCOUNTS_MIRRORED = `query($e: ID!) { providerBankAccounts(entityId: $e) {
  id currentBalance availableBalance accountYield { amount } mirroredAt mirrorError } }`;
const TRANSFERS_QUERY = `query($e: ID!) { transfers(entityId: $e) { id status amount } }`;

type MirroredView = {
  id: string;
  currentBalance: number;
  availableBalance: number;
  accountYield: { amount: number };
  mirroredAt: string | null;
  mirrorError: string | null;
};

async function mirroredAccounts(fixture: LedgerFixture): Promise<MirroredView[]> {
  const result = await fixture.gql<{ providerBankAccounts: MirroredView[] }>(ACCOUNTS_MIRRORED, {
    e: fixture.entityId,
  });
  if (!result.data) throw new Error(`providerBankAccounts: ${JSON.stringify(result.errors)}`);
  return result.data.providerBankAccounts;
}

const appDepsOf = (t: TestApp): AppDeps => ({
  db: t.db,
  config: t.config,
  clock: t.clock,
  providers: t.providers,
});

/** A handler's context for the job, run by the test itself (no runner, no lease). */
const contextOf = (t: TestApp, job: JobRow) => ({
  job,
  attempt: job.attempts + 1,
  signal: new AbortController().signal,
  db: t.db,
  progress: async () => undefined,
  checkpoint: async () => undefined,
});

async function mirrorJobsOf(t: TestApp, entityId: string) {
  return t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.entityId, entityId), eq(jobs.type, BANK_MIRROR_JOB)));
}

/** Fails the test instead of hanging when `work` waits on something held. */
function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

async function moveClock(t: TestApp, at: string, ...fixtures: LedgerFixture[]) {
  t.clock.set(new Date(at));
  for (const fixture of fixtures) {
    fixture.owner.token = (await issueAccessToken(t.db, t.clock, fixture.owner.user.id, 24)).token;
  }
}

describe('BANK_MIRROR_INTERVAL_MS', () => {
  it('is a minute unless set, and 5 s to 1 hour', () => {
    expect(readConfig({}).BANK_MIRROR_INTERVAL_MS).toBe(60_000);
    expect(readConfig({ BANK_MIRROR_INTERVAL_MS: '5000' }).BANK_MIRROR_INTERVAL_MS).toBe(5_000);
    expect(() => readConfig({ BANK_MIRROR_INTERVAL_MS: '4999' })).toThrow(/BANK_MIRROR_INTERVAL_MS/);
    expect(() => readConfig({ BANK_MIRROR_INTERVAL_MS: '3600001' })).toThrow(/BANK_MIRROR_INTERVAL_MS/);
    expect(() => readConfig({ BANK_MIRROR_INTERVAL_MS: 'soon' })).toThrow(/BANK_MIRROR_INTERVAL_MS/);
  });
});

describe('the BankMirror job on the sandbox bank', () => {
  let t: TestApp;
  const runners = jobRunners();
  beforeAll(async () => {
    t = await createTestApp({ env: { JOB_WORKER: 'false' } });
  });
  afterAll(async () => {
    await runners.stopAll();
    await t.close();
  });

  it('a read neither settles nor credits interest, and asks for a mirror; the job does, and schedules its next run', async () => {
    await moveClock(t, '2026-10-05T15:00:00.000Z');
    const fixture = await createLedgerFixture(t, 'Mirror Sandbox');
    const account = await openDepositAccount(fixture);
    await deposit(t, account.id, 10_000_000, '2026-10-05');
    const sent = await fixture.gql(
      ACH,
      achRequest(fixture, account.id, 'mirror-ach-1', { amt: 50_000, d: '2026-10-05' }),
    );
    expect(sent.errors).toBeUndefined();
    await moveClock(t, '2026-11-09T15:00:00.000Z', fixture);

    // A read five weeks later: October's interest not credited, the ACH still pending, never mirrored.
    const before = await t.db.select().from(depositAccounts).where(eq(depositAccounts.id, account.id));
    const [view] = await mirroredAccounts(fixture);
    expect(view).toMatchObject({
      currentBalance: 10_000_000,
      availableBalance: 10_000_000 - 50_000,
      accountYield: { amount: 0 },
      mirroredAt: null,
      mirrorError: null,
    });
    const transfers = await fixture.gql<{ transfers: { status: string }[] }>(TRANSFERS_QUERY, {
      e: fixture.entityId,
    });
    expect(transfers.data?.transfers.map((row) => row.status)).toEqual(['pending']);
    await documentsOf(fixture);
    expect(await t.db.select().from(depositAccounts).where(eq(depositAccounts.id, account.id))).toEqual(
      before,
    );
    // The reads asked for one mirror between them (one dedupe key), and did not wait for it.
    const asked = await mirrorJobsOf(t, fixture.entityId);
    expect(asked.map((job) => [job.status, job.dedupeKey])).toEqual([
      ['queued', bankMirrorKey(fixture.entityId)],
    ]);

    // The job runs it: interest for October, the ACH posted, mirrored_at stored, the next run queued.
    const runner = runners.start(t, appJobHandlers(appDepsOf(t)));
    const ran = await jobReaches(t, asked[0]?.id ?? '', 'succeeded');
    const [after] = await mirroredAccounts(fixture);
    expect(after?.accountYield.amount).toBeGreaterThan(0);
    expect(after?.currentBalance).toBe(10_000_000 - 50_000 + (after?.accountYield.amount ?? 0));
    expect(after?.mirroredAt).toBe('2026-11-09T15:00:00.000Z');
    expect(after?.mirrorError).toBeNull();
    const next = (await mirrorJobsOf(t, fixture.entityId)).filter((job) => job.status === 'queued');
    expect(next).toHaveLength(1);
    const interval = t.config.BANK_MIRROR_INTERVAL_MS;
    expect(next[0]?.dedupeKey).toBe(`bank-mirror:${fixture.entityId}:${next[0]?.runAt.toISOString()}`);
    const startedAt = ran.startedAt?.getTime() ?? 0;
    expect(next[0]?.runAt.getTime()).toBeGreaterThan(startedAt);
    expect(next[0]?.runAt.getTime()).toBeLessThanOrEqual(startedAt + interval + 10_000);
    expect((next[0]?.runAt.getTime() ?? 1) % interval).toBe(0);

    // Its time comes: the chain goes on (one run queued after it) and the earlier run is forgotten.
    await t.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, next[0]?.id ?? ''));
    await jobReaches(t, next[0]?.id ?? '', 'succeeded');
    const chain = await mirrorJobsOf(t, fixture.entityId);
    expect(chain.map((job) => job.status).sort()).toEqual(['queued', 'succeeded']);
    expect(chain.find((job) => job.status === 'succeeded')?.id).toBe(next[0]?.id);
    await runner.stop();
  });

  it('schedules one next run for runs in one slot, and seeds a run for accounts without one', async () => {
    const fixture = await createLedgerFixture(t, 'Mirror Slots');
    await openDepositAccount(fixture);
    const job = await enqueueBankMirror(t.db, fixture.entityId);
    const handler = bankMirrorHandler(appDepsOf(t));
    // Two runs (a scheduled one and one a page asked for) a moment apart: one next run, unless a slot
    // boundary fell between them.
    const slot = nextMirrorSlot(new Date(), t.config.BANK_MIRROR_INTERVAL_MS).getTime();
    await handler(contextOf(t, job));
    await handler(contextOf(t, job));
    const crossed = nextMirrorSlot(new Date(), t.config.BANK_MIRROR_INTERVAL_MS).getTime() !== slot;
    const scheduled = (await mirrorJobsOf(t, fixture.entityId)).filter((row) => row.id !== job.id);
    expect(scheduled.length).toBe(crossed ? 2 : 1);

    // The seed (a runner starting, or its periodic sweep) skips a company with a run under way…
    const queued = async () =>
      (await mirrorJobsOf(t, fixture.entityId)).filter((row) => row.status === 'queued');
    const before = (await queued()).length;
    await seedBankMirrors(t.db);
    expect((await queued()).length).toBe(before);
    // …and queues one for a company whose chain ended.
    await t.db
      .update(jobs)
      .set({ status: 'failed', finishedAt: new Date() })
      .where(and(eq(jobs.entityId, fixture.entityId), eq(jobs.type, BANK_MIRROR_JOB)));
    await seedBankMirrors(t.db);
    const seeded = await queued();
    expect(seeded.map((row) => row.dedupeKey)).toEqual([bankMirrorKey(fixture.entityId)]);
  });

  it('serves last month’s statement only once the job has credited its interest', async () => {
    await moveClock(t, '2026-10-05T15:00:00.000Z');
    const fixture = await createLedgerFixture(t, 'Mirror Statement');
    const account = await openDepositAccount(fixture);
    await deposit(t, account.id, 5_000_000, '2026-10-05');
    await moveClock(t, '2026-11-15T15:00:00.000Z', fixture);
    await runBankMirror(t, fixture.entityId);
    await moveClock(t, '2026-12-01T15:00:00.000Z', fixture);
    const download = async () =>
      getWithQuery(t, '/api/v1/account/statement', {
        account_id: account.id,
        month: '2026-11',
        token: (await documentsOf(fixture)).fileToken.token,
      });
    const pending = await download();
    expect(pending.statusCode).toBe(503);
    expect(pending.json().detail).toBe(DOCUMENT_MESSAGES.statementPending);
    expect((await mirrorJobsOf(t, fixture.entityId)).some((job) => job.status === 'queued')).toBe(true);
    await runBankMirror(t, fixture.entityId);
    const served = await download();
    expect(served.statusCode, served.body).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
  });
});

describe('the BankMirror job with Increase unavailable or slow', () => {
  let increase: IncreaseSimulator;
  let t: TestApp;
  let client: Increase;
  const runners = jobRunners();

  beforeAll(async () => {
    increase = await startIncreaseSimulator({ now: () => (t ? t.clock.now() : new Date()) });
    t = await createTestApp({
      env: {
        BANKING_PROVIDER: 'increase',
        INCREASE_API_KEY: increase.apiKey,
        INCREASE_BASE_URL: increase.baseURL,
        JOB_WORKER: 'false',
      },
    });
    client = new Increase({ apiKey: increase.apiKey, baseURL: increase.baseURL, maxRetries: 0 });
  });
  afterAll(async () => {
    increase.restore();
    await runners.stopAll();
    await t.close();
    await increase.close();
  });

  async function increaseAccountOf(accountId: string): Promise<string> {
    const [row] = await t.db.select().from(depositAccounts).where(eq(depositAccounts.id, accountId));
    return row?.providerAccountId ?? '';
  }

  it('answers /keel-checking with the last stored figures while Increase is down, and clears the error once it is back', async () => {
    await moveClock(t, '2026-11-18T15:00:00.000Z');
    const fixture = await createLedgerFixture(t, 'Mirror Outage');
    const account = await openDepositAccount(fixture);
    await deposit(t, account.id, 1_000_000, '2026-11-18');
    await runBankMirror(t, fixture.entityId);
    const [stored] = await mirroredAccounts(fixture);
    expect(stored).toMatchObject({ currentBalance: 1_000_000, mirroredAt: '2026-11-18T15:00:00.000Z' });
    // Increase credits interest, then goes down before Keel mirrors it.
    await client.simulations.interestPayments.create({
      account_id: await increaseAccountOf(account.id),
      amount: 2_500,
    });
    increase.goDown();
    await moveClock(t, '2026-11-18T15:05:00.000Z', fixture);

    const job = await enqueueBankMirror(t.db, fixture.entityId);
    const handler = bankMirrorHandler(appDepsOf(t));
    const failure = await handler(contextOf(t, job)).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(JobFailure);
    expect((failure as JobFailure).message).toBe('The bank is unavailable.');
    expect((failure as JobFailure).retry).toBe(true);
    // The next run is scheduled even so.
    expect(
      (await mirrorJobsOf(t, fixture.entityId)).filter((row) => row.dedupeKey !== job.dedupeKey),
    ).toHaveLength(1);

    // The pages answer, with what the last mirror stored and why it is not newer.
    const [down] = await mirroredAccounts(fixture);
    expect(down).toMatchObject({
      currentBalance: 1_000_000,
      accountYield: { amount: 0 },
      mirroredAt: '2026-11-18T15:00:00.000Z',
      mirrorError: 'The bank is unavailable.',
    });
    const transfers = await fixture.gql(TRANSFERS_QUERY, { e: fixture.entityId });
    expect(transfers.errors).toBeUndefined();
    const documents = await documentsOf(fixture);
    expect(documents.accounts.map((row) => row.currentBalance)).toEqual([1_000_000]);
    // The stored error is the fixed sentence: no key, address or Increase id in it.
    const [row] = await t.db.select().from(depositAccounts).where(eq(depositAccounts.id, account.id));
    expect(row?.mirrorError).toBe('The bank is unavailable.');
    for (const secret of [increase.apiKey, increase.baseURL, row?.providerAccountId ?? '-']) {
      expect(row?.mirrorError).not.toContain(secret);
    }
    // Through the queue: the attempt's error is the same sentence, and it is retried.
    const queued = await enqueueBankMirror(t.db, fixture.entityId);
    const runner = runners.start(t, { [BANK_MIRROR_JOB]: handler }, { retryDelayMs: () => 60_000 });
    await eventually(async () => {
      const [current] = await t.db.select().from(jobs).where(eq(jobs.id, queued.id));
      return current?.attempts === 1 && current.status === 'queued';
    });
    const [retrying] = await t.db.select().from(jobs).where(eq(jobs.id, queued.id));
    expect(retrying?.error).toBe('The bank is unavailable.');
    await runner.stop();

    // Increase is back: the next run mirrors the interest and clears the error.
    increase.restore();
    await moveClock(t, '2026-11-18T15:06:00.000Z', fixture);
    await handler(contextOf(t, job));
    const [back] = await mirroredAccounts(fixture);
    expect(back).toMatchObject({
      currentBalance: 1_002_500,
      accountYield: { amount: 2_500 },
      mirroredAt: '2026-11-18T15:06:00.000Z',
      mirrorError: null,
    });
  });

  it('holds no database connection or lock while it waits on a slow Increase', async () => {
    await moveClock(t, '2026-11-18T15:00:00.000Z');
    const fixture = await createLedgerFixture(t, 'Mirror Slow');
    const account = await openDepositAccount(fixture);
    await deposit(t, account.id, 700_000, '2026-11-18');
    await runBankMirror(t, fixture.entityId);
    await client.simulations.interestPayments.create({
      account_id: await increaseAccountOf(account.id),
      amount: 1_000,
    });
    const checkedOut = () => {
      const stats = poolStatsOf(t.db);
      return stats ? stats.total - stats.idle : 0;
    };
    const baseline = checkedOut();

    const slow = increase.slowDown();
    const mirroring = runBankMirror(t, fixture.entityId);
    try {
      await eventually(() => slow.waiting > 0);
      // Mid-call: a banking read completes (on PGlite, one connection, it would wait behind any open
      // transaction); the accounts' rows are free to lock at once; no pooled connection is taken.
      expect(checkedOut()).toBe(baseline);
      const [view] = await within(3_000, 'A banking read', mirroredAccounts(fixture));
      expect(view?.currentBalance).toBe(700_000);
      await within(
        3_000,
        'Locking the accounts',
        writeTransaction(t.db, (tx) =>
          queryRows(
            tx,
            sql`SELECT id FROM deposit_accounts WHERE entity_id = ${fixture.entityId}::uuid FOR UPDATE NOWAIT`,
          ),
        ),
      );
      expect(slow.waiting).toBeGreaterThan(0);
    } finally {
      slow.release();
    }
    expect(await mirroring).toMatchObject({ postings: 1 });
    expect((await mirroredAccounts(fixture))[0]?.currentBalance).toBe(701_000);
  });

  it('gives a held transfer to Increase on its date through its job, with no page read, and mirrors it posting', async () => {
    await moveClock(t, '2026-11-18T15:00:00.000Z');
    const fixture = await createLedgerFixture(t, 'Mirror Held');
    const account = await openDepositAccount(fixture);
    await deposit(t, account.id, 2_000_000, '2026-11-18');
    const sent = await fixture.gql<{ createWireTransfer: { id: string; status: string } }>(
      WIRE,
      wireRequest(fixture, account.id, 'mirror-held-1', { d: '2026-11-20' }),
    );
    const transferId = sent.data?.createWireTransfer.id ?? '';
    expect(sent.data?.createWireTransfer.status).toBe('pending');
    const wiresBefore = increase.requests.filter(
      (r) => r.method === 'POST' && r.path === '/wire_transfers',
    ).length;

    // Its date comes (the bank's opening, 09:00 New York) and the queue reaches its run time: no
    // GraphQL request is made from here on, only the job runner runs.
    await moveClock(t, '2026-11-20T14:00:00.000Z');
    await t.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(and(eq(jobs.type, TRANSFER_HAND_OVER_JOB), eq(jobs.subjectId, transferId)));
    const runner = runners.start(t, appJobHandlers(appDepsOf(t)));
    await eventually(async () => {
      const [row] = await t.db.select().from(bankTransfers).where(eq(bankTransfers.id, transferId));
      return row?.providerTransferId != null;
    });
    const [handed] = await t.db.select().from(bankTransfers).where(eq(bankTransfers.id, transferId));
    expect(handed?.providerTransferId).toMatch(/^wire_transfer_/);
    expect(increase.requests.filter((r) => r.method === 'POST' && r.path === '/wire_transfers').length).toBe(
      wiresBefore + 1,
    );
    expect((await client.wireTransfers.retrieve(handed?.providerTransferId ?? '')).amount).toBe(300_000);
    const [handOverJob] = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, TRANSFER_HAND_OVER_JOB), eq(jobs.subjectId, transferId)));
    await jobReaches(t, handOverJob?.id ?? '', 'succeeded');

    // Increase sends it; the BankMirror job (queued as the queue would) mirrors it posting.
    await client.simulations.wireTransfers.submit(handed?.providerTransferId ?? '');
    const mirror = await enqueueBankMirror(t.db, fixture.entityId);
    await jobReaches(t, mirror.id, 'succeeded');
    const [posted] = await t.db.select().from(bankTransfers).where(eq(bankTransfers.id, transferId));
    expect(posted?.status).toBe('posted');
    await runner.stop();
  });

  it('reports a failed mirror as BankMirrorFailed with the safe sentence', async () => {
    const fixture = await createLedgerFixture(t, 'Mirror Refused');
    await openDepositAccount(fixture);
    increase.goDown();
    try {
      await expect(runBankMirror(t, fixture.entityId)).rejects.toBeInstanceOf(BankMirrorFailed);
    } finally {
      increase.restore();
    }
    expect(await runBankMirror(t, fixture.entityId)).toMatchObject({ postings: 0 });
  });
});
