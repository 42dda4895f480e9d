import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { accounts, quickbooksAccounts } from '../../db/schema';
import { JobFailure } from '../../jobs/jobHandler';
import type { QuickbooksAccount } from '../../providers/accounting';
import { createAccount, rootAccountId } from '../ledger/accounts';
import { quickbooksRootOf } from './quickbooksRoots';

/** The ref_type of a ledger account that mirrors a QuickBooks account (its ref_id: QuickBooks' Id). */
const QUICKBOOKS_ACCOUNT_REF_TYPE = 'QuickBooks::Account';

const NAME_MAX = 120;
const TEXT_MAX = 200;
const MAX_DEPTH = 8;
const cut = (value: string | null, max: number) => (value === null ? null : value.slice(0, max));

/**
 * Brings a company file's chart of accounts into the books, in the caller's transaction, and answers
 * the ledger account of each QuickBooks account (by QuickBooks' Id). An account seen before keeps its
 * ledger account, renamed when QuickBooks renamed it; a new one gets a ledger account under its root
 * (quickbooksRoots.ts), or under its parent's when its parent is in the same root, named as QuickBooks
 * names it and not renamable in Keel (QuickBooks names it; a re-sync would undo a rename). Its place
 * is kept after that: a QuickBooks account moved to another parent or type stays where it is in the
 * books. `quickbooks_accounts` keeps each account as last seen (name, type, balance), for the
 * quickbooksAccounts query and the balances check.
 *
 * Locks the company's rows of `quickbooks_accounts` (after the connection row, which the caller holds).
 */
export async function importQuickbooksAccounts(
  tx: Tx,
  clock: Clock,
  input: { entityId: string; realmId: string; accounts: readonly QuickbooksAccount[] },
): Promise<Map<string, string>> {
  const now = clock.now();
  const known = new Map(
    (
      await tx
        .select()
        .from(quickbooksAccounts)
        .where(
          and(eq(quickbooksAccounts.entityId, input.entityId), eq(quickbooksAccounts.realmId, input.realmId)),
        )
        .orderBy(asc(quickbooksAccounts.id))
        .for('update')
    ).map((row) => [row.qboAccountId, row]),
  );
  const ledgerIds = [...known.values()].flatMap((row) => (row.ledgerAccountId ? [row.ledgerAccountId] : []));
  const ledgerNames = new Map(
    ledgerIds.length === 0
      ? []
      : (
          await tx
            .select({ id: accounts.id, name: accounts.name })
            .from(accounts)
            .where(and(eq(accounts.entityId, input.entityId), inArray(accounts.id, ledgerIds)))
        ).map((row) => [row.id, row.name]),
  );
  if (input.accounts.some((account) => account.id.length === 0 || account.id.length > TEXT_MAX)) {
    throw new JobFailure('QuickBooks sent an account whose id Keel cannot keep.', { retry: false });
  }
  const byId = new Map(input.accounts.map((account) => [account.id, account]));
  const ledgerOf = new Map<string, string>();
  for (const account of parentsFirst(input.accounts, byId)) {
    const name =
      account.name.trim().slice(0, NAME_MAX) || `QuickBooks account ${account.id}`.slice(0, NAME_MAX);
    const row = known.get(account.id);
    let ledgerAccountId =
      row?.ledgerAccountId && ledgerNames.has(row.ledgerAccountId) ? row.ledgerAccountId : null;
    if (ledgerAccountId === null) {
      ledgerAccountId = await createLedgerAccount(tx, clock, input, account, name, {
        parent: account.parentId ? byId.get(account.parentId) : undefined,
        parentLedgerId: account.parentId ? ledgerOf.get(account.parentId) : undefined,
      });
    } else if (ledgerNames.get(ledgerAccountId) !== name) {
      await tx.update(accounts).set({ name, updatedAt: now }).where(eq(accounts.id, ledgerAccountId));
    }
    ledgerOf.set(account.id, ledgerAccountId);
    const values = {
      name: account.name.slice(0, TEXT_MAX),
      accountType: account.accountType.slice(0, TEXT_MAX),
      accountSubType: cut(account.accountSubType, TEXT_MAX),
      classification: account.classification,
      currentBalance: account.currentBalance,
      active: account.active,
      parentQboAccountId: cut(account.parentId, TEXT_MAX),
      syncToken: account.syncToken.slice(0, TEXT_MAX),
      ledgerAccountId,
      updatedAt: now,
    };
    if (row) {
      await tx.update(quickbooksAccounts).set(values).where(eq(quickbooksAccounts.id, row.id));
    } else {
      await tx.insert(quickbooksAccounts).values({
        ...values,
        entityId: input.entityId,
        realmId: input.realmId,
        qboAccountId: account.id.slice(0, TEXT_MAX),
        createdAt: now,
      });
    }
  }
  return ledgerOf;
}

/** The accounts ordered so each parent comes before its sub-accounts (a broken parent chain counts as none). */
function parentsFirst(
  list: readonly QuickbooksAccount[],
  byId: ReadonlyMap<string, QuickbooksAccount>,
): QuickbooksAccount[] {
  const depthOf = (account: QuickbooksAccount) => {
    let depth = 0;
    let parent = account.parentId ? byId.get(account.parentId) : undefined;
    while (parent && depth < MAX_DEPTH) {
      depth += 1;
      parent = parent.parentId ? byId.get(parent.parentId) : undefined;
    }
    return depth;
  };
  return list
    .map((account, index) => ({ account, index, depth: depthOf(account) }))
    .sort((a, b) => a.depth - b.depth || a.index - b.index)
    .map((entry) => entry.account);
}

async function createLedgerAccount(
  tx: Tx,
  clock: Clock,
  input: { entityId: string; realmId: string },
  account: QuickbooksAccount,
  name: string,
  parentage: { parent: QuickbooksAccount | undefined; parentLedgerId: string | undefined },
): Promise<string> {
  const root = quickbooksRootOf(account);
  const underParent =
    parentage.parent && parentage.parentLedgerId && quickbooksRootOf(parentage.parent) === root
      ? parentage.parentLedgerId
      : null;
  const parentId = underParent ?? (await rootAccountId(tx, input.entityId, root));
  const created = await createAccount(tx, clock, { entityId: input.entityId, parentId, name });
  await tx
    .update(accounts)
    .set({
      isMutable: false,
      refType: QUICKBOOKS_ACCOUNT_REF_TYPE,
      refId: account.id.slice(0, TEXT_MAX),
      updatedAt: clock.now(),
    })
    .where(eq(accounts.id, created.id));
  return created.id;
}
