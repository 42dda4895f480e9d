import { accountNameSchema } from '@keel/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../../clock';
import type { Db, Tx } from '../../../db/client';
import { accounts } from '../../../db/schema';
import { writeTransaction } from '../../../db/transactions';
import { accountNotFound, parseLedgerInput } from '../shared/ledgerErrors';
import { lockAccountPath } from '../shared/ledgerLocks';
import { type AccountRow, assertReportOfEntity, findAccountInEntity } from '../shared/ledgerRows';

/**
 * CreateAccount (spec §2 'Add Sub-Account', on every account): a mutable sub-account of `parentId`,
 * last among its siblings. It inherits the parent's account type, group and sign, so it stays in the
 * parent's section of the report; its ancestry is the parent's ancestry plus the parent's id. The name
 * is trimmed and must not be blank ('Name is required'), at most 120 characters.
 *
 * `shownWhenEmpty` is set for an account a person adds (the createAccount mutation): the report shows
 * it while it is still empty, until they hide it. Accounts made on the company's
 * behalf (a bank link, the hiring plan, the books import) leave it unset.
 *
 * The parent and its ancestors are locked (ledgerLocks.ts), so a delete of any of them waits for the new
 * account and then takes it along, or goes first and the parent is 'Account not found'.
 */
export async function createAccount(
  db: Db | Tx,
  clock: Clock,
  input: {
    entityId: string;
    parentId: string;
    name: string;
    reportId?: string | null;
    shownWhenEmpty?: boolean;
  },
): Promise<AccountRow> {
  const name = parseLedgerInput(accountNameSchema, input.name);
  return writeTransaction(db, async (tx) => {
    await assertReportOfEntity(tx, input.entityId, input.reportId);
    const parent = await lockAccountPath(
      tx,
      await findAccountInEntity(tx, input.entityId, input.parentId),
      'key share',
    );
    if (!parent) throw accountNotFound();
    const [last] = await tx
      .select({ sortOrder: sql<number>`coalesce(max(${accounts.sortOrder}), -1)::int` })
      .from(accounts)
      .where(and(eq(accounts.entityId, input.entityId), eq(accounts.parentId, parent.id)));
    const now = clock.now();
    const [account] = await tx
      .insert(accounts)
      .values({
        entityId: input.entityId,
        parentId: parent.id,
        ancestry: `${parent.ancestry}${parent.id}/`,
        name,
        accountType: parent.accountType,
        accountGroup: parent.accountGroup,
        sign: parent.sign,
        isMutable: true,
        shownWhenEmpty: input.shownWhenEmpty ?? false,
        sortOrder: (last?.sortOrder ?? -1) + 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!account) throw new Error('Account insert returned nothing');
    return account;
  });
}
