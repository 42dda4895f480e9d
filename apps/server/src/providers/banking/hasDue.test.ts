import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACH,
  achRequest,
  deposit,
  openDepositAccount,
  runTransferHandOver,
} from '../../../test/bankingTestKit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledgerTestKit';
import { writeTransaction } from '../../db/transactions';

/**
 * The sandbox's lock-free hasDue answers exactly when settleDue would do something: the banking reads
 * skip their write transaction otherwise, so it must never say 'nothing' while work is due.
 */

let t: TestApp;
let acme: LedgerFixture;
let accountId: string;

const hasDue = (at: string) => t.providers.banking.hasDue(t.db, acme.entityId, new Date(at));
const settle = (at: string) =>
  writeTransaction(t.db, (tx) => t.providers.banking.settleDue(tx, acme.entityId, new Date(at)));

beforeAll(async () => {
  t = await createTestApp();
  // Wednesday 18 November 2026: the account opens this month, so no interest is due yet.
  t.clock.set(new Date('2026-11-18T15:00:00.000Z'));
  acme = await createLedgerFixture(t, 'Due Co');
  accountId = (await openDepositAccount(acme)).id;
  await deposit(t, accountId, 1_000_000, '2026-11-18');
});
afterAll(() => t.close());

describe('hasDue', () => {
  it('is false with nothing pending and no complete month unpaid', async () => {
    expect(await hasDue('2026-11-18T15:00:00.000Z')).toBe(false);
  });

  it('turns true when an ACH comes due, and false once it is settled', async () => {
    const sent = await acme.gql<{ createAchTransfer: { id: string } }>(
      ACH,
      achRequest(acme, accountId, 'due-ach-1'),
    );
    expect(sent.errors).toBeUndefined();
    // Still in Keel's outbox: nothing is due at the bank, even after its settlement time.
    expect(await hasDue('2026-11-19T05:00:00.000Z')).toBe(false);
    t.clock.set(new Date('2026-11-18T21:00:00.000Z'));
    await runTransferHandOver(t, sent.data?.createAchTransfer.id as string);
    // Handed over at the cut-off: due at 00:00 New York the next business day.
    expect(await hasDue('2026-11-19T04:59:59.000Z')).toBe(false);
    expect(await hasDue('2026-11-19T05:00:00.000Z')).toBe(true);
    expect((await settle('2026-11-19T05:00:00.000Z')).map((posting) => posting.kind)).toEqual(['transfer']);
    expect(await hasDue('2026-11-19T05:00:00.000Z')).toBe(false);
  });

  it("turns true when a month's interest is due, and false once it is credited", async () => {
    expect(await hasDue('2026-11-30T23:59:59.000Z')).toBe(false);
    expect(await hasDue('2026-12-01T00:00:00.000Z')).toBe(true);
    expect((await settle('2026-12-01T00:00:00.000Z')).map((posting) => posting.kind)).toEqual(['interest']);
    expect(await hasDue('2026-12-01T00:00:00.000Z')).toBe(false);
  });
});
