import { type Cents, formatCents, isIsoDate, LEGAL_PARTIES, PRODUCT_NAME } from '@keel/domain';
import PDFDocument from 'pdfkit';

/**
 * What Keel's generated PDFs (statements, tax documents) share: US Letter pages, the built-in Helvetica
 * fonts (nothing is embedded or fetched), the bank's header and footer, and deterministic bytes: the
 * document's dates come from the caller, so the same input gives the same file.
 */

/** The partner bank, as the sample legal texts name it (LEGAL_PARTIES, packages/domain). */
export const PARTNER_BANK = {
  name: LEGAL_PARTIES.bank,
  memberFdic: LEGAL_PARTIES.bankMemberFdic,
  addressLines: LEGAL_PARTIES.bankAddressLines,
  taxId: LEGAL_PARTIES.bankTaxId,
} as const;

export const KEEL_SUPPORT = { email: LEGAL_PARTIES.supportEmail, phone: LEGAL_PARTIES.supportPhone } as const;

export const BANKING_SERVICES_LINE = `Banking services provided by ${PARTNER_BANK.memberFdic}`;

/** Points (1/72 inch). The bottom margin leaves room for the footer, which sits below it. */
export const PAGE = { width: 612, height: 792, margin: 54, bottomMargin: 72, footerY: 750 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const CONTENT_RIGHT = PAGE.width - PAGE.margin;

export const COLOR = {
  ink: '#1A1D21',
  muted: '#5C6670',
  brand: '#0B3B60',
  rule: '#CED4DA',
  fill: '#F1F3F5',
  warning: '#B54708',
} as const;

export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', oblique: 'Helvetica-Oblique' } as const;

type PdfFont = (typeof FONT)[keyof typeof FONT];

/** `maxWidth`: the text is cut to fit, ending in '…'. */
type TextStyle = { font?: PdfFont; size?: number; color?: string; maxWidth?: number };

type PdfMetadata = { title: string; subject: string; createdAt: Date };

/** A Letter document with its pages kept in memory, so page numbers can be written once all exist. */
export function createPdfDocument(metadata: PdfMetadata): PDFKit.PDFDocument {
  return new PDFDocument({
    size: 'LETTER',
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: PAGE.bottomMargin },
    bufferPages: true,
    lang: 'en-US',
    displayTitle: true,
    info: {
      Title: metadata.title,
      Subject: metadata.subject,
      Author: PRODUCT_NAME,
      Creator: PRODUCT_NAME,
      Producer: PRODUCT_NAME,
      CreationDate: metadata.createdAt,
      ModDate: metadata.createdAt,
    },
  });
}

/** Runs `draw` on the document, ends it and resolves with the file's bytes. */
export function renderPdfBytes(doc: PDFKit.PDFDocument, draw: () => void): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    try {
      draw();
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

/** A timestamp the caller gave ('2026-06-01T00:00:00Z') as a Date; throws on anything else. */
export function parseTimestamp(timestamp: string): Date {
  const time = /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(timestamp) ? Date.parse(timestamp) : Number.NaN;
  if (Number.isNaN(time)) throw new RangeError(`Not an ISO timestamp: ${timestamp}`);
  return new Date(time);
}

/** Money as everywhere in Keel ('$1,234.56', '-$12.00'), never '-$0.00'. */
export function formatMoney(cents: Cents): string {
  return formatCents(cents === 0 ? 0 : cents);
}

const longDate = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const shortDate = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
});
const longMonth = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' });

/** The UTC day of an ISO date or timestamp, as a Date at its midnight. */
function utcDay(isoDateOrTimestamp: string): Date {
  return new Date(isIsoDate(isoDateOrTimestamp) ? `${isoDateOrTimestamp}T00:00:00Z` : isoDateOrTimestamp);
}

/** 'May 1, 2026'. */
export function formatLongDate(isoDateOrTimestamp: string): string {
  return longDate.format(utcDay(isoDateOrTimestamp));
}

/** '05/01/2026'. */
export function formatShortDate(isoDateOrTimestamp: string): string {
  return shortDate.format(utcDay(isoDateOrTimestamp));
}

/** 'May 2026'. */
export function formatLongMonth(month: string): string {
  return longMonth.format(new Date(`${month}-01T00:00:00Z`));
}

/** The text, or as much of it as fits in `width` in the current font followed by '…'. */
function fitText(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let end = text.length;
  while (end > 0 && doc.widthOfString(`${text.slice(0, end).trimEnd()}…`) > width) end--;
  return `${text.slice(0, end).trimEnd()}…`;
}

/** One line of text at (x, y), never wrapped and never starting a page. */
export function drawText(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  style: TextStyle = {},
): void {
  doc
    .font(style.font ?? FONT.regular)
    .fontSize(style.size ?? 9.5)
    .fillColor(style.color ?? COLOR.ink);
  const line = style.maxWidth === undefined ? text : fitText(doc, text, style.maxWidth);
  doc.text(line, x, y, { lineBreak: false });
}

/** One line of text ending at `right`. */
export function drawTextRight(
  doc: PDFKit.PDFDocument,
  text: string,
  right: number,
  y: number,
  style: TextStyle = {},
): void {
  doc.font(style.font ?? FONT.regular).fontSize(style.size ?? 9.5);
  const line = style.maxWidth === undefined ? text : fitText(doc, text, style.maxWidth);
  drawText(doc, line, right - doc.widthOfString(line), y, { ...style, maxWidth: undefined });
}

export function drawRule(doc: PDFKit.PDFDocument, y: number, color: string = COLOR.rule): void {
  doc.moveTo(PAGE.margin, y).lineTo(CONTENT_RIGHT, y).lineWidth(0.75).strokeColor(color).stroke();
}

/** Label above value, as the account and party blocks show them. Returns the y below the pair. */
export function drawLabelledValue(
  doc: PDFKit.PDFDocument,
  label: string,
  value: string,
  at: { x: number; y: number; maxWidth: number },
): number {
  drawText(doc, label, at.x, at.y, { size: 7.5, color: COLOR.muted, maxWidth: at.maxWidth });
  drawText(doc, value, at.x, at.y + 10, { size: 10, maxWidth: at.maxWidth });
  return at.y + 26;
}

/**
 * The first page's header: the product and its bank on the left, the document's title and what it covers
 * on the right, a rule below. Returns the y below it.
 */
export function drawDocumentHeader(doc: PDFKit.PDFDocument, title: string, coverage: string): number {
  const top = PAGE.margin;
  drawText(doc, PRODUCT_NAME, PAGE.margin, top, { font: FONT.bold, size: 24, color: COLOR.brand });
  drawText(doc, BANKING_SERVICES_LINE, PAGE.margin, top + 30, { size: 8, color: COLOR.muted });
  const maxWidth = CONTENT_WIDTH / 2 - 20;
  drawTextRight(doc, title, CONTENT_RIGHT, top + 2, { font: FONT.bold, size: 16, maxWidth });
  drawTextRight(doc, coverage, CONTENT_RIGHT, top + 24, { size: 10, color: COLOR.muted, maxWidth });
  drawRule(doc, top + 46, COLOR.brand);
  return top + 62;
}

/** The header of every page after the first: one small line naming the document. Returns the y below it. */
export function drawContinuationHeader(doc: PDFKit.PDFDocument, left: string, right: string): number {
  const top = PAGE.margin;
  drawText(doc, PRODUCT_NAME, PAGE.margin, top, { font: FONT.bold, size: 12, color: COLOR.brand });
  const style = { size: 9, color: COLOR.muted } as const;
  drawText(doc, left, PAGE.margin + 40, top + 2.5, style);
  const room = CONTENT_WIDTH - 40 - doc.widthOfString(left) - 16;
  drawTextRight(doc, right, CONTENT_RIGHT, top + 2.5, { ...style, maxWidth: room });
  drawRule(doc, top + 18);
  return top + 30;
}

/** Writes the footer, with 'Page N of M', on every page once the document has all its pages. */
export function drawPageFooters(doc: PDFKit.PDFDocument, note: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    drawRule(doc, PAGE.footerY - 8);
    drawText(doc, note, PAGE.margin, PAGE.footerY, { size: 7.5, color: COLOR.muted });
    drawTextRight(doc, `Page ${index - start + 1} of ${count}`, CONTENT_RIGHT, PAGE.footerY, {
      size: 7.5,
      color: COLOR.muted,
    });
  }
}
