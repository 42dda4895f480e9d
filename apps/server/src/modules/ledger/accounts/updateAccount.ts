import { accountNameSchema } from '@keel/domain';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../../clock';
import type { Db, Tx } from '../../../db/client';
import { accounts } from '../../../db/schema';
import { writeTransaction } from '../../../db/transactions';
import { accountNotFound, badLedgerInput, parseLedgerInput } from '../shared/ledgerErrors';
import { type AccountRow, assertReportOfEntity, findAccount } from '../shared/ledgerRows';

const ACCOUNT_CANNOT_BE_RENAMED = 'Account cannot be renamed';

/**
 * UpdateAccount (spec §2 'Rename Account'): renames a mutable account; the chart's fixed accounts
 * (the roots, and accounts that mirror a bank link) refuse with 'Account cannot be renamed'. The name
 * is trimmed and must not be blank ('Name is required').
 */
export async function updateAccount(
  db: Db | Tx,
  clock: Clock,
  input: { id: string; name: string; reportId?: string | null },
): Promise<AccountRow> {
  const name = parseLedgerInput(accountNameSchema, input.name);
  return writeTransaction(db, async (tx) => {
    const account = await findAccount(tx, input.id);
    if (!account) throw accountNotFound();
    await assertReportOfEntity(tx, account.entityId, input.reportId);
    if (!account.isMutable) throw badLedgerInput(ACCOUNT_CANNOT_BE_RENAMED);
    const [renamed] = await tx
      .update(accounts)
      .set({ name, updatedAt: clock.now() })
      .where(eq(accounts.id, account.id))
      .returning();
    if (!renamed) throw accountNotFound();
    return renamed;
  });
}
