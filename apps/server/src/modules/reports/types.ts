import {
  buildCashFlowSeries,
  describeMonth,
  type Month,
  type ReportColumn,
  type ReportRow,
} from '@keel/domain';
import { builder } from '../../graphql/builder';
import { listStaleOutputs } from '../models/listStaleOutputs';
import { StaleModelOutputRef } from '../models/modelTypes';
import type { ReportRecord } from './listReports';
import type { LoadedReport } from './loadReport';
import { loadReportFacts, type ReportFact, SCENARIOS } from './loadReportFacts';
import { reportPlansOf } from './loadReportPlans';
import { ReportAccountRef } from './reportAccountTypes';
import { ReportSummaryRef } from './reportSummaryTypes';
import { keyedValues, ReportLineItemTypeEnum, ReportValueRef, ScenarioEnum } from './sharedTypes';

/** A report as listed (spec §3 Report: id, name): the `reports` and `getReports` queries. */
export const ReportRef = builder.objectRef<ReportRecord>('Report').implement({
  description: 'A report of an entity. `report(...)` computes its figures over a month range.',
  fields: (t) => ({
    id: t.exposeID('id'),
    entityId: t.exposeID('entityId'),
    name: t.exposeString('name'),
    createdAt: t.field({ type: 'DateTime', resolve: (report) => report.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (report) => report.updatedAt }),
  }),
});

const ReportColumnRef = builder.objectRef<ReportColumn>('ReportColumn').implement({
  description: 'A column of the grid (spec §3 Column descriptor), in display order.',
  fields: (t) => ({
    key: t.exposeString('key', {
      description:
        "'YYYY-MM' for a month, 'fy-YYYY' for a year, 'ytd-YYYY' for year to date, 'total' for the range.",
    }),
    short: t.exposeString('short', {
      description: "The label under the title: 'Apr 26', 'FY 2026', '2026 YTD', 'Total'.",
    }),
    title: t.exposeString('title', {
      description: 'Past, Current, Future (months), YTD, Actual or Forecast (summaries).',
    }),
    month: t.exposeInt('month', {
      nullable: true,
      description: '1-12 for a month; 12 for a year; null for YTD and total.',
    }),
    year: t.exposeInt('year', { nullable: true }),
    border: t.exposeBoolean('border', { description: 'Summary columns are set off by a border.' }),
    period: t.exposeString('period', { description: 'month, year (annual and YTD) or total.' }),
    filter: t.exposeString('filter', {
      description: 'actual, forecast, ytd (a YTD sum of actuals) or none (the total).',
    }),
    months: t.field({
      type: ['MonthKey'],
      description: 'The months the column covers.',
      resolve: (c) => c.months,
    }),
  }),
});

type LineItemParent = { row: ReportRow; view: LoadedReport };
const ReportLineItemRef = builder.objectRef<LineItemParent>('ReportLineItem').implement({
  description:
    'A row of the grid (spec §3 Report line item), in display order. Account trees expand to a row per account; a parent account with figures of its own gets a first child row <itemId>_leaf holding them, so a parent row always equals the sum of its child rows.',
  fields: (t) => ({
    id: t.id({
      description:
        "Unique in the report: the line item's id for its own row, '<lineItemId>:<accountId>' below it, '<id>_leaf' for leaf rows.",
      resolve: (p) => p.row.id,
    }),
    parentId: t.id({
      nullable: true,
      description: 'The parent row id; null at the top.',
      resolve: (p) => p.row.parentId,
    }),
    ancestry: t.string({
      description: "Slash-separated ancestor row ids: '/' at the top.",
      resolve: (p) => p.row.ancestry,
    }),
    depth: t.int({ description: '0 at the top.', resolve: (p) => p.row.depth }),
    itemId: t.string({
      description:
        "The account id for account rows ('<accountId>_leaf' for a leaf row), else the line item id.",
      resolve: (p) => p.row.itemId,
    }),
    itemType: t.field({
      type: ReportLineItemTypeEnum,
      description: 'The top row of an account tree is AccountTree; the rows below it are Account.',
      resolve: (p) => p.row.itemType,
    }),
    lineItemId: t.id({
      description: 'The stored line item the row comes from.',
      resolve: (p) => p.row.lineItemId,
    }),
    accountId: t.id({
      nullable: true,
      description: 'The account of an account row; null for sections and expressions.',
      resolve: (p) => p.row.accountId,
    }),
    name: t.string({ resolve: (p) => p.row.name }),
    isLeaf: t.boolean({
      description: "True for the synthetic '_leaf' row of a parent account's own figures.",
      resolve: (p) => p.row.isLeaf,
    }),
    amount: t.field({
      type: 'Cents',
      description:
        'The figure over the whole range: a sum for flows, the closing balance for cumulative rows.',
      resolve: (p) => p.row.amount,
    }),
    from: t.field({
      type: 'MonthKey',
      description: 'The first month `amount` covers (the range start).',
      resolve: (p) => p.view.range.startMonth,
    }),
    to: t.field({
      type: 'MonthKey',
      description: 'The last month `amount` covers (the range end).',
      resolve: (p) => p.view.range.endMonth,
    }),
    cumulative: t.boolean({
      description:
        'Figures are balances (balance-sheet accounts; sections and expressions over balances only).',
      resolve: (p) => p.row.cumulative,
    }),
    isFinancial: t.boolean({
      description:
        'Computed, not editable: expressions, balance-sheet groups and every row below a financial line.',
      resolve: (p) => p.row.isFinancial,
    }),
    isMutable: t.boolean({
      description: 'The account can be renamed and deleted (false for leaf, section and expression rows).',
      resolve: (p) => p.row.isMutable,
    }),
    sign: t.int({
      description:
        "Account rows: the multiplier from raw entry cents (debit-positive) to this row's figures: the account's sign, negated when the line's sign differs from its default. Sections and expressions: the line's sign.",
      resolve: (p) => p.row.sign,
    }),
    defaultSign: t.int({
      description: "Account rows: the account's sign. Others: the line's default sign.",
      resolve: (p) => p.row.defaultSign,
    }),
    expr: t.string({
      nullable: true,
      description: "An Expression line's formula, e.g. 'Income - Expense'.",
      resolve: (p) => p.row.expr,
    }),
    error: t.string({
      nullable: true,
      description: 'Why an Expression line shows zeros: bad syntax, an unknown line, a circular reference.',
      resolve: (p) => p.row.error,
    }),
    values: t.field({
      type: [ReportValueRef],
      description: 'The figures by column key, in cents, in column order.',
      resolve: (p) => keyedValues(p.view.columns, p.row.values),
    }),
    columnValues: t.field({
      type: ['Cents'],
      description: 'The same figures as a plain list aligned with `columns` (compact, for large grids).',
      resolve: (p) => p.row.values,
    }),
    planValues: t.field({
      type: ['Cents'],
      nullable: { list: false, items: true },
      description:
        'Plan vs actual, aligned with `columns`: for each month column through the actuals end, what the forecast planned for this row as the month began (forecasts written later do not change it); null for later months and summary columns. The variance is `columnValues` minus this.',
      resolve: async (p, _args, ctx) =>
        (await reportPlansOf(ctx.db, p.view)).get(p.row.id) ?? p.view.columns.map(() => null),
    }),
  }),
});

type DimensionAccount = { id: string; name: string; path: string; parentId: string | null };
const ReportDimensionAccountRef = builder.objectRef<DimensionAccount>('ReportDimensionAccount').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    path: t.exposeString('path', {
      description: "Names from the root, '/'-separated: the grid's `account` query parameter.",
    }),
    parentId: t.exposeID('parentId', { nullable: true }),
  }),
});

const ReportMonthRef = builder.objectRef<Month>('ReportMonth').implement({
  description: 'Spec §3 Month.',
  fields: (t) => ({
    key: t.field({ type: 'MonthKey', resolve: (m) => m.key }),
    month: t.exposeInt('month'),
    short: t.exposeString('short'),
    year: t.exposeInt('year'),
  }),
});

const ReportDimensionsRef = builder.objectRef<LoadedReport>('ReportDimensions').implement({
  description: 'The dimensions of the report’s facts: account paths, scenarios and months.',
  fields: (t) => ({
    accounts: t.field({
      type: [ReportDimensionAccountRef],
      resolve: (view) =>
        view.accounts.map((a) => ({
          id: a.id,
          name: a.name,
          parentId: a.parentId,
          path: view.pathById.get(a.id) ?? a.name,
        })),
    }),
    scenarios: t.field({ type: [ScenarioEnum], resolve: () => [...SCENARIOS] }),
    months: t.field({ type: [ReportMonthRef], resolve: (view) => view.months.map(describeMonth) }),
  }),
});

const ReportFactRef = builder.objectRef<ReportFact>('ReportFact').implement({
  description:
    'Spec §3 Fact: an amount (one account’s own entries of one scenario in one month, shown) and its dimensions.',
  fields: (t) => ({
    accountId: t.exposeID('accountId'),
    accountPath: t.exposeString('accountPath'),
    scenario: t.field({ type: ScenarioEnum, resolve: (f) => f.scenario }),
    month: t.field({ type: 'MonthKey', resolve: (f) => f.month }),
    amount: t.field({ type: 'Cents', resolve: (f) => f.amount }),
  }),
});

export const ReportViewRef = builder.objectRef<LoadedReport>('ReportView').implement({
  description:
    'A report computed over a month range (the Report query). Figures are integer cents, shown (raw x account sign).',
  fields: (t) => ({
    id: t.id({ resolve: (view) => view.report.id }),
    name: t.string({ resolve: (view) => view.report.name }),
    startMonth: t.field({ type: 'MonthKey', resolve: (view) => view.range.startMonth }),
    endMonth: t.field({ type: 'MonthKey', resolve: (view) => view.range.endMonth }),
    actualsEndMonth: t.field({ type: 'MonthKey', resolve: (view) => view.range.actualsEndMonth }),
    currentMonth: t.field({
      type: 'MonthKey',
      description: "The company's current month: the month of its today in its own time zone.",
      resolve: (view) => view.range.currentMonth,
    }),
    columns: t.field({
      type: [ReportColumnRef],
      description:
        'Every column: months, annual (FY) and YTD summaries, the overall total. Hide by `period`.',
      resolve: (view) => view.columns,
    }),
    lineItems: t.field({
      type: [ReportLineItemRef],
      resolve: (view) => view.rows.map((row) => ({ row, view })),
    }),
    accounts: t.field({
      type: [ReportAccountRef],
      description: "The entity's chart, by sort order then name.",
      resolve: (view) => view.accounts.map((account) => ({ account, view })),
    }),
    staleModelOutputs: t.field({
      type: [StaleModelOutputRef],
      description:
        "Model outputs that cannot compute some months (#ERROR): those months show the figures each last wrote on its account's row, marked stale. Empty when none.",
      resolve: (view, _args, ctx) => listStaleOutputs(ctx.db, view.report.entityId),
    }),
    dimensions: t.field({ type: ReportDimensionsRef, resolve: (view) => view }),
    summary: t.field({
      type: ReportSummaryRef,
      resolve: (view) => ({ view, series: buildCashFlowSeries(view.accounts, view.figures, view.months) }),
    }),
    facts: t.field({
      type: [ReportFactRef],
      description: 'The facts of an account and its sub-accounts over the range, of one scenario or all.',
      args: { accountId: t.arg.id({ required: true }), scenario: t.arg({ type: ScenarioEnum }) },
      resolve: (view, args, ctx) =>
        loadReportFacts(ctx.db, view, String(args.accountId), args.scenario ?? null),
    }),
  }),
});
