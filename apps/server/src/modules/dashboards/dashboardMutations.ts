import { builder } from '../../graphql/builder';
import type { Context } from '../../graphql/context';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { textLimit } from '../../graphql/inputLimits';
import { type Payload, userErrorPayload } from '../../graphql/userErrorPayload';
import { dashboardNotFound } from './dashboardErrors';
import { type ChartRow, type DashboardRow, findDashboard, listCharts } from './dashboardRows';
import { ChartRef, ChartTypeRef, DashboardRef } from './dashboardTypes';
import { requireChart, requireDashboard } from './guardDashboardRow';
import { createChart, deleteChart, updateChart } from './saveChart';
import { updateDashboard } from './updateDashboard';

const errorsField = { description: 'Why it was refused, naming the field; empty when it was done.' };

const lineInputFields = (t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]) => ({
  accountId: t.id({
    description: 'The account; null for a line item without one (a section, an expression).',
  }),
  reportId: t.id({ description: "The report (default: the dashboard's)." }),
  reportItemId: t.id({
    description: "The report line item: a row's `lineItemId` in the Report query.",
  }),
  isLeaf: t.boolean({ description: "The account's own figures, without its sub-accounts (default false)." }),
  invert: t.boolean({ description: 'Figures negated (default false).' }),
});

const ChartSeriesInputRef = builder.inputType('ChartSeriesInput', {
  fields: (t) => ({
    id: t.id({ description: 'Kept when given (unique in the chart); else a new one.' }),
    ...lineInputFields(t),
    color: t.string({
      ...textLimit(16),
      description: 'One of the 12 palette colours; default the next one.',
    }),
    name: t.string({ description: "Default 'New Chart'." }),
    plan: t.boolean({
      description:
        'Also draw the plan (the forecast as each past month began) beside its actuals (default false).',
    }),
  }),
});

const ChartDataGroupInputRef = builder.inputType('ChartDataGroupInput', {
  fields: (t) => ({
    id: t.id({ description: 'Kept when given (unique in the chart); else a new one.' }),
    type: t.field({ type: ChartTypeRef, required: true }),
    data: t.field({ type: [ChartSeriesInputRef], required: true, description: '1 to 12 series.' }),
  }),
});

const ChartHighlightInputRef = builder.inputType('ChartHighlightInput', {
  description: 'A highlight naming no line (no account, no line item) is no highlight.',
  fields: (t) => ({
    name: t.string(),
    ...lineInputFields(t),
  }),
});

const DashboardPositionInputRef = builder.inputType('DashboardPositionInput', {
  description: 'A chart (id) on the 12-column grid: x + w at most 12, w and h at least 2, h at most 24.',
  fields: (t) => ({
    id: t.id({ required: true }),
    x: t.int({ required: true }),
    y: t.int({ required: true }),
    w: t.int({ required: true }),
    h: t.int({ required: true }),
  }),
});

type ChartResult = { chart: ChartRow; dashboard: DashboardRow };

const ChartPayloadRef = builder.objectRef<Payload<ChartResult>>('ChartPayload').implement({
  description: 'Spec §7: the chart id and errors (and the chart as saved).',
  fields: (t) => ({
    id: t.id({ nullable: true, resolve: (p) => p.result?.chart.id ?? null }),
    chart: t.field({
      type: ChartRef,
      nullable: true,
      resolve: (p) => (p.result ? { ...p.result.chart, dashboard: p.result.dashboard } : null),
    }),
    errors: t.stringList({ ...errorsField, resolve: (p) => p.errors }),
  }),
});

const ChartDeletePayloadRef = builder.objectRef<Payload<string>>('ChartDeletePayload').implement({
  description: 'The deleted chart id, or null with the errors that refused it.',
  fields: (t) => ({
    id: t.id({ nullable: true, resolve: (p) => p.result }),
    errors: t.stringList({ ...errorsField, resolve: (p) => p.errors }),
  }),
});

const DashboardPayloadRef = builder
  .objectRef<Payload<DashboardRow & { charts: ChartRow[] }>>('DashboardPayload')
  .implement({
    fields: (t) => ({
      dashboard: t.field({ type: DashboardRef, nullable: true, resolve: (p) => p.result }),
      errors: t.stringList({ ...errorsField, resolve: (p) => p.errors }),
    }),
  });

const chartArgs = (t: Parameters<Parameters<typeof builder.mutationFields>[0]>[0]) => ({
  name: t.arg.string({ description: "Default 'New Chart'." }),
  highlight: t.arg({ type: ChartHighlightInputRef, description: 'Null: no highlight.' }),
});

/** The chart with its dashboard as it is after the write. */
async function chartResult(ctx: Context, chart: ChartRow): Promise<ChartResult> {
  const dashboard = await findDashboard(ctx.db, chart.dashboardId);
  if (!dashboard) throw dashboardNotFound();
  return { chart, dashboard };
}

builder.mutationFields((t) => ({
  updateDashboard: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: DashboardPayloadRef,
    description:
      "UpdateDashboard(id, name, positions, startMonth, endMonth): what is sent changes. positions: the grid's layout (charts left out keep their place; a chart not on this dashboard is NOT_FOUND). startMonth/endMonth null: back to the default range.",
    args: {
      id: t.arg.id({ required: true }),
      name: t.arg.string(),
      positions: t.arg({ type: [DashboardPositionInputRef] }),
      startMonth: t.arg({ type: 'MonthKey' }),
      endMonth: t.arg({ type: 'MonthKey' }),
    },
    resolve: async (_root, args, ctx) => {
      const dashboard = await requireDashboard(ctx, String(args.id), 'bookkeeping');
      return userErrorPayload(async () => {
        const row = await updateDashboard(ctx.db, ctx.clock, {
          id: dashboard.id,
          name: args.name,
          positions: args.positions?.map((p) => ({ ...p, id: String(p.id) })),
          ...(args.startMonth === undefined ? {} : { startMonth: args.startMonth }),
          ...(args.endMonth === undefined ? {} : { endMonth: args.endMonth }),
        });
        return { ...row, charts: await listCharts(ctx.db, [row.id]) };
      });
    },
  }),
  createChart: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: ChartPayloadRef,
    description:
      "CreateChart: a chart on the dashboard (at most 50), placed at the grid's first free 6 x 7 spot. Its lines must be the company's: another company's account, report or line item is NOT_FOUND, as an unknown one.",
    args: {
      dashboardId: t.arg.id({ required: true }),
      ...chartArgs(t),
      dataGroups: t.arg({ type: [ChartDataGroupInputRef], required: true, description: '1 to 4 groups.' }),
    },
    resolve: async (_root, args, ctx) => {
      const dashboard = await requireDashboard(ctx, String(args.dashboardId), 'bookkeeping');
      return userErrorPayload(async () =>
        chartResult(
          ctx,
          await createChart(ctx.db, ctx.clock, {
            dashboardId: dashboard.id,
            name: args.name,
            highlight: args.highlight,
            dataGroups: args.dataGroups,
          }),
        ),
      );
    },
  }),
  updateChart: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: ChartPayloadRef,
    description: 'UpdateChart: a new name, highlight (null: none) or data groups; what is not sent stays.',
    args: {
      id: t.arg.id({ required: true }),
      ...chartArgs(t),
      dataGroups: t.arg({ type: [ChartDataGroupInputRef], description: '1 to 4 groups.' }),
    },
    resolve: async (_root, args, ctx) => {
      const chart = await requireChart(ctx, String(args.id), 'bookkeeping');
      return userErrorPayload(async () =>
        chartResult(
          ctx,
          await updateChart(ctx.db, ctx.clock, {
            id: chart.id,
            name: args.name,
            highlight: args.highlight,
            dataGroups: args.dataGroups,
          }),
        ),
      );
    },
  }),
  deleteChart: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: ChartDeletePayloadRef,
    description: 'DeleteChart(id): the chart and its place on the grid.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const chart = await requireChart(ctx, String(args.id), 'bookkeeping');
      return userErrorPayload(() => deleteChart(ctx.db, ctx.clock, chart.id));
    },
  }),
}));
