import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rules } from '../../../db/schema';
import type { EntryRow, RuleRow } from '../shared/ledgerRows';

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
