import { buildReportTree, type Cents, computePlanFigures, earliestMonth } from '@keel/domain';
import type { Db } from '../../db/client';
import { figureAccountsOf, type LoadedReport, loadReportIn } from './loadReport';
import { readForecastPlans } from './readForecastPlans';
import { readThroughReportCache } from './reportCache';

/** Each report row's plans (by row id), aligned with the report's columns. */
type ReportPlans = ReadonlyMap<string, readonly (Cents | null)[]>;

/**
 * Plan vs actual: for every row of `view`, the plan of each month column through the
 * actuals end (the forecast as it stood when the month began: readForecastPlans), null for later
 * months, for months before the company's first plan (no plan is not a plan of 0) and for summary
 * columns. Rows are built by the same tree as the report's, from planned
 * figures (computePlanFigures), so sections, expressions and flipped lines plan as they show. Read in
 * one snapshot with the report it is set beside (the report is computed again there, uncached), so the
 * plan and the actual figures are of one ledger version; cached like the report.
 */
async function loadReportPlans(db: Db, view: LoadedReport): Promise<ReportPlans> {
  const { report, range } = view;
  return readThroughReportCache(
    db,
    report.entityId,
    `plans|${report.id}|${range.startMonth}|${range.endMonth}|${range.actualsEndMonth}|${range.currentMonth}`,
    (plans) => plans.size * view.columns.length * 16,
    async (snapshot) => {
      const current = await loadReportIn(snapshot, report.entityId, report.id, range);
      if (!current) return new Map();
      const firstMonth = current.dataMonths[0] ?? range.startMonth;
      const lastPlanned = earliestMonth(range.actualsEndMonth, range.endMonth);
      const plans = await readForecastPlans(snapshot, report.entityId, firstMonth, lastPlanned);
      const figures = computePlanFigures({
        accounts: figureAccountsOf(current.accounts),
        plans,
        actual: current.columnFigures,
        months: current.dataMonths,
      });
      const rows = buildReportTree({
        lines: current.lines,
        accounts: current.accounts,
        figures,
        months: current.dataMonths,
        columns: current.columns,
        amountMonths: current.months,
      });
      // Months before the company's first plan had none (not a plan of 0): they show no plan.
      const firstPlanned = plans.reduce<string | null>(
        (first, plan) => (plan.amount !== 0 && (first === null || plan.month < first) ? plan.month : first),
        null,
      );
      const planned = current.columns.map((column) => {
        const month = column.months[0] ?? '9999-99';
        return (
          column.period === 'month' &&
          firstPlanned !== null &&
          month >= firstPlanned &&
          month <= range.actualsEndMonth
        );
      });
      return new Map(
        rows.map((row) => [row.id, row.values.map((value, index) => (planned[index] ? value : null))]),
      );
    },
  );
}

/** One plan computation per computed report, however many rows or charts ask (see loadReportPlans). */
const plansByView = new WeakMap<LoadedReport, Promise<ReportPlans>>();
export function reportPlansOf(db: Db, view: LoadedReport): Promise<ReportPlans> {
  let plans = plansByView.get(view);
  if (!plans) {
    plans = loadReportPlans(db, view);
    plansByView.set(view, plans);
    plans.catch(() => plansByView.delete(view));
  }
  return plans;
}
