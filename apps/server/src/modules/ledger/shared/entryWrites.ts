import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { entries } from '../../../db/schema';
import {
  creationChange,
  destructionChange,
  type EntryChange,
  editChange,
  recordEntryChanges,
} from '../history';
import { applyRollupDeltas, type RollupDelta, rollupDeltasOf } from './applyRollupDeltas';
import { accountNamesById, type EntryRow } from './ledgerRows';

/**
 * The three ways entries are written row by row. Each keeps the monthly rollups exact and records Entry
 * History in the caller's transaction, so no write path can forget either.
 */

export type NewEntry = Pick<
  EntryRow,
  'entityId' | 'transactionId' | 'accountId' | 'amount' | 'date' | 'name' | 'memo' | 'scenario'
>;

type EntryEdit = {
  before: EntryRow;
  after: Partial<Pick<EntryRow, 'accountId' | 'amount' | 'date' | 'name' | 'memo'>>;
};

/** Inserts entries (in input order), adds them to the rollups and records their creation. */
export async function insertEntries(
  tx: Tx,
  rows: readonly NewEntry[],
  userId: string | null,
  now: Date,
): Promise<EntryRow[]> {
  if (rows.length === 0) return [];
  const inserted: EntryRow[] = [];
  // 12 parameters a row: batches stay far below the 65,535-parameter limit of one statement.
  for (let start = 0; start < rows.length; start += 2000) {
    const batch = rows.slice(start, start + 2000).map((row) => ({ ...row, createdAt: now, updatedAt: now }));
    inserted.push(...(await tx.insert(entries).values(batch).returning()));
  }
  const names = await accountNamesById(
    tx,
    inserted.map((row) => row.accountId),
  );
  await applyRollupDeltas(tx, rollupDeltasOf(inserted, 1));
  await recordEntryChanges(
    tx,
    inserted.map((row) => creationChange(row, names.get(row.accountId) ?? '')),
    userId,
    now,
  );
  return inserted;
}

/**
 * Applies edits to entries. Fields that change the figures (account, amount, date) move the entry's
 * amount between monthly totals; every changed entry gets a history row. Returns the entries after the
 * edit, in input order (unchanged ones as they were).
 */
export async function editEntries(
  tx: Tx,
  edits: readonly EntryEdit[],
  userId: string | null,
  now: Date,
): Promise<EntryRow[]> {
  const names = await accountNamesById(
    tx,
    edits.flatMap(({ before, after }) => [before.accountId, after.accountId ?? before.accountId]),
  );
  const results: EntryRow[] = [];
  const deltas: RollupDelta[] = [];
  const changes: EntryChange[] = [];
  for (const { before, after } of edits) {
    const merged: EntryRow = { ...before, ...after, updatedAt: now };
    const change = editChange(before, merged, names);
    if (!change) {
      results.push(before);
      continue;
    }
    const [updated] = await tx
      .update(entries)
      .set({
        accountId: merged.accountId,
        amount: merged.amount,
        date: merged.date,
        name: merged.name,
        memo: merged.memo,
        updatedAt: now,
      })
      .where(eq(entries.id, before.id))
      .returning();
    if (!updated) throw new Error(`Entry ${before.id} vanished during an edit`);
    results.push(updated);
    changes.push(change);
    if (
      before.accountId !== updated.accountId ||
      before.amount !== updated.amount ||
      before.date !== updated.date
    ) {
      deltas.push(...rollupDeltasOf([before], -1), ...rollupDeltasOf([updated], 1));
    }
  }
  await applyRollupDeltas(tx, deltas);
  await recordEntryChanges(tx, changes, userId, now);
  return results;
}

/** A new amount for an entry (nothing else of it changes). */
export type AmountEdit = { before: EntryRow; amount: number };

/**
 * Sets new amounts on many entries in one statement (a model output rewriting its months): the
 * rollups move by the differences and each changed entry gets a history row, as editEntries does, but
 * without a statement per entry. Edits that keep the amount are skipped.
 */
export async function updateEntryAmounts(
  tx: Tx,
  edits: readonly AmountEdit[],
  userId: string | null,
  now: Date,
): Promise<void> {
  const changed = edits.filter(({ before, amount }) => before.amount !== amount);
  if (changed.length === 0) return;
  await tx.execute(sql`
    UPDATE ${entries} SET amount = v.amount, updated_at = ${now.toISOString()}::timestamptz
    FROM unnest(${sql.param(changed.map(({ before }) => before.id))}::uuid[],
                ${sql.param(changed.map(({ amount }) => amount))}::bigint[]) AS v(id, amount)
    WHERE ${entries.id} = v.id`);
  const names = await accountNamesById(
    tx,
    changed.map(({ before }) => before.accountId),
  );
  await applyRollupDeltas(
    tx,
    changed.flatMap(({ before, amount }) => [
      ...rollupDeltasOf([before], -1),
      ...rollupDeltasOf([{ ...before, amount }], 1),
    ]),
  );
  await recordEntryChanges(
    tx,
    changed.flatMap(
      ({ before, amount }) => editChange(before, { ...before, amount, updatedAt: now }, names) ?? [],
    ),
    userId,
    now,
  );
}

/** Gives entries a new name in one statement, each with its history row (a renamed model output). */
export async function renameEntries(
  tx: Tx,
  rows: readonly EntryRow[],
  name: string,
  userId: string | null,
  now: Date,
): Promise<void> {
  const renamed = rows.filter((row) => row.name !== name);
  if (renamed.length === 0) return;
  await tx
    .update(entries)
    .set({ name, updatedAt: now })
    .where(
      inArray(
        entries.id,
        renamed.map((row) => row.id),
      ),
    );
  await recordEntryChanges(
    tx,
    renamed.flatMap((row) => editChange(row, { ...row, name, updatedAt: now }, new Map()) ?? []),
    userId,
    now,
  );
}

/** Deletes the entries matching `where`, takes them out of the rollups and records their deletion. */
export async function deleteEntries(
  tx: Tx,
  where: SQL,
  userId: string | null,
  now: Date,
): Promise<EntryRow[]> {
  const deleted = await tx.delete(entries).where(where).returning();
  if (deleted.length === 0) return [];
  const names = await accountNamesById(
    tx,
    deleted.map((row) => row.accountId),
  );
  await applyRollupDeltas(tx, rollupDeltasOf(deleted, -1));
  await recordEntryChanges(
    tx,
    deleted.map((row) => destructionChange(row, names.get(row.accountId) ?? '', now)),
    userId,
    now,
  );
  return deleted;
}

/** `where` for the entries of some transactions. */
export function entriesOfTransactions(transactionIds: readonly string[]): SQL {
  return inArray(entries.transactionId, [...transactionIds]);
}
