import { ruleSearchFilterSchema } from '@keel/domain';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../../clock';
import type { Db, Tx } from '../../../db/client';
import { rules } from '../../../db/schema';
import { writeTransaction } from '../../../db/transactions';
import { parseLedgerInput } from '../shared/ledgerErrors';
import { lockAccountPair } from '../shared/ledgerLocks';
import { type AccountRow, assertReportOfEntity, type RuleRow } from '../shared/ledgerRows';
import { assertMoveTarget, entryMatchesSearch, moveEntries } from '../shared/moveEntries';

type RuleInput = {
  entityId: string;
  fromAccountId: string;
  toAccountId: string;
  searchFilter: string;
  /** 'YYYY-MM-DD': entries dated on or after it move now; absent, all matching entries do. */
  date?: string | null;
  reportId?: string | null;
};

type RuleCreated = {
  rule: RuleRow;
  fromAccount: AccountRow;
  toAccount: AccountRow;
  movedCount: number;
};

/**
 * CreateRule (spec §4 'rule' drop): a rule moves entries whose name or memo contains its search filter
 * (case-insensitive, not blank) from one account to another. Creating it moves the from-account's
 * matching entries dated on or after `date` now (every kind of entry, as UpdateEntries does), and
 * applyRulesToImportedEntries applies it to every later import. Refused onto the same account and onto
 * another company's account.
 */
export async function createRule(
  db: Db | Tx,
  clock: Clock,
  userId: string | null,
  input: RuleInput,
): Promise<RuleCreated> {
  const searchFilter = parseLedgerInput(ruleSearchFilterSchema, input.searchFilter);
  return writeTransaction(db, async (tx) => {
    await assertReportOfEntity(tx, input.entityId, input.reportId);
    const [fromAccount, toAccount] = await lockAccountPair(
      tx,
      input.entityId,
      input.fromAccountId,
      input.toAccountId,
    );
    assertMoveTarget(fromAccount, toAccount, false);
    const now = clock.now();
    const [rule] = await tx
      .insert(rules)
      .values({
        entityId: input.entityId,
        searchFilter,
        fromAccountId: fromAccount.id,
        toAccountId: toAccount.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!rule) throw new Error('Rule insert returned nothing');
    const dated = input.date ? sql`e.date >= ${input.date}::date` : sql`TRUE`;
    const moved = await moveEntries(tx, {
      entityId: input.entityId,
      toAccount,
      where: sql`e.account_id = ${fromAccount.id}::uuid AND ${dated} AND ${entryMatchesSearch(searchFilter)}`,
      userId,
      now,
    });
    return { rule, fromAccount, toAccount, movedCount: moved.movedCount };
  });
}
