import type { Cents } from '@keel/domain';
import {
  COLOR,
  CONTENT_WIDTH,
  createPdfDocument,
  drawDocumentHeader,
  drawPageFooters,
  drawRule,
  drawText,
  drawTextRight,
  FONT,
  formatLongDate,
  formatMoney,
  KEEL_SUPPORT,
  PAGE,
  renderPdfBytes,
} from './pdfLayout';

/** What a transfer receipt shows: everything already masked (••last4), nothing sealed. */
type TransferReceiptInput = {
  referenceId: string;
  rail: 'ach' | 'wire';
  status: string;
  amount: Cents;
  fee: Cents;
  /** The deposit account's name and its last 4 digits. */
  fromAccount: { name: string; last4: string };
  recipientName: string;
  routingNumber: string;
  recipientAccountLast4: string;
  bankName: string | null;
  sendDate: string;
  expectedArrival: string | null;
  sentBy: string | null;
  approvedBy: string | null;
  /** When the receipt is made: the file's creation date. */
  createdAt: Date;
};

const STATUS_LABELS: Record<string, string> = {
  awaiting_approval: 'Awaiting approval',
  pending: 'Pending',
  posted: 'Posted',
  returned: 'Returned',
  canceled: 'Canceled',
};

/** A one-page receipt of a transfer: amount, fee, from, to, bank, dates, status, who sent and approved it. */
export function renderTransferReceiptPdf(input: TransferReceiptInput): Promise<Uint8Array> {
  const rail = input.rail === 'ach' ? 'ACH' : 'Wire';
  const doc = createPdfDocument({
    title: `Transfer receipt ${input.referenceId}`,
    subject: `${rail} transfer to ${input.recipientName}`,
    createdAt: input.createdAt,
  });
  return renderPdfBytes(doc, () => {
    let y = drawDocumentHeader(doc, 'Transfer receipt', `${rail} transfer`);
    drawText(doc, formatMoney(input.amount), PAGE.margin, y + 8, {
      font: FONT.bold,
      size: 22,
      color: COLOR.brand,
    });
    drawTextRight(doc, STATUS_LABELS[input.status] ?? input.status, PAGE.margin + CONTENT_WIDTH, y + 14, {
      font: FONT.bold,
      size: 12,
    });
    y += 48;
    const rows: [string, string][] = [
      ['Amount', formatMoney(input.amount)],
      ['Fee', formatMoney(input.fee)],
      ['Total', formatMoney(input.amount + input.fee)],
      ['From account', `${input.fromAccount.name} ••${input.fromAccount.last4}`],
      ['Recipient', input.recipientName],
      ['Routing number', input.routingNumber],
      ['Account', `••${input.recipientAccountLast4}`],
      ['Bank', input.bankName ?? 'Not given'],
      ['Send date', formatLongDate(input.sendDate)],
      ['Expected arrival', input.expectedArrival ? formatLongDate(input.expectedArrival) : '—'],
      ['Status', STATUS_LABELS[input.status] ?? input.status],
      ['Sent by', input.sentBy ?? '—'],
      ['Approved by', input.approvedBy ?? '—'],
      ['Reference', input.referenceId],
    ];
    for (const [label, value] of rows) {
      drawRule(doc, y);
      drawText(doc, label, PAGE.margin, y + 8, { color: COLOR.muted });
      drawTextRight(doc, value, PAGE.margin + CONTENT_WIDTH, y + 8, { maxWidth: CONTENT_WIDTH * 0.65 });
      y += 26;
    }
    drawRule(doc, y);
    drawPageFooters(doc, `Questions about this transfer: ${KEEL_SUPPORT.email} · ${KEEL_SUPPORT.phone}`);
  });
}
