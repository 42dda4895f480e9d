import {
  buildAccountSpend,
  buildIncomeVsExpense,
  buildStartingBalances,
  type CashFlowSeries,
  computeSpendByCategory,
  type ExplainedRunway,
  explainRunway,
  formatRunwayMonths,
  type IncomeVsExpense,
  type MonthKey,
  type RunwayInput,
  type RunwayMethod,
  type RunwayWorking,
  type SpendCategory,
  type StartingBalance,
} from '@keel/domain';
import { builder } from '../../graphql/builder';
import type { Context } from '../../graphql/context';
import { listStaleOutputs, type StaleOutputView } from '../models/listStaleOutputs';
import { StaleModelOutputRef } from '../models/modelTypes';
import type { LoadedReport } from './loadReport';
import { loadRunwayInput } from './loadRunwayInput';
import { readThroughReportCache } from './reportCache';
import { badReportInput } from './reportErrors';
import { RunwayMethodEnum, ScenarioEnum } from './sharedTypes';

const StartingBalanceRef = builder.objectRef<StartingBalance>('StartingBalance').implement({
  description: 'Cash (the Banks group) at the start of a month: the previous month’s closing balance.',
  fields: (t) => ({
    month: t.field({ type: 'MonthKey', resolve: (s) => s.month }),
    actual: t.field({
      type: 'Cents',
      nullable: true,
      description: 'Set through the month after the cutoff.',
      resolve: (s) => s.actual,
    }),
    forecast: t.field({
      type: 'Cents',
      nullable: true,
      description: 'Set from the month after the cutoff.',
      resolve: (s) => s.forecast,
    }),
  }),
});

const IncomeVsExpenseRef = builder.objectRef<IncomeVsExpense>('IncomeVsExpense').implement({
  fields: (t) => ({
    month: t.field({ type: 'MonthKey', resolve: (m) => m.month }),
    income: t.field({
      type: 'Cents',
      description: 'Income accounts, shown (earned is positive).',
      resolve: (m) => m.income,
    }),
    expense: t.field({
      type: 'Cents',
      description: 'Expense accounts, shown (spent is positive).',
      resolve: (m) => m.expense,
    }),
    scenario: t.field({
      type: ScenarioEnum,
      description: 'actual through the cutoff, else forecast.',
      resolve: (m) => m.scenario,
    }),
  }),
});

const RunwayWorkingRef = builder.objectRef<RunwayWorking>('RunwayWorking').implement({
  description: 'How the runway was reached: the figures it used and the calculation in one line.',
  fields: (t) => ({
    balance: t.field({
      type: 'Cents',
      description: 'The cash balance it starts from.',
      resolve: (w) => w.balance,
    }),
    balanceMonth: t.field({
      type: 'MonthKey',
      description: 'The month whose closing cash balance that is.',
      resolve: (w) => w.balanceMonth,
    }),
    burn: t.float({
      nullable: true,
      description: 'The monthly burn it divides by, in cents; null for runway (it walks the forecast).',
      resolve: (w) => w.burn,
    }),
    burnMonths: t.field({
      type: ['MonthKey'],
      description: 'The months the burn was read from.',
      resolve: (w) => w.burnMonths,
    }),
    calculation: t.exposeString('calculation', {
      description: 'The calculation in one line, with its figures.',
    }),
  }),
});

type RunwayAnswer = ExplainedRunway & { method: RunwayMethod; staleOutputs: StaleOutputView[] };
const RunwayRef = builder.objectRef<RunwayAnswer>('Runway').implement({
  description:
    "Computed over the company's whole forecast (every month with forecast entries), never the report's range: the same whatever start and end month are shown.",
  fields: (t) => ({
    method: t.field({ type: RunwayMethodEnum, resolve: (r) => r.method }),
    months: t.float({
      nullable: true,
      description:
        'Months of runway; null is Unlimited. Not capped. runway counts from the current month, the ratio methods from the month their balance was read (working.balanceMonth).',
      resolve: (r) => r.months,
    }),
    cashOutMonth: t.field({
      type: 'MonthKey',
      nullable: true,
      description:
        'The first month whose closing cash balance is negative (forecast, or a walk at the burn); null is Never.',
      resolve: (r) => r.cashOutMonth,
    }),
    label: t.string({
      description: "The gauge label: whole months, '24+' past the cap, 'Unlimited'.",
      resolve: (r) => formatRunwayMonths(r.months),
    }),
    working: t.field({ type: RunwayWorkingRef, resolve: (r) => r.working }),
    staleModelOutputs: t.field({
      type: [StaleModelOutputRef],
      description:
        "Model outputs that cannot compute some forecast months (#ERROR): the runway's figures include their last good figures for those months. Empty when none.",
      resolve: (r) => r.staleOutputs,
    }),
  }),
});

/** One horizon read per summary, however many methods a query asks for. */
const runwayInputs = new WeakMap<SummaryParent, Promise<RunwayInput>>();

function runwayInputOf(parent: SummaryParent, ctx: Context): Promise<RunwayInput> {
  let input = runwayInputs.get(parent);
  if (!input) {
    const { report, range } = parent.view;
    input = readThroughReportCache(
      ctx.db,
      report.entityId,
      `runway|${range.actualsEndMonth}|${range.currentMonth}`,
      (read) => read.months.length * 64,
      (snapshot) => loadRunwayInput(snapshot, report.entityId, range),
    );
    runwayInputs.set(parent, input);
  }
  return input;
}

const SpendCategoryRef = builder.objectRef<SpendCategory>('SpendCategory').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    accountId: t.exposeID('accountId', { nullable: true, description: 'Null for Others.' }),
    amount: t.field({ type: 'Cents', resolve: (c) => c.amount }),
  }),
});

type SpendAnswer = { month: MonthKey; categories: SpendCategory[] };
const SpendByCategoryRef = builder.objectRef<SpendAnswer>('SpendByCategory').implement({
  fields: (t) => ({
    month: t.field({ type: 'MonthKey', resolve: (s) => s.month }),
    categories: t.field({
      type: [SpendCategoryRef],
      description: 'Top 8 by amount, then Others.',
      resolve: (s) => s.categories,
    }),
  }),
});

type SummaryParent = { view: LoadedReport; series: CashFlowSeries };
export const ReportSummaryRef = builder.objectRef<SummaryParent>('ReportSummary').implement({
  description:
    "The dashboard cards' figures over the report's months: cash is the Banks group's balance; income and expense the Income and Expense accounts (actual through the cutoff, forecast after).",
  fields: (t) => ({
    startingBalance: t.field({
      type: [StartingBalanceRef],
      resolve: (p) => buildStartingBalances(p.series, p.view.range.actualsEndMonth),
    }),
    incomeVsExpense: t.field({
      type: [IncomeVsExpenseRef],
      resolve: (p) => buildIncomeVsExpense(p.series, p.view.range.actualsEndMonth),
    }),
    runway: t.field({
      type: RunwayRef,
      description:
        "Over the company's whole forecast horizon, never the report's range. runway: months from the current month to the first negative closing cash balance; startup_runway: next month's balance / the last complete month's net burn; startup_runway_3mo: the last complete month's balance / average net burn of the three complete months ending with it; runway_no_growth: the last complete month's balance / (next month's expense - the last complete month's income). Net burn = expense - income. The last complete month is the last actual month that is over (the month before the current one, or the cutoff when earlier): the month under way is only partly booked. A ratio's months count from the month its balance was read, and its cash-out month is the first month a walk from that balance at that burn closes negative.",
      args: { method: t.arg({ type: RunwayMethodEnum, defaultValue: 'runway' }) },
      resolve: async (p, args, ctx) => {
        const method = args.method ?? 'runway';
        const { report, range } = p.view;
        // Only forecast months count: the runway reads actuals through the cutoff.
        const staleOutputs = (await listStaleOutputs(ctx.db, report.entityId)).filter((output) =>
          output.months.some((month) => month > range.actualsEndMonth),
        );
        return { method, staleOutputs, ...explainRunway(method, await runwayInputOf(p, ctx)) };
      },
    }),
    spendByCategory: t.field({
      type: SpendByCategoryRef,
      description:
        'Expense accounts four levels deep under Expense, for a month of the range (default: the actuals end month).',
      args: { month: t.arg({ type: 'MonthKey' }) },
      resolve: (p, args) => {
        const month = args.month ?? p.view.range.actualsEndMonth;
        if (!p.view.months.includes(month))
          throw badReportInput(`Month ${month} is outside the report range`);
        const spend = buildAccountSpend(p.view.accounts, p.view.figures, p.view.months, month);
        return { month, categories: computeSpendByCategory(spend) };
      },
    }),
  }),
});
