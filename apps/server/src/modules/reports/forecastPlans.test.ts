import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_TODAY, type TestApp } from '../../../test/harness';
import {
  createLedgerFixture,
  forecastRollupsOf,
  insertImportedTransaction,
  type LedgerFixture,
} from '../../../test/ledgerTestKit';
import { entities } from '../../db/schema';
import { createAccount, deleteAccount } from '../ledger/accounts';
import { adjustForecastCell } from '../ledger/forecasts';
import { readForecastPlans } from './readForecastPlans';

/**
 * Plan vs actual: each month's plan is its forecast as it stood when the month began,
 * whatever is written to that month afterwards. The test clock starts on TEST_TODAY (2026-11-22) and is
 * moved on to later months.
 */

let t: TestApp;
let acme: LedgerFixture;
let rent: string;

const day = (iso: string) => new Date(`${iso}T12:00:00.000Z`);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  t.clock.set(day(TEST_TODAY));
  acme = await createLedgerFixture(t, 'Acme Plans');
  const expense = await acme.account('Expense');
  rent = (await createAccount(t.db, t.clock, { entityId: acme.entityId, parentId: expense, name: 'Rent' }))
    .id;
});

/** Adds `units` (dollars) to the rent forecast of `month`, as an inline cell edit does. */
const adjust = (month: string, units: number, accountId = rent) =>
  adjustForecastCell(t.db, t.clock, acme.owner.user.id, {
    entityId: acme.entityId,
    accountId,
    month,
    amount: units,
    reportId: null,
  });

/**
 * The plans of the months on the expense side, by account and month, in cents (each forecast's other
 * side, on the bank account, is left out).
 */
async function plans(from: string, to: string) {
  const rows = await readForecastPlans(t.db, acme.entityId, from, to);
  const expenseSide = new Set([rent, await acme.account('Expense')]);
  const byAccount: Record<string, Record<string, number>> = {};
  for (const row of rows) {
    if (row.amount === 0 || !expenseSide.has(row.accountId)) continue;
    byAccount[row.accountId] = { ...byAccount[row.accountId], [row.month]: row.amount };
  }
  return byAccount;
}

describe('forecast plans', () => {
  it('keep the forecast a month had when it began, through later edits of that month', async () => {
    await adjust('2026-12', 1_000);
    await adjust('2027-01', 1_000);
    expect(await plans('2026-12', '2027-01')).toEqual({ [rent]: { '2026-12': 100_000, '2027-01': 100_000 } });

    // December begins; its forecast is raised and January's lowered during December.
    t.clock.set(day('2026-12-03'));
    await adjust('2026-12', 500);
    await adjust('2027-01', -250);
    expect(await forecastRollupsOf(t.db, acme.entityId, rent)).toEqual({
      '2026-12': 150_000,
      '2027-01': 75_000,
    });
    // December's plan is what it was on December 1st; January's has not begun, so it is the forecast.
    expect(await plans('2026-12', '2027-01')).toEqual({ [rent]: { '2026-12': 100_000, '2027-01': 75_000 } });

    // January and February begin with no write in between: January's plan is its forecast still.
    t.clock.set(day('2027-02-10'));
    expect(await plans('2026-12', '2027-02')).toEqual({ [rent]: { '2026-12': 100_000, '2027-01': 75_000 } });
    // The first write of February keeps January's plan (and February's) before it changes anything.
    await adjust('2027-01', 1_000);
    await adjust('2027-02', 300);
    expect(await plans('2026-12', '2027-02')).toEqual({ [rent]: { '2026-12': 100_000, '2027-01': 75_000 } });
    expect(await forecastRollupsOf(t.db, acme.entityId, rent)).toEqual({
      '2026-12': 150_000,
      '2027-01': 175_000,
      '2027-02': 30_000,
    });
  });

  it('are taken once per month, before the first change, even when several writes share the month', async () => {
    await adjust('2027-03', 200);
    t.clock.set(day('2027-03-01'));
    await Promise.all([adjust('2027-03', 10), adjust('2027-03', 20), adjust('2027-03', 30)]);
    expect(await forecastRollupsOf(t.db, acme.entityId, rent)).toEqual({ '2027-03': 26_000 });
    expect(await plans('2027-03', '2027-03')).toEqual({ [rent]: { '2027-03': 20_000 } });
  });

  it('follow the forecasts to the parent when their account is deleted', async () => {
    const expense = await acme.account('Expense');
    await adjust('2026-12', 400);
    t.clock.set(day('2026-12-15'));
    await adjust('2026-12', 100);
    await deleteAccount(t.db, t.clock, acme.owner.user.id, { id: rent });
    expect(await plans('2026-12', '2026-12')).toEqual({ [expense]: { '2026-12': 40_000 } });
  });

  it('are the company’s own: another company’s writes take nothing of it', async () => {
    const other = await createLedgerFixture(t, 'Other Plans');
    const otherExpense = await other.account('Expense');
    await adjust('2026-12', 700);
    t.clock.set(day('2026-12-02'));
    await adjustForecastCell(t.db, t.clock, other.owner.user.id, {
      entityId: other.entityId,
      accountId: otherExpense,
      month: '2026-12',
      amount: 5,
      reportId: null,
    });
    expect(await plans('2026-12', '2026-12')).toEqual({ [rent]: { '2026-12': 70_000 } });
    expect(await readForecastPlans(t.db, other.entityId, '2026-12', '2026-12')).toEqual([]);
  });

  it("begin a company's month at its own midnight, not UTC's", async () => {
    await t.db
      .update(entities)
      .set({ timeZone: 'America/Los_Angeles' })
      .where(eq(entities.id, acme.entityId));
    await adjust('2026-12', 1_000);
    // 23:30 on 30 November in Los Angeles is already 1 December in UTC: December has not begun there.
    t.clock.set(new Date('2026-12-01T07:30:00.000Z'));
    await adjust('2026-12', 500);
    expect(await plans('2026-12', '2026-12')).toEqual({ [rent]: { '2026-12': 150_000 } });
    // At 00:30 on 1 December in Los Angeles it has: December's plan is kept through later edits.
    t.clock.set(new Date('2026-12-01T08:30:00.000Z'));
    await adjust('2026-12', 100);
    expect(await plans('2026-12', '2026-12')).toEqual({ [rent]: { '2026-12': 150_000 } });
  });
});

type PlanReport = {
  report: {
    columns: { key: string }[];
    lineItems: { accountId: string | null; columnValues: number[]; planValues: (number | null)[] }[];
  };
};

describe('the Report query’s planValues', () => {
  it('sets each past month’s plan beside its actual, for flows, their parents and balances', async () => {
    const bank = await acme.account('Banks');
    const expense = await acme.account('Expense');
    await adjust('2026-12', 1_000);
    await adjust('2027-01', 800);
    t.clock.set(day('2027-01-20'));
    // December's rent came in at $1,200, paid from the bank; the forecast of December is then raised.
    await insertImportedTransaction(t.db, acme.entityId, {
      date: '2026-12-05',
      name: 'Rent',
      legs: [
        { accountId: rent, amount: 120_000 },
        { accountId: bank, amount: -120_000 },
      ],
    });
    await adjust('2026-12', 1_000);
    // The owner's sign-in of November has expired by now: a member signed in today asks.
    const token = await acme.member('admin');
    const answer = await acme.gql<PlanReport>(
      `query($e: ID!) { report(entityId: $e, startMonth: "2026-11", endMonth: "2027-02", actualsEndMonth: "2026-12") {
        columns { key } lineItems { accountId columnValues planValues } } }`,
      { e: acme.entityId },
      token,
    );
    expect(answer.errors).toBeUndefined();
    const report = answer.data?.report;
    if (!report) throw new Error('no report');
    const keys = report.columns.map((column) => column.key);
    const at = (accountId: string) => {
      const row = report.lineItems.find((line) => line.accountId === accountId);
      if (!row) throw new Error(`no row for ${accountId}`);
      const of = (values: readonly (number | null)[]) =>
        Object.fromEntries(keys.map((key, index) => [key, values[index] ?? null]));
      return { actual: of(row.columnValues), plan: of(row.planValues) };
    };
    const december = keys.find((key) => key.includes('2026-12')) ?? '';
    const november = keys.find((key) => key.includes('2026-11')) ?? '';
    const january = keys.find((key) => key.includes('2027-01')) ?? '';
    expect(at(rent).actual[december]).toBe(120_000);
    expect(at(rent).plan[december]).toBe(100_000);
    // November began before the company planned anything: it has no plan, not a plan of 0.
    expect(at(rent).plan[november]).toBeNull();
    expect(at(expense).plan[december]).toBe(100_000);
    // Months after the actuals end, and summary columns, have no plan.
    expect(at(rent).plan[january]).toBeNull();
    const summaries = keys.filter(
      (key) => ![november, december, january].includes(key) && !key.includes('2027-02'),
    );
    for (const key of summaries) expect(at(rent).plan[key]).toBeNull();
    // The bank: its actual close of November (0) plus December's planned payment.
    expect(at(bank).actual[december]).toBe(-120_000);
    expect(at(bank).plan[december]).toBe(-100_000);
  });
});
