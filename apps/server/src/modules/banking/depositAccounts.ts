import { PRODUCT_NAME } from '@keel/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/queryRows';
import { accounts, depositAccounts } from '../../db/schema';
import { isUuid } from '../../graphql/context';
import type { BankingProvider } from '../../providers/banking';
import { PROVIDER_ACCOUNT_TYPE } from '../entities/service';
import { createAccount, rootAccountId } from '../ledger/accounts';
import { depositAccountNotFound } from './bankingErrors';

export type DepositAccountRow = typeof depositAccounts.$inferSelect;

/** A deposit account with its balances (spec §3 'Provider bank account'). */
export type DepositAccountView = DepositAccountRow & {
  /** The bank's ledger: the sum of the posted legs on the account. */
  currentBalance: number;
  /** current − the transfers out still pending or awaiting approval. */
  availableBalance: number;
  /** Interest credited to date (Money Earned). */
  interestEarned: number;
};

/**
 * Opens a deposit account for the company, in the caller's transaction: the bank numbers it, and the
 * books get its mirror, an account under Banks with ref_type 'TPrime::Account' (Keel's account type,
 * what /keel-transactions filters on), not mutable (named and kept by the bank), last among the banks
 * so the company's default bank account does not change.
 */
export async function openDepositAccount(
  tx: Tx,
  clock: Clock,
  banking: BankingProvider,
  input: {
    entityId: string;
    applicationId: string | null;
    providerEntityId?: string | null;
    name?: string;
    openedOn: string;
  },
): Promise<DepositAccountRow> {
  const name = input.name ?? `${PRODUCT_NAME} Checking`;
  const numbers = await banking.numberAccount(tx, {
    entityId: input.entityId,
    name,
    providerEntityId: input.providerEntityId ?? null,
    // The application opens one account: asked again (a retried transaction), the bank answers it.
    requestKey: `keel-account-${input.applicationId ?? input.entityId}`,
  });
  const booksAccount = await createAccount(tx, clock, {
    entityId: input.entityId,
    parentId: await rootAccountId(tx, input.entityId, 'Banks'),
    name: `${name} ••${numbers.accountNumber.slice(-4)}`,
  });
  const now = clock.now();
  const [row] = await tx
    .insert(depositAccounts)
    .values({
      entityId: input.entityId,
      applicationId: input.applicationId,
      provider: banking.kind,
      name,
      accountNumber: numbers.accountNumber,
      routingNumber: numbers.routingNumber,
      apyBasisPoints: numbers.apyBasisPoints,
      providerAccountId: numbers.providerAccountId,
      providerAccountNumberId: numbers.providerAccountNumberId,
      ledgerAccountId: booksAccount.id,
      openedOn: input.openedOn,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('Deposit account insert returned nothing');
  await tx
    .update(accounts)
    .set({ isMutable: false, refType: PROVIDER_ACCOUNT_TYPE, refId: row.id, updatedAt: now })
    .where(eq(accounts.id, booksAccount.id));
  return row;
}

/** The company's deposit accounts with their balances, oldest first. */
export async function listDepositAccounts(db: Db | Tx, entityId: string): Promise<DepositAccountView[]> {
  const rows = await db
    .select()
    .from(depositAccounts)
    .where(eq(depositAccounts.entityId, entityId))
    .orderBy(asc(depositAccounts.createdAt), asc(depositAccounts.id));
  if (rows.length === 0) return [];
  const figures = await queryRows<{ id: string; current: string; pending: string; interest: string }>(
    db,
    sql`SELECT d.id,
          (SELECT coalesce(sum(l.amount), 0) FROM bank_ledger_entries l WHERE l.deposit_account_id = d.id)::text AS current,
          (SELECT coalesce(sum(t.amount), 0) FROM bank_transfers t
             WHERE t.deposit_account_id = d.id AND t.status IN ('pending', 'awaiting_approval'))::text AS pending,
          (SELECT coalesce(sum(p.amount), 0) FROM bank_postings p
             WHERE p.deposit_account_id = d.id AND p.kind = 'interest')::text AS interest
        FROM deposit_accounts d WHERE d.entity_id = ${entityId}::uuid`,
  );
  const byId = new Map(figures.map((row) => [row.id, row]));
  return rows.map((row) => {
    const figure = byId.get(row.id);
    const currentBalance = Number(figure?.current ?? 0);
    return {
      ...row,
      currentBalance,
      availableBalance: currentBalance - Number(figure?.pending ?? 0),
      interestEarned: Number(figure?.interest ?? 0),
    };
  });
}

/** The company's deposit account `id`, locked FOR UPDATE (transfers from it wait for each other). */
export async function lockDepositAccount(tx: Tx, entityId: string, id: string): Promise<DepositAccountRow> {
  if (!isUuid(id)) throw depositAccountNotFound();
  const [row] = await tx
    .select()
    .from(depositAccounts)
    .where(and(eq(depositAccounts.entityId, entityId), eq(depositAccounts.id, id)))
    .for('update');
  if (!row) throw depositAccountNotFound();
  return row;
}

/** A deposit account of any company by id (the caller checks the viewer may see its company). */
export async function findDepositAccount(db: Db | Tx, id: string): Promise<DepositAccountRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(depositAccounts).where(eq(depositAccounts.id, id));
  return row ?? null;
}
