import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRO_PLAN_QUERY } from '../../../test/billingTestKit';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  createLedgerFixture,
  insertImportedTransaction,
  type LedgerFixture,
  reportRowOf,
} from '../../../test/ledgerTestKit';

/**
 * The Pro Plan's price comes from the ledger: max($100, 0.1% of the last complete month's actual
 * expense total, rounded half up to the cent). Checked against an independent sum of the month's
 * expense entries as booked, and against the Financial Report's Expense line for that month.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type ProPlan = {
  entityId: string;
  basisMonth: string;
  expenseTotal: number;
  price: number;
  minimum: number;
  rule: string;
  working: string;
  provider: string;
  publishableKey: string | null;
};

async function proPlanOf(fixture: LedgerFixture, token = fixture.owner.token): Promise<ProPlan> {
  const result = await fixture.gql<{ proPlan: ProPlan }>(PRO_PLAN_QUERY, { e: fixture.entityId }, token);
  if (!result.data) throw new Error(`proPlan: ${JSON.stringify(result.errors)}`);
  return result.data.proPlan;
}

/** The price by the rule, in exact integer arithmetic of its own. */
function expectedPrice(expenseCents: number): number {
  const expense = BigInt(Math.max(0, expenseCents));
  const share = (expense + 500n) / 1000n;
  return Number(share > 10_000n ? share : 10_000n);
}

async function subAccount(fixture: LedgerFixture, parentId: string, name: string): Promise<string> {
  const result = await fixture.gql<{ createAccount: { id: string } }>(
    'mutation($e: ID!, $p: ID!, $n: String!) { createAccount(entityId: $e, parentId: $p, name: $n) { id } }',
    { e: fixture.entityId, p: parentId, n: name },
  );
  if (!result.data) throw new Error(`createAccount: ${JSON.stringify(result.errors)}`);
  return result.data.createAccount.id;
}

/** A company with a small chart: Expense/Payroll/Salaries, Expense/Software, Income/Sales, Banks/Checking. */
async function companyWithChart(name: string) {
  const fixture = await createLedgerFixture(t, name);
  const expense = await fixture.account('Expense');
  const payroll = await subAccount(fixture, expense, 'Payroll');
  const accounts = {
    expense,
    payroll,
    salaries: await subAccount(fixture, payroll, 'Salaries'),
    software: await subAccount(fixture, expense, 'Software'),
    sales: await subAccount(fixture, await fixture.account('Income'), 'Sales'),
    checking: await subAccount(fixture, await fixture.account('Banks'), 'Checking'),
  };
  return { fixture, accounts };
}

async function book(
  fixture: LedgerFixture,
  accountId: string,
  against: string,
  date: string,
  amount: number,
) {
  await insertImportedTransaction(t.db, fixture.entityId, {
    date,
    name: 'Booked by the billing test',
    legs: [
      { accountId, amount },
      { accountId: against, amount: -amount },
    ],
  });
}

describe('the Pro Plan price from the ledger', () => {
  it('is the $100 minimum for an empty company, based on last month, with its working', async () => {
    const fixture = await createLedgerFixture(t, 'Empty Co');
    expect(await proPlanOf(fixture)).toEqual({
      entityId: fixture.entityId,
      basisMonth: '2026-10',
      expenseTotal: 0,
      price: 10_000,
      minimum: 10_000,
      rule: '0.1% of the monthly expense total, minimum $100 per month, rounded half up to the cent',
      working: '$100.00 = max($100.00, 0.1% × $0.00 of October 2026)',
      provider: 'sandbox',
      publishableKey: null,
      productName: 'Pro Plan',
    });
  });

  it('counts only the last complete month’s actual expense, sub-accounts and refunds included', async () => {
    const { fixture, accounts } = await companyWithChart('Counted Co');
    await book(fixture, accounts.salaries, accounts.checking, '2026-10-01', 30_000_000);
    await book(fixture, accounts.software, accounts.checking, '2026-10-31', 12_345_678);
    await book(fixture, accounts.payroll, accounts.checking, '2026-10-15', 500); // the parent's own
    await book(fixture, accounts.software, accounts.checking, '2026-10-20', -345_678); // a refund
    // Not counted: income, the month before and the month under way, a forecast, another company.
    await book(fixture, accounts.sales, accounts.checking, '2026-10-05', -90_000_000);
    await book(fixture, accounts.salaries, accounts.checking, '2026-09-30', 70_000_000);
    await book(fixture, accounts.salaries, accounts.checking, '2026-11-01', 80_000_000);
    const forecast = await fixture.gql(
      `mutation($e: ID!, $a: ID!) { createForecast(entityId: $e, accountId: $a, date: "2026-10", amount: 99999, recurring: none) { id } }`,
      { e: fixture.entityId, a: accounts.software },
    );
    expect(forecast.errors).toBeUndefined();
    const other = await companyWithChart('Other Co');
    await book(other.fixture, other.accounts.salaries, other.accounts.checking, '2026-10-02', 55_000_000);

    const expense = 30_000_000 + 12_345_678 + 500 - 345_678;
    const plan = await proPlanOf(fixture);
    expect(plan.expenseTotal).toBe(expense);
    // $420,005.00 × 0.1% = $420.005: half a cent, rounded up.
    expect(plan.price).toBe(42_001);
    expect(plan.working).toBe('$420.01 = max($100.00, 0.1% × $420,005.00 of October 2026)');
    // The Financial Report's Expense line shows the same figure for October.
    expect((await reportRowOf(fixture, accounts.expense))['2026-10']).toBe(expense);
    // Another month comes to be the basis as the clock moves on.
    t.clock.set(new Date('2026-12-03T09:00:00Z'));
    try {
      const admin = await fixture.member('admin'); // signed in now: the owner's token is from November
      expect(await proPlanOf(fixture, admin)).toMatchObject({
        basisMonth: '2026-11',
        expenseTotal: 80_000_000,
        price: 80_000,
      });
    } finally {
      t.clock.set(new Date('2026-11-22T12:00:00Z'));
    }
  });

  it('costs the minimum when refunds outweigh spending', async () => {
    const { fixture, accounts } = await companyWithChart('Refunded Co');
    await book(fixture, accounts.software, accounts.checking, '2026-10-10', -20_000_000);
    expect(await proPlanOf(fixture)).toMatchObject({ expenseTotal: -20_000_000, price: 10_000 });
  });

  it('equals an independent sum of the month’s expense entries, for random books', async () => {
    const kinds = ['expense', 'payroll', 'salaries', 'software', 'sales'] as const;
    const booking = fc.record({
      account: fc.constantFrom(...kinds),
      month: fc.constantFrom('2026-09', '2026-10', '2026-11'),
      day: fc.integer({ min: 1, max: 28 }),
      amount: fc
        .oneof(fc.integer({ min: -2_000_000, max: 10_000_000 }), fc.integer({ min: 1, max: 900_000_000_00 }))
        .filter((cents) => cents !== 0),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(booking, { minLength: 0, maxLength: 10 }), async (bookings) => {
        run += 1;
        const { fixture, accounts } = await companyWithChart(`Random Books ${run}`);
        for (const entry of bookings) {
          const date = `${entry.month}-${String(entry.day).padStart(2, '0')}`;
          await book(fixture, accounts[entry.account], accounts.checking, date, entry.amount);
        }
        const expense = bookings
          .filter((entry) => entry.month === '2026-10' && entry.account !== 'sales')
          .reduce((sum, entry) => sum + entry.amount, 0);
        const plan = await proPlanOf(fixture);
        expect(plan.expenseTotal).toBe(expense);
        expect(plan.price).toBe(expectedPrice(expense));
      }),
      { numRuns: 10 },
    );
  });

  it('is the same for every role that sees the books, and refused to card-only members', async () => {
    const { fixture, accounts } = await companyWithChart('Roles Co');
    await book(fixture, accounts.software, accounts.checking, '2026-10-10', 123_456_789);
    const ownerView = await proPlanOf(fixture);
    expect(ownerView.price).toBe(123_457);
    expect(await proPlanOf(fixture, await fixture.member('bookkeeper'))).toEqual(ownerView);
    const cardOnly = await fixture.gql(
      PRO_PLAN_QUERY,
      { e: fixture.entityId },
      await fixture.member('card_only'),
    );
    expect(cardOnly.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
