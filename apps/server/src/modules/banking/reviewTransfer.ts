import type { BankingDeps } from './bankingDeps';
import type { TransferReviewView } from './bankingTypes';
import type { TransferInput } from './sendTransfer';
import { checkTransfer, parseTransferRequest } from './transferChecks';

/**
 * reviewAchTransfer / reviewWireTransfer: what sending this form would do, checked exactly as the create
 * mutation checks it (parseTransferRequest and checkTransfer, the same coded errors naming the field),
 * with nothing written and no lock taken: the fee, when Keel hands it to the bank, when it is expected
 * to arrive, whether a second approver is needed and the available balance after it. The bank's name
 * is the wire form's; an ACH has none (Keel has no routing-number directory).
 */
export async function reviewTransfer(
  deps: BankingDeps,
  input: Omit<TransferInput, 'idempotencyKey' | 'userId'>,
): Promise<TransferReviewView> {
  const { accountId, form } = parseTransferRequest(input);
  const checked = await checkTransfer(deps.db, deps, {
    entityId: input.entityId,
    rail: input.rail,
    accountId,
    form,
  });
  const total = form.amount + checked.fee;
  return {
    rail: input.rail,
    accountId: checked.account.id,
    accountName: checked.account.name,
    amount: form.amount,
    fee: checked.fee,
    total,
    recipientName: form.recipientName,
    recipientAccountLast4: form.accountNumber.slice(-4),
    routingNumber: form.routingNumber,
    bankName: 'bank' in form ? form.bank.name : null,
    date: form.date,
    processingDay: checked.schedule.processingDay,
    handOverAt: checked.schedule.handOverAt,
    expectedArrival: checked.schedule.expectedArrival,
    needsApproval: checked.needsApproval,
    approvalThreshold: checked.approvalThreshold,
    availableAfter: checked.availableBefore - total,
  };
}
