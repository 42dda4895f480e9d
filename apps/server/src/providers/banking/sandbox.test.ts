import { isAbaRoutingNumber } from '@keel/domain';
import { describe, expect, it } from 'vitest';
import {
  ACH_RETURN_REASON,
  createSandboxBanking,
  RETURNED_ACCOUNT_NUMBER,
  SANDBOX_ROUTING_NUMBER,
  settlementTime,
} from './sandbox';

/** The banking sandbox's decisions that need no database: settlement times, returns, applications. */
describe('banking sandbox', () => {
  it('has a valid ABA routing number', () => {
    expect(isAbaRoutingNumber(SANDBOX_ROUTING_NUMBER)).toBe(true);
  });

  it('posts an ACH at the start (New York) of the next business day and a wire when handed over', () => {
    const wednesday = new Date('2026-11-18T15:00:00.000Z');
    const friday = new Date('2026-11-20T15:00:00.000Z');
    const saturday = new Date('2026-11-21T15:00:00.000Z');
    expect(settlementTime('ach', wednesday, '2026-11-18').toISOString()).toBe('2026-11-19T05:00:00.000Z');
    expect(settlementTime('ach', friday, '2026-11-20').toISOString()).toBe('2026-11-23T05:00:00.000Z');
    expect(settlementTime('wire', wednesday, '2026-11-18')).toEqual(wednesday);
    expect(settlementTime('wire', saturday, '2026-11-21').toISOString()).toBe('2026-11-23T14:00:00.000Z');
    // Dated later: a wire at the bank's opening (09:00 New York) on its date.
    expect(settlementTime('wire', wednesday, '2026-11-25').toISOString()).toBe('2026-11-25T14:00:00.000Z');
    expect(settlementTime('ach', wednesday, '2026-11-27').toISOString()).toBe('2026-11-30T05:00:00.000Z');
    // After the ACH cut-off (16:00 New York) it is processed the next business day.
    expect(settlementTime('ach', new Date('2026-11-18T21:30:00.000Z'), '2026-11-18').toISOString()).toBe(
      '2026-11-20T05:00:00.000Z',
    );
  });

  it('neither posts nor returns on a Federal Reserve holiday', () => {
    const dayBeforeThanksgiving = new Date('2026-11-25T15:00:00.000Z');
    expect(settlementTime('ach', dayBeforeThanksgiving, '2026-11-25').toISOString()).toBe(
      '2026-11-27T05:00:00.000Z',
    );
    // A wire dated Thanksgiving goes out the day after; one dated Christmas Eve goes that day.
    expect(settlementTime('wire', dayBeforeThanksgiving, '2026-11-26').toISOString()).toBe(
      '2026-11-27T14:00:00.000Z',
    );
    expect(settlementTime('ach', dayBeforeThanksgiving, '2026-12-24').toISOString()).toBe(
      '2026-12-28T05:00:00.000Z',
    );
  });

  it('returns transfers to the return account: an ACH a business day after it posts', async () => {
    const sandbox = createSandboxBanking();
    const now = new Date('2026-11-20T15:00:00.000Z');
    const transfer = (accountNumber: string) =>
      sandbox.submitTransfer({
        requestKey: `key-${accountNumber}`,
        rail: 'ach',
        now,
        sendOn: '2026-11-20',
        amount: 100,
        recipient: { name: 'Ada', accountNumber, routingNumber: '021000021', accountType: 'checking' },
        memo: '',
        expectedSettleAt: settlementTime('ach', now, '2026-11-20'),
        account: { id: 'account', providerAccountId: null, providerAccountNumberId: null },
      });
    expect(await transfer(RETURNED_ACCOUNT_NUMBER)).toEqual({
      providerTransferId: null,
      settleAt: new Date('2026-11-23T05:00:00.000Z'),
      willReturn: true,
      returnAt: new Date('2026-11-24T05:00:00.000Z'),
      returnReason: ACH_RETURN_REASON,
    });
    expect((await transfer('1234')).willReturn).toBe(false);
  });

  it('approves valid applicants except SSN 000000000', async () => {
    const sandbox = createSandboxBanking();
    const applicant = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      dateOfBirth: '1985-12-10',
      address: {
        streetLine1: '1 Main St',
        streetLine2: null,
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
      },
    };
    expect(await sandbox.reviewApplication({ ...applicant, tin: '123456789' })).toEqual({
      approved: true,
      providerEntityId: null,
    });
    expect((await sandbox.reviewApplication({ ...applicant, tin: '000000000' })).approved).toBe(false);
  });
});
