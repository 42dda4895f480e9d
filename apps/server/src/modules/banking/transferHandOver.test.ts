import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACH,
  achRequest,
  deposit,
  openDepositAccount,
  type TransferView,
} from '../../../test/bankingTestKit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLedgerFixture } from '../../../test/ledgerTestKit';
import { bankTransfers, jobs } from '../../db/schema';
import type { BankingProvider, OutgoingTransfer } from '../../providers/banking';
import { createSandboxBanking } from '../../providers/banking/sandbox';
import { secretBoxOf } from '../../secrets/secretBox';
import { cancelTransfer } from './transferApproval';
import {
  HandOverFailed,
  handOverTransfer,
  TRANSFER_HAND_OVER_JOB,
  transferHandOverKey,
} from './transferHandOver';

/**
 * The transfers' outbox (transferHandOver.ts): sending stores the transfer and queues
 * its hand-over job in one transaction, the bank is called with no transaction open, two hand-overs at
 * once make one transfer at the bank, a bank failure is undone and retried, and a cancel racing the
 * hand-over loses or wins whole. The bank here is the sandbox wrapped to count calls, to be slow, or to
 * fail.
 */

let t: TestApp;
const WEDNESDAY = new Date('2026-11-18T15:00:00.000Z');
const calls: OutgoingTransfer[] = [];
let mode: 'ok' | 'slow' | 'down' = 'ok';
const sandbox = createSandboxBanking();
const countingBank: BankingProvider = {
  ...sandbox,
  async submitTransfer(transfer) {
    calls.push(transfer);
    if (mode === 'down') throw new Error('connect ECONNREFUSED');
    if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 150));
    return sandbox.submitTransfer(transfer);
  },
};

beforeAll(async () => {
  t = await createTestApp({ env: { JOB_WORKER: 'false' }, providers: { banking: countingBank } });
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.set(WEDNESDAY);
  calls.length = 0;
  mode = 'ok';
});

const deps = () => ({
  db: t.db,
  clock: t.clock,
  banking: countingBank,
  secrets: secretBoxOf(t.config),
});

async function pendingTransfer(name: string) {
  const fixture = await createLedgerFixture(t, name);
  const account = await openDepositAccount(fixture);
  await deposit(t, account.id, 2_000_000, '2026-11-02');
  const sent = await fixture.gql<{ createAchTransfer: TransferView }>(
    ACH,
    achRequest(fixture, account.id, `${name.toLowerCase().replace(/\W/g, '')}-key-1`),
  );
  const id = sent.data?.createAchTransfer.id;
  if (!id) throw new Error(JSON.stringify(sent.errors));
  return { fixture, id };
}

const rowOf = async (id: string) => {
  const [row] = await t.db.select().from(bankTransfers).where(eq(bankTransfers.id, id));
  if (!row) throw new Error(`no transfer ${id}`);
  return row;
};

describe('the outbox', () => {
  it('stores the transfer and queues its hand-over for the ACH cut-off, without calling the bank', async () => {
    const { fixture, id } = await pendingTransfer('Outbox Co');
    expect(calls).toEqual([]);
    const row = await rowOf(id);
    expect(row).toMatchObject({
      status: 'pending',
      handOverAt: new Date('2026-11-18T21:00:00.000Z'),
      handedOverAt: null,
      handOverAttempts: 0,
      settleAt: new Date('2026-11-19T05:00:00.000Z'),
      providerTransferId: null,
    });
    const queued = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, TRANSFER_HAND_OVER_JOB), eq(jobs.subjectId, id)));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      entityId: fixture.entityId,
      status: 'queued',
      dedupeKey: transferHandOverKey(id),
      payload: { transferId: id },
    });
    // Queued to run when the app's clock reaches the cut-off: six hours from now.
    const delay = (queued[0]?.runAt.getTime() ?? 0) - Date.now();
    expect(delay).toBeGreaterThan(6 * 3_600_000 - 60_000);
    expect(delay).toBeLessThanOrEqual(6 * 3_600_000);
    // Before its time nothing is handed over.
    expect(await handOverTransfer(deps(), id)).toEqual({ outcome: 'skipped', reason: 'not_due' });
    expect(calls).toEqual([]);
  });

  it('hands a transfer over once when two runs race, the bank called with its request key', async () => {
    const { id } = await pendingTransfer('Race Hand Co');
    t.clock.set(new Date('2026-11-18T21:00:00.000Z'));
    mode = 'slow';
    const outcomes = await Promise.all([handOverTransfer(deps(), id), handOverTransfer(deps(), id)]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['handed_over', 'skipped']);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.requestKey).toMatch(/^keel-transfer-[0-9a-f]{40}$/);
    expect(calls[0]?.recipient.accountNumber).toBe('123456789012');
    const row = await rowOf(id);
    expect(row).toMatchObject({ handOverAttempts: 1, handOverError: null });
    expect(row.handedOverAt).toEqual(new Date('2026-11-18T21:00:00.000Z'));
    // A third run finds it handed over.
    expect(await handOverTransfer(deps(), id)).toEqual({ outcome: 'skipped', reason: 'handed_over' });
    expect(calls).toHaveLength(1);
  });

  it('undoes the claim when the bank is down, keeps the error, and hands it over on the retry', async () => {
    const { fixture, id } = await pendingTransfer('Bank Down Co');
    t.clock.set(new Date('2026-11-18T21:00:00.000Z'));
    mode = 'down';
    await expect(handOverTransfer(deps(), id)).rejects.toBeInstanceOf(HandOverFailed);
    let row = await rowOf(id);
    expect(row).toMatchObject({ status: 'pending', handedOverAt: null, handOverAttempts: 1 });
    expect(row.handOverError).toContain('ECONNREFUSED');
    mode = 'ok';
    expect((await handOverTransfer(deps(), id)).outcome).toBe('handed_over');
    row = await rowOf(id);
    expect(row).toMatchObject({ handOverAttempts: 2, handOverError: null });
    expect(calls.map((call) => call.requestKey)).toEqual([calls[0]?.requestKey, calls[0]?.requestKey]);
    expect(row.entityId).toBe(fixture.entityId);
  });

  it('lets exactly one of a cancel and a hand-over racing win', async () => {
    for (let round = 0; round < 4; round += 1) {
      t.clock.set(WEDNESDAY);
      const { fixture, id } = await pendingTransfer(`Cancel Race ${round} Co`);
      t.clock.set(new Date('2026-11-18T21:00:00.000Z'));
      calls.length = 0;
      const actor = { entityId: fixture.entityId, userId: fixture.owner.user.id };
      const [handOver, cancel] = await Promise.allSettled([
        handOverTransfer(deps(), id),
        cancelTransfer(deps(), actor, id),
      ]);
      const row = await rowOf(id);
      if (cancel.status === 'fulfilled') {
        // The cancel won: the bank never saw it.
        expect(row.status).toBe('canceled');
        expect(handOver).toMatchObject({ status: 'fulfilled', value: { outcome: 'skipped' } });
        expect(calls).toHaveLength(0);
        expect(row.handedOverAt).toBeNull();
      } else {
        // The hand-over won: the cancel was refused and the bank has it once.
        expect(row.status).toBe('pending');
        expect(handOver).toMatchObject({ status: 'fulfilled', value: { outcome: 'handed_over' } });
        expect(calls).toHaveLength(1);
        expect(String(cancel.reason)).toContain('can no longer be canceled');
      }
    }
  });
});
