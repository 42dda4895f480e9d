import { moveSearchFilterSchema } from '@keel/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../../clock';
import type { Db, Tx } from '../../../db/client';
import { accounts } from '../../../db/schema';
import { writeTransaction } from '../../../db/transactions';
import { parseLedgerInput } from '../shared/ledgerErrors';
import { lockAccountPair } from '../shared/ledgerLocks';
import { type AccountRow, assertReportOfEntity } from '../shared/ledgerRows';
import { assertMoveTarget, entryMatchesSearch, moveEntries } from '../shared/moveEntries';
import { type EntryWindow, entryWindowCondition } from './entryWindow';

type EntriesMoveInput = EntryWindow & {
  entityId: string;
  fromAccountId: string;
  toAccountId: string;
  searchFilter?: string | null;
  includeSubtree?: boolean | null;
  reportId?: string | null;
};

type EntriesMoved = {
  fromAccount: AccountRow;
  toAccount: AccountRow;
  /** The accounts whose entries changed: the accounts entries left, then the account they went to. */
  accounts: AccountRow[];
  movedCount: number;
};

/**
 * UpdateEntries (spec §4 drag and drop of a monthly cell or subtree): moves every entry of the
 * from-account (and of its sub-accounts when `includeSubtree`) in the window (see entryWindow.ts) whose
 * name or memo contains `searchFilter` (case-insensitive; blank: all) to the to-account. Any kind of
 * entry moves, imported ones included: a move reclassifies, it does not edit. A moved forecast
 * occurrence stays where it was moved until its forecast is saved again (UpdateForecast re-expands every
 * occurrence on the forecast's accounts). Refused onto the same account, into the dragged subtree,
 * and onto another company's account (NOT_FOUND, as an unknown one).
 */
export async function updateEntries(
  db: Db | Tx,
  clock: Clock,
  userId: string | null,
  input: EntriesMoveInput,
): Promise<EntriesMoved> {
  const search = parseLedgerInput(moveSearchFilterSchema, input.searchFilter ?? '');
  const window = entryWindowCondition(input, clock);
  return writeTransaction(db, async (tx) => {
    await assertReportOfEntity(tx, input.entityId, input.reportId);
    const [fromAccount, toAccount] = await lockAccountPair(
      tx,
      input.entityId,
      input.fromAccountId,
      input.toAccountId,
    );
    assertMoveTarget(fromAccount, toAccount, Boolean(input.includeSubtree));
    const fromAccounts = input.includeSubtree
      ? sql`e.account_id IN (SELECT id FROM accounts WHERE entity_id = ${input.entityId}::uuid
                              AND (id = ${fromAccount.id}::uuid OR ancestry LIKE ${subtreePrefix(fromAccount)}))`
      : sql`e.account_id = ${fromAccount.id}::uuid`;
    const moved = await moveEntries(tx, {
      entityId: input.entityId,
      toAccount,
      where: sql`${fromAccounts} AND ${window} AND ${entryMatchesSearch(search)}`,
      userId,
      now: clock.now(),
    });
    return {
      fromAccount,
      toAccount,
      accounts: [...(await accountsByIds(tx, input.entityId, moved.fromAccountIds)), toAccount],
      movedCount: moved.movedCount,
    };
  });
}

/** The ancestry LIKE pattern of every account below `account`. Ids are uuids: no LIKE wildcards in them. */
function subtreePrefix(account: AccountRow): string {
  return `${account.ancestry}${account.id}/%`;
}

async function accountsByIds(tx: Tx, entityId: string, ids: readonly string[]): Promise<AccountRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.entityId, entityId), inArray(accounts.id, [...ids])))
    .orderBy(accounts.ancestry, accounts.sortOrder, accounts.name);
}
