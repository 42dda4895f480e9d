import { addMonths, monthKeyOfDate } from '@keel/domain';
import { eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { accounts } from '../db/schema';
import { createForecast } from '../modules/ledger/saveForecast';
import { CHECKING, RENT, SAAS, SALARIES, SUBSCRIPTIONS } from './companyCatalog';

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

export async function seedDemoForecasts(db: Db, clock: Clock, entityId: string): Promise<void> {
  const startMonth = addMonths(monthKeyOfDate(clock.now().toISOString().slice(0, 10)), 1);
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
  const idByPath = new Map(chart.map((account) => [pathOf(account.id), account.id]));
  const checkingId = idByPath.get(CHECKING);
  for (const forecast of DEMO_FORECASTS) {
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
}
