import { addMonths } from '@keel/domain';
import { eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { accounts } from '../db/schema';
import { entityToday } from '../modules/entities/timeZone';
import { adjustForecastCell, createForecast } from '../modules/ledger/forecasts';
import { createRule } from '../modules/ledger/rules';
import {
  CHECKING,
  EVENTS,
  GROUND_TRANSPORT,
  MEALS,
  RENT,
  SAAS,
  SALARIES,
  STRIPE_FEES,
  SUBSCRIPTIONS,
  SUPPORT_CONTRACTORS,
} from './companyCatalog';

/**
 * The demo company's plan: forecasts from next month, so its report shows a future beside its past
 * (income vs expense bars, the balance's forecast line, a runway). Averages follow the generated
 * history; rent is a fixed lease amount.
 */
const DEMO_FORECASTS = [
  { path: SUBSCRIPTIONS, name: 'Subscription revenue', calculationType: 'average', averageMonths: 3 },
  { path: SALARIES, name: 'Salaries', calculationType: 'average', averageMonths: 3 },
  { path: SAAS, name: 'SaaS subscriptions', calculationType: 'average', averageMonths: 6 },
  { path: RENT, name: 'Office lease', calculationType: 'fixed', amount: 22_000 },
] as const;

/** The Revenue line: subscriptions and services, with their sub-accounts. */
const REVENUE_LINE = 'Income/Revenue';

/**
 * Shares of revenue (percentage forecasts), as a finance team plans its cost of revenue: card processing
 * at 2.9% of revenue on Stripe Fees, and the cost of delivering it (support contractors) at 30% of
 * revenue. They follow the Revenue line's forecast month by month.
 */
const DEMO_PERCENTAGE_FORECASTS = [
  { path: STRIPE_FEES, name: 'Stripe fees', percent: 2.9 },
  { path: SUPPORT_CONTRACTORS, name: 'Cost of revenue', percent: 30 },
] as const;

/** The entity's account ids by path ('Expense/Operating Expenses/Software/SaaS Subscriptions'). */
export async function demoAccountIdsByPath(db: Db, entityId: string): Promise<Map<string, string>> {
  const chart = await db
    .select({ id: accounts.id, name: accounts.name, parentId: accounts.parentId })
    .from(accounts)
    .where(eq(accounts.entityId, entityId));
  const byId = new Map(chart.map((account) => [account.id, account]));
  const pathOf = (id: string): string => {
    const account = byId.get(id);
    if (!account) return '';
    return account.parentId ? `${pathOf(account.parentId)}/${account.name}` : account.name;
  };
  return new Map(chart.map((account) => [pathOf(account.id), account.id]));
}

/**
 * Seeds the plan's forecasts. A company whose hiring plan forecasts its payroll (Acme Robotics:
 * `payrollFromHiringPlan`) gets no Salaries forecast, so the plan is its only payroll forecast.
 */
export async function seedDemoForecasts(
  db: Db,
  clock: Clock,
  entityId: string,
  options: { payrollFromHiringPlan?: boolean } = {},
): Promise<void> {
  // The plan starts next month: the company's, in its time zone.
  const startMonth = addMonths((await entityToday(db, clock, entityId)).month, 1);
  const idByPath = await demoAccountIdsByPath(db, entityId);
  const checkingId = idByPath.get(CHECKING);
  const forecasts = DEMO_FORECASTS.filter(
    (forecast) => !(options.payrollFromHiringPlan && forecast.path === SALARIES),
  );
  for (const forecast of forecasts) {
    const accountId = idByPath.get(forecast.path);
    if (!accountId) throw new Error(`Demo account ${forecast.path} is missing`);
    await createForecast(db, clock, null, {
      entityId,
      accountId,
      againstId: checkingId,
      startMonth,
      name: forecast.name,
      recurring: 'monthly',
      calculationType: forecast.calculationType,
      amount: 'amount' in forecast ? forecast.amount : null,
      averageMonths: 'averageMonths' in forecast ? forecast.averageMonths : null,
    });
  }
  const revenueId = idByPath.get(REVENUE_LINE);
  if (!revenueId) throw new Error(`Demo account ${REVENUE_LINE} is missing`);
  for (const forecast of DEMO_PERCENTAGE_FORECASTS) {
    const accountId = idByPath.get(forecast.path);
    if (!accountId) throw new Error(`Demo account ${forecast.path} is missing`);
    await createForecast(db, clock, null, {
      entityId,
      accountId,
      againstId: checkingId,
      startMonth,
      name: forecast.name,
      recurring: 'monthly',
      calculationType: 'percentage',
      sourceAccountId: revenueId,
      percent: forecast.percent,
    });
  }
  // A cell typed into the grid: the trade-show booth in three months, an Adjustment of that month.
  const events = idByPath.get(EVENTS);
  if (!events) throw new Error(`Demo account ${EVENTS} is missing`);
  await adjustForecastCell(db, clock, null, {
    entityId,
    accountId: events,
    month: addMonths(startMonth, 2),
    amount: 8_450.75,
  });
}

/**
 * The demo company's rules, as a bookkeeper would have made them: food delivery paid on the card is
 * booked to Meals, wherever an import first lands it (the drawer of either account lists the rule).
 */
const DEMO_RULES = [{ from: GROUND_TRANSPORT, to: MEALS, searchFilter: 'Uber Eats' }] as const;

export async function seedDemoRules(db: Db, clock: Clock, entityId: string): Promise<void> {
  const idByPath = await demoAccountIdsByPath(db, entityId);
  for (const rule of DEMO_RULES) {
    const fromAccountId = idByPath.get(rule.from);
    const toAccountId = idByPath.get(rule.to);
    if (!fromAccountId || !toAccountId)
      throw new Error(`Demo accounts of rule ${rule.searchFilter} are missing`);
    await createRule(db, clock, null, {
      entityId,
      fromAccountId,
      toAccountId,
      searchFilter: rule.searchFilter,
    });
  }
}
