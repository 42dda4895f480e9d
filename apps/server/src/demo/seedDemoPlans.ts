import { addMonths } from '@keel/domain';
import { sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Tx } from '../db/client';
import { queryRows } from '../db/queryRows';
import { entityToday } from '../modules/entities/timeZone';
import { CHECKING } from './companyCatalog';
import { demoAccountIdsByPath } from './seedDemoForecasts';

/** How many months back the demo has a plan to measure its actuals against. */
const PLANNED_MONTHS = 12;

/**
 * A deterministic whole percent from -12 to +12 for an account's month (the same demo every time): how
 * far what then happened beat or missed the plan the company made, as a share of the plan.
 */
function planDeviation(accountName: string, month: string): number {
  let hash = 2166136261;
  for (const char of `${accountName}|${month}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  return (hash % 25) - 12;
}

/**
 * The plan, in whole dollars (as cents), that `actual` beat or missed by `percent` of it: actual / (1 +
 * percent/100), kept where actual − plan is at most 12% of the plan once rounded (the grid's Variance
 * measure), which whole dollars allow for any actual of $4 or more.
 */
function planOf(actual: number, percent: number): number {
  const size = Math.abs(actual);
  const lowest = Math.ceil(size / 112);
  const highest = Math.floor(size / 88);
  let dollars = Math.round(size / (100 + percent));
  if (lowest <= highest) dollars = Math.min(Math.max(dollars, lowest), highest);
  return dollars === 0 ? 0 : Math.sign(actual) * dollars * 100;
}

/**
 * Plan vs actual in the demo: the company as if it had planned in Keel for the past
 * year. For each of the last 12 months, every income and expense account with actuals gets a plan its
 * actual beat or missed by up to 12% of the plan (planOf, whole dollars), the month under way one like
 * the month before's, and the checking account the plan's cash side. The demo seeds it last, after the
 * bank's and the linked banks' activity, so every actual is measured. Written straight
 * into forecast_plans, the capture of each month's start being the only other writer (see the
 * forecastPlans table): the months are past, so nothing will capture them again.
 */
export async function seedDemoPlans(tx: Tx, clock: Clock, entityId: string): Promise<void> {
  const currentMonth = (await entityToday(tx, clock, entityId)).month;
  const firstMonth = addMonths(currentMonth, -PLANNED_MONTHS);
  const checkingId = (await demoAccountIdsByPath(tx, entityId)).get(CHECKING);
  if (!checkingId) throw new Error('The demo company has no checking account');
  const actuals = await queryRows<{ account_id: string; name: string; month: string; amount: string }>(
    tx,
    sql`SELECT r.account_id, a.name, r.month, r.amount FROM monthly_rollups r
        JOIN accounts a ON a.id = r.account_id
        WHERE r.entity_id = ${entityId}::uuid AND r.scenario = 'actual' AND r.amount <> 0
          AND r.month >= ${firstMonth} AND r.month < ${currentMonth}
          AND a.account_group IS NULL AND a.account_type IN ('Income', 'Expense')
        ORDER BY r.account_id, r.month`,
  );
  const plans: { accountId: string; month: string; amount: number }[] = [];
  const cashByMonth = new Map<string, number>();
  const plan = (accountId: string, name: string, month: string, basis: number) => {
    const amount = planOf(basis, planDeviation(name, month));
    plans.push({ accountId, month, amount });
    cashByMonth.set(month, (cashByMonth.get(month) ?? 0) - amount);
  };
  const lastMonth = addMonths(currentMonth, -1);
  for (const row of actuals) {
    plan(row.account_id, row.name, row.month, Number(row.amount));
    // The month under way was planned like the one before it (its own actuals are not in yet).
    if (row.month === lastMonth) plan(row.account_id, row.name, currentMonth, Number(row.amount));
  }
  for (const [month, amount] of cashByMonth) plans.push({ accountId: checkingId, month, amount });
  await tx.execute(sql`
    INSERT INTO forecast_plans (entity_id, account_id, month, amount)
    SELECT ${entityId}::uuid, p.account_id, p.month, p.amount
    FROM unnest(${sql.param(plans.map((plan) => plan.accountId))}::uuid[],
                ${sql.param(plans.map((plan) => plan.month))}::text[],
                ${sql.param(plans.map((plan) => plan.amount))}::bigint[]) AS p(account_id, month, amount)
    ON CONFLICT (entity_id, account_id, month) DO UPDATE SET amount = excluded.amount`);
  await tx.execute(sql`
    INSERT INTO forecast_plan_marks (entity_id, through_month) VALUES (${entityId}::uuid, ${currentMonth})
    ON CONFLICT (entity_id) DO UPDATE SET through_month = excluded.through_month`);
}
