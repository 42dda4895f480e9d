import type { MonthKey } from '@keel/domain';

/** The Financial Report page: the default report. */
const REPORT_PATH = '/financial';

/**
 * The web app's link to a cell of the Financial Report, as the Runway card's 'Show <month> in the
 * report' builds it (apps/web/src/features/financial/FinancialReportPage.tsx): `account` is the row's
 * key (an account's path of names, 'Expense/Operating Expenses/Payroll', or a line's name, 'Net Burn'),
 * `month` the column, `type` actual or forecast by the cutoff, and `expand` opens the row's ancestors
 * and scrolls it into view. Without a month the link selects the row only.
 */
export function reportUrl(rowKey: string, month: MonthKey | null, actualsEndMonth: MonthKey): string {
  const params = new URLSearchParams();
  params.set('account', rowKey);
  if (month !== null) {
    params.set('month', month);
    params.set('type', month <= actualsEndMonth ? 'actual' : 'forecast');
  }
  params.set('expand', 'true');
  return `${REPORT_PATH}?${params.toString()}`;
}
