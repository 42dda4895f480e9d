import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { accounts, monthlyRollups } from '../../db/schema';

/**
 * What a `link` input reads (issue 12): an account's report figures month by month, the account with
 * its sub-accounts as its report row shows them (sign applied, so income reads positive), in units:
 * actuals through `cutoffMonth` (the report's default actuals end, the current month), forecasts
 * after it. Months without entries are absent (they read 0).
 */
export async function loadLinkedFigures(
  db: Db | Tx,
  entityId: string,
  accountIds: readonly string[],
  cutoffMonth: string,
): Promise<Map<string, Record<string, number>>> {
  const figures = new Map<string, Record<string, number>>();
  if (accountIds.length === 0) return figures;
  const linked = await db
    .select({ id: accounts.id, ancestry: accounts.ancestry, sign: accounts.sign })
    .from(accounts)
    .where(and(eq(accounts.entityId, entityId), inArray(accounts.id, [...new Set(accountIds)])));
  for (const account of linked) {
    const subtree = `${account.ancestry}${account.id}/%`;
    const rows = await db
      .select({ month: monthlyRollups.month, amount: sql<string>`sum(${monthlyRollups.amount})` })
      .from(monthlyRollups)
      .innerJoin(accounts, eq(accounts.id, monthlyRollups.accountId))
      .where(
        and(
          eq(monthlyRollups.entityId, entityId),
          or(eq(accounts.id, account.id), like(accounts.ancestry, subtree)),
          or(
            and(eq(monthlyRollups.scenario, 'actual'), sql`${monthlyRollups.month} <= ${cutoffMonth}`),
            and(eq(monthlyRollups.scenario, 'forecast'), sql`${monthlyRollups.month} > ${cutoffMonth}`),
          ),
        ),
      )
      .groupBy(monthlyRollups.month);
    const byMonth: Record<string, number> = {};
    for (const row of rows) byMonth[row.month] = (Number(row.amount) * account.sign) / 100;
    figures.set(account.id, byMonth);
  }
  return figures;
}
