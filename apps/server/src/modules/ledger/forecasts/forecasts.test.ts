import { AMOUNT_TOO_LARGE } from '@keel/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';
import {
  createLedgerFixture,
  expectBooksExact,
  type LedgerFixture,
  ledgerSnapshot,
} from '../../../../test/ledgerTestKit';
import { entries, forecasts, monthlyRollups, transactions } from '../../../db/schema';
import { writeTransaction } from '../../../db/transactions';
import { HIRING_FORECAST_READ_ONLY } from '../shared/ledgerErrors';
import { deleteForecast } from './deleteForecast';
import { deleteDerivedForecast, writeDerivedForecast } from './writeDerivedForecast';

let t: TestApp;
let acme: LedgerFixture;
let other: LedgerFixture;
let salaries: string;
let banks: string;
let sales: string;

const FORECAST_FIELDS = `id budgetId transactionId name memo accountId againstId amount amountCents calculationType
  averageMonths recurring startDate endDate accounts { id name }`;
const CREATE = `mutation($entityId: ID!, $accountId: ID!, $againstId: ID, $amount: Units, $averageMonths: Int,
  $calculationType: ForecastCalculationType, $date: MonthKey!, $memo: String, $name: String, $recurring: ForecastRecurrence, $reportId: ID) {
  createForecast(entityId: $entityId, accountId: $accountId, againstId: $againstId, amount: $amount, averageMonths: $averageMonths,
    calculationType: $calculationType, date: $date, memo: $memo, name: $name, recurring: $recurring, reportId: $reportId) { ${FORECAST_FIELDS} }
}`;
const UPDATE = `mutation($budgetId: ID!, $accountId: ID, $amount: Units, $averageMonths: Int, $calculationType: ForecastCalculationType,
  $date: MonthKey, $name: String, $recurring: ForecastRecurrence, $entityId: ID) {
  updateForecast(budgetId: $budgetId, accountId: $accountId, amount: $amount, averageMonths: $averageMonths,
    calculationType: $calculationType, date: $date, name: $name, recurring: $recurring, entityId: $entityId) { ${FORECAST_FIELDS} }
}`;

type Forecast = {
  id: string;
  transactionId: string;
  amount: number;
  amountCents: number;
  accountId: string;
  againstId: string;
};

async function createForecast(variables: Record<string, unknown>) {
  const result = await acme.gql<{ createForecast: Forecast }>(CREATE, {
    entityId: acme.entityId,
    ...variables,
  });
  expect(result.errors).toBeUndefined();
  return result.data!.createForecast;
}

async function occurrences(transactionId: string) {
  return t.db
    .select({
      accountId: entries.accountId,
      amount: entries.amount,
      date: entries.date,
      scenario: entries.scenario,
    })
    .from(entries)
    .where(eq(entries.transactionId, transactionId))
    .orderBy(entries.date, entries.amount);
}

async function book(accountId: string, date: string, amount: number) {
  const result = await acme.gql(
    `mutation($e: ID!, $a: ID!, $d: Date!, $m: Cents!) { createUserTransaction(entityId: $e, accountId: $a, date: $d, amount: $m) { id } }`,
    { e: acme.entityId, a: accountId, d: date, m: amount },
  );
  expect(result.errors).toBeUndefined();
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await createLedgerFixture(t, 'Acme');
  other = await createLedgerFixture(t, 'Other Co');
  const created = async (name: string, parent: string) =>
    acme.createAccount(name, await acme.account(parent));
  salaries = await created('Salaries', 'Expense');
  sales = await created('Sales', 'Income');
  banks = await acme.account('Banks');
});
afterAll(async () => {
  await t.close();
});

describe('CreateForecast', () => {
  it('expands a fixed monthly forecast into 60 months of forecast entries against Banks', async () => {
    const forecast = await createForecast({
      accountId: salaries,
      amount: 12_500.5,
      date: '2026-12',
      name: 'Payroll',
      reportId: acme.reportId,
    });
    expect(forecast).toMatchObject({
      amount: 12_500.5,
      amountCents: 1_250_050,
      accountId: salaries,
      againstId: banks,
      calculationType: 'fixed',
      averageMonths: null,
      recurring: 'monthly',
      startDate: '2026-12',
      endDate: null,
      name: 'Payroll',
      accounts: [{ id: salaries }, { id: banks }],
    });
    const rows = await occurrences(forecast.transactionId);
    expect(rows).toHaveLength(120);
    expect(rows[0]).toEqual({
      accountId: banks,
      amount: -1_250_050,
      date: '2026-12-01',
      scenario: 'forecast',
    });
    expect(rows[1]).toEqual({
      accountId: salaries,
      amount: 1_250_050,
      date: '2026-12-01',
      scenario: 'forecast',
    });
    expect(rows.at(-1)?.date).toBe('2031-11-01');
    const [transaction] = await t.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, forecast.transactionId));
    expect(transaction).toMatchObject({ transactionType: 'Budget', date: '2026-12-01', name: 'Payroll' });
    const [rollup] = await t.db
      .select()
      .from(monthlyRollups)
      .where(and(eq(monthlyRollups.accountId, salaries), eq(monthlyRollups.month, '2027-06')));
    expect(rollup).toMatchObject({ scenario: 'forecast', amount: 1_250_050 });
    await expectBooksExact(t.db, acme.entityId);
  });

  it('repeats once, quarterly or annually', async () => {
    const once = await createForecast({ accountId: sales, amount: -100, date: '2027-02', recurring: 'none' });
    expect((await occurrences(once.transactionId)).map((row) => row.date)).toEqual([
      '2027-02-01',
      '2027-02-01',
    ]);
    const quarterly = await createForecast({
      accountId: sales,
      amount: -100,
      date: '2027-02',
      recurring: 'quarterly',
    });
    expect(await occurrences(quarterly.transactionId)).toHaveLength(40);
    const annually = await createForecast({
      accountId: sales,
      amount: -100,
      date: '2027-02',
      recurring: 'annually',
    });
    expect([...new Set((await occurrences(annually.transactionId)).map((row) => row.date))]).toEqual([
      '2027-02-01',
      '2028-02-01',
      '2029-02-01',
      '2030-02-01',
      '2031-02-01',
    ]);
  });

  it('averages the actual months before the start month, rounding half away from zero', async () => {
    const travel = await acme.gql<{ createAccount: { id: string } }>(
      'mutation($e: ID!, $p: ID!) { createAccount(entityId: $e, parentId: $p, name: "Travel") { id } }',
      { e: acme.entityId, p: await acme.account('Expense') },
    );
    const account = travel.data!.createAccount.id;
    await book(account, '2026-08-15', 1000);
    await book(account, '2026-09-01', 500);
    await book(account, '2026-09-30', 1);
    await book(account, '2026-11-02', 99_999); // the start month itself is not averaged
    // Months 2026-08..2026-10: 1000 + 501 + 0 = 1501 over 3 = 500.333 -> 500.
    const forecast = await createForecast({
      accountId: account,
      calculationType: 'average',
      averageMonths: 3,
      date: '2026-11',
      recurring: 'none',
    });
    expect(forecast).toMatchObject({
      amountCents: 500,
      amount: 5,
      calculationType: 'average',
      averageMonths: 3,
    });
    // Two months 2026-09..2026-10: 501 / 2 = 250.5 -> 251 (half away from zero).
    const twoMonths = await createForecast({
      accountId: account,
      calculationType: 'average',
      averageMonths: 2,
      date: '2026-11',
    });
    expect(twoMonths.amountCents).toBe(251);
    await expectBooksExact(t.db, acme.entityId);
  });

  it('averages complete months only, of the account with its sub-accounts, and shows the working', async () => {
    const parent = await acme.createAccount('Hosting', await acme.account('Expense'));
    const child = await acme.createAccount('Hosting EU', parent);
    await book(parent, '2026-08-10', 300);
    await book(child, '2026-08-20', 700); // the row shows 1,000 in August
    await book(child, '2026-09-05', 2000);
    await book(parent, '2026-10-05', 600);
    await book(child, '2026-11-05', 50_000); // November (today's month) is not complete: left out
    // Starting in December seen in November: August, September, October (1000 + 2000 + 600) / 3.
    const forecast = await createForecast({
      accountId: parent,
      calculationType: 'average',
      averageMonths: 3,
      date: '2026-12',
      recurring: 'none',
    });
    expect(forecast.amountCents).toBe(1200);
    // A later start does not count the months up to it as zero: the same complete months.
    const later = await createForecast({
      accountId: parent,
      calculationType: 'average',
      averageMonths: 3,
      date: '2027-04',
      recurring: 'none',
    });
    expect(later.amountCents).toBe(1200);
    const working = await acme.gql<{
      forecastAverage: { months: { month: string; amount: number; shownAmount: number }[]; average: number };
    }>(
      `query($e: ID!, $a: ID!) { forecastAverage(entityId: $e, accountId: $a, startMonth: "2026-12", averageMonths: 3) {
        months { month amount shownAmount } average } }`,
      { e: acme.entityId, a: parent },
    );
    expect(working.data?.forecastAverage).toEqual({
      months: [
        { month: '2026-08', amount: 1000, shownAmount: 1000 },
        { month: '2026-09', amount: 2000, shownAmount: 2000 },
        { month: '2026-10', amount: 600, shownAmount: 600 },
      ],
      average: 1200,
    });
    await expectBooksExact(t.db, acme.entityId);
  });

  it('refuses bad input with a clear message, creating nothing', async () => {
    const before = await ledgerSnapshot(t.db, acme.entityId);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: 1.005 }, 'Amount can have at most 2 decimals', 'BAD_USER_INPUT'],
      [{ amount: 1e16 }, AMOUNT_TOO_LARGE, 'BAD_USER_INPUT'],
      [{ amount: 2e11 }, AMOUNT_TOO_LARGE, 'BAD_USER_INPUT'],
      [{ amount: null }, 'Amount is required for a fixed forecast', 'BAD_USER_INPUT'],
      [{ calculationType: 'average' }, 'Average months is required', 'BAD_USER_INPUT'],
      [
        { calculationType: 'average', averageMonths: 0 },
        'Average months must be between 1 and 24',
        'BAD_USER_INPUT',
      ],
      [
        { calculationType: 'average', averageMonths: 25 },
        'Average months must be between 1 and 24',
        'BAD_USER_INPUT',
      ],
      [{ date: '2027-13' }, 'Month must be YYYY-MM', 'BAD_USER_INPUT'],
      [{ date: '2027-01-01' }, 'Month must be YYYY-MM', 'BAD_USER_INPUT'],
      [{ againstId: salaries }, 'The against account must differ from the account', 'BAD_USER_INPUT'],
      [{ accountId: await other.account('Expense') }, 'Account not found', 'NOT_FOUND'],
      [{ againstId: await other.account('Banks') }, 'Account not found', 'NOT_FOUND'],
      [{ reportId: other.reportId }, `Report not found: ${other.reportId}`, 'NOT_FOUND'],
    ];
    for (const [override, message, code] of cases) {
      const result = await acme.gql(CREATE, {
        entityId: acme.entityId,
        accountId: salaries,
        amount: 1,
        date: '2027-01',
        ...override,
      });
      expect(result.errors?.[0], JSON.stringify(override)).toMatchObject({
        message: expect.stringContaining(message),
        extensions: { code },
      });
    }
    // Enum values are checked by GraphQL validation itself (no extensions code there).
    const median = await acme.gql(CREATE, {
      entityId: acme.entityId,
      accountId: salaries,
      date: '2027-01',
      calculationType: 'median',
    });
    expect(median.errors?.[0]?.message).toContain(
      'Value "median" does not exist in "ForecastCalculationType" enum',
    );
    const weekly = await acme.gql(CREATE, {
      entityId: acme.entityId,
      accountId: salaries,
      date: '2027-01',
      recurring: 'weekly',
    });
    expect(weekly.errors?.[0]?.message).toContain(
      'Value "weekly" does not exist in "ForecastRecurrence" enum',
    );
    const cardOnly = await acme.gql(
      CREATE,
      { entityId: acme.entityId, accountId: salaries, amount: 1, date: '2027-01' },
      await acme.member('card_only'),
    );
    expect(cardOnly.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await ledgerSnapshot(t.db, acme.entityId)).toEqual(before);
  });
});

describe('UpdateForecast', () => {
  it('replaces the occurrences with the new parameters, keeping the rollups exact', async () => {
    const forecast = await createForecast({
      accountId: salaries,
      amount: 100,
      date: '2027-01',
      name: 'Bonus',
    });
    const result = await acme.gql<{ updateForecast: Forecast & { recurring: string; startDate: string } }>(
      UPDATE,
      {
        budgetId: forecast.id,
        amount: 250,
        recurring: 'quarterly',
        date: '2027-03',
      },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.updateForecast).toMatchObject({
      id: forecast.id,
      amountCents: 25_000,
      recurring: 'quarterly',
      startDate: '2027-03',
      name: 'Bonus',
    });
    const rows = await occurrences(forecast.transactionId);
    expect(rows).toHaveLength(40);
    expect(rows[0]).toMatchObject({ date: '2027-03-01', amount: -25_000 });
    await expectBooksExact(t.db, acme.entityId);
  });

  it('switches to an average and back', async () => {
    const forecast = await createForecast({
      accountId: salaries,
      amount: 1,
      date: '2027-01',
      recurring: 'none',
    });
    const average = await acme.gql<{ updateForecast: Forecast }>(UPDATE, {
      budgetId: forecast.id,
      calculationType: 'average',
      averageMonths: 6,
    });
    expect(average.data?.updateForecast).toMatchObject({
      calculationType: 'average',
      averageMonths: 6,
      amountCents: 0,
    });
    const fixedAgain = await acme.gql(UPDATE, { budgetId: forecast.id, calculationType: 'fixed' });
    expect(fixedAgain.errors?.[0]).toMatchObject({ message: 'Amount is required for a fixed forecast' });
    await expectBooksExact(t.db, acme.entityId);
  });

  it('refuses another company’s forecast and unknown ids as not found', async () => {
    const theirs = await other.gql<{ createForecast: { id: string } }>(CREATE, {
      entityId: other.entityId,
      accountId: await other.account('Expense'),
      amount: 1,
      date: '2027-01',
    });
    const before = await ledgerSnapshot(t.db, other.entityId);
    const foreign = await acme.gql(UPDATE, { budgetId: theirs.data!.createForecast.id, amount: 2 });
    const unknown = await acme.gql(UPDATE, { budgetId: '00000000-0000-4000-8000-000000000000', amount: 2 });
    expect(foreign.errors?.[0]).toMatchObject({
      message: 'Forecast not found',
      extensions: { code: 'NOT_FOUND' },
    });
    expect(unknown.errors?.[0]).toEqual(foreign.errors?.[0]);
    const mismatched = await acme.gql(UPDATE, {
      budgetId: theirs.data!.createForecast.id,
      entityId: acme.entityId,
    });
    expect(mismatched.errors?.[0]).toMatchObject({ message: 'Forecast not found' });
    expect(await ledgerSnapshot(t.db, other.entityId)).toEqual(before);
  });
});

describe('forecast entries', () => {
  it('show their forecast as refTransaction', async () => {
    const forecast = await createForecast({
      accountId: salaries,
      amount: 10,
      date: '2027-05',
      recurring: 'annually',
      averageMonths: 3,
    });
    const [entry] = await t.db
      .select({ id: entries.id })
      .from(entries)
      .where(and(eq(entries.transactionId, forecast.transactionId), eq(entries.accountId, salaries)))
      .limit(1);
    const result = await acme.gql<{
      entryWithTransaction: {
        entry: { transactionType: string; isEditable: boolean; scenario: string };
        refTransaction: unknown;
      };
    }>(
      `query($id: ID!) { entryWithTransaction(id: $id) {
        entry { transactionType isEditable scenario }
        refTransaction { id accounts { id } averageMonths calculationType recurring startDate amount }
      } }`,
      { id: entry!.id },
    );
    expect(result.data?.entryWithTransaction).toEqual({
      entry: { transactionType: 'Budget', isEditable: true, scenario: 'forecast' },
      refTransaction: {
        id: forecast.id,
        accounts: [{ id: salaries }, { id: banks }],
        averageMonths: null,
        calculationType: 'fixed',
        recurring: 'annually',
        startDate: '2027-05',
        amount: 10,
      },
    });
  });

  it('take a new name for the whole forecast but refuse amount and date edits through UpdateEntry', async () => {
    const forecast = await createForecast({
      accountId: salaries,
      amount: 10,
      date: '2027-05',
      recurring: 'none',
    });
    const [entry] = await t.db
      .select({ id: entries.id })
      .from(entries)
      .where(and(eq(entries.transactionId, forecast.transactionId), eq(entries.accountId, salaries)));
    const renamed = await acme.gql<{ updateEntry: { errors: string[]; entry: { name: string } } }>(
      'mutation($id: ID!) { updateEntry(id: $id, name: "Contractor") { errors entry { name } } }',
      { id: entry!.id },
    );
    expect(renamed.data?.updateEntry).toEqual({ errors: [], entry: { name: 'Contractor' } });
    const [transaction] = await t.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, forecast.transactionId));
    expect(transaction?.name).toBe('Contractor');
    const amount = await acme.gql<{ updateEntry: { errors: string[] } }>(
      'mutation($id: ID!) { updateEntry(id: $id, amount: 5) { errors } }',
      { id: entry!.id },
    );
    expect(amount.data?.updateEntry.errors).toEqual([
      "A forecast's amount and dates are changed in the forecast itself (UpdateForecast)",
    ]);
  });

  it('delete the whole forecast when any one of them is deleted', async () => {
    const forecast = await createForecast({ accountId: salaries, amount: 10, date: '2027-05' });
    const [entry] = await t.db
      .select({ id: entries.id })
      .from(entries)
      .where(
        and(
          eq(entries.transactionId, forecast.transactionId),
          eq(entries.date, '2029-05-01'),
          eq(entries.accountId, banks),
        ),
      );
    const result = await acme.gql<{ deleteEntry: { deletedEntryIds: string[] } }>(
      'mutation($id: ID!) { deleteEntry(id: $id) { deletedEntryIds } }',
      { id: entry!.id },
    );
    expect(result.data?.deleteEntry.deletedEntryIds).toHaveLength(120);
    expect(await occurrences(forecast.transactionId)).toEqual([]);
    expect(await t.db.select().from(forecasts).where(eq(forecasts.id, forecast.id))).toEqual([]);
    await expectBooksExact(t.db, acme.entityId);
  });
});

describe('AdjustForecastCell (inline cell edit)', () => {
  const ADJUST = `mutation($e: ID!, $a: ID!, $d: MonthKey!, $m: Units!) {
    adjustForecastCell(entityId: $e, accountId: $a, date: $d, amount: $m) { id name amountCents recurring calculationType startDate } }`;
  const adjust = async (accountId: string, date: string, amount: number) => {
    const result = await acme.gql<{
      adjustForecastCell: { id: string; name: string; amountCents: number; recurring: string } | null;
    }>(ADJUST, { e: acme.entityId, a: accountId, d: date, m: amount });
    expect(result.errors).toBeUndefined();
    return result.data!.adjustForecastCell;
  };
  const adjustmentsOf = (accountId: string, month: string) =>
    t.db
      .select({ id: forecasts.id, amount: forecasts.amount, kind: forecasts.kind, name: transactions.name })
      .from(forecasts)
      .innerJoin(transactions, eq(transactions.id, forecasts.transactionId))
      .where(and(eq(forecasts.accountId, accountId), eq(forecasts.startMonth, month)));

  it('keeps one forecast named Adjustment per account-month, summing the edits to the cent', async () => {
    const first = await adjust(salaries, '2028-03', 1234.56);
    expect(first).toMatchObject({ name: 'Adjustment', amountCents: 123_456, recurring: 'none' });
    const second = await adjust(salaries, '2028-03', 100.01);
    expect(second?.id).toBe(first?.id);
    expect(await adjustmentsOf(salaries, '2028-03')).toEqual([
      { id: first!.id, amount: 133_457, kind: 'adjustment', name: 'Adjustment' },
    ]);
    const [occurrence] = await t.db
      .select({ amount: entries.amount, date: entries.date, name: entries.name })
      .from(entries)
      .innerJoin(forecasts, eq(forecasts.transactionId, entries.transactionId))
      .where(and(eq(forecasts.id, first!.id), eq(entries.accountId, salaries)));
    expect(occurrence).toEqual({ amount: 133_457, date: '2028-03-01', name: 'Adjustment' });
    await expectBooksExact(t.db, acme.entityId);
  });

  it('removes the adjustment when the cell is set back, leaving no trace in the month', async () => {
    await adjust(sales, '2028-04', -500.25);
    expect(await adjust(sales, '2028-04', 500.25)).toBeNull();
    expect(await adjustmentsOf(sales, '2028-04')).toEqual([]);
    const left = await t.db
      .select({ id: entries.id })
      .from(entries)
      .where(and(eq(entries.accountId, sales), eq(entries.date, '2028-04-01')));
    expect(left).toEqual([]);
    await expectBooksExact(t.db, acme.entityId);
  });

  it('leaves forecasts made in the form alone, and folds duplicate adjustments into one', async () => {
    const made = await createForecast({
      accountId: salaries,
      amount: 40,
      date: '2028-05',
      recurring: 'none',
    });
    const first = await adjust(salaries, '2028-05', 10);
    // Two adjustments of one cell (an edit that raced, or ones older versions made): the next edit folds them.
    const [extra] = await t.db.select().from(forecasts).where(eq(forecasts.id, first!.id));
    const twin = await createForecast({
      accountId: salaries,
      amount: 5,
      date: '2028-05',
      recurring: 'none',
      name: 'Adjustment',
    });
    await t.db.update(forecasts).set({ kind: 'adjustment' }).where(eq(forecasts.id, twin.id));
    expect(extra?.kind).toBe('adjustment');
    const folded = await adjust(salaries, '2028-05', 1);
    expect([first!.id, twin.id]).toContain(folded?.id);
    expect(folded?.amountCents).toBe(1_600);
    const rows = await adjustmentsOf(salaries, '2028-05');
    expect(rows).toHaveLength(2);
    expect(rows).toContainEqual({ id: folded!.id, amount: 1_600, kind: 'adjustment', name: 'Adjustment' });
    expect(rows).toContainEqual({ id: made.id, amount: 4_000, kind: 'forecast', name: '' });
    await expectBooksExact(t.db, acme.entityId);
  });

  it('turns into an ordinary forecast once edited in the Forecast form', async () => {
    const adjustment = await adjust(salaries, '2028-06', 20);
    const updated = await acme.gql(UPDATE, { budgetId: adjustment!.id, recurring: 'monthly' });
    expect(updated.errors).toBeUndefined();
    const next = await adjust(salaries, '2028-06', 5);
    expect(next?.id).not.toBe(adjustment!.id);
    expect(await adjustmentsOf(salaries, '2028-06')).toHaveLength(2);
  });

  it('refuses another company’s account and an amount past the limit, changing nothing', async () => {
    const foreign = await acme.gql(ADJUST, {
      e: acme.entityId,
      a: await other.account('Expense'),
      d: '2028-07',
      m: 10,
    });
    expect(foreign.errors?.[0]?.message).toMatch(/not found/i);
    const huge = await acme.gql(ADJUST, {
      e: acme.entityId,
      a: salaries,
      d: '2028-07',
      m: 2_000_000_000_000,
    });
    expect(huge.errors?.[0]?.message).toBe(AMOUNT_TOO_LARGE);
    expect(await adjustmentsOf(salaries, '2028-07')).toEqual([]);
  });
});

describe('deleteForecast (for modules that write forecasts)', () => {
  it('deletes the forecast with its transaction and every occurrence, the books staying exact', async () => {
    const made = await createForecast({
      accountId: salaries,
      amount: 75,
      date: '2029-01',
      recurring: 'monthly',
    });
    const deleted = await deleteForecast(t.db, t.clock, acme.owner.user.id, {
      forecastId: made.id,
      entityId: acme.entityId,
    });
    expect(deleted).toMatchObject({ id: made.id, transactionId: made.transactionId });
    expect(deleted.deletedEntryIds.length).toBeGreaterThan(0);
    expect(await occurrences(made.transactionId)).toEqual([]);
    expect(await t.db.select().from(forecasts).where(eq(forecasts.id, made.id))).toEqual([]);
    expect(await t.db.select().from(transactions).where(eq(transactions.id, made.transactionId))).toEqual([]);
    await expectBooksExact(t.db, acme.entityId);
  });

  it('refuses a forecast of another company, or one already deleted, as not found', async () => {
    const made = await createForecast({ accountId: salaries, amount: 5, date: '2029-02', recurring: 'none' });
    const before = await ledgerSnapshot(t.db, acme.entityId);
    const remove = (entityId: string) =>
      deleteForecast(t.db, t.clock, null, { forecastId: made.id, entityId });
    await expect(remove(other.entityId)).rejects.toThrow('Forecast not found');
    expect(await ledgerSnapshot(t.db, acme.entityId)).toEqual(before);
    await remove(acme.entityId);
    await expect(remove(acme.entityId)).rejects.toThrow('Forecast not found');
  });
});

describe('derived forecasts (a model output, the hiring plan)', () => {
  /** A new sub-account of Salaries, and a writer of one 'hiring' forecast on it. */
  async function derivedForecastOn(name: string) {
    const account = await acme.createAccount(name, salaries);
    const write = (
      forecastId: string | null,
      months: { month: string; cents: number }[],
      keepBefore?: string,
    ) =>
      writeTransaction(t.db, (tx) =>
        writeDerivedForecast(tx, null, t.clock.now(), {
          kind: 'hiring',
          entityId: acme.entityId,
          accountId: account,
          forecastId,
          name: 'Hiring plan: Salaries',
          months,
          ...(keepBefore ? { keepBefore } : {}),
        }),
      );
    /** The forecast's entries on the account, as [date, cents], by date. */
    const onAccount = async (transactionId: string) =>
      (await t.db.select().from(entries).where(eq(entries.transactionId, transactionId)))
        .filter((row) => row.accountId === account)
        .map((row) => [row.date, row.amount])
        .sort();
    return { write, onAccount };
  }

  it('writes each month its own amount, revises in place, and refuses direct edits with its owner named', async () => {
    const { write, onAccount } = await derivedForecastOn('Planned salaries');
    const id = await write(null, [
      { month: '2031-01', cents: 500_000 },
      { month: '2031-02', cents: 520_000 },
    ]);
    const [forecast] = await t.db.select().from(forecasts).where(eq(forecasts.id, id));
    expect(forecast).toMatchObject({ kind: 'hiring', startMonth: '2031-01', endMonth: '2031-02' });
    expect(await onAccount(forecast!.transactionId)).toEqual([
      ['2031-01-01', 500_000],
      ['2031-02-01', 520_000],
    ]);
    expect(await write(id, [{ month: '2031-02', cents: 530_000 }])).toBe(id);
    expect(await onAccount(forecast!.transactionId)).toEqual([['2031-02-01', 530_000]]);
    await expect(
      deleteForecast(t.db, t.clock, null, { forecastId: id, entityId: acme.entityId }),
    ).rejects.toThrow(HIRING_FORECAST_READ_ONLY);
    const refused = await acme.gql('mutation($id: ID!) { updateForecast(budgetId: $id, amount: 1) { id } }', {
      id,
    });
    expect(refused.errors?.[0]?.message).toBe(HIRING_FORECAST_READ_ONLY);
    await writeTransaction(t.db, (tx) => deleteDerivedForecast(tx, id, null, t.clock.now()));
    expect(await t.db.select().from(forecasts).where(eq(forecasts.id, id))).toEqual([]);
    await expectBooksExact(t.db, acme.entityId);
  });

  it('leaves what it planned for months before keepBefore while it rewrites the rest', async () => {
    const { write, onAccount } = await derivedForecastOn('Planned hires');
    const id = await write(null, [
      { month: '2032-01', cents: 100_000 },
      { month: '2032-02', cents: 100_000 },
      { month: '2032-03', cents: 100_000 },
    ]);
    // A month later the plan writes from February on, with a raise; January stays as it was planned.
    await write(
      id,
      [
        { month: '2032-02', cents: 120_000 },
        { month: '2032-03', cents: 120_000 },
        { month: '2032-04', cents: 120_000 },
      ],
      '2032-02',
    );
    const [forecast] = await t.db.select().from(forecasts).where(eq(forecasts.id, id));
    expect(forecast).toMatchObject({ startMonth: '2032-01', endMonth: '2032-04' });
    expect(await onAccount(forecast!.transactionId)).toEqual([
      ['2032-01-01', 100_000],
      ['2032-02-01', 120_000],
      ['2032-03-01', 120_000],
      ['2032-04-01', 120_000],
    ]);
    await expectBooksExact(t.db, acme.entityId);
  });
});

describe('the default against account', () => {
  it('is the first real bank account under Banks, not the Banks group row', async () => {
    const add = async (name: string, parent: string) => {
      const result = await other.gql<{ createAccount: { id: string } }>(
        'mutation($e: ID!, $p: ID!, $n: String!) { createAccount(entityId: $e, parentId: $p, name: $n) { id } }',
        { e: other.entityId, p: parent, n: name },
      );
      return result.data!.createAccount.id;
    };
    const otherBanks = await other.account('Banks');
    const checking = await add('Checking', otherBanks);
    await add('Savings', otherBanks);
    const rent = await add('Rent', await other.account('Expense'));
    const entry = await other.gql<{ createUserTransaction: { transactionId: string } }>(
      `mutation($e: ID!, $a: ID!) { createUserTransaction(entityId: $e, accountId: $a, date: "2026-01-15", amount: 1000) { transactionId } }`,
      { e: other.entityId, a: rent },
    );
    expect(entry.errors).toBeUndefined();
    const sides = await t.db
      .select({ accountId: entries.accountId, amount: entries.amount })
      .from(entries)
      .where(eq(entries.transactionId, entry.data!.createUserTransaction.transactionId))
      .orderBy(entries.amount);
    expect(sides).toEqual([
      { accountId: checking, amount: -1000 },
      { accountId: rent, amount: 1000 },
    ]);
    const forecast = await other.gql<{ createForecast: { againstId: string } }>(
      `mutation($e: ID!, $a: ID!) { createForecast(entityId: $e, accountId: $a, date: "2027-01", amount: 10) { againstId } }`,
      { e: other.entityId, a: rent },
    );
    expect(forecast.data?.createForecast.againstId).toBe(checking);
  });
});
