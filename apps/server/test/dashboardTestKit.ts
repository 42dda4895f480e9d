import { expect } from 'vitest';
import type { LedgerFixture } from './ledgerTestKit';

/** What the suites need of a company: its id and a way to call the API as one of its members. */
type CompanyClient = Pick<LedgerFixture, 'entityId' | 'gql'>;

/** Test support for the dashboards suites: the GraphQL documents and their answers. */

const DASHBOARDS = `query($e: ID!) { dashboards(entityId: $e) {
  id name entityId reportId report { id name } startMonth endMonth positions { id x y w h }
  charts { id name dashboardId highlight { name accountId reportId reportItemId isLeaf invert }
    dataGroups { id type data { id accountId reportId reportItemId isLeaf color name invert plan } } } } }`;

const CHART_FIGURES = `query($e: ID!, $s: MonthKey, $end: MonthKey, $a: MonthKey) { dashboards(entityId: $e) {
  id charts { id figures(startMonth: $s, endMonth: $end, actualsEndMonth: $a) {
    startMonth endMonth actualsEndMonth months
    series { seriesId groupId type name color accountId reportItemId isLeaf invert plan error
      points { month amount scenario actual forecast plan } }
    highlight { name error points { month amount scenario } } } } } }`;

const CREATE_CHART = `mutation($d: ID!, $n: String, $h: ChartHighlightInput, $g: [ChartDataGroupInput!]!) {
  createChart(dashboardId: $d, name: $n, highlight: $h, dataGroups: $g) {
    id errors chart { id name dashboardId highlight { name accountId reportItemId invert }
      dataGroups { id type data { id accountId reportId reportItemId isLeaf color name invert plan } } } } }`;

const UPDATE_CHART = `mutation($id: ID!, $n: String, $h: ChartHighlightInput, $g: [ChartDataGroupInput!]) {
  updateChart(id: $id, name: $n, highlight: $h, dataGroups: $g) {
    id errors chart { id name highlight { name reportItemId } dataGroups { id type data { id name color } } } } }`;

const DELETE_CHART = 'mutation($id: ID!) { deleteChart(id: $id) { id errors } }';

const UPDATE_DASHBOARD = `mutation($id: ID!, $n: String, $p: [DashboardPositionInput!], $s: MonthKey, $end: MonthKey) {
  updateDashboard(id: $id, name: $n, positions: $p, startMonth: $s, endMonth: $end) {
    errors dashboard { id name startMonth endMonth positions { id x y w h } charts { id } } } }`;

export type SeriesInput = {
  id?: string;
  accountId?: string | null;
  reportId?: string | null;
  reportItemId?: string | null;
  isLeaf?: boolean;
  color?: string;
  name?: string;
  invert?: boolean;
};
export type GroupInput = { id?: string; type: 'Line' | 'Bar'; data: SeriesInput[] };

type DashboardAnswer = {
  id: string;
  name: string;
  reportId: string;
  report: { id: string; name: string } | null;
  startMonth: string;
  endMonth: string;
  positions: { id: string; x: number; y: number; w: number; h: number }[];
  charts: {
    id: string;
    name: string;
    highlight: { name: string; reportItemId: string | null; invert: boolean } | null;
    dataGroups: { id: string; type: string; data: Required<SeriesInput>[] }[];
  }[];
};

type PointAnswer = {
  month: string;
  amount: number;
  scenario: 'actual' | 'forecast';
  actual: number | null;
  forecast: number | null;
  /** Asked of series only: their plan through the actuals end, when drawn against it. */
  plan?: number | null;
};
type SeriesFiguresAnswer = {
  seriesId: string;
  name: string;
  accountId: string | null;
  reportItemId: string | null;
  isLeaf: boolean;
  plan: boolean;
  error: string | null;
  points: PointAnswer[];
};
type FiguresAnswer = {
  startMonth: string;
  endMonth: string;
  actualsEndMonth: string;
  months: string[];
  series: SeriesFiguresAnswer[];
  highlight: { name: string; error: string | null; points: PointAnswer[] } | null;
};

type ChartPayload = {
  id: string | null;
  errors: string[];
  chart: { id: string; name: string; dataGroups: { id: string; data: Required<SeriesInput>[] }[] } | null;
};

/** A dashboards client for one company, as its owner (or another token). */
export function dashboardClient(fixture: CompanyClient) {
  return {
    async dashboards(token?: string): Promise<DashboardAnswer[]> {
      const result = await fixture.gql<{ dashboards: DashboardAnswer[] }>(
        DASHBOARDS,
        { e: fixture.entityId },
        token,
      );
      expect(result.errors).toBeUndefined();
      return result.data?.dashboards ?? [];
    },
    async dashboardId(): Promise<string> {
      const [first] = await this.dashboards();
      if (!first) throw new Error('no dashboard');
      return first.id;
    },
    async figures(range: { s?: string; end?: string; a?: string } = {}): Promise<Map<string, FiguresAnswer>> {
      const result = await fixture.gql<{
        dashboards: { charts: { id: string; figures: FiguresAnswer | null }[] }[];
      }>(CHART_FIGURES, { e: fixture.entityId, ...range });
      expect(result.errors).toBeUndefined();
      const charts = result.data?.dashboards.flatMap((dashboard) => dashboard.charts) ?? [];
      return new Map(charts.flatMap((chart) => (chart.figures ? [[chart.id, chart.figures]] : [])));
    },
    createChart(variables: { d: string; n?: string; h?: unknown; g: unknown }, token?: string) {
      return fixture.gql<{ createChart: ChartPayload }>(CREATE_CHART, variables, token);
    },
    async createChartOk(variables: { d: string; n?: string; h?: unknown; g: unknown }) {
      const result = await this.createChart(variables);
      expect(result.errors).toBeUndefined();
      expect(result.data?.createChart.errors).toEqual([]);
      const chart = result.data?.createChart.chart;
      if (!chart) throw new Error('no chart');
      return chart;
    },
    updateChart(variables: { id: string; n?: string | null; h?: unknown; g?: unknown }, token?: string) {
      return fixture.gql<{ updateChart: ChartPayload }>(UPDATE_CHART, variables, token);
    },
    deleteChart(id: string, token?: string) {
      return fixture.gql<{ deleteChart: { id: string | null; errors: string[] } }>(
        DELETE_CHART,
        { id },
        token,
      );
    },
    updateDashboard(
      variables: { id: string; n?: string; p?: unknown; s?: string | null; end?: string | null },
      token?: string,
    ) {
      return fixture.gql<{
        updateDashboard: {
          errors: string[];
          dashboard: (Omit<DashboardAnswer, 'charts'> & { charts: { id: string }[] }) | null;
        };
      }>(UPDATE_DASHBOARD, variables, token);
    },
  };
}

type ReportGridAnswer = {
  columns: { key: string; period: string }[];
  lineItems: {
    id: string;
    lineItemId: string;
    accountId: string | null;
    itemType: string;
    isLeaf: boolean;
    name: string;
    columnValues: number[];
    planValues: (number | null)[];
  }[];
};

/** The Report query's grid over a range (the default one without arguments). */
export async function reportGrid(
  fixture: CompanyClient,
  range: { s?: string; end?: string; a?: string } = {},
  token?: string,
): Promise<ReportGridAnswer> {
  const result = await fixture.gql<{ report: ReportGridAnswer }>(
    `query($e: ID!, $s: MonthKey, $end: MonthKey, $a: MonthKey) {
      report(entityId: $e, startMonth: $s, endMonth: $end, actualsEndMonth: $a) {
        columns { key period } lineItems { id lineItemId accountId itemType isLeaf name columnValues planValues } } }`,
    { e: fixture.entityId, ...range },
    token,
  );
  expect(result.errors).toBeUndefined();
  if (!result.data) throw new Error('no report');
  return result.data.report;
}

/** The series that reads a grid row: its account (none for sections and expressions), line item, leaf. */
function seriesOfRow(row: ReportGridAnswer['lineItems'][number]): SeriesInput {
  const lineOnly = row.itemType === 'Section' || row.itemType === 'Expression';
  return {
    accountId: lineOnly ? null : row.accountId,
    reportItemId: row.lineItemId,
    isLeaf: row.isLeaf,
    name: row.name.slice(0, 120),
  };
}

/** A row's month cells by month key. */
export function monthCells(grid: ReportGridAnswer, row: ReportGridAnswer['lineItems'][number]) {
  return Object.fromEntries(
    grid.columns.flatMap((column, index) =>
      column.period === 'month' ? [[column.key, row.columnValues[index] ?? 0]] : [],
    ),
  );
}

/** A row's plans by month key (months without a plan: null). */
export function monthPlans(grid: ReportGridAnswer, row: ReportGridAnswer['lineItems'][number]) {
  return Object.fromEntries(
    grid.columns.flatMap((column, index) =>
      column.period === 'month' ? [[column.key, row.planValues[index] ?? null]] : [],
    ),
  );
}

/** Rows in charts of at most 4 groups of 12 series: what one chart may hold. */
function chunkIntoCharts<T>(items: readonly T[]): T[][][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += 12) groups.push(items.slice(i, i + 12));
  const charts: T[][][] = [];
  for (let i = 0; i < groups.length; i += 4) charts.push(groups.slice(i, i + 4));
  return charts;
}

type MonthRange = { s?: string; end?: string; a?: string };

/**
 * Checks that charts and the grid are one source of numbers: a chart series for every row of
 * the Report query over `range` (accounts, their '_leaf' rows, sections, expressions), then each
 * series' monthly figures over the same range compared with the row's month cells, cell for cell. The
 * charts are deleted afterwards. Returns how many rows were compared.
 */
export async function expectChartsToMatchReport(company: CompanyClient, range: MonthRange): Promise<number> {
  const client = dashboardClient(company);
  const dashboardId = await client.dashboardId();
  const grid = await reportGrid(company, range);
  const rows = grid.lineItems;
  const charted = new Map<string, (typeof rows)[number][]>();
  for (const groups of chunkIntoCharts(rows)) {
    const chart = await client.createChartOk({
      d: dashboardId,
      n: 'Report rows',
      g: groups.map((group) => ({ type: 'Line', data: group.map(seriesOfRow) })),
    });
    charted.set(chart.id, groups.flat());
  }
  const figures = await client.figures(range);
  let compared = 0;
  for (const [chartId, chartRows] of charted) {
    const series = figures.get(chartId)?.series ?? [];
    expect(series).toHaveLength(chartRows.length);
    chartRows.forEach((row, index) => {
      const got = series[index];
      const cells = Object.fromEntries((got?.points ?? []).map((point) => [point.month, point.amount]));
      expect({ row: row.id, error: got?.error, cells }).toEqual({
        row: row.id,
        error: null,
        cells: monthCells(grid, row),
      });
      compared += 1;
    });
  }
  for (const chartId of charted.keys()) {
    expect((await client.deleteChart(chartId)).data?.deleteChart.errors).toEqual([]);
  }
  return compared;
}
