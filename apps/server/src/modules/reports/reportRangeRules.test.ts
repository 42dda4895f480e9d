import { addMonths, monthsBetween, RUNWAY_METHODS } from '@keel/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledgerTestKit';

/**
 * What the range shown does not change: runway and its cash-out month come from the company's
 * whole forecast, and the first year's annual and YTD columns from January of that year. The company: $100,000 in the bank at the end of October 2026 (today is 22 Nov
 * 2026) and a $3,000 monthly expense forecast from December for 60 months, so the cash first turns
 * negative 34 months on, in September 2029, long after the default range ends (March 2028).
 */
let t: TestApp;
let acme: LedgerFixture;

const RUNWAY = `query($e: ID!, $s: MonthKey, $end: MonthKey, $m: RunwayMethod) {
  report(entityId: $e, startMonth: $s, endMonth: $end) {
    summary { runway(method: $m) { months cashOutMonth label working { balance balanceMonth burn calculation } } }
  }
}`;

type RunwayAnswer = {
  months: number | null;
  cashOutMonth: string | null;
  label: string;
  working: { balance: number; balanceMonth: string; burn: number | null; calculation: string };
};

async function runway(method: string, range: { s?: string; end?: string } = {}): Promise<RunwayAnswer> {
  const result = await acme.gql<{ report: { summary: { runway: RunwayAnswer } } }>(RUNWAY, {
    e: acme.entityId,
    m: method,
    ...range,
  });
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.report.summary.runway;
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await createLedgerFixture(t, 'Horizon');
  const banks = await acme.account('Banks');
  const equity = await acme.account('Other');
  const expense = await acme.account('Expense');
  const booked = await acme.gql(
    `mutation($e: ID!, $a: ID!, $b: ID!) {
      createUserTransaction(entityId: $e, accountId: $a, againstId: $b, date: "2026-10-05", amount: 10000000) { id } }`,
    { e: acme.entityId, a: banks, b: equity },
  );
  expect(booked.errors).toBeUndefined();
  const forecast = await acme.gql(
    `mutation($e: ID!, $a: ID!, $b: ID!) {
      createForecast(entityId: $e, accountId: $a, againstId: $b, amount: 3000, date: "2026-12") { id } }`,
    { e: acme.entityId, a: expense, b: banks },
  );
  expect(forecast.errors).toBeUndefined();
});

afterAll(async () => {
  await t.close();
});

describe('runway over the whole forecast', () => {
  it("finds the cash-out month past the default range: '24+' and September 2029, with its working", async () => {
    const answer = await runway('runway');
    expect(answer).toMatchObject({ months: 34, cashOutMonth: '2029-09', label: '24+' });
    expect(answer.working).toEqual({
      balance: 10_000_000,
      balanceMonth: '2026-11',
      burn: null,
      calculation: 'Cash $100,000 at the end of Nov 2026 turns negative in Sep 2029 (-$2,000): 34 months',
    });
  });

  it('reads next month from the forecast when the range ends this month', async () => {
    const short = await runway('startup_runway', { s: '2026-06', end: '2026-11' });
    expect(short).toEqual(await runway('startup_runway'));
    // Next month's balance $97,000; the last complete month (October) burned nothing: Unlimited.
    expect(short.working.balance).toBe(9_700_000);
    const noGrowth = await runway('runway_no_growth', { s: '2026-06', end: '2026-11' });
    // $100,000 at the end of October / ($3,000 December expenses - $0 October income) = 33.3 months
    // from October: the walk first closes negative 34 months on, in August 2029.
    expect(noGrowth).toMatchObject({ cashOutMonth: '2029-08', label: '24+' });
    expect(noGrowth.months).toBeCloseTo(33.333, 2);
  });

  it('gives every method the same figures whatever range is shown', async () => {
    const baseline = new Map<string, RunwayAnswer>();
    for (const method of RUNWAY_METHODS) baseline.set(method, await runway(method));
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 60 }),
        fc.constantFrom(...RUNWAY_METHODS),
        async (before, after, method) => {
          const s = addMonths('2026-11', -before);
          const end = addMonths('2026-11', after);
          if (monthsBetween(s, end) > 120) return;
          expect(await runway(method, { s, end })).toEqual(baseline.get(method));
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 25) },
    );
  });
});

describe('calendar-year columns (spec §9: data starts at the start of the start year)', () => {
  it('holds the whole first year in its YTD and FY columns, whatever month the range starts in', async () => {
    const expense = await acme.account('Expense');
    const banks = await acme.account('Banks');
    for (const [date, amount] of [
      ['2026-02-10', 100_000],
      ['2026-07-10', 50_000],
    ] as const) {
      const booked = await acme.gql(
        `mutation($e: ID!, $a: ID!, $b: ID!, $d: Date!, $m: Cents!) {
          createUserTransaction(entityId: $e, accountId: $a, againstId: $b, date: $d, amount: $m) { id } }`,
        { e: acme.entityId, a: expense, b: banks, d: date, m: amount },
      );
      expect(booked.errors).toBeUndefined();
    }
    const result = await acme.gql<{
      report: {
        columns: { key: string }[];
        lineItems: { name: string; columnValues: number[]; amount: number }[];
      };
    }>(
      `query($e: ID!) { report(entityId: $e, startMonth: "2026-06", endMonth: "2026-11") {
        columns { key } lineItems { name columnValues amount } } }`,
      { e: acme.entityId },
    );
    const report = result.data?.report;
    if (!report) throw new Error(JSON.stringify(result.errors));
    const keys = report.columns.map((column) => column.key);
    const row = report.lineItems.find((line) => line.name === 'Expense');
    const value = (key: string) => row?.columnValues[keys.indexOf(key)];
    // January to the November cutoff: February's $1,000 counts though the range starts in June.
    expect(value('ytd-2026')).toBe(150_000);
    expect(value('2026-02')).toBeUndefined();
    // The overall total and the row's amount stay the range's: June to November.
    expect(value('total')).toBe(50_000);
    expect(row?.amount).toBe(50_000);
  });
});
