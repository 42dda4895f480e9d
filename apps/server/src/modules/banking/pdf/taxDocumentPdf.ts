import { CALENDAR_YEAR_MAX, CALENDAR_YEAR_MIN, type Cents, maskAccountNumber } from '@keel/domain';
import {
  COLOR,
  CONTENT_RIGHT,
  CONTENT_WIDTH,
  createPdfDocument,
  drawDocumentHeader,
  drawLabelledValue,
  drawPageFooters,
  drawText,
  drawTextRight,
  FONT,
  formatMoney,
  KEEL_SUPPORT,
  PAGE,
  PARTNER_BANK,
  parseTimestamp,
  renderPdfBytes,
} from './pdfLayout';

export type TaxDocumentPdfInput = {
  year: number;
  /**
   * The company the interest was paid to, with its EIN in its printed layout 'XX-XXXXXXX' (the document
   * prints it whole, as the company files it), or null when none is on file (an application made before
   * the EIN was asked): the document then says so, never an SSN in its place.
   */
  recipient: { name: string; addressLines: readonly string[]; ein: string | null };
  /** The full account number: printed masked (spec §9). */
  account: { name: string; accountNumber: string };
  /** The interest credited to the account in the year (Form 1099-INT box 1). */
  interestPaidCents: Cents;
  /** When the document was issued: the file's creation date. Default: January 31 of the next year, UTC. */
  issuedAt?: string;
};

export const SAMPLE_TAX_DOCUMENT_NOTICE = 'Sample document for demonstration — not filed with the IRS';

/** What the recipient's TIN box says when the company's EIN is not on file. */
export const EIN_NOT_ON_FILE = 'EIN not on file';

const EIN_LAYOUT = /^\d{2}-\d{7}$/;

function checkTaxDocumentInput(input: TaxDocumentPdfInput): void {
  if (!Number.isInteger(input.year) || input.year < CALENDAR_YEAR_MIN || input.year > CALENDAR_YEAR_MAX) {
    throw new RangeError(`Not a tax year: ${input.year}`);
  }
  if (!Number.isSafeInteger(input.interestPaidCents) || input.interestPaidCents < 0) {
    throw new RangeError(`Not an interest amount in cents: ${input.interestPaidCents}`);
  }
  if (input.recipient.ein !== null && !EIN_LAYOUT.test(input.recipient.ein)) {
    throw new RangeError('Not an EIN in its XX-XXXXXXX layout');
  }
}

/**
 * A Form 1099-INT-style summary of the interest a deposit account paid in a year, as a PDF: payer (the
 * partner bank), recipient (the company and its EIN), account (masked) and box 1, interest income. It is
 * a sample for demonstration and says so on its face. Same input, same bytes.
 */
export function renderTaxDocumentPdf(input: TaxDocumentPdfInput): Promise<Uint8Array> {
  checkTaxDocumentInput(input);
  const doc = createPdfDocument({
    title: `Form 1099-INT ${input.year}, ${input.account.name}`,
    subject: `Interest income paid in ${input.year}`,
    createdAt: parseTimestamp(input.issuedAt ?? `${input.year + 1}-01-31T00:00:00Z`),
  });
  return renderPdfBytes(doc, () => {
    let y = drawDocumentHeader(doc, 'Form 1099-INT', `Tax year ${input.year}`);
    y = drawSampleBanner(doc, y);
    drawText(doc, 'Interest Income', PAGE.margin, y + 22, { font: FONT.bold, size: 16, color: COLOR.brand });
    y = drawParties(doc, input, y + 54);
    y = drawBoxes(doc, input, y + 18);
    drawNotes(doc, input, y + 24);
    drawPageFooters(doc, `${SAMPLE_TAX_DOCUMENT_NOTICE}. ${KEEL_SUPPORT.email} · ${KEEL_SUPPORT.phone}`);
  });
}

function drawSampleBanner(doc: PDFKit.PDFDocument, top: number): number {
  doc.roundedRect(PAGE.margin, top, CONTENT_WIDTH, 28, 4).lineWidth(1).strokeColor(COLOR.warning).stroke();
  drawText(doc, 'SAMPLE', PAGE.margin + 12, top + 9.5, { font: FONT.bold, size: 10, color: COLOR.warning });
  drawText(doc, SAMPLE_TAX_DOCUMENT_NOTICE, PAGE.margin + 66, top + 9.5, { size: 10, color: COLOR.warning });
  return top + 28;
}

/** A bordered cell with a small caption; returns its left x and top for the content. */
function drawCell(
  doc: PDFKit.PDFDocument,
  caption: string,
  x: number,
  y: number,
  width: number,
  height: number,
) {
  doc.rect(x, y, width, height).lineWidth(0.75).strokeColor(COLOR.rule).stroke();
  drawText(doc, caption, x + 10, y + 8, { font: FONT.bold, size: 7.5, color: COLOR.muted });
  return { x: x + 10, y: y + 22 };
}

type Party = { name: string; addressLines: readonly string[]; tinLabel: string; tin: string };

function drawParty(
  doc: PDFKit.PDFDocument,
  caption: string,
  party: Party,
  x: number,
  top: number,
  height: number,
) {
  const width = CONTENT_WIDTH / 2;
  const maxWidth = width - 20;
  const at = drawCell(doc, caption, x, top, width, height);
  drawText(doc, party.name, at.x, at.y, { font: FONT.bold, size: 10.5, maxWidth });
  party.addressLines.forEach((line, index) => {
    drawText(doc, line, at.x, at.y + 16 + index * 13, { maxWidth });
  });
  drawLabelledValue(doc, party.tinLabel, party.tin, { x: at.x, y: top + height - 36, maxWidth });
}

/** Payer on the left, recipient on the right, as the form sets them, then the account. Returns the y below. */
function drawParties(doc: PDFKit.PDFDocument, input: TaxDocumentPdfInput, top: number): number {
  const { recipient, account } = input;
  const lines = Math.max(PARTNER_BANK.addressLines.length, recipient.addressLines.length);
  const height = 86 + lines * 13;
  const right = PAGE.margin + CONTENT_WIDTH / 2;
  const payer = { ...PARTNER_BANK, tinLabel: "PAYER'S TIN", tin: PARTNER_BANK.taxId };
  drawParty(doc, "PAYER'S name and address", payer, PAGE.margin, top, height);
  const payee = { ...recipient, tinLabel: "RECIPIENT'S TIN (EIN)", tin: recipient.ein ?? EIN_NOT_ON_FILE };
  drawParty(doc, "RECIPIENT'S name and address", payee, right, top, height);
  const maxWidth = CONTENT_WIDTH / 2 - 20;
  const number = drawCell(doc, 'Account number', PAGE.margin, top + height, CONTENT_WIDTH / 2, 42);
  drawText(doc, maskAccountNumber(account.accountNumber), number.x, number.y, { size: 10, maxWidth });
  const name = drawCell(doc, 'Account', right, top + height, CONTENT_WIDTH / 2, 42);
  drawText(doc, account.name, name.x, name.y, { size: 10, maxWidth });
  return top + height + 42;
}

/** Box 1 with the year's interest; the boxes that do not apply to a deposit account show $0.00. */
function drawBoxes(doc: PDFKit.PDFDocument, input: TaxDocumentPdfInput, top: number): number {
  const boxes: [string, Cents][] = [
    ['1  Interest income', input.interestPaidCents],
    ['2  Early withdrawal penalty', 0],
    ['3  Interest on U.S. Savings Bonds and Treasury obligations', 0],
    ['4  Federal income tax withheld', 0],
  ];
  const height = 30;
  boxes.forEach(([label, cents], index) => {
    const y = top + index * height;
    const strong = index === 0;
    if (strong) doc.rect(PAGE.margin, y, CONTENT_WIDTH, height).fill(COLOR.fill);
    doc.rect(PAGE.margin, y, CONTENT_WIDTH, height).lineWidth(0.75).strokeColor(COLOR.rule).stroke();
    const style = { font: strong ? FONT.bold : FONT.regular, size: strong ? 11 : 10 } as const;
    drawText(doc, label, PAGE.margin + 10, y + 10, style);
    drawTextRight(doc, formatMoney(cents), CONTENT_RIGHT - 10, y + 10, style);
  });
  return top + boxes.length * height;
}

function drawNotes(doc: PDFKit.PDFDocument, input: TaxDocumentPdfInput, top: number): void {
  const notes = [
    `Box 1 is the interest ${PARTNER_BANK.name} credited to this account from January 1 to December 31, ${input.year}.`,
    'Interest accrues daily and is credited at the end of each month. No federal income tax was withheld.',
    `${SAMPLE_TAX_DOCUMENT_NOTICE}: it is not a tax form, and no copy was sent to the Internal Revenue Service.`,
  ];
  drawText(doc, 'Notes', PAGE.margin, top, { font: FONT.bold, size: 9 });
  doc
    .font(FONT.regular)
    .fontSize(8.5)
    .fillColor(COLOR.muted)
    .list(notes, PAGE.margin, top + 16, { width: CONTENT_WIDTH, bulletRadius: 1.5, paragraphGap: 4 });
}
