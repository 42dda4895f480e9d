import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';
import {
  createLedgerFixture,
  type LedgerFixture,
  rollupMismatches,
  unbalancedTransactions,
} from '../../../../test/ledgerTestKit';
import { entries, forecasts } from '../../../db/schema';

/**
 * Percentage forecasts: a share of another report line, month by month, computed
 * by the model engine, exact to the cent, following the line when its forecast changes, and refused
 * when it would read itself.
 */

let t: TestApp;
let acme: LedgerFixture;
let other: LedgerFixture;
const ids = {
  revenue: '',
  subscriptions: '',
  services: '',
  cost: '',
  fees: '',
  support: '',
  foreign: '',
};

const FIELDS = 'id transactionId amountCents calculationType sourceAccountId percent startDate';
const CREATE = `mutation($e: ID!, $a: ID!, $amount: Units, $type: ForecastCalculationType, $source: ID, $percent: Float,
  $date: MonthKey!, $name: String, $recurring: ForecastRecurrence) {
  createForecast(entityId: $e, accountId: $a, amount: $amount, calculationType: $type, sourceAccountId: $source,
    percent: $percent, date: $date, name: $name, recurring: $recurring) { ${FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $amount: Units, $percent: Float, $source: ID) {
  updateForecast(budgetId: $id, amount: $amount, percent: $percent, sourceAccountId: $source) { ${FIELDS} } }`;

type Forecast = {
  id: string;
  transactionId: string;
  amountCents: number;
  calculationType: string;
  sourceAccountId: string | null;
  percent: number | null;
};
type Refusal = { message: string; extensions?: { code?: string; field?: string } };

async function create(variables: Record<string, unknown>) {
  return acme.gql<{ createForecast: Forecast }>(CREATE, { e: acme.entityId, date: '2026-12', ...variables });
}

async function created(variables: Record<string, unknown>): Promise<Forecast> {
  const result = await create(variables);
  expect(result.errors).toBeUndefined();
  return result.data!.createForecast;
}

/** The forecast's booked cents on its account, month by month (raw, debit-positive). */
async function months(forecast: Forecast, accountId: string): Promise<Record<string, number>> {
  const rows = await t.db
    .select({ date: entries.date, amount: entries.amount })
    .from(entries)
    .where(and(eq(entries.transactionId, forecast.transactionId), eq(entries.accountId, accountId)))
    .orderBy(asc(entries.date));
  return Object.fromEntries(rows.map((row) => [row.date.slice(0, 7), row.amount]));
}

function refusalOf(result: { errors?: readonly Refusal[] }) {
  const [error] = result.errors ?? [];
  return { message: error?.message, code: error?.extensions?.code, field: error?.extensions?.field };
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await createLedgerFixture(t, 'Acme');
  other = await createLedgerFixture(t, 'Other Co');
  ids.revenue = await acme.createAccount('Revenue', await acme.account('Income'));
  ids.subscriptions = await acme.createAccount('Subscriptions', ids.revenue);
  ids.services = await acme.createAccount('Services', ids.revenue);
  ids.cost = await acme.createAccount('Cost of Revenue', await acme.account('Expense'));
  ids.fees = await acme.createAccount('Stripe Fees', ids.cost);
  ids.support = await acme.createAccount('Support', ids.cost);
  ids.foreign = await other.account('Expense');
});
afterAll(async () => {
  await t.close();
});

describe('percentage forecasts', () => {
  let subscriptions: Forecast;
  let fees: Forecast;
  let support: Forecast;

  it('books 2.9% and 30% of the Revenue line each month, to the cent', async () => {
    // $150,000 of subscriptions and $40,000 of services a month: Revenue shows $190,000.00.
    subscriptions = await created({ a: ids.subscriptions, amount: -150_000, name: 'Subscriptions' });
    await created({ a: ids.services, amount: -40_000, name: 'Services' });
    fees = await created({
      a: ids.fees,
      type: 'percentage',
      source: ids.revenue,
      percent: 2.9,
      name: 'Fees',
    });
    expect(fees).toMatchObject({
      calculationType: 'percentage',
      sourceAccountId: ids.revenue,
      percent: 2.9,
      amountCents: 5_510_00,
    });
    const booked = await months(fees, ids.fees);
    expect(Object.keys(booked)).toHaveLength(60);
    expect(new Set(Object.values(booked))).toEqual(new Set([5_510_00]));
    support = await created({
      a: ids.support,
      type: 'percentage',
      source: ids.revenue,
      percent: 30,
      name: 'CoR',
    });
    expect(support.amountCents).toBe(57_000_00);
    // The working the drawer shows: the source's figure and the share, month by month.
    const working = await acme.gql<{
      forecastPercentage: {
        sourceName: string;
        percent: number;
        months: { month: string; sourceAmount: number; amount: number }[];
      };
    }>(
      `query($e: ID!, $a: ID!, $s: ID!, $p: Float!, $m: MonthKey!) { forecastPercentage(entityId: $e, accountId: $a,
        sourceAccountId: $s, percent: $p, startMonth: $m) { sourceName percent months { month sourceAmount amount } } }`,
      { e: acme.entityId, a: ids.fees, s: ids.revenue, p: 2.9, m: '2026-12' },
    );
    expect(working.errors).toBeUndefined();
    expect(working.data!.forecastPercentage.sourceName).toBe('Revenue');
    expect(working.data!.forecastPercentage.months[0]).toEqual({
      month: '2026-12',
      sourceAmount: 190_000_00,
      amount: 5_510_00,
    });
    // A budgetId that is not a forecast's id (the input fuzz found 'x' answered as an internal error).
    const edited = await acme.gql<{ forecastPercentage: { months: { amount: number }[] } }>(
      `query($e: ID!, $a: ID!, $s: ID!, $p: Float!, $m: MonthKey!, $b: ID) { forecastPercentage(entityId: $e,
        accountId: $a, sourceAccountId: $s, percent: $p, startMonth: $m, budgetId: $b) { months { amount } } }`,
      { e: acme.entityId, a: ids.fees, s: ids.revenue, p: 2.9, m: '2026-12', b: 'x' },
    );
    expect(edited.errors).toBeUndefined();
    expect(edited.data!.forecastPercentage.months[0]?.amount).toBe(5_510_00);
  });

  it('follows the source line when its forecasts change, rounding each month half away from zero', async () => {
    const updated = await acme.gql(UPDATE, { id: subscriptions.id, amount: -160_000 });
    expect(updated.errors).toBeUndefined();
    // An inline edit of Services in February 2027: Revenue $200,005.00, 2.9% of it $5,800.145 -> $5,800.15.
    const adjusted = await acme.gql(
      'mutation($e: ID!, $a: ID!, $d: MonthKey!, $m: Units!) { adjustForecastCell(entityId: $e, accountId: $a, date: $d, amount: $m) { id } }',
      { e: acme.entityId, a: ids.services, d: '2027-02', m: -5 },
    );
    expect(adjusted.errors).toBeUndefined();
    const booked = await months(fees, ids.fees);
    expect(booked['2026-12']).toBe(5_800_00);
    expect(booked['2027-01']).toBe(5_800_00);
    expect(booked['2027-02']).toBe(5_800_15);
    expect((await months(support, ids.support))['2027-02']).toBe(60_001_50);
    // Setting the cell back removes the adjustment, and the share follows back.
    await acme.gql(
      'mutation($e: ID!, $a: ID!, $d: MonthKey!, $m: Units!) { adjustForecastCell(entityId: $e, accountId: $a, date: $d, amount: $m) { id } }',
      { e: acme.entityId, a: ids.services, d: '2027-02', m: 5 },
    );
    expect((await months(fees, ids.fees))['2027-02']).toBe(5_800_00);
    // Deleting the subscriptions forecast (DeleteEntry on one of its entries): 2.9% of $40,000.00.
    const [entry] = await t.db
      .select({ id: entries.id })
      .from(entries)
      .where(eq(entries.transactionId, subscriptions.transactionId))
      .limit(1);
    const deleted = await acme.gql('mutation($id: ID!) { deleteEntry(id: $id) { id } }', { id: entry!.id });
    expect(deleted.errors).toBeUndefined();
    expect(new Set(Object.values(await months(fees, ids.fees)))).toEqual(new Set([1_160_00]));
    expect(new Set(Object.values(await months(support, ids.support)))).toEqual(new Set([12_000_00]));
    // A new percent recomputes every month.
    const repriced = await acme.gql<{ updateForecast: Forecast }>(UPDATE, { id: fees.id, percent: 3.25 });
    expect(repriced.errors).toBeUndefined();
    expect(repriced.data!.updateForecast).toMatchObject({ percent: 3.25, amountCents: 1_300_00 });
    expect(await rollupMismatches(t.db, acme.entityId)).toEqual([]);
    expect(await unbalancedTransactions(t.db, acme.entityId)).toEqual([]);
  });

  it('reads the actual figure in a month up to the current one', async () => {
    const booked = await acme.gql(
      `mutation($e: ID!, $a: ID!, $d: Date!, $m: Cents!) { createUserTransaction(entityId: $e, accountId: $a, date: $d, amount: $m) { id } }`,
      { e: acme.entityId, a: ids.subscriptions, d: '2026-11-10', m: -10_000_00 },
    );
    expect(booked.errors).toBeUndefined();
    const fromNow = await created({
      a: ids.fees,
      type: 'percentage',
      source: ids.revenue,
      percent: 2.9,
      date: '2026-11',
      recurring: 'none',
      name: 'November fees',
    });
    expect(await months(fromNow, ids.fees)).toEqual({ '2026-11': 290_00 });
  });

  it('refuses its own line, a line containing it, a loop, another company and a percent out of range', async () => {
    const base = { a: ids.fees, type: 'percentage', percent: 2.9 };
    expect(refusalOf(await create({ ...base, source: ids.fees }))).toEqual({
      message: 'A percentage forecast cannot be a share of its own line: Stripe Fees includes Stripe Fees',
      code: 'BAD_USER_INPUT',
      field: 'sourceAccountId',
    });
    expect(refusalOf(await create({ ...base, source: ids.cost }))).toMatchObject({
      message:
        'A percentage forecast cannot be a share of its own line: Cost of Revenue includes Stripe Fees',
      field: 'sourceAccountId',
    });
    // Services as a share of Cost of Revenue: Cost of Revenue holds the fees, which are a share of Revenue.
    expect(refusalOf(await create({ ...base, a: ids.services, source: ids.cost }))).toEqual({
      message: 'Cost of Revenue depends on Services through another percentage forecast: that would loop',
      code: 'BAD_USER_INPUT',
      field: 'sourceAccountId',
    });
    // An existing share moved onto a line that contains it is refused the same way.
    expect(refusalOf(await acme.gql(UPDATE, { id: fees.id, source: ids.cost }))).toEqual({
      message:
        'A percentage forecast cannot be a share of its own line: Cost of Revenue includes Stripe Fees',
      code: 'BAD_USER_INPUT',
      field: 'sourceAccountId',
    });
    expect(refusalOf(await create({ ...base, source: ids.foreign }))).toEqual({
      message: "Source line must be a line of this company's report",
      code: 'BAD_USER_INPUT',
      field: 'sourceAccountId',
    });
    expect(refusalOf(await create({ ...base, source: 'not-an-id' }))).toMatchObject({
      field: 'sourceAccountId',
    });
    expect(refusalOf(await create({ ...base, source: null }))).toEqual({
      message: 'Source line is required for a percentage forecast',
      code: 'BAD_USER_INPUT',
      field: 'sourceAccountId',
    });
    expect(refusalOf(await create({ ...base, source: ids.revenue, percent: 1000.5 }))).toEqual({
      message: 'Percent must be between -1000% and 1000%',
      code: 'BAD_USER_INPUT',
      field: 'percent',
    });
    expect(refusalOf(await create({ ...base, source: ids.revenue, percent: 2.12345 }))).toMatchObject({
      message: 'Percent must have at most 4 decimals',
      field: 'percent',
    });
    expect(refusalOf(await create({ ...base, source: ids.revenue, percent: null }))).toMatchObject({
      message: 'Percent is required',
      field: 'percent',
    });
    // Nothing was written by the refusals: the fees line holds the two forecasts made above.
    expect(await rollupMismatches(t.db, acme.entityId)).toEqual([]);
  });

  it("reads the parent's line once its source account is deleted", async () => {
    const before = await months(fees, ids.fees);
    // Revenue deleted: its sub-accounts and figures go to Income, and the shares read Income.
    const deleted = await acme.gql('mutation($id: ID!) { deleteAccount(id: $id) { id } }', {
      id: ids.revenue,
    });
    expect(deleted.errors).toBeUndefined();
    const sources = await t.db
      .select({ source: forecasts.sourceAccountId })
      .from(forecasts)
      .where(and(eq(forecasts.entityId, acme.entityId), eq(forecasts.calculationType, 'percentage')));
    expect(new Set(sources.map((row) => row.source))).toEqual(new Set([await acme.account('Income')]));
    // Income holds what Revenue held, so the shares are the same.
    expect(await months(fees, ids.fees)).toEqual(before);
    expect(await rollupMismatches(t.db, acme.entityId)).toEqual([]);
  });
});
