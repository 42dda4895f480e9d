import type { MonthKey, ScenarioRollup } from '@keel/domain';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

/**
 * Each account's plan for the months `from` through `to` (raw cents, by account and month; months
 * without a plan are absent, meaning 0): the forecast as it stood when the month began. Months whose
 * plan was captured (through `forecast_plan_marks.through_month`, see the forecastPlans table) read
 * forecast_plans; later months have had no forecast change since they began, so their plan is still
 * their forecast rollup. One statement, so both halves read the same snapshot.
 */
export async function readForecastPlans(
  db: Db | Tx,
  entityId: string,
  from: MonthKey,
  to: MonthKey,
): Promise<ScenarioRollup[]> {
  if (from > to) return [];
  const result = await db.execute(sql`
    WITH mark AS (
      SELECT coalesce(
        (SELECT through_month FROM forecast_plan_marks WHERE entity_id = ${entityId}::uuid), '0000-00'
      ) AS through
    )
    SELECT account_id, month, amount FROM forecast_plans, mark
    WHERE entity_id = ${entityId}::uuid AND month BETWEEN ${from} AND ${to} AND month <= mark.through
    UNION ALL
    SELECT account_id, month, amount FROM monthly_rollups, mark
    WHERE entity_id = ${entityId}::uuid AND scenario = 'forecast' AND month BETWEEN ${from} AND ${to}
      AND month > mark.through`);
  const { rows } = result as unknown as {
    rows: { account_id: string; month: string; amount: string | number }[];
  };
  return rows.map((row) => ({
    accountId: row.account_id,
    scenario: 'plan',
    month: row.month,
    amount: Number(row.amount),
  }));
}
