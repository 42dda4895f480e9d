import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { accounts, rules } from '../../../db/schema';
import { entryMatchesSearch, moveEntries } from '../shared/moveEntries';

/**
 * Applies the entity's rules to freshly imported entries (bank links, the accounting connection): each
 * rule moves those of `entryIds` that sit on its from-account and whose name or memo contains its
 * search filter to its to-account. Rules run oldest first, each on the result of the ones before, so
 * rule chains (A to B, then B to C) work. A rule without a from-account is skipped: an imported
 * transaction's legs share one name, and a rule matching every account would pull the bank leg along,
 * leaving the transaction on one account. Call it in the import's transaction; history rows name no
 * user. Returns how many moves were made.
 */
export async function applyRulesToImportedEntries(
  tx: Tx,
  entityId: string,
  entryIds: readonly string[],
  now: Date = new Date(),
): Promise<number> {
  if (entryIds.length === 0) return 0;
  const entityRules = await tx
    .select({ rule: rules, toName: accounts.name })
    .from(rules)
    .innerJoin(accounts, eq(accounts.id, rules.toAccountId))
    .where(and(eq(rules.entityId, entityId), isNotNull(rules.fromAccountId)))
    .orderBy(asc(rules.createdAt), asc(rules.id));
  let moves = 0;
  for (const { rule, toName } of entityRules) {
    if (!rule.fromAccountId || rule.fromAccountId === rule.toAccountId) continue;
    const moved = await moveEntries(tx, {
      entityId,
      toAccount: { id: rule.toAccountId, name: toName },
      where: sql`e.id = ANY(${sql.param([...entryIds])}::uuid[]) AND e.account_id = ${rule.fromAccountId}::uuid
                 AND ${entryMatchesSearch(rule.searchFilter)}`,
      userId: null,
      now,
    });
    moves += moved.movedCount;
  }
  return moves;
}
