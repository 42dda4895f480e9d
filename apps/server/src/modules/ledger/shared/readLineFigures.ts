import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { accounts, monthlyRollups } from '../../../db/schema';
import type { AccountRow } from './ledgerRows';

/** A report line's figure in a month, as its row shows it (an income line's revenue positive). */
type LineFigure = { month: string; cents: number };

/**
 * A report line's figure in each of `months`, as the report computes it with its default cutoff: the
 * account with its sub-accounts, its actual total in a month up to the current one and its forecast
 * total after it (months without entries are 0), times the account's sign (credit accounts negated), so
 * revenue reads positive. In `months`' order.
 */
export async function readLineFigures(
  db: Db | Tx,
  input: { entityId: string; account: AccountRow; months: readonly string[]; currentMonth: string },
): Promise<LineFigure[]> {
  const totals = await readLineTotals(db, input);
  return input.months.map((month) => ({ month, cents: (totals.get(month) ?? 0) * input.account.sign + 0 }));
}

/**
 * The raw (debit-positive) monthly totals behind readLineFigures: the account with its sub-accounts,
 * actuals up to the current month and forecasts after it; months without entries are absent.
 */
export async function readLineTotals(
  db: Db | Tx,
  input: { entityId: string; account: AccountRow; months: readonly string[]; currentMonth: string },
): Promise<Map<string, number>> {
  if (input.months.length === 0) return new Map();
  const subtree = `${input.account.ancestry}${input.account.id}/%`;
  const rows = await db
    .select({ month: monthlyRollups.month, amount: sql<string>`sum(${monthlyRollups.amount})` })
    .from(monthlyRollups)
    .innerJoin(accounts, eq(accounts.id, monthlyRollups.accountId))
    .where(
      and(
        eq(monthlyRollups.entityId, input.entityId),
        or(eq(accounts.id, input.account.id), like(accounts.ancestry, subtree)),
        inArray(monthlyRollups.month, [...input.months]),
        or(
          and(eq(monthlyRollups.scenario, 'actual'), sql`${monthlyRollups.month} <= ${input.currentMonth}`),
          and(eq(monthlyRollups.scenario, 'forecast'), sql`${monthlyRollups.month} > ${input.currentMonth}`),
        ),
      ),
    )
    .groupBy(monthlyRollups.month);
  return new Map(rows.map((row) => [row.month, Number(row.amount)]));
}
