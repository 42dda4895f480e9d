import { BANK_TIME_ZONE, dayIn, PRODUCT_SLUG, TRANSFER_FEES } from '@keel/domain';
import { eq } from 'drizzle-orm';
import { bankTransfers, depositAccounts, users } from '../../db/schema';
import { isUuid } from '../../graphql/context';
import type { BankingDeps } from './bankingDeps';
import type { DownloadAnswer, QueryValue } from './documentsDownloads';
import { spendFileToken } from './fileTokens';
import { renderTransferReceiptPdf } from './pdf/transferReceiptPdf';

/**
 * A transfer's receipt: GET /api/v1/transfers/receipt?transfer_id=&token= answers its
 * PDF. Like the Documents page's downloads, the browser opens the link itself, so a single-use file
 * token (fileTokens.ts, GET /api/v1/file_tokens) authorises it and is spent by the request whatever
 * the answer. Order of the answers: the parameters' shape (400), the token (401), the transfer, which
 * must be the token's company's (404, the same for another company's and an unknown one) and not
 * awaiting approval (404: it has no receipt yet).
 */

export const TRANSFER_RECEIPT_PATH = '/api/v1/transfers/receipt';

/** The same-origin path of a transfer's receipt (BankTransfer.receiptUrl): add `&token=`. */
export const transferReceiptPath = (transferId: string) =>
  `${TRANSFER_RECEIPT_PATH}?${new URLSearchParams({ transfer_id: transferId })}`;

const RECEIPT_MESSAGES = {
  tokenExpired: 'This download link has expired: download the receipt again from Transfers',
  tokenInvalid:
    'This download link was already used or is not valid: download the receipt again from Transfers',
  notFound: 'Transfer not found',
} as const;

const nameOf = async (deps: BankingDeps, userId: string | null) => {
  if (!userId) return null;
  const [row] = await deps.db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
};

/** GET /api/v1/transfers/receipt: the transfer's receipt as a PDF, or the refusal. */
export async function downloadTransferReceipt(
  deps: BankingDeps,
  query: { transfer_id?: QueryValue; token?: QueryValue },
): Promise<DownloadAnswer> {
  const token = query.token;
  if (Array.isArray(token)) {
    for (const each of token) await spendFileToken(deps.db, deps.clock, each);
    return { ok: false, status: 400, detail: 'token must be given once' };
  }
  const check = token ? await spendFileToken(deps.db, deps.clock, token) : null;
  const id = query.transfer_id;
  if (id === undefined || id === '') return { ok: false, status: 400, detail: 'transfer_id is required' };
  if (typeof id !== 'string') return { ok: false, status: 400, detail: 'transfer_id must be given once' };
  if (!isUuid(id)) return { ok: false, status: 400, detail: 'transfer_id must be a UUID' };
  if (!check) return { ok: false, status: 400, detail: 'token is required' };
  if (!check.ok) {
    return {
      ok: false,
      status: 401,
      detail: check.reason === 'expired' ? RECEIPT_MESSAGES.tokenExpired : RECEIPT_MESSAGES.tokenInvalid,
    };
  }
  const [row] = await deps.db
    .select({ transfer: bankTransfers, account: depositAccounts })
    .from(bankTransfers)
    .innerJoin(depositAccounts, eq(depositAccounts.id, bankTransfers.depositAccountId))
    .where(eq(bankTransfers.id, id));
  if (!row || row.transfer.entityId !== check.entityId || row.transfer.status === 'awaiting_approval') {
    return { ok: false, status: 404, detail: RECEIPT_MESSAGES.notFound };
  }
  const { transfer, account } = row;
  const bank = transfer.recipientBank as { name?: unknown } | null;
  const bytes = await renderTransferReceiptPdf({
    referenceId: transfer.id,
    rail: transfer.rail,
    status: transfer.status,
    amount: transfer.amount,
    fee: TRANSFER_FEES[transfer.rail],
    fromAccount: { name: account.name, last4: account.accountNumber.slice(-4) },
    recipientName: transfer.recipientName,
    routingNumber: transfer.recipientRoutingNumber,
    recipientAccountLast4: transfer.recipientAccountLast4,
    bankName: typeof bank?.name === 'string' ? bank.name : null,
    sendDate: transfer.sendOn,
    expectedArrival: transfer.status === 'canceled' ? null : dayIn(BANK_TIME_ZONE, transfer.settleAt),
    sentBy: await nameOf(deps, transfer.createdBy),
    approvedBy: await nameOf(deps, transfer.approvedBy),
    createdAt: deps.clock.now(),
  });
  return { ok: true, filename: `${PRODUCT_SLUG}-transfer-${transfer.id.slice(0, 8)}.pdf`, bytes };
}
