import { createHash } from 'node:crypto';
import type { bankTransfers } from '../../db/schema';

/** A transfer as stored (bank_transfers). */
export type BankTransferRow = typeof bankTransfers.$inferSelect;

/**
 * The key the bank gets for a transfer: the company's idempotency key, scoped to the company (keys are
 * the company's own choice, so two companies may pick the same), and hashed to a fixed length. Each
 * hand-over attempt of a transfer (transferHandOver.ts) sends the same key, so however often Keel
 * hands it over (a retry after a lost answer, two workers at once), the bank has one transfer.
 */
export function bankRequestKey(entityId: string, idempotencyKey: string): string {
  return `keel-transfer-${createHash('sha256').update(`${entityId}:${idempotencyKey}`).digest('hex').slice(0, 40)}`;
}

/** The secret box's context of a transfer's sealed recipient account number (sealed on send, opened at hand-over). */
export const transferAccountSealContext = (transferId: string) => `bank_transfer_account:${transferId}`;
