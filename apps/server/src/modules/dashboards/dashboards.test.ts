import { CHART_PALETTE, DASHBOARD_MESSAGES } from '@keel/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dashboardClient,
  expectChartsToMatchReport,
  type GroupInput,
  reportGrid,
} from '../../../test/dashboardTestKit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { insertTestLedger, type TestTransaction } from '../../../test/insertTestLedger';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledgerTestKit';
import { charts, dashboards, reportLineItems, reports } from '../../db/schema';

let t: TestApp;
let acme: LedgerFixture;
let other: LedgerFixture;
let client: ReturnType<typeof dashboardClient>;
let otherClient: ReturnType<typeof dashboardClient>;
/** Acme's ids: accounts by path, and its report's line items by name. */
let ids: Map<string, string>;
let lines: Map<string, string>;
let otherLines: Map<string, string>;

/**
 * A small golden company: revenue, payroll (with its own figures and Salaries below), rent, a card, a
 * bank balance, actuals through November 2026 (the test clock's month) and forecasts after.
 */
const ACCOUNTS = [
  'Income/Revenue',
  'Income/Revenue/Subscriptions',
  'Expense/Payroll',
  'Expense/Payroll/Salaries',
  'Expense/Rent',
  'Banks/Checking',
  'Credit Cards/Amex',
  'Other/Paid-in Capital',
];
const pair = (date: string, debit: string, credit: string, cents: number, forecast = false) =>
  ({
    date,
    scenario: forecast ? 'forecast' : 'actual',
    entries: { [debit]: cents, [credit]: -cents },
  }) satisfies TestTransaction;
const TRANSACTIONS: TestTransaction[] = [
  pair('2024-12-15', 'Banks/Checking', 'Other/Paid-in Capital', 50_000_000),
  pair('2025-03-05', 'Banks/Checking', 'Income/Revenue/Subscriptions', 1_200_000),
  pair('2025-11-05', 'Banks/Checking', 'Income/Revenue', 300_000),
  pair('2026-01-10', 'Expense/Payroll/Salaries', 'Banks/Checking', 2_500_000),
  pair('2026-02-10', 'Expense/Payroll', 'Credit Cards/Amex', 45_000),
  pair('2026-06-01', 'Expense/Rent', 'Banks/Checking', 400_000),
  pair('2026-11-02', 'Banks/Checking', 'Income/Revenue/Subscriptions', 1_800_000),
  pair('2026-11-20', 'Expense/Payroll/Salaries', 'Banks/Checking', 2_600_000),
  ...['2026-12-01', '2027-01-01', '2027-02-01', '2027-06-01', '2028-01-01'].flatMap((date) => [
    pair(date, 'Expense/Payroll/Salaries', 'Banks/Checking', 2_700_000, true),
    pair(date, 'Banks/Checking', 'Income/Revenue/Subscriptions', 2_000_000, true),
  ]),
];

async function lineItemsOf(reportId: string): Promise<Map<string, string>> {
  const rows = await t.db
    .select({ id: reportLineItems.id, name: reportLineItems.name })
    .from(reportLineItems)
    .where(eq(reportLineItems.reportId, reportId));
  return new Map(rows.map((row) => [row.name, row.id]));
}

const acct = (path: string) => {
  const id = ids.get(path);
  if (!id) throw new Error(`No account ${path}`);
  return id;
};
const line = (name: string) => {
  const id = lines.get(name);
  if (!id) throw new Error(`No line ${name}`);
  return id;
};
const revenueVsExpense = (): GroupInput[] => [
  {
    type: 'Bar',
    data: [
      { accountId: acct('Income'), reportItemId: line('Income'), name: 'Revenue' },
      { accountId: acct('Expense'), reportItemId: line('Expense'), name: 'Expense' },
    ],
  },
];

async function chartCount(dashboardId: string): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(charts)
    .where(eq(charts.dashboardId, dashboardId));
  return row?.n ?? 0;
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await createLedgerFixture(t, 'Acme');
  other = await createLedgerFixture(t, 'Other Co');
  ids = await insertTestLedger(t.db, acme.entityId, { accounts: ACCOUNTS, transactions: TRANSACTIONS });
  lines = await lineItemsOf(acme.reportId);
  otherLines = await lineItemsOf(other.reportId);
  client = dashboardClient(acme);
  otherClient = dashboardClient(other);
});
afterAll(async () => {
  await t.close();
});

describe('the first dashboard', () => {
  it("is made on the first read, once even when two first reads race, tied to the 'Financial Report'", async () => {
    const [first, second] = await Promise.all([client.dashboards(), client.dashboards()]);
    expect(first).toHaveLength(1);
    expect(second?.map((d) => d.id)).toEqual(first?.map((d) => d.id));
    expect(first?.[0]).toMatchObject({
      name: 'Dashboard',
      reportId: acme.reportId,
      report: { id: acme.reportId, name: 'Financial Report' },
      // The default report range of November 2026 (spec §9).
      startMonth: '2025-01',
      endMonth: '2028-03',
      positions: [],
      charts: [],
    });
    const rows = await t.db.select().from(dashboards).where(eq(dashboards.entityId, acme.entityId));
    expect(rows).toHaveLength(1);
  });

  it("fails with 'Financial Report not found' when the company has none, and makes nothing", async () => {
    const bare = await createLedgerFixture(t, 'No Report Co');
    await t.db.delete(reports).where(eq(reports.entityId, bare.entityId));
    const result = await bare.gql('query($e: ID!) { dashboards(entityId: $e) { id } }', { e: bare.entityId });
    expect(result.errors?.[0]).toMatchObject({
      message: 'Financial Report not found',
      extensions: { code: 'NOT_FOUND' },
    });
    expect(await t.db.select().from(dashboards).where(eq(dashboards.entityId, bare.entityId))).toEqual([]);
  });

  it('refuses another company’s members and read-less roles', async () => {
    const foreign = await acme.gql(
      'query($e: ID!) { dashboards(entityId: $e) { id } }',
      { e: acme.entityId },
      other.owner.token,
    );
    expect(foreign.errors?.[0]).toMatchObject({
      message: 'Entity not found',
      extensions: { code: 'NOT_FOUND' },
    });
    const cardOnly = await acme.gql(
      'query($e: ID!) { dashboards(entityId: $e) { id } }',
      { e: acme.entityId },
      await acme.member('card_only'),
    );
    expect(cardOnly.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('charts', () => {
  it("creates a chart with its lines, 'New Chart' names and palette colours, placed on the grid's first free spot", async () => {
    const dashboardId = await client.dashboardId();
    const first = await client.createChartOk({
      d: dashboardId,
      n: 'Revenue vs Expense',
      h: { name: 'Net Income', reportItemId: line('Net Income') },
      g: revenueVsExpense(),
    });
    expect(first.dataGroups[0]?.data.map((s) => [s.name, s.color, s.reportId])).toEqual([
      ['Revenue', CHART_PALETTE[0], acme.reportId],
      ['Expense', CHART_PALETTE[1], acme.reportId],
    ]);
    const second = await client.createChartOk({
      d: dashboardId,
      g: [
        { type: 'Line', data: [{ accountId: acct('Banks'), reportItemId: line('Banks'), color: '#40C057' }] },
      ],
    });
    expect(second.name).toBe('New Chart');
    expect(second.dataGroups[0]?.data[0]).toMatchObject({
      name: 'New Chart',
      color: '#40c057',
      isLeaf: false,
    });
    const third = await client.createChartOk({ d: dashboardId, g: revenueVsExpense() });
    const [dashboard] = await client.dashboards();
    expect(dashboard?.positions).toEqual([
      { id: first.id, x: 0, y: 0, w: 6, h: 7 },
      { id: second.id, x: 6, y: 0, w: 6, h: 7 },
      { id: third.id, x: 0, y: 7, w: 6, h: 7 },
    ]);
    expect(dashboard?.charts.map((chart) => chart.id)).toEqual([first.id, second.id, third.id]);
    expect(dashboard?.charts[0]?.highlight).toMatchObject({
      name: 'Net Income',
      reportItemId: line('Net Income'),
    });
  });

  it('places charts created at the same moment on different spots', async () => {
    const dashboardId = await client.dashboardId();
    const made = await Promise.all(
      [1, 2, 3].map(() => client.createChartOk({ d: dashboardId, g: revenueVsExpense() })),
    );
    const [dashboard] = await client.dashboards();
    const spots = dashboard?.positions.filter((p) => made.some((chart) => chart.id === p.id)) ?? [];
    expect(new Set(spots.map((p) => `${p.x},${p.y}`)).size).toBe(3);
    for (const chart of made) await client.deleteChart(chart.id);
  });

  it('updates what is sent, keeps the rest, and clears the highlight with null', async () => {
    const dashboardId = await client.dashboardId();
    const chart = await client.createChartOk({
      d: dashboardId,
      n: 'Before',
      h: { reportItemId: line('Net Burn') },
      g: revenueVsExpense(),
    });
    const renamed = await client.updateChart({ id: chart.id, n: 'After' });
    expect(renamed.data?.updateChart).toMatchObject({
      id: chart.id,
      errors: [],
      chart: { name: 'After', highlight: { reportItemId: line('Net Burn') } },
    });
    expect(renamed.data?.updateChart.chart?.dataGroups).toEqual(
      chart.dataGroups.map((group) => ({
        id: group.id,
        type: 'Bar',
        data: group.data.map(({ id, name, color }) => ({ id, name, color })),
      })),
    );
    const regrouped = await client.updateChart({
      id: chart.id,
      h: null,
      g: [
        { id: 'g1', type: 'Line', data: [{ id: 's1', accountId: acct('Expense/Payroll'), name: 'Payroll' }] },
      ],
    });
    expect(regrouped.data?.updateChart.chart).toMatchObject({
      name: 'After',
      highlight: null,
      dataGroups: [
        { id: 'g1', type: 'Line', data: [{ id: 's1', name: 'Payroll', color: CHART_PALETTE[0] }] },
      ],
    });
    const deleted = await client.deleteChart(chart.id);
    expect(deleted.data?.deleteChart).toEqual({ id: chart.id, errors: [] });
    const [dashboard] = await client.dashboards();
    expect(dashboard?.positions.some((p) => p.id === chart.id)).toBe(false);
    expect(dashboard?.charts.some((c) => c.id === chart.id)).toBe(false);
    const again = await client.deleteChart(chart.id);
    expect(again.errors?.[0]).toMatchObject({
      message: 'Chart not found',
      extensions: { code: 'NOT_FOUND' },
    });
  });

  it('refuses bad input in errors naming the field, and writes nothing', async () => {
    const dashboardId = await client.dashboardId();
    const before = await chartCount(dashboardId);
    const series = { accountId: acct('Income') };
    const cases: [unknown, string, string?][] = [
      [[], DASHBOARD_MESSAGES.chartNeedsGroup],
      [[{ type: 'Line', data: [] }], `Data group 1: ${DASHBOARD_MESSAGES.groupNeedsSeries}`],
      [
        [{ type: 'Line', data: [series, { name: 'x' }] }],
        `Data group 1, series 2: ${DASHBOARD_MESSAGES.seriesNeedsLine}`,
      ],
      [
        [{ type: 'Line', data: [{ reportItemId: line('Net Income'), isLeaf: true }] }],
        `Data group 1, series 1: ${DASHBOARD_MESSAGES.leafNeedsAccount}`,
      ],
      [
        [
          { type: 'Bar', data: [series] },
          { type: 'Line', data: [{ ...series, color: '#000000' }] },
        ],
        `Data group 2, series 1: ${DASHBOARD_MESSAGES.colorNotInPalette}`,
      ],
      [
        [{ type: 'Line', data: [{ ...series, name: ' ' }] }],
        'Data group 1, series 1: Series name is required',
      ],
      [
        [{ type: 'Line', data: [{ ...series, name: 'n'.repeat(121) }] }],
        'Data group 1, series 1: Series name must be at most 120 characters',
      ],
      [
        [{ type: 'Line', data: Array.from({ length: 13 }, () => series) }],
        'Data group 1: A data group holds at most 12 series',
      ],
      [
        Array.from({ length: 5 }, () => ({ type: 'Line', data: [series] })),
        'A chart holds at most 4 data groups',
      ],
      [
        [{ id: 'same', type: 'Line', data: [{ ...series, id: 'same' }] }],
        DASHBOARD_MESSAGES.duplicateItemIds,
      ],
      [revenueVsExpense(), 'Name is required', '   '],
      [revenueVsExpense(), 'Name must be at most 120 characters', 'c'.repeat(121)],
    ];
    for (const [groups, message, name] of cases) {
      const result = await client.createChart({ d: dashboardId, g: groups, ...(name ? { n: name } : {}) });
      expect(result.errors, message).toBeUndefined();
      expect(result.data?.createChart, message).toEqual({ id: null, chart: null, errors: [message] });
    }
    const highlight = await client.createChart({
      d: dashboardId,
      h: { invert: true },
      g: revenueVsExpense(),
    });
    expect(highlight.data?.createChart.errors).toEqual([`Highlight: ${DASHBOARD_MESSAGES.seriesNeedsLine}`]);
    const chart = await client.createChartOk({ d: dashboardId, g: revenueVsExpense() });
    const update = await client.updateChart({ id: chart.id, g: [{ type: 'Line', data: [] }] });
    expect(update.data?.updateChart.errors).toEqual([`Data group 1: ${DASHBOARD_MESSAGES.groupNeedsSeries}`]);
    const graphqlLevel = await client.createChart({ d: dashboardId, g: [{ type: 'Pie', data: [series] }] });
    expect(graphqlLevel.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    await client.deleteChart(chart.id);
    expect(await chartCount(dashboardId)).toBe(before);
  });

  it('holds at most 50 charts on a dashboard', async () => {
    const dashboardId = await client.dashboardId();
    const have = await chartCount(dashboardId);
    await t.db.insert(charts).values(
      Array.from({ length: 50 - have }, (_, i) => ({
        entityId: acme.entityId,
        dashboardId,
        name: `Filler ${i}`,
        dataGroups: [],
      })),
    );
    const result = await client.createChart({ d: dashboardId, g: revenueVsExpense() });
    expect(result.data?.createChart.errors).toEqual([DASHBOARD_MESSAGES.tooManyCharts]);
    await t.db
      .delete(charts)
      .where(sql`${charts.dashboardId} = ${dashboardId} AND ${charts.name} LIKE 'Filler %'`);
    expect(await chartCount(dashboardId)).toBe(have);
  });
});

describe('tenancy', () => {
  it("refuses another company's dashboard, chart, account, report and line item ids as not found, as unknown ones", async () => {
    const dashboardId = await client.dashboardId();
    const otherDashboardId = await otherClient.dashboardId();
    const otherChart = await otherClient.createChartOk({
      d: otherDashboardId,
      n: 'Secret chart of Other Co',
      g: [{ type: 'Line', data: [{ reportItemId: otherLines.get('Net Income') }] }],
    });
    const mine = await client.createChartOk({ d: dashboardId, g: revenueVsExpense() });
    const otherIncome = await other.account('Income');
    const unknown = '00000000-0000-4000-8000-000000000001';
    const expectNotFound = (
      result: { errors?: { message: string; extensions?: { code?: string } }[] },
      message: string,
    ) => {
      expect(result.errors?.[0]).toMatchObject({ message, extensions: { code: 'NOT_FOUND' } });
      expect(JSON.stringify(result)).not.toContain('Other Co');
    };
    for (const id of [otherDashboardId, unknown, 'not-a-uuid']) {
      expectNotFound(await client.createChart({ d: id, g: revenueVsExpense() }), 'Dashboard not found');
      expectNotFound(await client.updateDashboard({ id, n: 'Mine now' }), 'Dashboard not found');
    }
    for (const id of [otherChart.id, unknown, 'not-a-uuid']) {
      expectNotFound(await client.updateChart({ id, n: 'Mine now' }), 'Chart not found');
      expectNotFound(await client.deleteChart(id), 'Chart not found');
      expectNotFound(
        await client.updateDashboard({ id: dashboardId, p: [{ id, x: 0, y: 0, w: 6, h: 7 }] }),
        'Chart not found',
      );
    }
    for (const accountId of [otherIncome, unknown, 'not-a-uuid']) {
      expectNotFound(
        await client.createChart({ d: dashboardId, g: [{ type: 'Line', data: [{ accountId }] }] }),
        'Account not found',
      );
      expectNotFound(await client.updateChart({ id: mine.id, h: { accountId } }), 'Account not found');
    }
    for (const reportId of [other.reportId, unknown]) {
      expectNotFound(
        await client.createChart({
          d: dashboardId,
          g: [{ type: 'Line', data: [{ accountId: acct('Income'), reportId }] }],
        }),
        `Report not found: ${reportId}`,
      );
    }
    for (const lineId of [otherLines.get('Net Income') ?? '', unknown, 'x']) {
      expectNotFound(
        await client.createChart({ d: dashboardId, g: [{ type: 'Line', data: [{ reportItemId: lineId }] }] }),
        `Line item not found for lineId ${lineId}`,
      );
    }
    // Another company's chart is where it was, as it was.
    const [theirs] = await otherClient.dashboards();
    expect(theirs?.charts.map((chart) => chart.name)).toEqual(['Secret chart of Other Co']);
    expect(theirs?.positions).toHaveLength(1);
    await client.deleteChart(mine.id);
  });

  it('lets a bookkeeper edit charts and a read-only member only read them', async () => {
    const dashboardId = await client.dashboardId();
    const bookkeeper = await acme.member('bookkeeper');
    const made = await client.createChart({ d: dashboardId, g: revenueVsExpense() }, bookkeeper);
    expect(made.data?.createChart.errors).toEqual([]);
    const custom = await acme.member('custom');
    const refused = await client.updateChart({ id: made.data?.createChart.id ?? '', n: 'x' }, custom);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await client.dashboards(custom))[0]?.charts.length).toBeGreaterThan(0);
    await client.deleteChart(made.data?.createChart.id ?? '', bookkeeper);
  });
});

describe('updateDashboard', () => {
  it('renames, moves charts on the grid (the rest keep their place) and sets or resets the range', async () => {
    const dashboardId = await client.dashboardId();
    const a = await client.createChartOk({ d: dashboardId, g: revenueVsExpense() });
    const b = await client.createChartOk({ d: dashboardId, g: revenueVsExpense() });
    const [before] = await client.dashboards();
    const result = await client.updateDashboard({
      id: dashboardId,
      n: ' Board ',
      p: [{ id: a.id, x: 8, y: 30, w: 4, h: 2 }],
      s: '2026-01',
      end: '2026-12',
    });
    expect(result.data?.updateDashboard.errors).toEqual([]);
    const updated = result.data?.updateDashboard.dashboard;
    expect(updated).toMatchObject({ name: 'Board', startMonth: '2026-01', endMonth: '2026-12' });
    expect(updated?.positions.find((p) => p.id === a.id)).toEqual({ id: a.id, x: 8, y: 30, w: 4, h: 2 });
    expect(updated?.positions.find((p) => p.id === b.id)).toEqual(
      before?.positions.find((p) => p.id === b.id),
    );
    expect(updated?.positions).toHaveLength(before?.positions.length ?? 0);
    const reset = await client.updateDashboard({ id: dashboardId, s: null, end: null, n: 'Dashboard' });
    expect(reset.data?.updateDashboard.dashboard).toMatchObject({
      startMonth: '2025-01',
      endMonth: '2028-03',
    });
    await client.deleteChart(a.id);
    await client.deleteChart(b.id);
  });

  it('refuses positions off the grid, too small, twice the same chart, and bad ranges, naming the field', async () => {
    const dashboardId = await client.dashboardId();
    const chart = await client.createChartOk({ d: dashboardId, g: revenueVsExpense() });
    const at = (fields: Record<string, number>) => ({ id: chart.id, x: 0, y: 0, w: 6, h: 7, ...fields });
    const cases: [Record<string, unknown>, string][] = [
      [{ p: [at({ x: 8 })] }, `Position 1: ${DASHBOARD_MESSAGES.outsideGrid}`],
      [{ p: [at({ w: 1 })] }, 'Position 1: Width must be between 2 and 12'],
      [{ p: [at({ h: 1 })] }, 'Position 1: Height must be between 2 and 24'],
      [{ p: [at({ y: -3 })] }, 'Position 1: Y must be between 0 and 2000'],
      [{ p: [at({}), at({ x: 6 })] }, DASHBOARD_MESSAGES.duplicatePositions],
      [{ s: '2027-01', end: '2026-12' }, DASHBOARD_MESSAGES.endBeforeStart],
      [{ s: '2020-01', end: '2030-02' }, DASHBOARD_MESSAGES.rangeTooLong],
      [{ s: '2029-01' }, DASHBOARD_MESSAGES.endBeforeStart],
      [{ n: '  ' }, 'Name is required'],
    ];
    const [before] = await client.dashboards();
    for (const [variables, message] of cases) {
      const result = await client.updateDashboard({ id: dashboardId, ...variables });
      expect(result.data?.updateDashboard, message).toEqual({ dashboard: null, errors: [message] });
    }
    const month = await client.updateDashboard({ id: dashboardId, s: '2026-13' });
    expect(month.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    const [after] = await client.dashboards();
    expect(after).toEqual(before);
    await client.deleteChart(chart.id);
  });
});

describe('chart figures', () => {
  it("equal the report's figures for the same lines and months, cell for cell (one source of numbers)", async () => {
    // The default range (the dashboard's and the report's), a range with actuals ending early, one
    // wholly in the past and one ending in the future.
    const ranges = [
      {},
      { s: '2026-01', end: '2027-12', a: '2026-06' },
      { s: '2025-01', end: '2025-12', a: '2025-12' },
      { s: '2026-11', end: '2028-06', a: '2026-11' },
    ];
    for (const range of ranges) {
      expect(await expectChartsToMatchReport(acme, range)).toBeGreaterThan(15);
    }
  });

  it('marks each month actual or forecast at the actuals end month, and inverts when asked', async () => {
    const dashboardId = await client.dashboardId();
    const chart = await client.createChartOk({
      d: dashboardId,
      h: {
        accountId: acct('Expense/Payroll'),
        reportItemId: line('Expense'),
        isLeaf: true,
        name: 'Own payroll',
      },
      g: [
        {
          type: 'Line',
          data: [
            { accountId: acct('Income'), reportItemId: line('Income'), name: 'Revenue' },
            {
              accountId: acct('Income'),
              reportItemId: line('Income'),
              name: 'Revenue inverted',
              invert: true,
            },
          ],
        },
      ],
    });
    const figures = (await client.figures({ s: '2026-10', end: '2027-01', a: '2026-11' })).get(chart.id);
    expect(figures).toMatchObject({ startMonth: '2026-10', endMonth: '2027-01', actualsEndMonth: '2026-11' });
    expect(figures?.months).toEqual(['2026-10', '2026-11', '2026-12', '2027-01']);
    expect(figures?.series[0]?.points).toEqual([
      { month: '2026-10', amount: 0, scenario: 'actual', actual: 0, forecast: null, plan: null },
      {
        month: '2026-11',
        amount: 1_800_000,
        scenario: 'actual',
        actual: 1_800_000,
        forecast: 1_800_000,
        plan: null,
      },
      {
        month: '2026-12',
        amount: 2_000_000,
        scenario: 'forecast',
        actual: null,
        forecast: 2_000_000,
        plan: null,
      },
      {
        month: '2027-01',
        amount: 2_000_000,
        scenario: 'forecast',
        actual: null,
        forecast: 2_000_000,
        plan: null,
      },
    ]);
    expect(figures?.series[1]?.points.map((p) => p.amount)).toEqual([0, -1_800_000, -2_000_000, -2_000_000]);
    // Payroll's own figures (its '_leaf' row): the card charge of February 2026 only.
    const own = (await client.figures({ s: '2026-01', end: '2026-03', a: '2026-11' })).get(
      chart.id,
    )?.highlight;
    expect(own).toMatchObject({ name: 'Own payroll', error: null });
    expect(own?.points.map((p) => p.amount)).toEqual([0, 45_000, 0]);
    await client.deleteChart(chart.id);
  });

  it("shows a deleted account's series as zeros with 'Account not found'", async () => {
    const dashboardId = await client.dashboardId();
    const created = await acme.gql<{ createAccount: { id: string } }>(
      'mutation($e: ID!, $p: ID!) { createAccount(entityId: $e, parentId: $p, name: "Short-lived") { id } }',
      { e: acme.entityId, p: acct('Expense') },
    );
    const accountId = created.data?.createAccount.id ?? '';
    const chart = await client.createChartOk({
      d: dashboardId,
      g: [{ type: 'Line', data: [{ accountId }] }],
    });
    const removed = await acme.gql('mutation($id: ID!) { deleteAccount(id: $id) { id } }', { id: accountId });
    expect(removed.errors).toBeUndefined();
    const series = (await client.figures({ s: '2026-01', end: '2026-02' })).get(chart.id)?.series[0];
    expect(series).toMatchObject({ error: 'Account not found' });
    expect(series?.points.map((p) => p.amount)).toEqual([0, 0]);
    await client.deleteChart(chart.id);
  });

  it('refuses a range the report would refuse', async () => {
    const dashboardId = await client.dashboardId();
    const chart = await client.createChartOk({ d: dashboardId, g: revenueVsExpense() });
    const query = `query($e: ID!, $s: MonthKey, $end: MonthKey, $a: MonthKey) { dashboards(entityId: $e) {
      charts { id figures(startMonth: $s, endMonth: $end, actualsEndMonth: $a) { months } } } }`;
    for (const [range, message] of [
      [{ s: '2027-01', end: '2026-01' }, DASHBOARD_MESSAGES.endBeforeStart],
      [{ s: '2015-01', end: '2026-01' }, DASHBOARD_MESSAGES.rangeTooLong],
      [
        { s: '2026-01', end: '2026-12', a: '2010-01' },
        "The actuals end month must be within 120 months of the chart's months",
      ],
    ] as const) {
      const result = await acme.gql(query, { e: acme.entityId, ...range });
      expect(result.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    }
    await client.deleteChart(chart.id);
  });

  it('reads the same rows as the grid on a company whose report is the default lines computed in memory', async () => {
    const legacy = await createLedgerFixture(t, 'Legacy Co');
    await t.db.delete(reportLineItems).where(eq(reportLineItems.entityId, legacy.entityId));
    const grid = await reportGrid(legacy);
    const netIncome = grid.lineItems.find((row) => row.name === 'Net Income');
    expect(netIncome?.lineItemId).toMatch(/:default:2$/);
    expect(await expectChartsToMatchReport(legacy, {})).toBe(grid.lineItems.length);
  });
});
