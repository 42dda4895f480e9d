import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { entryChanges, users } from '../../../db/schema';
import type { EntryChangeRow } from '../shared/ledgerRows';

export type EntryChangeView = EntryChangeRow & { userName: string | null };

/** Entry History: every change recorded for the entry, oldest first (a timeline). */
export async function listEntryHistory(db: Db, entryId: string): Promise<EntryChangeView[]> {
  const rows = await db
    .select({ change: entryChanges, userName: users.name })
    .from(entryChanges)
    .leftJoin(users, eq(users.id, entryChanges.userId))
    .where(eq(entryChanges.entryId, entryId))
    .orderBy(asc(entryChanges.id));
  return rows.map((row) => ({ ...row.change, userName: row.userName }));
}
