import { createHash, randomUUID } from 'node:crypto';
import {
  achTransferFormSchema,
  type Cents,
  checkDailyLimit,
  latestTransferDate,
  TRANSFER_MESSAGES,
  type TransferRail,
  transferIdempotencyKeySchema,
  wireTransferFormSchema,
} from '@keel/domain';
import { and, eq, sql } from 'drizzle-orm';
import { type z, z as zod } from 'zod';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/queryRows';
import { bankTransfers, vendors } from '../../db/schema';
import { RetryableConflict, writeTransaction } from '../../db/transactions';
import { isUuid } from '../../graphql/context';
import { parseArgs } from '../../graphql/parseInput';
import type { BankingDeps } from './bankingDeps';
import { BANKING_MESSAGES, bankingRefusal } from './bankingErrors';
import { settleDueInTransaction } from './bookBankPostings';
import { type DepositAccountRow, listDepositAccounts, lockDepositAccount } from './depositAccounts';
import { bankRequestKey, transferAccountSealContext } from './heldTransfers';

export type BankTransferRow = typeof bankTransfers.$inferSelect;

export type TransferInput = {
  entityId: string;
  userId: string;
  rail: TransferRail;
  idempotencyKey: unknown;
  accountId: unknown;
  /** The form's fields other than the account (the domain's ACH or wire form). */
  form: Record<string, unknown>;
};

const keySchema = zod.object({ idempotencyKey: transferIdempotencyKeySchema });
const achFormSchema = achTransferFormSchema.omit({ account: true });
const wireFormSchema = wireTransferFormSchema.omit({ account: true });
type TransferForm = z.infer<typeof achFormSchema> | z.infer<typeof wireFormSchema>;

/** Stable JSON (keys sorted) of a value, for the request fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What a company sent (or has pending) today on one rail from one account, returned transfers aside. */
async function sentOn(tx: Tx, accountId: string, rail: TransferRail, day: string): Promise<Cents> {
  const [row] = await queryRows<{ total: string }>(
    tx,
    sql`SELECT coalesce(sum(amount), 0)::text AS total FROM bank_transfers
        WHERE deposit_account_id = ${accountId}::uuid AND rail = ${rail} AND send_on = ${day}::date
          AND status <> 'returned'`,
  );
  return Number(row?.total ?? 0);
}

/** Today's limits of a deposit account (tprimeTransferLimits): each rail's limit, what is used, what is left. */
export async function transferLimitsOf(deps: BankingDeps, account: DepositAccountRow) {
  const today = deps.clock.now().toISOString().slice(0, 10);
  const limits = deps.banking.dailyLimits();
  const rails: TransferRail[] = ['ach', 'wire'];
  const figures = await Promise.all(
    rails.map(async (rail) => {
      const used = await sentOn(deps.db as Tx, account.id, rail, today);
      return {
        rail,
        dailyLimit: limits[rail],
        usedToday: used,
        remainingToday: Math.max(0, limits[rail] - used),
      };
    }),
  );
  return { accountId: account.id, date: today, ach: figures[0], wire: figures[1] };
}

/**
 * CreateAchTransfer / CreateWireTransfer: sends money from one of the company's deposit accounts.
 * Rules, in order, each refusal changing nothing: the idempotency key (8–255 visible characters); the
 * form (the domain's schemas and the spec's messages: amount $1–$5,000, 'Must be a 9-digit number', …);
 * then, with the account locked FOR UPDATE and due settlements applied first: a key used before
 * answers with that transfer when the request is the same and is refused when it differs; the date
 * (today up to 90 days ahead); the account must be open, the vendor the company's, the amount within the
 * available balance (current − pending transfers) and within the day's limit on the rail (what is
 * pending or posted on that account, rail and send date). The transfer is then pending until the bank
 * settles it (providers/banking). Two requests racing with one key: one inserts, the other waits on the
 * account lock (or the key's unique index) and then answers with the same transfer.
 */
export async function sendTransfer(deps: BankingDeps, input: TransferInput): Promise<BankTransferRow> {
  const { idempotencyKey } = parseArgs(keySchema, { idempotencyKey: input.idempotencyKey });
  const accountId = typeof input.accountId === 'string' ? input.accountId.trim() : '';
  if (!accountId) throw bankingRefusal(TRANSFER_MESSAGES.accountRequired, 'accountId');
  // The form's account is the picked account: its id is checked here, its name is the bank's.
  const form: TransferForm =
    input.rail === 'ach' ? parseArgs(achFormSchema, input.form) : parseArgs(wireFormSchema, input.form);
  const now = deps.clock.now();
  const today = now.toISOString().slice(0, 10);
  const latest = latestTransferDate(today);
  const requestHash = createHash('sha256')
    .update(canonical({ rail: input.rail, accountId, form }))
    .digest('hex');

  return writeTransaction(deps.db, async (tx) => {
    const account = await lockDepositAccount(tx, input.entityId, accountId);
    await settleDueInTransaction(tx, deps, input.entityId);
    const [existing] = await tx
      .select()
      .from(bankTransfers)
      .where(
        and(eq(bankTransfers.entityId, input.entityId), eq(bankTransfers.idempotencyKey, idempotencyKey)),
      );
    if (existing) {
      if (existing.requestHash !== requestHash)
        throw bankingRefusal(BANKING_MESSAGES.keyReused, 'idempotencyKey');
      return existing;
    }
    if (form.date < today) throw bankingRefusal(BANKING_MESSAGES.datePast, 'date');
    if (form.date > latest) throw bankingRefusal(BANKING_MESSAGES.dateTooFar, 'date');
    if (account.status !== 'open') throw bankingRefusal(BANKING_MESSAGES.accountClosed, 'accountId');
    if (form.vendorId) {
      const [vendor] = isUuid(form.vendorId)
        ? await tx
            .select({ id: vendors.id })
            .from(vendors)
            .where(and(eq(vendors.entityId, input.entityId), eq(vendors.id, form.vendorId)))
        : [];
      if (!vendor) throw bankingRefusal(BANKING_MESSAGES.vendorNotFound, 'vendorId');
    }
    const [view] = (await listDepositAccounts(tx, input.entityId)).filter((row) => row.id === account.id);
    if (!view || form.amount > view.availableBalance) {
      throw bankingRefusal(BANKING_MESSAGES.insufficientFunds, 'amount');
    }
    const limit = checkDailyLimit(
      { dailyLimitCents: deps.banking.dailyLimits()[input.rail] },
      await sentOn(tx, account.id, input.rail, form.date),
      form.amount,
    );
    if (!limit.ok) throw bankingRefusal(limit.error, 'amount');
    const schedule = await deps.banking.submitTransfer({
      requestKey: bankRequestKey(input.entityId, idempotencyKey),
      rail: input.rail,
      now,
      sendOn: form.date,
      amount: form.amount,
      recipient: {
        name: form.recipientName,
        accountNumber: form.accountNumber,
        routingNumber: form.routingNumber,
        accountType: 'recipientAccountType' in form ? form.recipientAccountType : null,
      },
      memo: form.memo,
      account: {
        id: account.id,
        providerAccountId: account.providerAccountId,
        providerAccountNumberId: account.providerAccountNumberId,
      },
    });
    const id = randomUUID();
    const [created] = await tx
      .insert(bankTransfers)
      .values({
        id,
        entityId: input.entityId,
        depositAccountId: account.id,
        rail: input.rail,
        status: 'pending',
        amount: form.amount,
        sendOn: form.date,
        vendorId: form.vendorId ?? null,
        recipientName: form.recipientName,
        recipientRoutingNumber: form.routingNumber,
        recipientAccountNumberSealed: deps.secrets.seal(form.accountNumber, transferAccountSealContext(id)),
        recipientAccountLast4: form.accountNumber.slice(-4),
        recipientAccountType: 'recipientAccountType' in form ? form.recipientAccountType : null,
        recipientAddress: 'recipientAddress' in form ? form.recipientAddress : null,
        recipientBank: 'bank' in form ? form.bank : null,
        memo: form.memo,
        idempotencyKey,
        requestHash,
        settleAt: schedule.settleAt,
        willReturn: schedule.willReturn,
        returnAt: schedule.returnAt,
        returnReason: schedule.returnReason,
        providerTransferId: schedule.providerTransferId,
        createdBy: input.userId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [bankTransfers.entityId, bankTransfers.idempotencyKey] })
      .returning();
    // Another request took the key from another account meanwhile: start again, and answer as it did.
    if (!created) throw new RetryableConflict('idempotency key');
    // A wire sent on a business day settles at once.
    await settleDueInTransaction(tx, deps, input.entityId);
    const [after] = await tx.select().from(bankTransfers).where(eq(bankTransfers.id, id));
    return after ?? created;
  });
}
