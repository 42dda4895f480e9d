import { and, eq, like } from 'drizzle-orm';
import type { Clock } from '../../../clock';
import type { Tx } from '../../../db/client';
import { accounts } from '../../../db/schema';
import { createAccount } from './createAccount';

/** The id of the company's root account named `name` (Banks, Income, Other…); every chart has them. */
export async function rootAccountId(tx: Tx, entityId: string, name: string): Promise<string> {
  const [root] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.entityId, entityId), eq(accounts.name, name), eq(accounts.ancestry, '/')));
  if (!root) throw new Error(`The books of ${entityId} have no ${name} root`);
  return root.id;
}

/**
 * The account named `spec.name` in the subtree of the root `spec.root` (the first by sort order, wherever
 * a bookkeeper moved it), made under the root when there is none: where imports put what nobody
 * categorised yet ('Uncategorized Expense' under Expense).
 */
export async function ensureAccountUnderRoot(
  tx: Tx,
  clock: Clock,
  entityId: string,
  spec: { root: string; name: string },
): Promise<string> {
  const root = await rootAccountId(tx, entityId, spec.root);
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
