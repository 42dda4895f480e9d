import { eq } from 'drizzle-orm';
import type { Clock } from '../../../clock';
import type { Db, Tx } from '../../../db/client';
import { accounts } from '../../../db/schema';
import { writeTransaction } from '../../../db/transactions';
import { accountNotFound } from '../shared/ledgerErrors';
import { type AccountRow, assertReportOfEntity, findAccount } from '../shared/ledgerRows';

/**
 * Whether the report shows an account while it has no figures: 'Hide When Empty'
 * in the row menu clears it, 'Always Show' sets it. Any account, fixed or not: it changes only what
 * the grid shows, never a figure. An account with figures always shows; the report's 'Empty Accounts'
 * option shows every empty one.
 */
export async function setAccountShownWhenEmpty(
  db: Db | Tx,
  clock: Clock,
  input: { id: string; shown: boolean; reportId?: string | null },
): Promise<AccountRow> {
  return writeTransaction(db, async (tx) => {
    const account = await findAccount(tx, input.id);
    if (!account) throw accountNotFound();
    await assertReportOfEntity(tx, account.entityId, input.reportId);
    if (account.shownWhenEmpty === input.shown) return account;
    const [updated] = await tx
      .update(accounts)
      .set({ shownWhenEmpty: input.shown, updatedAt: clock.now() })
      .where(eq(accounts.id, account.id))
      .returning();
    if (!updated) throw accountNotFound();
    return updated;
  });
}
