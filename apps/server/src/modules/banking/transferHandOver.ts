import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { AppDeps } from '../../appDeps';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { bankTransfers, depositAccounts } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { isUuid } from '../../graphql/context';
import { enqueueJob } from '../../jobs/enqueueJob';
import { JobFailure, type JobHandler } from '../../jobs/jobHandler';
import type { JobRow } from '../../jobs/jobRows';
import type { TransferSubmission } from '../../providers/banking';
import { secretBoxOf } from '../../secrets/secretBox';
import type { BankingDeps } from './bankingDeps';
import { sendTransferEmail } from './transferEmails';
import type { BankTransferRow } from './transferRows';
import { bankRequestKey, transferAccountSealContext } from './transferRows';

/**
 * Keel's outbox of transfers: sending a transfer only stores it and queues a
 * BankTransferHandOver job for its hand-over time (the domain's handOverTime: the ACH cut-off of its
 * processing day, a wire at once or at the bank's opening). The job hands it to the bank in three steps,
 * so no database connection, transaction or lock is held while the bank is called:
 *
 * 1. a short transaction locks the transfer row and claims it: it must be pending, not handed over and
 *    due; `handed_over_at` is set (from then on it can no longer be canceled) and the attempt counted;
 * 2. the bank is called with the transfer's request key (idempotent at the bank), no transaction open;
 * 3. a short transaction stores the bank's answer (its id, settlement and return). When the bank fails,
 *    the claim is undone instead (`handed_over_at` null again, `hand_over_error` kept) and the job
 *    throws, so the queue retries it with backoff; meanwhile the transfer is cancelable again.
 *
 * Two runs at once (the job twice, or the job and a settlement catching up) claim it once: the second
 * finds it handed over and does nothing, so the bank gets one transfer.
 */

export const TRANSFER_HAND_OVER_JOB = 'BankTransferHandOver';

/** One hand-over job per transfer at a time. */
export const transferHandOverKey = (transferId: string) => `bank-transfer-hand-over:${transferId}`;

/** Attempts at one hand-over before its job fails (a settlement still catches it up afterwards). */
const HAND_OVER_ATTEMPTS = 20;
const HAND_OVER_ERROR_MAX = 300;

type HandOverDeps = Pick<BankingDeps, 'db' | 'clock' | 'banking' | 'secrets' | 'email'>;

/** Queues the transfer's hand-over for its hand-over time, in the caller's transaction (with the transfer's insert). */
export function enqueueHandOver(
  executor: Db | Tx,
  clock: Clock,
  transfer: Pick<BankTransferRow, 'id' | 'entityId' | 'handOverAt' | 'createdBy' | 'recipientName'>,
): Promise<JobRow & { joined: boolean }> {
  // The queue runs a job by the database's clock; the hand-over is due by the app's. The job is queued
  // to run when the app's clock reaches `hand_over_at` (the same instant when the two clocks agree, as
  // in production; a test's clock set elsewhere does not make it run early).
  const delayMs = Math.max(0, (transfer.handOverAt?.getTime() ?? 0) - clock.now().getTime());
  return enqueueJob(executor, {
    entityId: transfer.entityId,
    type: TRANSFER_HAND_OVER_JOB,
    payload: { transferId: transfer.id },
    subjectId: transfer.id,
    dedupeKey: transferHandOverKey(transfer.id),
    createdBy: transfer.createdBy,
    maxAttempts: HAND_OVER_ATTEMPTS,
    ...(delayMs > 0 ? { runAt: new Date(Date.now() + delayMs) } : {}),
    message: `Waiting to send the transfer to ${transfer.recipientName.slice(0, 100)}`,
  });
}

type HandOverOutcome =
  | { outcome: 'handed_over'; transfer: BankTransferRow }
  | { outcome: 'skipped'; reason: 'not_found' | 'not_pending' | 'handed_over' | 'not_due' };

/** Raised when the bank refused or could not be reached; the claim was undone. */
export class HandOverFailed extends Error {
  constructor(cause: unknown) {
    super('The bank could not take the transfer; it will be tried again', { cause });
    this.name = 'HandOverFailed';
  }
}

/** Hands one transfer to the bank if it is pending, not handed over and due (the three steps above). */
export async function handOverTransfer(deps: HandOverDeps, transferId: string): Promise<HandOverOutcome> {
  const claimedAt = deps.clock.now();
  type Skip = Extract<HandOverOutcome, { outcome: 'skipped' }>['reason'];
  const claim = await writeTransaction(
    deps.db,
    async (
      tx,
    ): Promise<
      { skipped: Skip } | { transfer: BankTransferRow; account: typeof depositAccounts.$inferSelect }
    > => {
      const [row] = await tx
        .select()
        .from(bankTransfers)
        .where(eq(bankTransfers.id, transferId))
        .for('update');
      if (!row) return { skipped: 'not_found' as const };
      if (row.status !== 'pending') return { skipped: 'not_pending' as const };
      if (row.handedOverAt) return { skipped: 'handed_over' as const };
      if (row.handOverAt && row.handOverAt.getTime() > claimedAt.getTime())
        return { skipped: 'not_due' as const };
      const [account] = await tx
        .select()
        .from(depositAccounts)
        .where(eq(depositAccounts.id, row.depositAccountId));
      if (!account) return { skipped: 'not_found' as const };
      await tx
        .update(bankTransfers)
        .set({ handedOverAt: claimedAt, handOverAttempts: row.handOverAttempts + 1, updatedAt: claimedAt })
        .where(eq(bankTransfers.id, row.id));
      return { transfer: row, account };
    },
  );
  if ('skipped' in claim) return { outcome: 'skipped', reason: claim.skipped };
  const { transfer, account } = claim;
  let submission: TransferSubmission;
  try {
    submission = await deps.banking.submitTransfer({
      requestKey: bankRequestKey(transfer.entityId, transfer.idempotencyKey),
      rail: transfer.rail,
      now: claimedAt,
      sendOn: transfer.sendOn,
      amount: transfer.amount,
      recipient: {
        name: transfer.recipientName,
        accountNumber: deps.secrets.open(
          transfer.recipientAccountNumberSealed,
          transferAccountSealContext(transfer.id),
        ),
        routingNumber: transfer.recipientRoutingNumber,
        accountType: transfer.recipientAccountType,
      },
      memo: transfer.memo,
      expectedSettleAt: transfer.settleAt,
      account: {
        id: account.id,
        providerAccountId: account.providerAccountId,
        providerAccountNumberId: account.providerAccountNumberId,
      },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await deps.db
      .update(bankTransfers)
      .set({
        handedOverAt: null,
        handOverError: message.slice(0, HAND_OVER_ERROR_MAX),
        updatedAt: deps.clock.now(),
      })
      .where(and(eq(bankTransfers.id, transfer.id), eq(bankTransfers.handedOverAt, claimedAt)));
    throw new HandOverFailed(error);
  }
  const [stored] = await deps.db
    .update(bankTransfers)
    .set({
      providerTransferId: submission.providerTransferId,
      settleAt: submission.settleAt,
      willReturn: submission.willReturn,
      returnAt: submission.returnAt,
      returnReason: submission.returnReason,
      handOverError: null,
      updatedAt: deps.clock.now(),
    })
    .where(eq(bankTransfers.id, transfer.id))
    .returning();
  const handedOver = stored ?? transfer;
  await sendTransferEmail(deps, handedOver, 'sent');
  return { outcome: 'handed_over', transfer: handedOver };
}

/**
 * Hands over every transfer of the company whose hand-over time has passed and that is still in the
 * outbox (its job late, failed for good, or a settlement 'as of' a later time). A bank failure of one
 * is kept on it (`hand_over_error`) and the others go on; answers how many were handed over.
 */
export async function handOverDueTransfers(deps: HandOverDeps, entityId: string): Promise<number> {
  const due = await deps.db
    .select({ id: bankTransfers.id })
    .from(bankTransfers)
    .where(
      and(
        eq(bankTransfers.entityId, entityId),
        eq(bankTransfers.status, 'pending'),
        isNull(bankTransfers.handedOverAt),
        lte(bankTransfers.handOverAt, deps.clock.now()),
      ),
    )
    .orderBy(asc(bankTransfers.handOverAt), asc(bankTransfers.id));
  let count = 0;
  for (const { id } of due) {
    try {
      if ((await handOverTransfer(deps, id)).outcome === 'handed_over') count += 1;
    } catch (error) {
      if (!(error instanceof HandOverFailed)) throw error;
    }
  }
  return count;
}

/**
 * The BankTransferHandOver handler. A transfer gone, or another company's, fails the job without a
 * retry; one canceled, rejected or already handed over ends it; one not yet due by the app's clock (a
 * clock behind the queue's) is retried later; a bank failure is retried with the queue's backoff.
 */
export function transferHandOverHandler(deps: AppDeps): JobHandler {
  return async (context) => {
    const transferId = (context.job.payload as { transferId?: unknown } | null)?.transferId;
    if (typeof transferId !== 'string' || !isUuid(transferId)) {
      throw new JobFailure('This job names no transfer.', { retry: false });
    }
    const [row] = await context.db
      .select({ entityId: bankTransfers.entityId })
      .from(bankTransfers)
      .where(eq(bankTransfers.id, transferId));
    if (!row || row.entityId !== context.job.entityId) {
      throw new JobFailure('This transfer was not found.', { retry: false });
    }
    if (deps.config.FEATURES.banking === 'off') {
      throw new JobFailure('Banking is not set up on this server.', { retry: false });
    }
    let outcome: HandOverOutcome;
    try {
      outcome = await handOverTransfer(
        {
          db: context.db,
          clock: deps.clock,
          banking: deps.providers.banking,
          secrets: secretBoxOf(deps.config),
          email: deps.providers.email,
        },
        transferId,
      );
    } catch (error) {
      if (error instanceof HandOverFailed) throw new JobFailure(error.message, { cause: error.cause });
      throw error;
    }
    if (outcome.outcome === 'skipped' && outcome.reason === 'not_due') {
      throw new JobFailure('The transfer is not due yet; it will be tried again.');
    }
  };
}
