import { and, eq, gt, inArray, lte, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { accounts, monthlyRollups } from '../../db/schema';

/**
 * What a `link` input reads: an account's report figures month by month, the account with
 * its sub-accounts as its report row shows them (sign applied, so income reads positive), in units:
 * actuals through `cutoffMonth` (the report's default actuals end, the current month), forecasts
 * after it. Months without entries are absent (they read 0).
 *
 * Two reads whatever the number of links: the company's chart (to find each linked account's
 * sub-accounts), then the rollups of those accounts by their primary key, a plan that does not depend
 * on table statistics (PGlite has no autovacuum to gather them).
 */
export async function loadLinkedFigures(
  db: Db | Tx,
  entityId: string,
  accountIds: readonly string[],
  cutoffMonth: string,
): Promise<Map<string, Record<string, number>>> {
  const figures = new Map<string, Record<string, number>>();
  if (accountIds.length === 0) return figures;
  const chart = await db
    .select({ id: accounts.id, ancestry: accounts.ancestry, sign: accounts.sign })
    .from(accounts)
    .where(eq(accounts.entityId, entityId));
  const wanted = new Set(accountIds);
  const linked = chart.filter((account) => wanted.has(account.id));
  // Each account of the chart, with the linked accounts whose figures it counts in.
  const countedIn = new Map<string, string[]>();
  for (const account of chart) {
    const owners = linked.filter(
      (link) => link.id === account.id || account.ancestry.includes(`/${link.id}/`),
    );
    if (owners.length > 0)
      countedIn.set(
        account.id,
        owners.map((link) => link.id),
      );
  }
  const rows =
    countedIn.size === 0
      ? []
      : await db
          .select({
            accountId: monthlyRollups.accountId,
            month: monthlyRollups.month,
            amount: monthlyRollups.amount,
          })
          .from(monthlyRollups)
          .where(
            and(
              eq(monthlyRollups.entityId, entityId),
              inArray(monthlyRollups.accountId, [...countedIn.keys()]),
              or(
                and(eq(monthlyRollups.scenario, 'actual'), lte(monthlyRollups.month, cutoffMonth)),
                and(eq(monthlyRollups.scenario, 'forecast'), gt(monthlyRollups.month, cutoffMonth)),
              ),
            ),
          );
  // Sums in cents (exact integers), then units with the report's sign.
  const cents = new Map<string, Map<string, number>>(linked.map((link) => [link.id, new Map()]));
  for (const row of rows) {
    for (const owner of countedIn.get(row.accountId) ?? []) {
      const byMonth = cents.get(owner);
      byMonth?.set(row.month, (byMonth.get(row.month) ?? 0) + row.amount);
    }
  }
  for (const link of linked) {
    const byMonth: Record<string, number> = {};
    for (const [month, amount] of cents.get(link.id) ?? []) byMonth[month] = (amount * link.sign) / 100;
    figures.set(link.id, byMonth);
  }
  return figures;
}
