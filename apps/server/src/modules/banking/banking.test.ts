import {
  APPLICATION_MESSAGES,
  accrueMonthlyInterest,
  isAbaRoutingNumber,
  statementFigures,
  TRANSFER_MESSAGES,
} from '@keel/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  ACH,
  APPLY,
  achRequest,
  applicant,
  applicantAddress,
  type BankAccountView,
  bankingSnapshot,
  deposit,
  expectBankingBalancesAgree,
  LIMITS,
  openDepositAccount,
  runBankMirror,
  TRANSFERS,
  type TransferView,
  VENDOR,
  WIRE,
  wireRequest,
} from '../../../test/bankingTestKit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLedgerFixture, type LedgerFixture, ledgerSnapshot } from '../../../test/ledgerTestKit';
import { queryRows } from '../../db/queryRows';
import { RETURNED_ACCOUNT_NUMBER } from '../../providers/banking/sandbox';
import { issueAccessToken } from '../auth/tokens';

/**
 * Keel's deposit accounts through the API on the banking sandbox: /apply's rules, transfers that move
 * money once per idempotency key (also when two requests race), refusals that change nothing, roles,
 * other companies' ids, settlement and returns, interest, statements, and the books seeing it all.
 */

let t: TestApp;
/** Wednesday 18 November 2026, 15:00 UTC: a business day. */
const WEDNESDAY = new Date('2026-11-18T15:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.set(WEDNESDAY);
});

/**
 * Moves the clock, gives the companies' owners fresh tokens (test tokens live 24 hours) and runs their
 * bank mirror, as the scheduled BankMirror job would within a minute (reads do not settle).
 */
async function moveClock(at: string, ...fixtures: LedgerFixture[]) {
  t.clock.set(new Date(at));
  for (const fixture of fixtures) {
    fixture.owner.token = (await issueAccessToken(t.db, t.clock, fixture.owner.user.id, 24)).token;
    await runBankMirror(t, fixture.entityId);
  }
}

async function accountsOf(fixture: LedgerFixture, token?: string): Promise<BankAccountView[]> {
  const result = await fixture.gql<{ providerBankAccounts: BankAccountView[] }>(
    ACCOUNTS,
    { e: fixture.entityId },
    token,
  );
  if (!result.data) throw new Error(`providerBankAccounts: ${JSON.stringify(result.errors)}`);
  return result.data.providerBankAccounts;
}

async function ach(fixture: LedgerFixture, variables: Record<string, unknown>, token?: string) {
  return fixture.gql<{ createAchTransfer: TransferView }>(ACH, variables, token);
}

async function snapshot(fixture: LedgerFixture) {
  return {
    banking: await bankingSnapshot(t.db, fixture.entityId),
    ledger: await ledgerSnapshot(t.db, fixture.entityId),
  };
}

/** A company with a deposit account holding `balance` cents (deposited on 2 November). */
async function fundedCompany(name: string, balance = 2_000_000) {
  const fixture = await createLedgerFixture(t, name);
  const account = await openDepositAccount(fixture);
  if (balance > 0) await deposit(t, account.id, balance, '2026-11-02');
  return { fixture, account };
}

describe('/apply: createTprimeApplication', () => {
  it("refuses an invalid form with the spec's messages and stores nothing", async () => {
    const fixture = await createLedgerFixture(t, 'Applicant');
    const before = await snapshot(fixture);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ack: false }, APPLICATION_MESSAGES.agreements, 'acknowledgedAgreements'],
      [{ p: applicant({ tin: '12345' }) }, APPLICATION_MESSAGES.ssnLength, 'person.tin'],
      [{ p: applicant({ tin: '12345678x' }) }, APPLICATION_MESSAGES.ssnNumeric, 'person.tin'],
      [{ p: applicant({ citizen: false }) }, APPLICATION_MESSAGES.citizen, 'person.citizen'],
      [{ p: applicant({ phoneNumber: 'call me' }) }, APPLICATION_MESSAGES.phone, 'person.phoneNumber'],
      [
        { p: applicant({ dateOfBirth: '1985-02-30' }) },
        APPLICATION_MESSAGES.dateOfBirth,
        'person.dateOfBirth',
      ],
      [{ p: applicant({ dateOfBirth: '2010-01-01' }) }, APPLICATION_MESSAGES.tooYoung, 'person.dateOfBirth'],
    ];
    for (const [overrides, message, field] of cases) {
      const result = await fixture.gql(APPLY, {
        e: fixture.entityId,
        p: applicant(),
        a: applicantAddress,
        ack: true,
        ...overrides,
      });
      expect(result.errors?.[0]?.message).toBe(message);
      expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    expect(await snapshot(fixture)).toEqual(before);
  });

  it('opens the first checking account on approval, with a valid routing number and a masked account number', async () => {
    const fixture = await createLedgerFixture(t, 'Approved');
    const account = await openDepositAccount(fixture);
    expect(isAbaRoutingNumber(account.routingNumber)).toBe(true);
    expect(account.accountNumber).toMatch(/^\*{8}\d{4}$/);
    expect(account).toMatchObject({
      currentBalance: 0,
      availableBalance: 0,
      accountType: 'TPrime::Account',
      accountYield: { apy: 2, apyBasisPoints: 200, amount: 0 },
    });
    const [books] = await queryRows<{ ref_type: string; is_mutable: boolean; parent: string }>(
      t.db,
      sql`SELECT a.ref_type, a.is_mutable, p.name AS parent FROM accounts a JOIN accounts p ON p.id = a.parent_id
          WHERE a.id = ${account.ledgerAccountId}::uuid`,
    );
    expect(books).toEqual({ ref_type: 'TPrime::Account', is_mutable: false, parent: 'Banks' });
    const [stored] = await queryRows<{ tin_sealed: string }>(
      t.db,
      sql`SELECT tin_sealed FROM bank_applications WHERE entity_id = ${fixture.entityId}::uuid`,
    );
    expect(stored?.tin_sealed).not.toContain('123456789');
    const again = await fixture.gql(APPLY, {
      e: fixture.entityId,
      p: applicant(),
      a: applicantAddress,
      ack: true,
    });
    expect(again.errors?.[0]?.message).toBe('This company already has a Keel account');
  });

  it('keeps a declined application (sandbox SSN 000000000) and opens nothing', async () => {
    const fixture = await createLedgerFixture(t, 'Declined');
    const result = await fixture.gql<{
      createTprimeApplication: { application: { status: string; declineReason: string }; account: null };
    }>(APPLY, { e: fixture.entityId, p: applicant({ tin: '000000000' }), a: applicantAddress, ack: true });
    expect(result.data?.createTprimeApplication).toMatchObject({
      application: { status: 'declined' },
      account: null,
    });
    expect(await accountsOf(fixture)).toEqual([]);
  });
});

describe('transfers', () => {
  it('holds an ACH as pending (available balance down), posts it the next business day, and books it', async () => {
    const { fixture, account } = await fundedCompany('Ach Co');
    const sent = await ach(fixture, achRequest(fixture, account.id, 'ach-key-0001'));
    expect(sent.data?.createAchTransfer).toMatchObject({ status: 'pending', amount: 125_000 });
    let [view] = await accountsOf(fixture);
    expect(view).toMatchObject({ currentBalance: 2_000_000, availableBalance: 1_875_000 });
    // Handed to the bank at the ACH cut-off (16:00 New York), it posts at 00:00 New York the next
    // business day: not yet at 04:59 UTC, at 05:00 UTC.
    await moveClock('2026-11-19T04:59:00.000Z', fixture);
    [view] = await accountsOf(fixture);
    expect(view).toMatchObject({ currentBalance: 2_000_000, availableBalance: 1_875_000 });
    await moveClock('2026-11-19T05:00:00.000Z', fixture);
    [view] = await accountsOf(fixture);
    expect(view).toMatchObject({ currentBalance: 1_875_000, availableBalance: 1_875_000 });
    const transfers = await fixture.gql<{ transfers: TransferView[] }>(TRANSFERS, { e: fixture.entityId });
    expect(transfers.data?.transfers.map((row) => row.status)).toEqual(['posted']);
    const keel = await fixture.gql<{
      bookkeepingTransactionsConnection: {
        count: number;
        edges: { node: { name: string; amount: number } }[];
      };
    }>(
      `query($e: ID!) { bookkeepingTransactionsConnection(entityId: $e, accountTypeFilter: "TPrime::Account") {
        count edges { node { name amount accountName categoryName } } } }`,
      { e: fixture.entityId },
    );
    expect(keel.data?.bookkeepingTransactionsConnection.edges.map((edge) => edge.node)).toEqual([
      expect.objectContaining({
        name: 'ACH to Figma Inc.',
        amount: -125_000,
        categoryName: 'Uncategorized Expense',
      }),
      expect.objectContaining({
        name: 'Incoming ACH',
        amount: 2_000_000,
        categoryName: 'Uncategorized Income',
      }),
    ]);
    await expectBankingBalancesAgree(t.db, fixture.entityId);
  });

  it('moves money once for a key sent again, and refuses the key with a different request', async () => {
    const { fixture, account } = await fundedCompany('Retry Co');
    const request = achRequest(fixture, account.id, 'retry-key-0001');
    const first = await ach(fixture, request);
    const second = await ach(fixture, request);
    expect(second.data?.createAchTransfer.id).toBe(first.data?.createAchTransfer.id);
    const before = await snapshot(fixture);
    const other = await ach(fixture, { ...request, amt: 125_001 });
    expect(other.errors?.[0]).toMatchObject({
      message: 'This idempotency key was used for a different transfer',
      extensions: { code: 'BAD_USER_INPUT', field: 'idempotencyKey' },
    });
    expect(await snapshot(fixture)).toEqual(before);
    await moveClock('2026-11-20T12:00:00.000Z', fixture);
    const [view] = await accountsOf(fixture);
    expect(view?.currentBalance).toBe(2_000_000 - 125_000);
    // Sent again after it posted: the same transfer, no second debit.
    const late = await ach(fixture, request);
    expect(late.data?.createAchTransfer).toMatchObject({
      id: first.data?.createAchTransfer.id,
      status: 'posted',
    });
    expect((await accountsOf(fixture))[0]?.currentBalance).toBe(2_000_000 - 125_000);
  });

  it('moves money once when two requests with one key race', async () => {
    const { fixture, account } = await fundedCompany('Race Co');
    const request = wireRequest(fixture, account.id, 'race-key-0001');
    const [a, b] = await Promise.all([
      fixture.gql<{ createWireTransfer: TransferView }>(WIRE, request),
      fixture.gql<{ createWireTransfer: TransferView }>(WIRE, request),
    ]);
    expect(a.errors).toBeUndefined();
    expect(b.errors).toBeUndefined();
    expect(a.data?.createWireTransfer.id).toBe(b.data?.createWireTransfer.id);
    // A wire sent on a business day before the cut-off is handed to the bank at once (its job, or the
    // mirror catching up) and posts when it is.
    expect(a.data?.createWireTransfer.status).toBe('pending');
    await runBankMirror(t, fixture.entityId);
    const [view] = await accountsOf(fixture);
    expect(view?.currentBalance).toBe(2_000_000 - 300_000);
    const [count] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM bank_transfers WHERE entity_id = ${fixture.entityId}::uuid`,
    );
    expect(count?.n).toBe(1);
    await expectBankingBalancesAgree(t.db, fixture.entityId);
  });

  it("refuses bad transfers with the spec's messages and changes nothing", async () => {
    const { fixture, account } = await fundedCompany('Refusals Co', 1_200_000);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amt: 99 }, TRANSFER_MESSAGES.amountMin, 'amount'],
      [{ amt: 500_001 }, TRANSFER_MESSAGES.amountMax, 'amount'],
      [{ r: '12345' }, TRANSFER_MESSAGES.routingNumberDigits, 'routingNumber'],
      [{ r: '021000022' }, TRANSFER_MESSAGES.routingNumberInvalid, 'routingNumber'],
      [{ num: null }, TRANSFER_MESSAGES.accountNumberRequired, 'accountNumber'],
      [{ acc: null }, TRANSFER_MESSAGES.accountRequired, 'accountId'],
      [{ d: '2026-11-17' }, 'The transfer date cannot be in the past', 'date'],
      [{ k: 'short' }, 'Idempotency key must be 8 to 255 visible characters', 'idempotencyKey'],
    ];
    for (const [index, [overrides, message, field]] of cases.entries()) {
      const before = await snapshot(fixture);
      const result = await ach(fixture, achRequest(fixture, account.id, `refused-${index}-key`, overrides));
      expect(result.errors?.[0]?.message, JSON.stringify(overrides)).toBe(message);
      expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
      expect(await snapshot(fixture)).toEqual(before);
    }
    const wireBefore = await snapshot(fixture);
    const noAddress = await fixture.gql(
      WIRE,
      wireRequest(fixture, account.id, 'wire-no-address', { ad: null }),
    );
    expect(noAddress.errors?.[0]?.message).toBe(TRANSFER_MESSAGES.addressRequired);
    expect(await snapshot(fixture)).toEqual(wireBefore);

    // The daily ACH limit ($10,000): two of $5,000 pass, a third dollar does not.
    for (const key of ['limit-key-0001', 'limit-key-0002']) {
      const ok = await ach(fixture, achRequest(fixture, account.id, key, { amt: 500_000 }));
      expect(ok.errors).toBeUndefined();
    }
    const limitBefore = await snapshot(fixture);
    const over = await ach(fixture, achRequest(fixture, account.id, 'limit-key-0003', { amt: 100 }));
    expect(over.errors?.[0]?.message).toBe(
      'You have reached your daily transfer limit of $10,000.00. Try again tomorrow.',
    );
    expect(await snapshot(fixture)).toEqual(limitBefore);
    const limits = await fixture.gql<{
      tprimeTransferLimits: { ach: { usedToday: number; remainingToday: number } };
    }>(LIMITS, { id: account.id });
    expect(limits.data?.tprimeTransferLimits.ach).toMatchObject({ usedToday: 1_000_000, remainingToday: 0 });

    // $12,000 deposited, $10,000 pending: a $3,000 wire is more than is available.
    const poor = await fixture.gql(WIRE, wireRequest(fixture, account.id, 'wire-too-much', { amt: 300_000 }));
    expect(poor.errors?.[0]?.message).toBe('Insufficient available balance for this transfer');
    expect(await snapshot(fixture)).toEqual(limitBefore);
  });

  it('lets a bookkeeper see accounts but not send money, and answers other companies’ ids as not found', async () => {
    const { fixture, account } = await fundedCompany('Roles Co');
    const bookkeeper = await fixture.member('bookkeeper');
    expect(await accountsOf(fixture, bookkeeper)).toHaveLength(1);
    const before = await snapshot(fixture);
    const refused = await ach(fixture, achRequest(fixture, account.id, 'bookkeeper-key'), bookkeeper);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const vendor = await fixture.gql(VENDOR, { e: fixture.entityId, n: 'Nope LLC' }, bookkeeper);
    expect(vendor.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await snapshot(fixture)).toEqual(before);

    const other = await fundedCompany('Other Co');
    const foreignAccount = await ach(fixture, achRequest(fixture, other.account.id, 'foreign-key-01'));
    expect(foreignAccount.errors?.[0]).toMatchObject({
      message: 'Account not found',
      extensions: { code: 'NOT_FOUND' },
    });
    const foreignVendor = await other.fixture.gql<{ createVendor: { id: string } }>(VENDOR, {
      e: other.fixture.entityId,
      n: 'Their Vendor',
    });
    const withVendor = await ach(
      fixture,
      achRequest(fixture, account.id, 'foreign-key-02', { v: foreignVendor.data?.createVendor.id }),
    );
    expect(withVendor.errors?.[0]?.message).toBe('Vendor not found');
    const limits = await fixture.gql(LIMITS, { id: other.account.id });
    expect(limits.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const theirs = await fixture.gql(ACCOUNTS, { e: other.fixture.entityId });
    expect(theirs.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await snapshot(fixture)).toEqual(before);
  });

  it('returns a wire to the sandbox return account at settlement, and an ACH a business day after it posted', async () => {
    const { fixture, account } = await fundedCompany('Returns Co');
    const wire = await fixture.gql<{ createWireTransfer: TransferView }>(
      WIRE,
      wireRequest(fixture, account.id, 'return-wire-01', { num: RETURNED_ACCOUNT_NUMBER }),
    );
    expect(wire.data?.createWireTransfer).toMatchObject({ status: 'pending', returnReason: null });
    await runBankMirror(t, fixture.entityId);
    const afterWire = await fixture.gql<{ transfers: TransferView[] }>(TRANSFERS, { e: fixture.entityId });
    expect(afterWire.data?.transfers[0]).toMatchObject({
      status: 'returned',
      returnReason: 'Beneficiary account not found',
    });
    const sent = await ach(
      fixture,
      achRequest(fixture, account.id, 'return-ach-01', { num: RETURNED_ACCOUNT_NUMBER }),
    );
    expect(sent.data?.createAchTransfer.status).toBe('pending');
    await moveClock('2026-11-19T09:00:00.000Z', fixture);
    expect((await accountsOf(fixture))[0]?.currentBalance).toBe(2_000_000 - 125_000);
    await moveClock('2026-11-20T09:00:00.000Z', fixture);
    expect((await accountsOf(fixture))[0]).toMatchObject({
      currentBalance: 2_000_000,
      availableBalance: 2_000_000,
    });
    const transfers = await fixture.gql<{ transfers: TransferView[] }>(TRANSFERS, { e: fixture.entityId });
    // Both were sent at the same instant: compared in a fixed order.
    expect(transfers.data?.transfers.map((row) => [row.status, row.returnReason]).sort()).toEqual([
      ['returned', 'Beneficiary account not found'],
      ['returned', 'R03 No account/unable to locate account'],
    ]);
    // The return is booked against the account the transfer was.
    const [books] = await queryRows<{ total: string }>(
      t.db,
      sql`SELECT coalesce(sum(e.amount), 0)::text AS total FROM entries e JOIN accounts a ON a.id = e.account_id
          WHERE e.entity_id = ${fixture.entityId}::uuid AND a.name = 'Uncategorized Expense'`,
    );
    expect(books?.total).toBe('0');
    await expectBankingBalancesAgree(t.db, fixture.entityId);
  });
});

describe('interest and statements', () => {
  it('credits each month’s interest from end-of-day balances, and a statement’s totals equal the month', async () => {
    const { fixture, account } = await fundedCompany('Interest Co', 0);
    await deposit(t, account.id, 10_000_000, '2026-11-02');
    await deposit(t, account.id, 250_000, '2026-11-18');
    await ach(fixture, achRequest(fixture, account.id, 'interest-ach-1', { amt: 400_000 }));
    await moveClock('2026-12-02T10:00:00.000Z', fixture);
    const [view] = await accountsOf(fixture);
    const balances = Array.from({ length: 30 }, (_, index) => {
      const day = index + 1;
      return (day >= 2 ? 10_000_000 : 0) + (day >= 18 ? 250_000 : 0) - (day >= 19 ? 400_000 : 0);
    });
    const expected = accrueMonthlyInterest({
      month: '2026-11',
      apyBasisPoints: 200,
      endOfDayBalances: balances,
    });
    expect(expected.interestCents).toBeGreaterThan(0);
    expect(view?.accountYield.amount).toBe(expected.interestCents);
    expect(view?.currentBalance).toBe(10_000_000 + 250_000 - 400_000 + expected.interestCents);

    const postings = await queryRows<{ date: string; amount: string }>(
      t.db,
      sql`SELECT to_char(date, 'YYYY-MM-DD') AS date, amount::text FROM bank_postings
          WHERE deposit_account_id = ${account.id}::uuid AND date BETWEEN '2026-11-01' AND '2026-11-30' ORDER BY created_at`,
    );
    const figures = statementFigures(
      0,
      postings.map((row) => ({ date: row.date, amount: Number(row.amount) })),
    );
    expect(figures.totalCreditsCents).toBe(10_000_000 + 250_000 + expected.interestCents);
    expect(figures.totalDebitsCents).toBe(400_000);
    expect(figures.closingCents).toBe(view?.currentBalance);
    // Reading again credits nothing twice.
    expect((await accountsOf(fixture))[0]?.accountYield.amount).toBe(expected.interestCents);
    await expectBankingBalancesAgree(t.db, fixture.entityId);
  });
});
