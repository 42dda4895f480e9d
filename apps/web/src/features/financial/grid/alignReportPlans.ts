import { addMonths, type Cents, earliestMonth, type MonthKey } from '@keel/domain';
import type { ReportColumnView, ReportLineItemView, ReportViewData } from '../reportQuery';
import type { ReportPlansData } from './reportPlansQuery';
import type { DirectionLine } from './varianceDirections';

/** Each row's plans by row id, aligned with the report's `columns` (null: no plan to show there). */
export type RowPlans = ReadonlyMap<string, readonly (Cents | null)[]>;

/**
 * The last month whose variance shows (variance is for past months only): the server plans every
 * month through the actuals end, but the current month is still under way (its actuals so far against
 * the whole month's plan would read as a shortfall), so the last month shown is the one before it.
 */
export function varianceEndMonth(report: Pick<ReportViewData, 'actualsEndMonth' | 'currentMonth'>): MonthKey {
  return earliestMonth(report.actualsEndMonth, addMonths(report.currentMonth, -1));
}

/** A column that shows its variance: a month through `throughMonth` (varianceEndMonth). */
export function isPlannedColumn(
  column: Pick<ReportColumnView, 'period' | 'months'>,
  throughMonth: MonthKey,
): boolean {
  const month = column.months[0];
  return column.period === 'month' && month !== undefined && month <= throughMonth;
}

/**
 * Sets the Report Plans answer beside the report on screen: by row id and column key, in the months
 * that show a variance (isPlannedColumn through varianceEndMonth), and a plan only where the actual it
 * was read with is the actual the grid shows. After a write the report and its plans come back at
 * different moments; until both are of the same ledger the changed figures show no variance rather
 * than one against a stale plan (or a stale actual).
 */
export function alignReportPlans(
  report: Pick<ReportViewData, 'id' | 'actualsEndMonth' | 'currentMonth'> & {
    columns: readonly Pick<ReportColumnView, 'key' | 'period' | 'months'>[];
    lineItems: readonly Pick<ReportLineItemView, 'id' | 'columnValues'>[];
  },
  plans: ReportPlansData | undefined,
): RowPlans {
  const aligned = new Map<string, (Cents | null)[]>();
  if (!plans || plans.id !== report.id) return aligned;
  const through = varianceEndMonth(report);
  const planIndexByKey = new Map(plans.columns.map((column, index) => [column.key, index]));
  const indexes = report.columns.map((column) =>
    isPlannedColumn(column, through) ? planIndexByKey.get(column.key) : undefined,
  );
  const planRows = new Map(plans.lineItems.map((row) => [row.id, row]));
  for (const row of report.lineItems) {
    const planRow = planRows.get(row.id);
    if (!planRow) continue;
    const values = indexes.map((index, i) => {
      if (index === undefined) return null;
      const plan = planRow.planValues[index];
      const actual = planRow.columnValues[index];
      return plan !== null && plan !== undefined && actual === row.columnValues[i] ? plan : null;
    });
    if (values.some((value) => value !== null)) aligned.set(row.id, values);
  }
  return aligned;
}

/** The default sign and formula of each row's line (for varianceDirections), by row id. */
export function planLinesOf(plans: ReportPlansData | undefined): Map<string, DirectionLine> {
  return new Map(
    (plans?.lineItems ?? []).map((row) => [row.id, { defaultSign: row.defaultSign, expr: row.expr }]),
  );
}
