import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { accounts } from '../../db/schema';
import type { AggregatorAccountType } from '../../providers/aggregators';
import { createAccount, ensureAccountUnderRoot, rootAccountId } from '../ledger/accounts';

/**
 * The accounts of the books an import posts to: the linked account's own mirror (under the root of its
 * group, spec §9: Banks shown as Cash, Credit Cards, Investments, Loans, Other) and the counter accounts
 * for what nobody categorised yet. The uncategorised ones are the same the bank's postings use
 * (modules/banking), so a bookkeeper finds every unsorted import in one place.
 */

const COUNTER_ACCOUNTS = {
  income: { root: 'Income', name: 'Uncategorized Income' },
  expense: { root: 'Expense', name: 'Uncategorized Expense' },
  opening: { root: 'Other', name: 'Opening Balance Equity' },
} as const;

type CounterKind = keyof typeof COUNTER_ACCOUNTS;

/** The root a linked account's mirror goes under, by the provider's account type. */
const ROOT_OF_TYPE: Record<AggregatorAccountType, string> = {
  depository: 'Banks',
  credit: 'Credit Cards',
  investment: 'Investments',
  loan: 'Loans',
  other: 'Other',
};

/** Whether a type's balance is owed (credit and loans): the books hold it negated (a credit balance). */
export const isOwedType = (type: string) => type === 'credit' || type === 'loan';

/** The counter account of this kind: the first so named under its root, made there when there is none. */
export function ensureCounterAccount(
  tx: Tx,
  clock: Clock,
  entityId: string,
  kind: CounterKind,
): Promise<string> {
  return ensureAccountUnderRoot(tx, clock, entityId, COUNTER_ACCOUNTS[kind]);
}

/**
 * A new mirror in the books for a linked account, named like the bank names it ('Plaid Checking ••0000'),
 * not mutable (the bank names and feeds it), its ref the linked account.
 */
export async function createLinkedLedgerAccount(
  tx: Tx,
  clock: Clock,
  input: {
    entityId: string;
    type: AggregatorAccountType;
    name: string;
    mask: string | null;
    refType: string;
    refId: string;
  },
): Promise<string> {
  const parentId = await rootAccountId(tx, input.entityId, ROOT_OF_TYPE[input.type]);
  const label = `${input.name.trim().slice(0, 100) || 'Linked account'}${input.mask ? ` ••${input.mask}` : ''}`;
  const account = await createAccount(tx, clock, { entityId: input.entityId, parentId, name: label });
  await tx
    .update(accounts)
    .set({ isMutable: false, refType: input.refType, refId: input.refId, updatedAt: clock.now() })
    .where(eq(accounts.id, account.id));
  return account.id;
}
