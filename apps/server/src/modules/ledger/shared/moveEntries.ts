import { DEPOSIT_ACCOUNT_ENTRIES_LOCKED, PROVIDER_ACCOUNT_TYPE } from '@keel/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { escapeLikePattern } from '../../../db/escapeLikePattern';
import { queryRows } from '../../../db/queryRows';
import { badLedgerInput } from './ledgerErrors';
import type { AccountRow } from './ledgerRows';

type EntryMove = {
  entityId: string;
  toAccount: { id: string; name: string };
  /** Which entries move: a condition over `e` (entries), e.g. sql`e.account_id = ${id}`. */
  where: SQL;
  userId: string | null;
  now: Date;
  /**
   * Whether the moved amounts move between monthly totals here (the default). DeleteAccount passes
   * false: it moves the deleted account's whole rollup rows instead, which is cheaper.
   */
  updateRollups?: boolean;
};

type MovedEntries = { movedCount: number; fromAccountIds: string[] };

/**
 * Moves every entry matching `where` (and not already there) to another account with set-based SQL, so
 * moving a hundred thousand entries costs a few statements, not one per entry. One statement locks the
 * entries, records a 'move' in Entry History for each (account names before and after, updated_at),
 * moves their amounts from the old accounts' monthly totals to the new account's (GROUP BY account,
 * scenario and month) and repoints the entries. All parts see the same snapshot, so they agree. The
 * entries are locked in id order (ledgerLocks.ts); one a concurrent write changed is read as that write
 * left it, and skipped if it no longer matches. The bank's entries on a deposit account stay where they
 * are (migration 0023 keeps them the bank's): a move of a subtree holding one moves everything else.
 */
export async function moveEntries(tx: Tx, move: EntryMove): Promise<MovedEntries> {
  const now = move.now.toISOString();
  const toId = move.toAccount.id;
  const rollups =
    move.updateRollups === false
      ? sql``
      : sql`, rollups AS (
          INSERT INTO monthly_rollups (entity_id, account_id, scenario, month, amount)
          SELECT ${move.entityId}::uuid, d.account_id, d.scenario, d.month, sum(d.amount)
          FROM (SELECT account_id, scenario, month, -amount AS amount FROM moved
                UNION ALL
                SELECT ${toId}::uuid, scenario, month, amount FROM moved) AS d
          GROUP BY d.account_id, d.scenario, d.month
          ORDER BY d.account_id, d.scenario, d.month
          ON CONFLICT (entity_id, account_id, scenario, month)
          DO UPDATE SET amount = monthly_rollups.amount + excluded.amount)`;
  const rows = await queryRows<{ account_id: string; moved: number }>(
    tx,
    sql`
      WITH moved AS (
        SELECT e.id, e.account_id, e.amount, e.scenario, to_char(e.date, 'YYYY-MM') AS month,
               to_char(e.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at,
               a.name AS account_name
        FROM entries e JOIN accounts a ON a.id = e.account_id
        WHERE e.entity_id = ${move.entityId}::uuid AND e.account_id <> ${toId}::uuid AND (${move.where})
          AND (e.scenario <> 'actual' OR NOT EXISTS (
                SELECT 1 FROM deposit_accounts d WHERE d.ledger_account_id = e.account_id))
        ORDER BY e.id
        FOR UPDATE OF e
      ), history AS (
        INSERT INTO entry_changes (entity_id, entry_id, event, user_id, object_changes, created_at)
        SELECT ${move.entityId}::uuid, id, 'move', ${move.userId}::uuid,
               jsonb_build_object(
                 'account', jsonb_build_array(account_name, ${move.toAccount.name}::text),
                 'account_id', jsonb_build_array(account_id, ${toId}::uuid),
                 'updated_at', jsonb_build_array(updated_at, ${now}::text)),
               ${now}::timestamptz
        FROM moved
      )${rollups}, updated AS (
        UPDATE entries SET account_id = ${toId}::uuid, updated_at = ${now}::timestamptz
        FROM moved WHERE entries.id = moved.id
        RETURNING moved.account_id
      )
      SELECT account_id, count(*)::int AS moved FROM updated GROUP BY account_id`,
  );
  return {
    movedCount: rows.reduce((total, row) => total + Number(row.moved), 0),
    fromAccountIds: rows.map((row) => row.account_id),
  };
}

/** Entries (alias `e`) whose name or memo contains `search`, case-insensitively; blank matches all. */
export function entryMatchesSearch(search: string): SQL {
  if (search.trim() === '') return sql`TRUE`;
  const pattern = `%${escapeLikePattern(search.trim())}%`;
  return sql`(e.name ILIKE ${pattern} OR e.memo ILIKE ${pattern})`;
}

const SAME_ACCOUNT_MOVE = 'Entries cannot be moved onto the account they are on';
const SUBTREE_MOVE = "Entries cannot be moved into the account's own sub-accounts";

/**
 * Refuses a move onto the account itself, (for a subtree) into the subtree being moved, or onto a Keel
 * account, whose actual entries are the bank's (its ref_type marks it).
 */
export function assertMoveTarget(from: AccountRow, to: AccountRow, includeSubtree: boolean): void {
  if (from.id === to.id) throw badLedgerInput(SAME_ACCOUNT_MOVE);
  if (to.refType === PROVIDER_ACCOUNT_TYPE) throw badLedgerInput(DEPOSIT_ACCOUNT_ENTRIES_LOCKED);
  if (includeSubtree && to.ancestry.startsWith(`${from.ancestry}${from.id}/`))
    throw badLedgerInput(SUBTREE_MOVE);
}
