import { CHART_TYPES, DASHBOARD_GRID_COLUMNS, monthKeyOfDate } from '@keel/domain';
import type {
  StoredChartDataGroup,
  StoredChartHighlight,
  StoredChartSeries,
  StoredDashboardPosition,
} from '../../db/schema';
import { builder } from '../../graphql/builder';
import { findReport } from '../reports/findReport';
import { ScenarioEnum } from '../reports/sharedTypes';
import { ReportRef } from '../reports/types';
import { dashboardRange } from './dashboardRange';
import type { ChartRow, DashboardRow } from './dashboardRows';
import { type ChartFiguresView, loadChartFigures, type SeriesFiguresView } from './loadChartFigures';

/** A chart as answered: with its dashboard (its range is the figures' default). */
type ChartView = ChartRow & { dashboard: DashboardRow };
/** A dashboard as answered: with its charts (any order: the answer sorts them). */
type DashboardView = DashboardRow & { charts: ChartRow[] };

export const ChartTypeRef = builder.enumType('ChartType', {
  description: 'Spec §9: a data group is drawn as lines or as bars.',
  values: CHART_TYPES,
});

const lineFields = {
  accountId: 'The account, or null for a line item without one (a section or an expression).',
  reportItemId:
    "The report line item (a row's `lineItemId` in the Report query): for an account, the line it is shown under.",
  isLeaf: "The account's own figures (its '_leaf' row) instead of the account with its sub-accounts.",
  invert: 'Figures negated.',
} as const;

const ChartSeriesRef = builder.objectRef<StoredChartSeries>('ChartSeries').implement({
  description: 'A series of a data group (spec §3 Chart data): a report line with its colour and name.',
  fields: (t) => ({
    id: t.exposeID('id'),
    accountId: t.exposeID('accountId', { nullable: true, description: lineFields.accountId }),
    reportId: t.exposeID('reportId'),
    reportItemId: t.exposeID('reportItemId', { nullable: true, description: lineFields.reportItemId }),
    isLeaf: t.exposeBoolean('isLeaf', { description: lineFields.isLeaf }),
    color: t.exposeString('color', { description: 'One of the chart palette (CHART_PALETTE).' }),
    name: t.exposeString('name'),
    invert: t.exposeBoolean('invert', { description: lineFields.invert }),
    plan: t.boolean({
      description: 'Drawn against its plan too: the forecast as each past month began (plan vs actual).',
      resolve: (s) => s.plan ?? false,
    }),
  }),
});

const ChartDataGroupRef = builder.objectRef<StoredChartDataGroup>('ChartDataGroup').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    type: t.field({ type: ChartTypeRef, resolve: (g) => g.type }),
    data: t.field({ type: [ChartSeriesRef], resolve: (g) => g.data }),
  }),
});

const ChartHighlightRef = builder.objectRef<StoredChartHighlight>('ChartHighlight').implement({
  description: 'A report line shown apart from the data groups (spec §3 Chart highlight).',
  fields: (t) => ({
    name: t.exposeString('name'),
    accountId: t.exposeID('accountId', { nullable: true, description: lineFields.accountId }),
    reportId: t.exposeID('reportId'),
    reportItemId: t.exposeID('reportItemId', { nullable: true, description: lineFields.reportItemId }),
    isLeaf: t.exposeBoolean('isLeaf', { description: lineFields.isLeaf }),
    invert: t.exposeBoolean('invert', { description: lineFields.invert }),
  }),
});

type PointView = SeriesFiguresView['points'][number];
const ChartPointRef = builder.objectRef<PointView>('ChartPoint').implement({
  description:
    'One month of a series, in cents as the Financial Report shows it. `actual` holds the figure through the actuals end month, `forecast` from the actuals end month on (the month both share, so a forecast line starts where the actual line ends); each is null elsewhere.',
  fields: (t) => ({
    month: t.field({ type: 'MonthKey', resolve: (p) => p.month }),
    amount: t.field({ type: 'Cents', resolve: (p) => p.amount }),
    scenario: t.field({
      type: ScenarioEnum,
      description: 'actual on or before the actuals end month, else forecast.',
      resolve: (p) => p.scenario,
    }),
    actual: t.field({ type: 'Cents', nullable: true, resolve: (p) => p.actual }),
    forecast: t.field({ type: 'Cents', nullable: true, resolve: (p) => p.forecast }),
    plan: t.field({
      type: 'Cents',
      nullable: true,
      description:
        "For a series drawn against its plan, months through the actuals end: what the forecast planned as the month began (the Report query's planValues of the same row); else null.",
      resolve: (p) => p.plan,
    }),
  }),
});

const ChartSeriesFiguresRef = builder.objectRef<SeriesFiguresView>('ChartSeriesFigures').implement({
  description: 'A series (or the highlight) month by month.',
  fields: (t) => ({
    seriesId: t.id({ nullable: true, description: 'Null for the highlight.', resolve: (s) => s.seriesId }),
    groupId: t.id({ nullable: true, resolve: (s) => s.groupId }),
    type: t.field({ type: ChartTypeRef, nullable: true, resolve: (s) => s.type }),
    name: t.exposeString('name'),
    color: t.exposeString('color', { nullable: true }),
    accountId: t.id({ nullable: true, resolve: (s) => s.line.accountId }),
    reportItemId: t.id({ nullable: true, resolve: (s) => s.line.reportItemId }),
    isLeaf: t.boolean({ resolve: (s) => s.line.isLeaf }),
    invert: t.boolean({ resolve: (s) => s.line.invert }),
    plan: t.exposeBoolean('plan', { description: 'Its points carry the plan through the actuals end.' }),
    error: t.exposeString('error', {
      nullable: true,
      description:
        "Why the series shows zeros: 'Account not found', 'Line item not found for lineId <id>' (the line was deleted), or an expression's error.",
    }),
    points: t.field({ type: [ChartPointRef], resolve: (s) => s.points }),
  }),
});

const ChartFiguresRef = builder.objectRef<ChartFiguresView>('ChartFigures').implement({
  description: "A chart's figures over a range, read from the Financial Report's own computation.",
  fields: (t) => ({
    startMonth: t.field({ type: 'MonthKey', resolve: (f) => f.startMonth }),
    endMonth: t.field({ type: 'MonthKey', resolve: (f) => f.endMonth }),
    actualsEndMonth: t.field({ type: 'MonthKey', resolve: (f) => f.actualsEndMonth }),
    months: t.field({ type: ['MonthKey'], resolve: (f) => f.months }),
    series: t.field({
      type: [ChartSeriesFiguresRef],
      description: 'Every series, group by group, in order.',
      resolve: (f) => f.series,
    }),
    highlight: t.field({ type: ChartSeriesFiguresRef, nullable: true, resolve: (f) => f.highlight }),
  }),
});

export const ChartRef = builder.objectRef<ChartView>('Chart').implement({
  description: 'A chart of a dashboard (spec §3 Chart).',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    dashboardId: t.exposeID('dashboardId'),
    entityId: t.exposeID('entityId'),
    highlight: t.field({ type: ChartHighlightRef, nullable: true, resolve: (c) => c.highlight }),
    dataGroups: t.field({ type: [ChartDataGroupRef], resolve: (c) => c.dataGroups }),
    figures: t.field({
      type: ChartFiguresRef,
      nullable: true,
      // One report computed per range (the dashboard's charts share it), as the report query costs.
      extensions: { cost: 5_000 },
      description:
        "The chart's figures by month: its dashboard's range unless startMonth/endMonth are given (at most 120 months), actuals through actualsEndMonth (default: the current month). The same figures as the Financial Report's rows for the same lines and months.",
      args: {
        startMonth: t.arg({ type: 'MonthKey' }),
        endMonth: t.arg({ type: 'MonthKey' }),
        actualsEndMonth: t.arg({ type: 'MonthKey' }),
      },
      resolve: (chart, args, ctx) => loadChartFigures(ctx, chart, chart.dashboard, args),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const DashboardPositionRef = builder.objectRef<StoredDashboardPosition>('DashboardPosition').implement({
  description: "A chart's place on the 12-column grid (spec §3): `id` is the chart's.",
  fields: (t) => ({
    id: t.exposeID('id'),
    x: t.exposeInt('x'),
    y: t.exposeInt('y'),
    w: t.exposeInt('w'),
    h: t.exposeInt('h'),
  }),
});

export const DashboardRef = builder.objectRef<DashboardView>('Dashboard').implement({
  description: 'A dashboard (spec §3): charts over a report on a 12-column grid.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    entityId: t.exposeID('entityId'),
    reportId: t.exposeID('reportId'),
    report: t.field({
      type: ReportRef,
      nullable: true,
      resolve: (d, _args, ctx) => findReport(ctx.db, d.entityId, d.reportId),
    }),
    startMonth: t.field({
      type: 'MonthKey',
      description: "The first month shown; the default report range's when none was set.",
      resolve: (d, _args, ctx) => dashboardRange(d, monthKeyOfDate(ctx.clock.now().toISOString())).startMonth,
    }),
    endMonth: t.field({
      type: 'MonthKey',
      description: "The last month shown; the default report range's when none was set.",
      resolve: (d, _args, ctx) => dashboardRange(d, monthKeyOfDate(ctx.clock.now().toISOString())).endMonth,
    }),
    positions: t.field({
      type: [DashboardPositionRef],
      description: "Each chart's place on the grid.",
      resolve: (d) => d.positions.filter((position) => d.charts.some((chart) => chart.id === position.id)),
    }),
    charts: t.field({
      type: [ChartRef],
      description:
        'In reading order of the grid (top to bottom, then left to right), as a narrow screen stacks them.',
      resolve: (d) => inReadingOrder(d).map((chart) => ({ ...chart, dashboard: d })),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

/** A dashboard's charts top to bottom, then left to right on the grid; unplaced ones last, oldest first. */
function inReadingOrder(dashboard: DashboardView): ChartRow[] {
  const place = new Map(dashboard.positions.map((position) => [position.id, position]));
  const rank = (chart: ChartRow) => {
    const at = place.get(chart.id);
    return at ? at.y * DASHBOARD_GRID_COLUMNS + at.x : Number.MAX_SAFE_INTEGER;
  };
  // The charts come oldest first; a stable sort keeps that order among equals.
  return [...dashboard.charts].sort((a, b) => rank(a) - rank(b));
}
