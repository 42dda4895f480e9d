import { TRANSFER_MAX_CENTS } from '@keel/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { bankTransfers, entities } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { apiError, badInput } from '../../errors';
import { parseArgs } from '../../graphql/parseInput';
import { type ClientInfo, recordAuthEvent } from '../auth/audit';
import type { BankingDeps } from './bankingDeps';
import { transferTiming } from './transferChecks';
import { enqueueHandOver } from './transferHandOver';
import type { BankTransferRow } from './transferRows';

/**
 * The second approver, the cancel button and the company's approval policy:
 *
 * - An owner sets the company's approval amount ($1 to $1,000,000, or none); each change is an audit
 *   event ('transfer.approval_threshold_changed', the old and new amounts).
 * - A transfer above it is stored 'awaiting_approval' (counted against the available balance and the
 *   day's limit, so nothing overdraws meanwhile). A member who may send money and did NOT create it
 *   approves it (the server refuses its creator): it becomes pending, its hand-over time counted from
 *   the approval, and its hand-over job is queued. Rejecting it cancels it, with an optional reason.
 * - A pending transfer can be canceled until it is handed to the bank (`handed_over_at`), and one
 *   awaiting approval at any time; canceling gives back its share of the available balance and of the
 *   day's limit. The transfer row is locked, so a cancel racing the hand-over (or an approval) loses or
 *   wins whole.
 */

const APPROVAL_THRESHOLD_MIN = 100;
const APPROVAL_THRESHOLD_MAX = 100_000_000;
export const REJECT_REASON_MAX = 200;

export const TRANSFER_ACTION_MESSAGES = {
  notFound: 'Transfer not found',
  handedOver: 'This transfer was already handed to the bank and can no longer be canceled',
  finished: 'This transfer has already posted, come back or been canceled',
  notAwaitingApproval: 'This transfer is not waiting for an approval',
  approveOwn: 'You created this transfer: another member who can send money must approve it',
  ownerOnly: 'Only an owner can change the approval amount',
  thresholdRange: 'The approval amount must be between $1.00 and $1,000,000.00',
  reasonTooLong: `The reason can be at most ${REJECT_REASON_MAX} characters`,
} as const;

const transferNotFound = () => apiError('NOT_FOUND', TRANSFER_ACTION_MESSAGES.notFound);

/** Whether the transfer can still be stopped: awaiting approval, or pending and not yet handed over. */
export const isCancellable = (transfer: BankTransferRow) =>
  transfer.status === 'awaiting_approval' ||
  (transfer.status === 'pending' && transfer.handedOverAt === null);

type Actor = { entityId: string; userId: string };

/** The company's transfer `transferId`, locked FOR UPDATE, or not found (another company's too). */
async function lockTransfer(
  tx: Parameters<Parameters<typeof writeTransaction>[1]>[0],
  actor: Actor,
  transferId: string,
) {
  const [row] = await tx.select().from(bankTransfers).where(eq(bankTransfers.id, transferId)).for('update');
  if (!row || row.entityId !== actor.entityId) throw transferNotFound();
  return row;
}

/** cancelTransfer: stops a transfer awaiting approval, or pending and not yet handed to the bank. */
export async function cancelTransfer(
  deps: Pick<BankingDeps, 'db' | 'clock'>,
  actor: Actor,
  transferId: string,
  reason: string | null = null,
): Promise<BankTransferRow> {
  return writeTransaction(deps.db, async (tx) => {
    const row = await lockTransfer(tx, actor, transferId);
    if (!isCancellable(row)) {
      throw badInput(
        row.status === 'pending' ? TRANSFER_ACTION_MESSAGES.handedOver : TRANSFER_ACTION_MESSAGES.finished,
        'transferId',
      );
    }
    return markCanceled(tx, row, actor, reason, deps.clock.now());
  });
}

/** Marks a locked transfer canceled by `actor` (a cancel, or a rejection with its reason). */
async function markCanceled(
  tx: Tx,
  row: BankTransferRow,
  actor: Actor,
  reason: string | null,
  now: Date,
): Promise<BankTransferRow> {
  const [canceled] = await tx
    .update(bankTransfers)
    .set({
      status: 'canceled',
      canceledBy: actor.userId,
      canceledAt: now,
      cancelReason: reason,
      updatedAt: now,
    })
    .where(eq(bankTransfers.id, row.id))
    .returning();
  return canceled ?? row;
}

/** rejectTransfer: cancels a transfer awaiting approval, with the reason (at most 200 characters). */
export async function rejectTransfer(
  deps: Pick<BankingDeps, 'db' | 'clock'>,
  actor: Actor,
  transferId: string,
  reason: string | null | undefined,
): Promise<BankTransferRow> {
  const text = reason?.trim() || null;
  if (text && text.length > REJECT_REASON_MAX)
    throw badInput(TRANSFER_ACTION_MESSAGES.reasonTooLong, 'reason');
  return writeTransaction(deps.db, async (tx) => {
    const row = await lockTransfer(tx, actor, transferId);
    if (row.status !== 'awaiting_approval')
      throw badInput(TRANSFER_ACTION_MESSAGES.notAwaitingApproval, 'transferId');
    return markCanceled(tx, row, actor, text, deps.clock.now());
  });
}

/** approveTransfer: a second member who may send money approves; the transfer is queued for the bank. */
export async function approveTransfer(
  deps: Pick<BankingDeps, 'db' | 'clock'>,
  actor: Actor,
  transferId: string,
): Promise<BankTransferRow> {
  return writeTransaction(deps.db, async (tx) => {
    const row = await lockTransfer(tx, actor, transferId);
    if (row.status !== 'awaiting_approval')
      throw badInput(TRANSFER_ACTION_MESSAGES.notAwaitingApproval, 'transferId');
    if (row.createdBy === actor.userId) throw apiError('FORBIDDEN', TRANSFER_ACTION_MESSAGES.approveOwn);
    const now = deps.clock.now();
    const timing = transferTiming(row.rail, row.sendOn, now);
    const [approved] = await tx
      .update(bankTransfers)
      .set({
        status: 'pending',
        approvedBy: actor.userId,
        approvedAt: now,
        handOverAt: timing.handOverAt,
        settleAt: timing.settleAt,
        updatedAt: now,
      })
      .where(eq(bankTransfers.id, row.id))
      .returning();
    if (!approved) throw transferNotFound();
    await enqueueHandOver(tx, deps.clock, approved);
    return approved;
  });
}

type TransferApprovalPolicy = { threshold: number | null; canChange: boolean };

/** The company's approval amount (null: no transfer needs a second approver). */
export async function approvalThresholdOf(db: Db, entityId: string): Promise<number | null> {
  const [row] = await db
    .select({ threshold: entities.transferApprovalThreshold })
    .from(entities)
    .where(eq(entities.id, entityId));
  return row?.threshold ?? null;
}

const thresholdSchema = z.object({
  threshold: z
    .number({ error: TRANSFER_ACTION_MESSAGES.thresholdRange })
    .int(TRANSFER_ACTION_MESSAGES.thresholdRange)
    .min(APPROVAL_THRESHOLD_MIN, TRANSFER_ACTION_MESSAGES.thresholdRange)
    .max(APPROVAL_THRESHOLD_MAX, TRANSFER_ACTION_MESSAGES.thresholdRange)
    .nullable(),
});

/** setTransferApprovalThreshold: an owner sets or clears the amount; an audit event records the change. */
export async function setApprovalThreshold(
  deps: Pick<BankingDeps, 'db' | 'clock'>,
  actor: Actor & { role: string; client: ClientInfo },
  threshold: unknown,
): Promise<TransferApprovalPolicy> {
  if (actor.role !== 'owner') throw apiError('FORBIDDEN', TRANSFER_ACTION_MESSAGES.ownerOnly);
  const parsed = parseArgs(thresholdSchema, { threshold: threshold ?? null });
  return writeTransaction(deps.db, async (tx) => {
    const [before] = await tx
      .select({ threshold: entities.transferApprovalThreshold })
      .from(entities)
      .where(eq(entities.id, actor.entityId))
      .for('update');
    await tx
      .update(entities)
      .set({ transferApprovalThreshold: parsed.threshold })
      .where(eq(entities.id, actor.entityId));
    await recordAuthEvent(tx, deps.clock, {
      type: 'transfer.approval_threshold_changed',
      client: actor.client,
      userId: actor.userId,
      entityId: actor.entityId,
      details: { from: before?.threshold ?? null, to: parsed.threshold, transferMax: TRANSFER_MAX_CENTS },
    });
    return { threshold: parsed.threshold, canChange: true };
  });
}
