import { chooseDefaultAgainstAccount } from '@keel/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { accounts } from '../../../db/schema';
import { RetryableConflict } from '../../../db/transactions';
import { badLedgerInput } from './ledgerErrors';
import { lockAccount, lockAccounts } from './ledgerLocks';
import type { AccountRow } from './ledgerRows';

/**
 * The account the opposite entry is booked on (spec §5 'Default booked-against account'): the one
 * asked for; else the transaction's other account (`currentAgainstId`, when editing); else the
 * default of chooseDefaultAgainstAccount (@keel/domain, which the web forms' default uses too): the
 * company's first real bank account in the grid's order (Banks/Operating/Main before Banks/Savings), or
 * Banks itself while it has none, else the chart's first account without sub-accounts; never Keel's own
 * deposit accounts, whose actuals only the bank books (migration 0023). Never the account itself: asking
 * for it is refused, and the default skips it. The account is locked FOR KEY SHARE for the write that
 * books on it; a default deleted between the read and the lock makes the write start again.
 */
export async function resolveAgainstAccount(
  tx: Tx,
  entityId: string,
  accountId: string,
  againstId: string | null | undefined,
  currentAgainstId?: string,
): Promise<AccountRow> {
  const chosen = againstId ?? currentAgainstId;
  if (chosen) {
    const against = await lockAccount(tx, entityId, chosen);
    if (against.id === accountId) throw badLedgerInput('The against account must differ from the account');
    return against;
  }
  const chart = await tx
    .select({
      id: accounts.id,
      parentId: accounts.parentId,
      name: accounts.name,
      sortOrder: accounts.sortOrder,
      refType: accounts.refType,
    })
    .from(accounts)
    .where(eq(accounts.entityId, entityId));
  const fallback = chooseDefaultAgainstAccount(chart, (account) => account.id !== accountId);
  if (!fallback) throw badLedgerInput('The entity has no other account to book against');
  const [locked] = await lockAccounts(tx, entityId, [fallback.id], { require: false });
  if (!locked) throw new RetryableConflict('the default against account was deleted');
  return locked;
}
