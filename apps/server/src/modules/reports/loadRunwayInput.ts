import {
  addMonths,
  CASH_ACCOUNT_GROUP,
  earliestMonth,
  lastCompleteActualMonth,
  latestMonth,
  type MonthKey,
  monthRange,
  type RunwayInput,
} from '@keel/domain';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/queryRows';

/** The furthest a runway looks: ten years past the actuals cutoff (forecasts run 60 months). */
const RUNWAY_HORIZON_MONTHS = 120;

/**
 * The months runway is computed over: the company's whole horizon, never a view's range.
 * From the three complete months ending with the last complete actual month (lastCompleteActualMonth;
 * startup_runway_3mo reads them) through the last month with a forecast entry, and at least the month
 * after the current one; actual figures through the cutoff, forecast after it, as the report shows
 * them. Cash is the Banks group's closing balance (all history before the first month included),
 * income and expense the Income and Expense accounts' totals, shown positive when earned and spent.
 * One aggregate over the monthly rollups.
 */
export async function loadRunwayInput(
  db: Db | Tx,
  entityId: string,
  range: { actualsEndMonth: MonthKey; currentMonth: MonthKey },
): Promise<RunwayInput> {
  const { actualsEndMonth, currentMonth } = range;
  const rows = await queryRows<{ month: string; kind: 'cash' | 'income' | 'expense'; amount: string }>(
    db,
    sql`SELECT r.month,
               CASE WHEN a.account_group = ${CASH_ACCOUNT_GROUP} THEN 'cash'
                    WHEN a.account_type = 'Income' THEN 'income' ELSE 'expense' END AS kind,
               sum(r.amount * a.sign)::text AS amount
        FROM monthly_rollups r JOIN accounts a ON a.id = r.account_id
        WHERE r.entity_id = ${entityId}::uuid
          AND ((r.scenario = 'actual' AND r.month <= ${actualsEndMonth})
               OR (r.scenario = 'forecast' AND r.month > ${actualsEndMonth}))
          AND (a.account_group = ${CASH_ACCOUNT_GROUP}
               OR (a.account_group IS NULL AND a.account_type IN ('Income', 'Expense')))
        GROUP BY 1, 2`,
  );
  const first = addMonths(lastCompleteActualMonth(range), -2);
  const limit = addMonths(actualsEndMonth, RUNWAY_HORIZON_MONTHS);
  // The latest month with figures, and at least the month after this one.
  const wanted = latestMonth(addMonths(currentMonth, 1), ...rows.map((row) => row.month));
  const months = monthRange(earliestMonth(first, currentMonth), earliestMonth(wanted, limit));
  const figures = new Map<string, number>();
  let cash = 0;
  for (const row of rows) {
    const amount = Number(row.amount);
    if (row.kind === 'cash' && row.month < (months[0] ?? first)) cash += amount;
    else figures.set(`${row.kind}:${row.month}`, amount);
  }
  return {
    months: months.map((key) => {
      cash += figures.get(`cash:${key}`) ?? 0;
      return {
        key,
        cashBalance: cash,
        income: figures.get(`income:${key}`) ?? 0,
        expense: figures.get(`expense:${key}`) ?? 0,
      };
    }),
    currentMonth,
    actualsEndMonth,
  };
}
