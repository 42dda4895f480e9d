import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import { rules } from '../../../db/schema';
import { writeTransaction } from '../../../db/transactions';
import { ruleNotFound } from '../shared/ledgerErrors';
import { lockAccountPair } from '../shared/ledgerLocks';
import { type AccountRow, findRule, type RuleRow } from '../shared/ledgerRows';
import { entryMatchesSearch, moveEntries } from '../shared/moveEntries';

/** The rules that move entries out of or into an account, newest first (the drawer's rules list). */
export async function listAccountRules(db: Db, entityId: string, accountId: string): Promise<RuleRow[]> {
  return db
    .select()
    .from(rules)
    .where(
      and(
        eq(rules.entityId, entityId),
        or(eq(rules.fromAccountId, accountId), eq(rules.toAccountId, accountId)),
      ),
    )
    .orderBy(desc(rules.createdAt), desc(rules.id));
}

/**
 * DeleteRule: the rule stops applying to later imports. Entries it moved stay where they are (moving
 * them back is a drag like any other). Returns the deleted rule; NOT_FOUND when it is gone already.
 */
export async function deleteRule(db: Db, ruleId: string): Promise<RuleRow> {
  return writeTransaction(db, async (tx) => {
    const [deleted] = await tx.delete(rules).where(eq(rules.id, ruleId)).returning();
    if (!deleted) throw ruleNotFound();
    return deleted;
  });
}

type RuleApplied = {
  rule: RuleRow;
  fromAccount: AccountRow;
  toAccount: AccountRow;
  movedCount: number;
};

/**
 * ApplyRule: the explicit re-application of a rule to the entries already on its from-account (every
 * kind and date, as the rule's drop with no date does): each whose name or memo contains the search
 * filter moves to the to-account. A rule whose from-account was deleted has nothing to apply to.
 */
export async function applyRule(
  db: Db,
  clock: Clock,
  userId: string | null,
  ruleId: string,
): Promise<RuleApplied> {
  return writeTransaction(db, async (tx) => {
    const found = await findRule(tx, ruleId);
    if (!found?.fromAccountId) throw ruleNotFound();
    // Lock order (ledgerLocks.ts): the accounts first, then the rule row.
    const [fromAccount, toAccount] = await lockAccountPair(
      tx,
      found.entityId,
      found.fromAccountId,
      found.toAccountId,
    );
    const rule = await findRule(tx, ruleId, { lock: true });
    if (!rule || rule.fromAccountId !== fromAccount.id || rule.toAccountId !== toAccount.id)
      throw ruleNotFound();
    const moved = await moveEntries(tx, {
      entityId: rule.entityId,
      toAccount,
      where: sql`e.account_id = ${fromAccount.id}::uuid AND ${entryMatchesSearch(rule.searchFilter)}`,
      userId,
      now: clock.now(),
    });
    return { rule, fromAccount, toAccount, movedCount: moved.movedCount };
  });
}
