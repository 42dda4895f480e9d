import { createHash, randomUUID } from 'node:crypto';
import { type TransferRail, transferIdempotencyKeySchema } from '@keel/domain';
import { and, eq } from 'drizzle-orm';
import { z as zod } from 'zod';
import { bankTransfers } from '../../db/schema';
import { RetryableConflict, writeTransaction } from '../../db/transactions';
import { parseArgs } from '../../graphql/parseInput';
import { entityToday } from '../entities/timeZone';
import type { BankingDeps } from './bankingDeps';
import { BANKING_MESSAGES, bankingRefusal } from './bankingErrors';
import { type DepositAccountRow, lockDepositAccount } from './depositAccounts';
import { checkTransfer, parseTransferRequest, sentOn } from './transferChecks';
import { sendTransferEmail } from './transferEmails';
import { enqueueHandOver } from './transferHandOver';
import { type BankTransferRow, transferAccountSealContext } from './transferRows';

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

/**
 * Today's limits of a deposit account (tprimeTransferLimits): each rail's limit, what is used, what is
 * left. 'Today' is the company's (its time zone), as for the transfer date's check.
 */
export async function transferLimitsOf(deps: BankingDeps, account: DepositAccountRow) {
  const { today } = await entityToday(deps.db, deps.clock, account.entityId);
  const limits = deps.banking.dailyLimits();
  const rails: TransferRail[] = ['ach', 'wire'];
  const figures = await Promise.all(
    rails.map(async (rail) => {
      const used = await sentOn(deps.db, account.id, rail, today);
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
 * form (the domain's schemas and the spec's messages); then, with the account locked FOR UPDATE: a key used before answers with that transfer when the request is the same
 * and is refused when it differs; then checkTransfer (transferChecks.ts: the date in the company's time
 * zone, the account, the vendor, the available balance and the day's limit), the same checks the
 * review step runs.
 *
 * The bank is not called here (the outbox): the transfer is stored 'pending' (or 'awaiting_approval'
 * above the company's threshold) with the instant Keel hands it to the bank (`hand_over_at`, the
 * domain's handOverTime) and its expected settlement, and a BankTransferHandOver job is queued for
 * that instant in the same transaction (transferHandOver.ts). Until it is handed over it can be
 * canceled. Two requests racing with one key: one inserts, the other waits on the account lock (or the
 * key's unique index) and then answers with the same transfer.
 */
export async function sendTransfer(deps: BankingDeps, input: TransferInput): Promise<BankTransferRow> {
  const { idempotencyKey } = parseArgs(keySchema, { idempotencyKey: input.idempotencyKey });
  const { accountId, form } = parseTransferRequest(input);
  const requestHash = createHash('sha256')
    .update(canonical({ rail: input.rail, accountId, form }))
    .digest('hex');

  const outcome = await writeTransaction(deps.db, async (tx) => {
    // No settlement here: the bank is never called under this lock. The balances are what the last
    // mirror (bankMirrorJob.ts) stored; what it has not seen yet (a posting, interest, a deposit) only
    // ever makes the available balance look smaller, never larger.
    await lockDepositAccount(tx, input.entityId, accountId);
    const [existing] = await tx
      .select()
      .from(bankTransfers)
      .where(
        and(eq(bankTransfers.entityId, input.entityId), eq(bankTransfers.idempotencyKey, idempotencyKey)),
      );
    if (existing) {
      if (existing.requestHash !== requestHash)
        throw bankingRefusal(BANKING_MESSAGES.keyReused, 'idempotencyKey');
      return { transfer: existing, fresh: false };
    }
    const checked = await checkTransfer(tx, deps, {
      entityId: input.entityId,
      rail: input.rail,
      accountId,
      form,
    });
    const { account, schedule, now } = checked;
    const id = randomUUID();
    const [created] = await tx
      .insert(bankTransfers)
      .values({
        id,
        entityId: input.entityId,
        depositAccountId: account.id,
        rail: input.rail,
        status: checked.needsApproval ? 'awaiting_approval' : 'pending',
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
        handOverAt: schedule.handOverAt,
        createdBy: input.userId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [bankTransfers.entityId, bankTransfers.idempotencyKey] })
      .returning();
    // Another request took the key from another account meanwhile: start again, and answer as it did.
    if (!created) throw new RetryableConflict('idempotency key');
    if (created.status === 'pending') await enqueueHandOver(tx, deps.clock, created);
    return { transfer: created, fresh: true };
  });
  // After the commit: the members who may approve it hear of a transfer waiting for them.
  if (outcome.fresh && outcome.transfer.status === 'awaiting_approval') {
    await sendTransferEmail(deps, outcome.transfer, 'awaiting_approval');
  }
  return outcome.transfer;
}
