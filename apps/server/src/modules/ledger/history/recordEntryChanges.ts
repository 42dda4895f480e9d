import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { entryChanges } from '../../../db/schema';
import type { EntryRow } from '../shared/ledgerRows';

/** The fields of an entry that Entry History records, as stored in `object_changes`. */
export type EntryChangeField = 'account' | 'account_id' | 'amount' | 'date' | 'name' | 'memo' | 'updated_at';
export type ObjectChanges = Partial<Record<EntryChangeField, [unknown, unknown]>>;
export type EntryChangeEvent = 'create' | 'update' | 'move' | 'destroy';

export type EntryChange = {
  entityId: string;
  entryId: string;
  event: EntryChangeEvent;
  objectChanges: ObjectChanges;
};

type HistoryEntry = Pick<EntryRow, 'accountId' | 'amount' | 'date' | 'name' | 'memo' | 'updatedAt'>;

/**
 * Entry History (spec §3 'objectChanges (updatedAt, account)'): one row per created, changed, moved or
 * deleted entry, mapping each field that changed to [before, after]. `updated_at` is always there
 * (when), and `account` holds the account names whenever the account changed (which account).
 */
export async function recordEntryChanges(
  tx: Tx,
  changes: readonly EntryChange[],
  userId: string | null,
  at: Date,
): Promise<void> {
  if (changes.length === 0) return;
  // Column arrays, one statement per 5,000 rows: a model refresh records thousands of changes, and
  // a row of parameters each would cost more to build than to insert.
  for (let start = 0; start < changes.length; start += 5000) {
    const batch = changes.slice(start, start + 5000);
    await tx.execute(sql`
      INSERT INTO ${entryChanges} (entity_id, entry_id, event, user_id, object_changes, created_at)
      SELECT c.entity_id, c.entry_id, c.event, ${userId}::uuid, c.object_changes, ${at.toISOString()}::timestamptz
      FROM unnest(${sql.param(batch.map((change) => change.entityId))}::uuid[],
                  ${sql.param(batch.map((change) => change.entryId))}::uuid[],
                  ${sql.param(batch.map((change) => change.event))}::text[],
                  ${sql.param(batch.map((change) => JSON.stringify(change.objectChanges)))}::jsonb[])
           WITH ORDINALITY AS c(entity_id, entry_id, event, object_changes, position)
      ORDER BY c.position`);
  }
}

/** The history row of a new entry: every field from null to its value. */
export function creationChange(entry: EntryRow, accountName: string): EntryChange {
  return {
    entityId: entry.entityId,
    entryId: entry.id,
    event: 'create',
    objectChanges: {
      account: [null, accountName],
      account_id: [null, entry.accountId],
      amount: [null, entry.amount],
      date: [null, entry.date],
      name: [null, entry.name],
      memo: [null, entry.memo],
      updated_at: [null, entry.updatedAt.toISOString()],
    },
  };
}

/** The history row of a deleted entry: every field from its value to null. */
export function destructionChange(entry: EntryRow, accountName: string, at: Date): EntryChange {
  return {
    entityId: entry.entityId,
    entryId: entry.id,
    event: 'destroy',
    objectChanges: {
      account: [accountName, null],
      account_id: [entry.accountId, null],
      amount: [entry.amount, null],
      date: [entry.date, null],
      name: [entry.name, null],
      memo: [entry.memo, null],
      updated_at: [entry.updatedAt.toISOString(), at.toISOString()],
    },
  };
}

/**
 * The history row of an edited entry, or null when nothing changed. The event is 'move' when only
 * the account changed, else 'update'.
 */
export function editChange(
  before: EntryRow,
  after: HistoryEntry,
  accountNames: ReadonlyMap<string, string>,
): EntryChange | null {
  const changes: ObjectChanges = {};
  if (before.accountId !== after.accountId) {
    changes.account = [accountNames.get(before.accountId) ?? null, accountNames.get(after.accountId) ?? null];
    changes.account_id = [before.accountId, after.accountId];
  }
  for (const field of ['amount', 'date', 'name', 'memo'] as const) {
    if (before[field] !== after[field]) changes[field] = [before[field], after[field]];
  }
  const changed = Object.keys(changes);
  if (changed.length === 0) return null;
  changes.updated_at = [before.updatedAt.toISOString(), after.updatedAt.toISOString()];
  const onlyMoved = changed.every((field) => field === 'account' || field === 'account_id');
  return {
    entityId: before.entityId,
    entryId: before.id,
    event: onlyMoved ? 'move' : 'update',
    objectChanges: changes,
  };
}
