import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { accounts } from '../../db/schema';
import { badLedgerInput } from './ledgerErrors';
import { lockAccount } from './ledgerLocks';
import type { AccountRow } from './ledgerRows';

/** The account named Banks, where an entry is booked against by default (spec §5). */
export const DEFAULT_AGAINST_ACCOUNT_NAME = 'Banks';

/**
 * The account the opposite entry is booked on (spec §5 'Default booked-against account'): the one
 * asked for; else the transaction's other account (`currentAgainstId`, when editing); else the
 * entity's account named 'Banks' (the root before any sub-account of that name); else the first
 * account of the chart (roots first, in chart order). Never the account itself: asking for it is
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
  const [fallback] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.entityId, entityId), ne(accounts.id, accountId)))
    .orderBy(
      desc(sql`${accounts.name} = ${DEFAULT_AGAINST_ACCOUNT_NAME}`),
      desc(sql`${accounts.ancestry} = '/'`),
      asc(accounts.sortOrder),
      asc(accounts.name),
      asc(accounts.id),
    )
    .limit(1)
    .for('key share');
  if (!fallback) throw badLedgerInput('The entity has no other account to book against');
  return fallback;
}
