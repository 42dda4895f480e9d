import type { MonthKey } from '@keel/domain';
import { and, asc, between, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, monthlyRollups } from '../../db/schema';
import type { LoadedReport } from './loadReport';
import { reportAccountNotFound } from './reportErrors';

export const SCENARIOS = ['actual', 'forecast', 'budget'] as const;
export type Scenario = (typeof SCENARIOS)[number];

/**
 * A fact (spec §3): an amount with its dimensions, account path, scenario and month. It is one cell of
 * the monthly rollup: the total of one account's own entries of one scenario in one month, shown (raw
 * cents x account sign). Balance-sheet facts are the month's flows, not balances.
 */
export type ReportFact = {
  accountId: string;
  accountPath: string;
  scenario: Scenario;
  month: MonthKey;
  amount: number;
};

/**
 * The facts of an account and its sub-accounts over the report's months, of one scenario or all,
 * by month then account path. Unknown accounts (or another entity's) are NOT_FOUND.
 */
export async function loadReportFacts(
  db: Db,
  view: LoadedReport,
  accountId: string,
  scenario: Scenario | null,
): Promise<ReportFact[]> {
  if (!view.accounts.some((account) => account.id === accountId)) throw reportAccountNotFound();
  const subtree = view.accounts.filter(
    (account) => account.id === accountId || account.ancestry.includes(`/${accountId}/`),
  );
  const rows = await db
    .select({
      accountId: monthlyRollups.accountId,
      scenario: monthlyRollups.scenario,
      month: monthlyRollups.month,
      amount: monthlyRollups.amount,
      sign: accounts.sign,
    })
    .from(monthlyRollups)
    .innerJoin(accounts, eq(accounts.id, monthlyRollups.accountId))
    .where(
      and(
        eq(monthlyRollups.entityId, view.report.entityId),
        inArray(
          monthlyRollups.accountId,
          subtree.map((account) => account.id),
        ),
        between(monthlyRollups.month, view.range.startMonth, view.range.endMonth),
        scenario ? eq(monthlyRollups.scenario, scenario) : undefined,
      ),
    )
    .orderBy(asc(monthlyRollups.month));
  return rows
    .map((row) => ({
      accountId: row.accountId,
      accountPath: view.pathById.get(row.accountId) ?? '',
      scenario: row.scenario,
      month: row.month,
      amount: row.amount * row.sign || 0,
    }))
    .sort((a, b) => a.month.localeCompare(b.month) || a.accountPath.localeCompare(b.accountPath));
}
