import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { entryChanges, rules, users } from '../../db/schema';
import type { EntryChangeRow, EntryRow, RuleRow } from './ledgerRows';

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

/**
 * Entry Rules: the entity's rules whose search filter the entry's name or memo contains
 * (case-insensitive), oldest first: the rules that would move it, or did.
 */
export async function listRulesMatchingEntry(db: Db, entry: EntryRow): Promise<RuleRow[]> {
  return db
    .select()
    .from(rules)
    .where(
      sql`${rules.entityId} = ${entry.entityId}::uuid
          AND (strpos(lower(${entry.name}::text), lower(${rules.searchFilter})) > 0
               OR strpos(lower(${entry.memo}::text), lower(${rules.searchFilter})) > 0)`,
    )
    .orderBy(asc(rules.createdAt), asc(rules.id));
}
