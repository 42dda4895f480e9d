import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { importedTransactions, linkedAccounts } from '../../db/schema';
import type { AggregatorAccount, AggregatorAccountType } from '../../providers/aggregators';
import { publishEntityUpdate } from '../../realtime/entityEvents';
import { type BankLinkRow, IMPORT_SOURCES, LEDGER_REF_TYPES, type LinkedAccountRow } from './bankLinkRows';
import { createImportContext, unbookImportedRow } from './bookImportedRows';
import { createLinkedLedgerAccount } from './booksAccounts';

const TYPES: readonly AggregatorAccountType[] = ['depository', 'credit', 'loan', 'investment', 'other'];

/** A provider's account bounded to what Keel stores (names cut, an unknown type as 'other'). */
function boundedAccount(account: AggregatorAccount) {
  const cut = (value: string | null, max: number) => (value === null ? null : value.slice(0, max));
  return {
    providerAccountId: account.accountId.slice(0, 200),
    name: account.name.slice(0, 200) || 'Account',
    officialName: cut(account.officialName, 200),
    mask: cut(account.mask, 8),
    accountType: TYPES.includes(account.type) ? account.type : 'other',
    subtype: cut(account.subtype, 64),
    currentBalance: account.balances.current,
    availableBalance: account.balances.available,
  };
}

/**
 * Brings the link's accounts into `linked_accounts`, in the caller's transaction, and answers them by the
 * provider's account id. An account the link already has is refreshed (names, balances). A new one is
 * first matched to an account of a deleted earlier link of the same institution (same type, subtype and
 * mask, oldest first), which it takes over with its books, so linking a bank again imports nothing twice
 * (the transactions are matched by fingerprint: applyTransactionsPage.ts); its pending transactions are
 * dropped, since the new link gives them again as they now are (posted, perhaps with another amount).
 * Otherwise it is added, with a new mirror in the books. A mirror the bookkeeper deleted is made again.
 */
export async function upsertLinkedAccounts(
  tx: Tx,
  clock: Clock,
  link: BankLinkRow,
  accounts: readonly AggregatorAccount[],
): Promise<Map<string, LinkedAccountRow>> {
  const now = clock.now();
  const byProviderId = new Map<string, LinkedAccountRow>();
  for (const account of accounts) {
    const values = { ...boundedAccount(account), balancesUpdatedAt: now, updatedAt: now };
    const own = await findOwn(tx, link, values.providerAccountId);
    const earlier = own ? undefined : await findEarlier(tx, link, values);
    if (earlier) await dropPendingImports(tx, clock, link, earlier);
    const row = own ?? earlier ?? null;
    let saved: LinkedAccountRow | undefined;
    if (row) {
      [saved] = await tx
        .update(linkedAccounts)
        .set({ ...values, linkId: link.id })
        .where(eq(linkedAccounts.id, row.id))
        .returning();
    } else {
      [saved] = await tx
        .insert(linkedAccounts)
        .values({
          ...values,
          entityId: link.entityId,
          linkId: link.id,
          provider: link.provider,
          institutionId: link.institutionId,
          createdAt: now,
        })
        .returning();
    }
    if (!saved) throw new Error('Linked account write returned nothing');
    if (!saved.ledgerAccountId) saved = await attachLedgerAccount(tx, clock, link, saved);
    byProviderId.set(saved.providerAccountId, saved);
  }
  if (accounts.length > 0) await publishEntityUpdate(tx, link.entityId, 'linkedAccounts');
  return byProviderId;
}

async function findOwn(tx: Tx, link: BankLinkRow, providerAccountId: string) {
  const [row] = await tx
    .select()
    .from(linkedAccounts)
    .where(and(eq(linkedAccounts.linkId, link.id), eq(linkedAccounts.providerAccountId, providerAccountId)))
    .for('update');
  return row;
}

/** An account left by a deleted link of the same institution that this one is (type, subtype, mask). */
async function findEarlier(tx: Tx, link: BankLinkRow, values: ReturnType<typeof boundedAccount>) {
  const [row] = await tx
    .select()
    .from(linkedAccounts)
    .where(
      and(
        eq(linkedAccounts.entityId, link.entityId),
        eq(linkedAccounts.provider, link.provider),
        eq(linkedAccounts.institutionId, link.institutionId),
        isNull(linkedAccounts.linkId),
        eq(linkedAccounts.accountType, values.accountType),
        sql`${linkedAccounts.subtype} IS NOT DISTINCT FROM ${values.subtype}`,
        sql`${linkedAccounts.mask} IS NOT DISTINCT FROM ${values.mask}`,
      ),
    )
    .orderBy(asc(linkedAccounts.createdAt), asc(linkedAccounts.id))
    .limit(1)
    .for('update');
  return row;
}

async function attachLedgerAccount(
  tx: Tx,
  clock: Clock,
  link: BankLinkRow,
  row: LinkedAccountRow,
): Promise<LinkedAccountRow> {
  const ledgerAccountId = await createLinkedLedgerAccount(tx, clock, {
    entityId: link.entityId,
    type: row.accountType as AggregatorAccountType,
    name: row.name,
    mask: row.mask,
    refType: LEDGER_REF_TYPES[link.provider],
    refId: row.id,
  });
  const [saved] = await tx
    .update(linkedAccounts)
    .set({ ledgerAccountId })
    .where(eq(linkedAccounts.id, row.id))
    .returning();
  if (!saved) throw new Error('Linked account vanished');
  return saved;
}

/** Takes an account's pending imports out of the books (marked removed) before a new link takes it over. */
async function dropPendingImports(tx: Tx, clock: Clock, link: BankLinkRow, account: LinkedAccountRow) {
  const pending = await tx
    .select()
    .from(importedTransactions)
    .where(
      and(
        eq(importedTransactions.linkedAccountId, account.id),
        eq(importedTransactions.pending, true),
        isNull(importedTransactions.removedAt),
      ),
    )
    .orderBy(asc(importedTransactions.id))
    .for('update');
  if (pending.length === 0) return;
  const context = createImportContext(tx, clock, link.entityId, IMPORT_SOURCES[link.provider]);
  for (const row of pending) {
    await unbookImportedRow(context, row, account.ledgerAccountId ?? '');
    await tx
      .update(importedTransactions)
      .set({ removedAt: context.now, updatedAt: context.now })
      .where(eq(importedTransactions.id, row.id));
  }
}
