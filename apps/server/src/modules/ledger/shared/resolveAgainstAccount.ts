import { DEFAULT_AGAINST_ACCOUNT_NAME } from '@keel/domain';
import { and, asc, desc, eq, like, ne, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../db/client';
import { accounts, depositAccounts } from '../../../db/schema';
import { badLedgerInput } from './ledgerErrors';
import { lockAccount } from './ledgerLocks';
import type { AccountRow } from './ledgerRows';

/**
 * The account the opposite entry is booked on (spec §5 'Default booked-against account'): the one
 * asked for; else the transaction's other account (`currentAgainstId`, when editing); else the
 * company's first real bank account: the first account without sub-accounts under the root named
 * 'Banks' (chart order: sort order, name, id), or Banks itself while it has none; else the first
 * account of the chart without sub-accounts (roots first). The defaults skip Keel's own accounts, whose
 * actuals only the bank books (migration 0023). Never the account itself: asking for it is
 * refused, and the defaults skip it. The account is locked FOR KEY SHARE for the write that books on it.
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
  const child = alias(accounts, 'child');
  const [banks] = await tx
    .select({ id: accounts.id, ancestry: accounts.ancestry })
    .from(accounts)
    .where(and(eq(accounts.entityId, entityId), eq(accounts.name, DEFAULT_AGAINST_ACCOUNT_NAME)))
    .orderBy(desc(sql`${accounts.ancestry} = '/'`), asc(accounts.sortOrder), asc(accounts.id))
    .limit(1);
  const underBanks = banks
    ? or(eq(accounts.id, banks.id), like(accounts.ancestry, `${banks.ancestry}${banks.id}/%`))
    : sql`false`;
  const [fallback] = await tx
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.entityId, entityId),
        ne(accounts.id, accountId),
        notExists(tx.select({ id: child.id }).from(child).where(eq(child.parentId, accounts.id))),
        notExists(
          tx
            .select({ id: depositAccounts.id })
            .from(depositAccounts)
            .where(eq(depositAccounts.ledgerAccountId, accounts.id)),
        ),
      ),
    )
    .orderBy(
      desc(sql`coalesce(${underBanks}, false)`),
      asc(sql`length(${accounts.ancestry}) - length(replace(${accounts.ancestry}, '/', ''))`),
      asc(accounts.sortOrder),
      asc(accounts.name),
      asc(accounts.id),
    )
    .limit(1)
    .for('key share', { of: accounts });
  if (!fallback) throw badLedgerInput('The entity has no other account to book against');
  return fallback;
}
