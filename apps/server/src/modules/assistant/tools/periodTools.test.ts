import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoldenForTools, type GoldenCompany, reportRows } from '../../../../test/goldenToolsKit';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { burn } from './burn';
import { cash } from './cash';
import { lineFigures } from './lineFigures';
import { runway } from './runway';
import type { ToolDeps } from './toolTypes';

/**
 * lineFigures, cash and burn over a period, on the golden company (today 2026-11-22: actuals through
 * Nov 2026, the last complete month Oct 2026). Every figure is checked against the report's own rows
 * (the GraphQL report query) and against the ledger worked by hand (goldenCompany.ts). A second company
 * with the very same books sits in the same database: were its rows read, every sum would double.
 */

let t: TestApp;
let deps: ToolDeps;
let golden: GoldenCompany;

beforeAll(async () => {
  t = await createTestApp();
  ({ deps, golden } = await createGoldenForTools(
    t,
    'period-tools@golden.test',
    'period-tools-twin@golden.test',
  ));
});
afterAll(() => t.close());

/** The report's row by name (not a leaf), month by month, as the web's grid gets it. */
async function reportRow(name: string): Promise<(month: string) => number | undefined> {
  const rows = await reportRows(t, golden.entityId, golden.owner.token);
  const row = rows.find((item) => item.name === name && !item.isLeaf);
  expect(row).toBeDefined();
  return (month) => row?.values.find((value) => value.key === month)?.amount;
}

describe('lineFigures', () => {
  it("sums, averages and compares a flow's months exactly as the report's row", async () => {
    const revenue = await lineFigures(deps, golden.entityId, { line: 'rev', from: '2026-06', to: '2026-11' });
    const row = await reportRow('Revenue');
    expect(revenue.data.months.map((m) => m.amountCents)).toEqual(
      ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'].map(row),
    );
    // Globex $4,000 in June and $6,000 in November: $10,000 over six months.
    expect(revenue.data).toMatchObject({
      line: {
        name: 'Revenue',
        path: 'Income/Revenue',
        accountId: golden.accountIds.get('Income/Revenue'),
        kind: 'flow',
      },
      from: '2026-06',
      to: '2026-11',
      scenario: 'actual',
      totalCents: 1_000_000,
      averageCents: 166_667,
      changeCents: 200_000,
      lastActualMonth: '2026-11',
    });
    expect(revenue.citations).toHaveLength(6);
    expect(revenue.citations.at(-1)).toEqual({
      label: 'Revenue in Nov 2026',
      amountCents: 600_000,
      accountId: golden.accountIds.get('Income/Revenue'),
      accountName: 'Revenue',
      month: '2026-11',
      reportUrl: '/financial?account=Income%2FRevenue&month=2026-11&type=actual&expand=true',
    });
  });

  it('marks a period of actual and forecast months as mixed, and rounds a negative average away from zero', async () => {
    const burnLine = await lineFigures(deps, golden.entityId, {
      line: 'burn',
      from: '2026-10',
      to: '2027-01',
    });
    const row = await reportRow('Net Burn');
    expect(burnLine.data.months).toEqual([
      { month: '2026-10', amountCents: row('2026-10'), scenario: 'actual' },
      { month: '2026-11', amountCents: 400_000, scenario: 'actual' },
      { month: '2026-12', amountCents: 2_500_000, scenario: 'forecast' },
      { month: '2027-01', amountCents: row('2027-01'), scenario: 'forecast' },
    ]);
    expect(burnLine.data).toMatchObject({
      line: { name: 'Net Burn', path: 'Net Burn', accountId: null, kind: 'flow' },
      scenario: 'mixed',
      totalCents: 5_400_000,
      averageCents: 1_350_000,
      changeCents: 2_500_000,
      lastActualMonth: '2026-11',
    });
    const forecast = await lineFigures(deps, golden.entityId, { line: 'Net Burn', from: '2027-01' });
    expect(forecast.data).toMatchObject({
      from: '2027-01',
      to: '2027-01',
      scenario: 'forecast',
      lastActualMonth: null,
    });
    // Net income Feb–Apr 2026: $0, -$250 (Figma seats), $0: -$83.333… is -$83.33.
    const profit = await lineFigures(deps, golden.entityId, {
      line: 'profit',
      from: '2026-02',
      to: '2026-04',
    });
    expect(profit.data.line.name).toBe('Net Income');
    expect(profit.data.months.map((m) => m.amountCents)).toEqual([0, -25_000, 0]);
    expect(profit.data).toMatchObject({ totalCents: -25_000, averageCents: -8_333, changeCents: 0 });
  });

  it('reads a balance at the end of the period, its average and its change since the month before', async () => {
    const banks = await lineFigures(deps, golden.entityId, { line: 'cash', from: '2026-01', to: '2026-03' });
    const row = await reportRow('Banks');
    // Checking: $102,500 at the end of Dec 2025, payroll -$8,000 in January, the Amex payment -$250 in March.
    expect(banks.data.months.map((m) => m.amountCents)).toEqual([9_450_000, 9_450_000, 9_425_000]);
    expect(banks.data.months.map((m) => m.amountCents)).toEqual(['2026-01', '2026-02', '2026-03'].map(row));
    expect(row('2025-12')).toBe(10_250_000);
    expect(banks.data).toMatchObject({
      line: { name: 'Banks', path: 'Banks', kind: 'balance' },
      totalCents: 9_425_000,
      averageCents: 9_441_667,
      changeCents: -825_000,
    });
    expect(banks.citations[0]?.label).toBe('Banks at the end of Jan 2026');
  });

  it('defaults to the last complete month, matches near misses and cites at most the twelve latest months', async () => {
    const salaries = await lineFigures(deps, golden.entityId, { line: 'salries' });
    expect(salaries.data).toMatchObject({
      line: { name: 'Salaries', path: 'Expense/Operating Expenses/Payroll/Salaries' },
      from: '2026-10',
      to: '2026-10',
      totalCents: 0,
    });
    const twoYears = await lineFigures(deps, golden.entityId, {
      line: 'Salaries',
      from: '2025-01',
      to: '2026-12',
    });
    expect(twoYears.data.months).toHaveLength(24);
    // Payroll January $8,000, November $8,000 (actual), December $30,000 (forecast).
    expect(twoYears.data.totalCents).toBe(4_600_000);
    expect(twoYears.citations.map((c) => c.month)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
  });

  it('refuses unknown lines with the closest ones, and bad months and ranges naming the argument', async () => {
    await expect(lineFigures(deps, golden.entityId, { line: 'Rentt expenses zzz' })).rejects.toThrow(
      /^line: no report line named "Rentt expenses zzz"(; closest: .+)?$/,
    );
    await expect(lineFigures(deps, golden.entityId, { line: 'Unicorns' })).rejects.toThrow(
      /^line: no report line named "Unicorns"/,
    );
    const refusals: [unknown, RegExp][] = [
      [{ line: '' }, /^line: must not be empty$/],
      [{ line: 'x'.repeat(201) }, /^line: /],
      [{ line: 'Rent', from: '2026-13' }, /^from: must be a month, YYYY-MM$/],
      [{ line: 'Rent', to: '2040-02' }, /^to: must be between 2022-01 and 2031-03$/],
      [{ line: 'Rent', from: '2024-01', to: '2027-01' }, /^to: a range spans at most 36 months$/],
      [{ line: 'Rent', from: '2026-05', to: '2026-04' }, /^to: must not be before from$/],
      [{ line: 'Rent', month: '2026-04' }, /Unrecognized key/],
    ];
    for (const [args, message] of refusals) {
      await expect(lineFigures(deps, golden.entityId, args)).rejects.toThrow(message);
    }
  });
});

describe('cash', () => {
  it("keeps the Runway card's balance by default, and reads any month's closing cash from the report", async () => {
    const now = await cash(deps, golden.entityId, {});
    expect(now.data).toEqual({
      month: '2026-11',
      scenario: 'actual',
      cashCents: 9_425_000,
      accounts: [
        { accountId: golden.accountIds.get('Banks/Checking'), name: 'Checking', balanceCents: 9_425_000 },
      ],
    });
    const card = await runway(deps, golden.entityId, {});
    expect(now.data.cashCents).toBe(card.data.working.balanceCents);
    const row = await reportRow('Banks');
    // The forecast: $25,000 net burn a month from December.
    const january = await cash(deps, golden.entityId, { month: '2027-01' });
    expect(january.data).toMatchObject({ month: '2027-01', scenario: 'forecast', cashCents: 4_425_000 });
    expect(january.data.cashCents).toBe(row('2027-01'));
    expect(january.data.accounts).toEqual([
      { accountId: golden.accountIds.get('Banks/Checking'), name: 'Checking', balanceCents: 4_425_000 },
    ]);
    expect(january.citations[0]).toMatchObject({
      label: 'Cash at the end of Jan 2027',
      amountCents: 4_425_000,
      reportUrl: '/financial?account=Banks&month=2027-01&type=forecast&expand=true',
    });
    const past = await cash(deps, golden.entityId, { month: '2025-12' });
    expect(past.data).toMatchObject({ scenario: 'actual', cashCents: 10_250_000 });
    await expect(cash(deps, golden.entityId, { month: '2026-1' })).rejects.toThrow(/^month: /);
    await expect(cash(deps, golden.entityId, { month: '2045-01' })).rejects.toThrow(
      /^month: must be between 2022-01 and 2031-03$/,
    );
  });
});

describe('burn', () => {
  it("keeps the card's figures by default and adds each month's net burn over a range", async () => {
    const card = await burn(deps, golden.entityId, {});
    expect(card.data).toEqual({
      month: '2026-10',
      netBurnCents: 0,
      incomeCents: 0,
      expenseCents: 0,
      averageNetBurnCents: 0,
      lastThreeMonths: [
        { month: '2026-08', incomeCents: 0, expenseCents: 0, netBurnCents: 0 },
        { month: '2026-09', incomeCents: 0, expenseCents: 0, netBurnCents: 0 },
        { month: '2026-10', incomeCents: 0, expenseCents: 0, netBurnCents: 0 },
      ],
    });
    const range = await burn(deps, golden.entityId, { from: '2026-10', to: '2027-01' });
    expect(range.data.months).toEqual([
      { month: '2026-10', incomeCents: 0, expenseCents: 0, netBurnCents: 0 },
      { month: '2026-11', incomeCents: 600_000, expenseCents: 1_000_000, netBurnCents: 400_000 },
      { month: '2026-12', incomeCents: 500_000, expenseCents: 3_000_000, netBurnCents: 2_500_000 },
      { month: '2027-01', incomeCents: 500_000, expenseCents: 3_000_000, netBurnCents: 2_500_000 },
    ]);
    const netBurn = await reportRow('Net Burn');
    expect(range.data.months?.map((m) => m.netBurnCents)).toEqual(
      ['2026-10', '2026-11', '2026-12', '2027-01'].map(netBurn),
    );
    expect(range.data).toMatchObject({
      month: '2026-10',
      from: '2026-10',
      to: '2027-01',
      totalNetBurnCents: 5_400_000,
      rangeAverageNetBurnCents: 1_350_000,
    });
    expect(range.citations).toHaveLength(8);
    expect(range.citations.at(-1)).toEqual({
      label: 'Income in Jan 2027',
      amountCents: 500_000,
      accountId: expect.any(String),
      accountName: 'Income',
      month: '2027-01',
      reportUrl: '/financial?account=Income&month=2027-01&type=forecast&expand=true',
    });
    const one = await burn(deps, golden.entityId, { from: '2026-11' });
    expect(one.data).toMatchObject({ from: '2026-11', to: '2026-11', totalNetBurnCents: 400_000 });
    await expect(burn(deps, golden.entityId, { from: '2026-12', to: '2026-11' })).rejects.toThrow(
      /^to: must not be before from$/,
    );
    await expect(burn(deps, golden.entityId, { to: 'soon' })).rejects.toThrow(/^to: /);
  });
});
