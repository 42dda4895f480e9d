import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import Increase from 'increase';
import type { Transaction } from 'increase/resources/transactions';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/queryRows';
import { bankPostings, bankTransfers, depositAccounts } from '../../db/schema';
import { bookBankPosting } from './bookBankPosting';
import { DEFAULT_DAILY_LIMITS } from './defaultDailyLimits';
import type {
  BankFetch,
  BankingProvider,
  BankPostingMade,
  NewDepositAccount,
  OutgoingTransfer,
  TransferSubmission,
} from './index';

/**
 * The Increase adapter (BANKING_PROVIDER=increase): Keel's deposit accounts held at Increase, through
 * its official SDK. Increase decides and Keel mirrors:
 *
 * - An application creates an Increase Entity (a natural person, verified by Increase); an active one
 *   is an approval. The account is an Increase Account with one Account Number; its APY is Increase's
 *   interest rate.
 * - A transfer is created at Increase when Keel's outbox hands it over (modules/banking/
 *   transferHandOver.ts: on its processing day, with no database transaction or lock open), with
 *   Keel's idempotency key as Increase's, so a retry never creates a second transfer there.
 * - settleDue mirrors Increase's Transactions of each account into bank_postings, each once (its id
 *   is unique per account): a transfer's intention posts it, a return or rejection returns it, interest
 *   payments, incoming money, card settlements and fees are booked as they come. A transfer Increase
 *   rejected or canceled before it moved money is marked returned. hasDue says a mirror is due when the
 *   last one is older than `syncIntervalMs` (30 s), so reads call Increase at most that often per company.
 * - The daily limits are the bank's defaults (DEFAULT_DAILY_LIMITS, the sandbox's too): Increase has no
 *   per-account limit API.
 *
 * The mirror is pulled by the BankMirror job (modules/banking/bankMirrorJob.ts): fetchDue asks Increase
 * with no transaction open, then settleDue writes the answer under the accounts' lock, calling nobody.
 * settleDue without that answer (a transfer settling first) still asks Increase inside the caller's
 * transaction; if that transaction then rolls back, the retry asks Increase again with the same key and
 * gets the same object. Webhooks are not used.
 */

export type IncreaseSettings = {
  apiKey: string;
  environment: 'sandbox' | 'production';
  /** Another address for the API (a proxy, or a local simulation in tests); overrides `environment`. */
  baseURL?: string | undefined;
  programId?: string | undefined;
  /** How long a mirror stays fresh, in milliseconds (default 30 s). */
  syncIntervalMs?: number;
};

/** The bank's transactions listed again before the cursor, for ones that became visible late. */
const CURSOR_OVERLAP_MS = 5 * 60_000;
const DEFAULT_SYNC_INTERVAL_MS = 30_000;
const DECLINE_REASON = 'We could not verify your identity. Contact support to continue.';

export function createIncreaseClient(settings: IncreaseSettings): Increase {
  return new Increase({
    apiKey: settings.apiKey,
    // The SDK refuses both; an explicit null keeps INCREASE_BASE_URL of the environment out of it.
    ...(settings.baseURL
      ? { baseURL: settings.baseURL }
      : { baseURL: null, environment: settings.environment }),
    maxRetries: 2,
    timeout: 20_000,
  });
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const keyOf = (...parts: string[]) =>
  createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 40);

/** Creates the transfer at Increase (idempotent by the transfer's request key); answers its id. */
async function createTransferAtIncrease(client: Increase, transfer: OutgoingTransfer): Promise<string> {
  const accountId = transfer.account.providerAccountId;
  if (!accountId) throw new Error(`Deposit account ${transfer.account.id} is not held at Increase`);
  const options = { idempotencyKey: transfer.requestKey };
  if (transfer.rail === 'ach') {
    const created = await client.achTransfers.create(
      {
        account_id: accountId,
        amount: transfer.amount,
        statement_descriptor: (transfer.memo || `Payment to ${transfer.recipient.name}`).slice(0, 200),
        account_number: transfer.recipient.accountNumber,
        routing_number: transfer.recipient.routingNumber,
        individual_name: transfer.recipient.name.slice(0, 22),
        funding: transfer.recipient.accountType === 'savings' ? 'savings' : 'checking',
      },
      options,
    );
    return created.id;
  }
  const created = await client.wireTransfers.create(
    {
      account_id: accountId,
      amount: transfer.amount,
      creditor: { name: transfer.recipient.name },
      remittance: { category: 'unstructured', unstructured: { message: transfer.memo || 'Payment' } },
      account_number: transfer.recipient.accountNumber,
      routing_number: transfer.recipient.routingNumber,
      ...(transfer.account.providerAccountNumberId
        ? { source_account_number_id: transfer.account.providerAccountNumberId }
        : {}),
    },
    options,
  );
  return created.id;
}

type Mirrored = {
  kind: BankPostingMade['kind'];
  /** The bank's own account the other leg is on. */
  bankAccount: string;
  providerTransferId: string | null;
  returnReason: string | null;
};

/** What an Increase Transaction is in Keel's bank ledger, by its source's category. */
export function mirrorOf(transaction: Transaction): Mirrored {
  const source = transaction.source;
  const none = { providerTransferId: null, returnReason: null };
  switch (source.category) {
    case 'ach_transfer_intention':
      return {
        kind: 'transfer',
        bankAccount: 'ach_clearing',
        providerTransferId: source.ach_transfer_intention?.transfer_id ?? null,
        returnReason: null,
      };
    case 'wire_transfer_intention':
      return {
        kind: 'transfer',
        bankAccount: 'wire_clearing',
        providerTransferId: source.wire_transfer_intention?.transfer_id ?? null,
        returnReason: null,
      };
    case 'ach_transfer_return':
      return {
        kind: 'transfer_return',
        bankAccount: 'ach_clearing',
        providerTransferId: source.ach_transfer_return?.transfer_id ?? null,
        returnReason: source.ach_transfer_return?.return_reason_code ?? 'returned',
      };
    case 'ach_transfer_rejection':
      return {
        kind: 'transfer_return',
        bankAccount: 'ach_clearing',
        providerTransferId: source.ach_transfer_rejection?.transfer_id ?? null,
        returnReason: 'Rejected by the bank',
      };
    case 'interest_payment':
      return { kind: 'interest', bankAccount: 'interest_expense', ...none };
    case 'card_settlement':
    case 'card_refund':
    case 'card_financial':
      return { kind: 'card', bankAccount: 'card_clearing', ...none };
    case 'fee_payment':
      return { kind: 'other', bankAccount: 'fee_income', ...none };
    default:
      return transaction.amount > 0
        ? { kind: 'deposit', bankAccount: 'incoming_clearing', ...none }
        : { kind: 'other', bankAccount: 'other_clearing', ...none };
  }
}

type AccountRow = typeof depositAccounts.$inferSelect;

/** Every Transaction of the account Increase created from `since` on, oldest first. */
async function transactionsSince(client: Increase, accountId: string, since: string | null) {
  const listed: Transaction[] = [];
  for await (const transaction of client.transactions.list({
    account_id: accountId,
    limit: 100,
    ...(since ? { created_at: { on_or_after: since } } : {}),
  })) {
    listed.push(transaction);
  }
  return listed.sort((a, b) =>
    a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1,
  );
}

/** The account's Transactions at Increase from a little before its cursor (none for a sandbox account). */
function listSinceCursor(
  client: Increase,
  account: Pick<AccountRow, 'providerAccountId' | 'providerCursor'>,
): Promise<Transaction[]> {
  if (!account.providerAccountId) return Promise.resolve([]);
  const since = account.providerCursor
    ? new Date(Date.parse(account.providerCursor) - CURSOR_OVERLAP_MS).toISOString()
    : null;
  return transactionsSince(client, account.providerAccountId, since);
}

/**
 * Mirrors the account's new Increase Transactions into bank_postings (each once), moving Keel's
 * transfers to posted or returned as their transactions arrive. Returns the postings made, oldest first.
 * `syncedAt` (Keel's now) marks the mirror fresh; null leaves the freshness as it was. `fetched` is the
 * listing made before the transaction (fetchDue); without it Increase is asked now.
 */
async function mirrorAccount(
  tx: Tx,
  client: Increase,
  account: AccountRow,
  now: Date,
  syncedAt: Date | null,
  fetched?: readonly Transaction[],
): Promise<BankPostingMade[]> {
  if (!account.providerAccountId) return [];
  const listed = fetched ? [...fetched] : await listSinceCursor(client, account);
  const known = new Set(
    listed.length === 0
      ? []
      : (
          await tx
            .select({ id: bankPostings.providerTransactionId })
            .from(bankPostings)
            .where(
              and(
                eq(bankPostings.depositAccountId, account.id),
                inArray(
                  bankPostings.providerTransactionId,
                  listed.map((transaction) => transaction.id),
                ),
              ),
            )
        ).map((row) => row.id),
  );
  const made: BankPostingMade[] = [];
  let cursor = account.providerCursor;
  for (const transaction of listed) {
    if (!cursor || transaction.created_at > cursor) cursor = transaction.created_at;
    if (known.has(transaction.id)) continue;
    const mirrored = mirrorOf(transaction);
    const [transfer] = mirrored.providerTransferId
      ? await tx
          .select()
          .from(bankTransfers)
          .where(
            and(
              eq(bankTransfers.entityId, account.entityId),
              eq(bankTransfers.providerTransferId, mirrored.providerTransferId),
            ),
          )
      : [];
    const postedAt = new Date(transaction.created_at);
    const label = transfer
      ? `${transfer.rail === 'ach' ? 'ACH' : 'Wire'} to ${transfer.recipientName}`
      : null;
    const posting = await bookBankPosting(
      tx,
      {
        entityId: account.entityId,
        depositAccountId: account.id,
        kind: mirrored.kind,
        date: dayOf(postedAt),
        description:
          mirrored.kind === 'transfer' && label
            ? label
            : mirrored.kind === 'transfer_return' && label
              ? `Returned: ${label} (${mirrored.returnReason})`
              : transaction.description || 'Bank transaction',
        amount: transaction.amount,
        transferId: transfer?.id ?? null,
        providerTransactionId: transaction.id,
      },
      mirrored.bankAccount,
    );
    made.push(posting);
    if (transfer && mirrored.kind === 'transfer') {
      await tx
        .update(bankTransfers)
        .set({ status: 'posted', postedAt, updatedAt: now })
        .where(and(eq(bankTransfers.id, transfer.id), eq(bankTransfers.status, 'pending')));
    } else if (transfer && mirrored.kind === 'transfer_return') {
      await tx
        .update(bankTransfers)
        .set({
          status: 'returned',
          returnedAt: postedAt,
          returnReason: mirrored.returnReason,
          updatedAt: now,
        })
        .where(eq(bankTransfers.id, transfer.id));
    }
  }
  await tx
    .update(depositAccounts)
    .set({ ...(syncedAt ? { providerSyncedAt: syncedAt } : {}), providerCursor: cursor, updatedAt: now })
    .where(eq(depositAccounts.id, account.id));
  return made;
}

/** Increase's statuses of a transfer that ended without moving money. */
const ENDED_UNSENT: Record<string, string> = {
  rejected: 'Rejected by the bank',
  canceled: 'Canceled at the bank',
};

/** Keel's pending transfers already at Increase, oldest first. */
function pendingAtIncrease(db: Db | Tx, entityId: string) {
  return db
    .select({
      id: bankTransfers.id,
      rail: bankTransfers.rail,
      providerTransferId: bankTransfers.providerTransferId,
    })
    .from(bankTransfers)
    .where(
      and(
        eq(bankTransfers.entityId, entityId),
        eq(bankTransfers.status, 'pending'),
        sql`${bankTransfers.providerTransferId} IS NOT NULL`,
      ),
    )
    .orderBy(asc(bankTransfers.createdAt));
}

/** Increase's status of a transfer. */
async function statusAtIncrease(client: Increase, rail: string, id: string): Promise<string> {
  return (rail === 'ach' ? await client.achTransfers.retrieve(id) : await client.wireTransfers.retrieve(id))
    .status;
}

/**
 * Keel's pending transfers Increase rejected or canceled (no transaction will come): marked returned.
 * `fetched` holds the statuses read before the transaction (fetchDue); a transfer it does not name is
 * left for the next mirror. Without it Increase is asked now.
 */
async function closeEndedTransfers(
  tx: Tx,
  client: Increase,
  entityId: string,
  now: Date,
  fetched?: ReadonlyMap<string, string>,
) {
  const pending = await pendingAtIncrease(tx, entityId);
  for (const transfer of pending) {
    const id = transfer.providerTransferId as string;
    const status = fetched ? fetched.get(id) : await statusAtIncrease(client, transfer.rail, id);
    const reason = status === undefined ? undefined : ENDED_UNSENT[status];
    if (!reason) continue;
    await tx
      .update(bankTransfers)
      .set({ status: 'returned', returnedAt: now, returnReason: reason, updatedAt: now })
      .where(eq(bankTransfers.id, transfer.id));
  }
}

export function createIncreaseBanking(client: Increase, settings: IncreaseSettings): BankingProvider {
  const syncIntervalMs = settings.syncIntervalMs ?? DEFAULT_SYNC_INTERVAL_MS;
  return {
    kind: 'increase',

    async reviewApplication(applicant) {
      try {
        const entity = await client.entities.create(
          {
            structure: 'natural_person',
            natural_person: {
              name: `${applicant.firstName} ${applicant.lastName}`,
              date_of_birth: applicant.dateOfBirth,
              address: {
                line1: applicant.address.streetLine1,
                ...(applicant.address.streetLine2 ? { line2: applicant.address.streetLine2 } : {}),
                city: applicant.address.city,
                state: applicant.address.state,
                zip: applicant.address.postalCode,
                country: 'US',
              },
              identification: { method: 'social_security_number', number: applicant.tin },
            },
          },
          // The same applicant asked again (a retried transaction) is the same Entity.
          {
            idempotencyKey: `keel-entity-${keyOf(applicant.tin, applicant.dateOfBirth, applicant.firstName, applicant.lastName)}`,
          },
        );
        return entity.status === 'active'
          ? { approved: true, providerEntityId: entity.id }
          : { approved: false, reason: DECLINE_REASON };
      } catch (error) {
        // Increase refusing the applicant's details is a decline; an outage is an error (nothing is kept).
        if (error instanceof Increase.BadRequestError || error instanceof Increase.UnprocessableEntityError) {
          return { approved: false, reason: DECLINE_REASON };
        }
        throw error;
      }
    },

    async numberAccount(_tx, request): Promise<NewDepositAccount> {
      const account = await client.accounts.create(
        {
          name: request.name,
          ...(request.providerEntityId ? { entity_id: request.providerEntityId } : {}),
          ...(settings.programId ? { program_id: settings.programId } : {}),
        },
        { idempotencyKey: request.requestKey },
      );
      const number = await client.accountNumbers.create(
        { account_id: account.id, name: request.name },
        { idempotencyKey: `${request.requestKey}-number` },
      );
      return {
        accountNumber: number.account_number,
        routingNumber: number.routing_number,
        apyBasisPoints: Math.round(Number(account.interest_rate) * 10_000),
        providerAccountId: account.id,
        providerAccountNumberId: number.id,
      };
    },

    dailyLimits: () => ({ ...DEFAULT_DAILY_LIMITS }),

    async submitTransfer(transfer): Promise<TransferSubmission> {
      // Keel's outbox hands a transfer over on its processing day (transferHandOver.ts), never earlier.
      return {
        settleAt: transfer.expectedSettleAt,
        providerTransferId: await createTransferAtIncrease(client, transfer),
        willReturn: false,
        returnAt: null,
        returnReason: null,
      };
    },

    /**
     * Each account's new Transactions and each pending transfer's status, read with no transaction: the
     * accounts and transfers as they are now (a cursor that moves meanwhile only means a transaction
     * listed twice, which the mirror books once).
     */
    async fetchDue(db, entityId) {
      const accounts = await db
        .select({
          id: depositAccounts.id,
          providerAccountId: depositAccounts.providerAccountId,
          providerCursor: depositAccounts.providerCursor,
        })
        .from(depositAccounts)
        .where(eq(depositAccounts.entityId, entityId))
        .orderBy(asc(depositAccounts.id));
      const transactionsByAccount = new Map<string, Transaction[]>();
      for (const account of accounts) {
        if (account.providerAccountId)
          transactionsByAccount.set(account.id, await listSinceCursor(client, account));
      }
      const transferStatuses = new Map<string, string>();
      if (transactionsByAccount.size > 0) {
        for (const transfer of await pendingAtIncrease(db, entityId)) {
          const id = transfer.providerTransferId as string;
          transferStatuses.set(id, await statusAtIncrease(client, transfer.rail, id));
        }
      }
      return { transactionsByAccount, transferStatuses } satisfies BankFetch;
    },

    async settleDue(tx, entityId, now, fetched) {
      const held = await tx
        .select()
        .from(depositAccounts)
        .where(eq(depositAccounts.entityId, entityId))
        .orderBy(asc(depositAccounts.id))
        .for('update');
      const made: BankPostingMade[] = [];
      for (const account of held) {
        if (fetched && !fetched.transactionsByAccount.has(account.id)) continue; // opened since: next time
        const listed = fetched?.transactionsByAccount.get(account.id) as Transaction[] | undefined;
        made.push(...(await mirrorAccount(tx, client, account, now, now, listed)));
      }
      if (held.some((account) => account.providerAccountId))
        await closeEndedTransfers(tx, client, entityId, now, fetched?.transferStatuses);
      return made;
    },

    async hasDue(db: Db | Tx, entityId, now) {
      const staleBefore = new Date(now.getTime() - syncIntervalMs).toISOString();
      const [row] = await queryRows<{ due: boolean }>(
        db,
        sql`SELECT EXISTS (
              SELECT 1 FROM deposit_accounts
              WHERE entity_id = ${entityId}::uuid AND provider_account_id IS NOT NULL
                AND (provider_synced_at IS NULL OR provider_synced_at <= ${staleBefore}::timestamptz)
            ) AS due`,
      );
      return row?.due === true;
    },

    /** Money arriving from outside: Increase's sandbox simulates an incoming ACH, then it is mirrored. */
    async receiveDeposit(tx, deposit) {
      const [account] = await tx
        .select()
        .from(depositAccounts)
        .where(eq(depositAccounts.id, deposit.depositAccountId))
        .for('update');
      if (!account?.providerAccountNumberId)
        throw new Error(`No Increase account ${deposit.depositAccountId}`);
      if (!Number.isSafeInteger(deposit.amount) || deposit.amount <= 0) {
        throw new RangeError(`Not a deposit: ${deposit.amount}`);
      }
      const inbound = await client.simulations.inboundACHTransfers.create({
        account_number_id: account.providerAccountNumberId,
        amount: deposit.amount,
        company_name: deposit.description.slice(0, 16),
      });
      const transactionId = inbound.acceptance?.transaction_id;
      const made = await mirrorAccount(tx, client, account, new Date(), null);
      const posting = made.find((candidate) => candidate.providerTransactionId === transactionId);
      if (!posting) throw new Error(`Increase did not book the deposit ${inbound.id}`);
      return posting;
    },
  };
}
