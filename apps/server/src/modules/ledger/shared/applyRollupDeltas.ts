import { monthKeyOfDate } from '@keel/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import type { Scenario } from './ledgerRows';

/** A change to one monthly total: `amount` cents added to (entity, account, scenario, month). */
export type RollupDelta = {
  entityId: string;
  accountId: string;
  scenario: Scenario;
  month: string;
  amount: number;
};

type EntryAmount = { entityId: string; accountId: string; scenario: Scenario; date: string; amount: number };

/** The deltas that add entries to the rollups (`direction` 1) or take them out (`direction` -1). */
export function rollupDeltasOf(rows: readonly EntryAmount[], direction: 1 | -1): RollupDelta[] {
  return rows.map((row) => ({
    entityId: row.entityId,
    accountId: row.accountId,
    scenario: row.scenario,
    month: monthKeyOfDate(row.date),
    amount: direction * row.amount,
  }));
}

/**
 * Keeps `monthly_rollups` equal to the sums of the entries. Every write path that creates, changes,
 * moves or deletes entries row by row calls this in the same transaction: the deltas are summed per
 * (entity, account, scenario, month) and upserted in one statement, adding to what is there. Bulk moves
 * do the same in SQL (see moveEntries.ts). Rows whose total becomes 0 are kept: a report reads them as 0.
 */
export async function applyRollupDeltas(tx: Tx, deltas: readonly RollupDelta[]): Promise<void> {
  const totals = new Map<string, RollupDelta>();
  for (const delta of deltas) {
    const key = `${delta.entityId}|${delta.accountId}|${delta.scenario}|${delta.month}`;
    const seen = totals.get(key);
    if (seen) seen.amount += delta.amount;
    else totals.set(key, { ...delta });
  }
  // Sorted, so concurrent writers lock rollup rows in the same order and cannot deadlock each other.
  const rows = [...totals.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, row]) => row)
    .filter((row) => row.amount !== 0);
  if (rows.length === 0) return;
  await tx.execute(sql`
    INSERT INTO monthly_rollups (entity_id, account_id, scenario, month, amount)
    SELECT r.entity_id, r.account_id, r.scenario, r.month, r.amount
    FROM unnest(${sql.param(rows.map((r) => r.entityId))}::uuid[],
                ${sql.param(rows.map((r) => r.accountId))}::uuid[],
                ${sql.param(rows.map((r) => r.scenario))}::text[],
                ${sql.param(rows.map((r) => r.month))}::text[],
                ${sql.param(rows.map((r) => r.amount))}::bigint[])
         AS r(entity_id, account_id, scenario, month, amount)
    ON CONFLICT (entity_id, account_id, scenario, month)
    DO UPDATE SET amount = monthly_rollups.amount + excluded.amount`);
}
