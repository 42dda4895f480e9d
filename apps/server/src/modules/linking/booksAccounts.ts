import { and, eq, like } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { accounts } from '../../db/schema';
import type { AggregatorAccountType } from '../../providers/aggregators';
import { createAccount } from '../ledger/accounts';

/**
 * The accounts of the books an import posts to: the linked account's own mirror (under the root of its
 * group, spec §9: Banks shown as Cash, Credit Cards, Investments, Loans, Other) and the counter accounts
 * for what nobody categorised yet. The uncategorised ones are the same the bank's postings use
 * (modules/banking), so a bookkeeper finds every unsorted import in one place.
 */

export const COUNTER_ACCOUNTS = {
  income: { root: 'Income', name: 'Uncategorized Income' },
  expense: { root: 'Expense', name: 'Uncategorized Expense' },
  opening: { root: 'Other', name: 'Opening Balance Equity' },
} as const;

export type CounterKind = keyof typeof COUNTER_ACCOUNTS;

/** The root a linked account's mirror goes under, by the provider's account type. */
export const ROOT_OF_TYPE: Record<AggregatorAccountType, string> = {
  depository: 'Banks',
  credit: 'Credit Cards',
  investment: 'Investments',
  loan: 'Loans',
  other: 'Other',
};

/** Whether a type's balance is owed (credit and loans): the books hold it negated (a credit balance). */
export const isOwedType = (type: string) => type === 'credit' || type === 'loan';

async function rootId(tx: Tx, entityId: string, name: string): Promise<string> {
  const [root] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.entityId, entityId), eq(accounts.name, name), eq(accounts.ancestry, '/')));
  if (!root) throw new Error(`The books of ${entityId} have no ${name} root`);
  return root.id;
}

/** The counter account of this kind: the first so named under its root, made there when there is none. */
export async function ensureCounterAccount(
  tx: Tx,
  clock: Clock,
  entityId: string,
  kind: CounterKind,
): Promise<string> {
  const spec = COUNTER_ACCOUNTS[kind];
  const root = await rootId(tx, entityId, spec.root);
  const [found] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.entityId, entityId),
        eq(accounts.name, spec.name),
        like(accounts.ancestry, `/${root}/%`),
      ),
    )
    .orderBy(accounts.sortOrder, accounts.id)
    .limit(1);
  if (found) return found.id;
  return (await createAccount(tx, clock, { entityId, parentId: root, name: spec.name })).id;
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
  const parentId = await rootId(tx, input.entityId, ROOT_OF_TYPE[input.type]);
  const label = `${input.name.trim().slice(0, 100) || 'Linked account'}${input.mask ? ` ••${input.mask}` : ''}`;
  const account = await createAccount(tx, clock, { entityId: input.entityId, parentId, name: label });
  await tx
    .update(accounts)
    .set({ isMutable: false, refType: input.refType, refId: input.refId, updatedAt: clock.now() })
    .where(eq(accounts.id, account.id));
  return account.id;
}
