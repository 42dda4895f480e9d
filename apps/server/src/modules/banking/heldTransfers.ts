import { createHash } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bankTransfers, depositAccounts } from '../../db/schema';
import type { BankingDeps } from './bankingDeps';

/**
 * The key the bank gets for a transfer: the company's idempotency key, scoped to the company (keys are
 * the company's own choice, so two companies may pick the same), and hashed to a fixed length. A retry
 * of a transaction that rolled back after the bank took the transfer gets the same transfer from it.
 */
export function bankRequestKey(entityId: string, idempotencyKey: string): string {
  return `keel-transfer-${createHash('sha256').update(`${entityId}:${idempotencyKey}`).digest('hex').slice(0, 40)}`;
}

/** The secret box's context of a transfer's sealed recipient account number (sealed on send, opened here). */
export const transferAccountSealContext = (transferId: string) => `bank_transfer_account:${transferId}`;

/**
 * Transfers dated later that a real bank does not hold yet (Increase takes no future-dated wire, so
 * Keel keeps them: `provider_transfer_id` null on an account held at the bank) are handed to the bank
 * once their date has come, under the key they were sent with, so two servers doing it at once still
 * make one transfer there. Runs inside settleDue's transaction, after the accounts are locked. The
 * sandbox's accounts have no provider id, so nothing of theirs is ever held here.
 */
export async function submitHeldTransfers(
  tx: Tx,
  deps: Pick<BankingDeps, 'clock' | 'banking' | 'secrets'>,
  entityId: string,
): Promise<number> {
  const now = deps.clock.now();
  const today = now.toISOString().slice(0, 10);
  const held = await tx
    .select({ transfer: bankTransfers, account: depositAccounts })
    .from(bankTransfers)
    .innerJoin(depositAccounts, eq(depositAccounts.id, bankTransfers.depositAccountId))
    .where(
      and(
        eq(bankTransfers.entityId, entityId),
        eq(bankTransfers.status, 'pending'),
        isNull(bankTransfers.providerTransferId),
        isNotNull(depositAccounts.providerAccountId),
        lte(bankTransfers.sendOn, today),
      ),
    )
    .orderBy(asc(bankTransfers.createdAt), asc(bankTransfers.id));
  for (const { transfer, account } of held) {
    const submission = await deps.banking.submitTransfer({
      requestKey: bankRequestKey(entityId, transfer.idempotencyKey),
      rail: transfer.rail,
      now,
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
      account: {
        id: account.id,
        providerAccountId: account.providerAccountId,
        providerAccountNumberId: account.providerAccountNumberId,
      },
    });
    await tx
      .update(bankTransfers)
      .set({
        providerTransferId: submission.providerTransferId,
        settleAt: submission.settleAt,
        updatedAt: now,
      })
      .where(eq(bankTransfers.id, transfer.id));
  }
  return held.length;
}
