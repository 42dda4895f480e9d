import {
  type Cents,
  isIsoDate,
  isMonthKey,
  type MonthKey,
  type StatementFigures,
  type StatementPosting,
} from '@keel/domain';
import {
  BANKING_SERVICES_LINE,
  COLOR,
  CONTENT_RIGHT,
  CONTENT_WIDTH,
  createPdfDocument,
  drawContinuationHeader,
  drawDocumentHeader,
  drawLabelledValue,
  drawPageFooters,
  drawRule,
  drawText,
  drawTextRight,
  FONT,
  formatLongDate,
  formatLongMonth,
  formatMoney,
  formatShortDate,
  KEEL_SUPPORT,
  PAGE,
  parseTimestamp,
  renderPdfBytes,
} from './pdfLayout';

/** A posting as the statement lists it: statement.ts's posting (credit positive) with what it was. */
export type StatementPdfPosting = StatementPosting & { description: string };

export type StatementPdfInput<P extends StatementPdfPosting = StatementPdfPosting> = {
  company: { name: string; addressLines: readonly string[] };
  /**
   * The full account and routing numbers: a statement prints both whole, as bank statements do (ours,
   * where spec §9 masks the number on screen: the statement is what a company funds and reconciles from).
   */
  account: { name: string; accountNumber: string; routingNumber: string };
  month: MonthKey;
  /** ISO dates, first and last day the statement covers. */
  periodStart: string;
  periodEnd: string;
  /** `statementFigures(openingCents, postings)` as it returns them. */
  figures: StatementFigures<P>;
  /** The interest credited for the month (it is one of the postings, so it is among the credits). */
  interestEarnedCents: Cents;
  /** 425 = 4.25%. */
  apyBasisPoints: number;
  /** When the statement was issued: the file's creation date. Default: midnight UTC after periodEnd. */
  issuedAt?: string;
};

export const NO_TRANSACTIONS_TEXT = 'No transactions this period';

const ERROR_NOTICE =
  `In case of errors or questions about your electronic transfers, call ${KEEL_SUPPORT.phone} or write to ` +
  `${KEEL_SUPPORT.email} as soon as you can if you think your statement is wrong or if you need more ` +
  'information about a transfer on it. We must hear from you no later than 60 days after we sent you the ' +
  'first statement on which the problem appeared. Tell us your name and account number, describe the ' +
  'error or the transfer you are unsure about and why, and the dollar amount of the suspected error.';

/** The activity table's columns: x from the left margin, width, alignment. */
const COLUMNS = {
  date: { x: 0, width: 74 },
  description: { x: 74, width: 250 },
  amount: { x: 324, width: 90 },
  balance: { x: 414, width: 90 },
} as const;
const CELL_PADDING = 6;
const ROW_TEXT_SIZE = 9;
const TABLE_BOTTOM = PAGE.height - PAGE.bottomMargin;

/** '4.25%': basis points as a percent with 2 decimals (spec §9), exactly. */
export function formatApy(apyBasisPoints: number): string {
  if (!Number.isInteger(apyBasisPoints) || apyBasisPoints < 0) {
    throw new RangeError(`Not an APY in basis points: ${apyBasisPoints}`);
  }
  return `${Math.floor(apyBasisPoints / 100)}.${String(apyBasisPoints % 100).padStart(2, '0')}%`;
}

function formatPeriod(input: StatementPdfInput): string {
  return `${formatLongDate(input.periodStart)} – ${formatLongDate(input.periodEnd)}`;
}

function checkStatementInput(input: StatementPdfInput): void {
  const { month, periodStart, periodEnd, figures } = input;
  if (!isMonthKey(month)) throw new RangeError(`Not a month key: ${month}`);
  if (!isIsoDate(periodStart) || !isIsoDate(periodEnd) || periodStart > periodEnd) {
    throw new RangeError(`Not a statement period: ${periodStart} to ${periodEnd}`);
  }
  const { openingCents, totalCreditsCents, totalDebitsCents, closingCents, lines } = figures;
  const lastBalance = lines.at(-1)?.balance ?? openingCents;
  if (openingCents + totalCreditsCents - totalDebitsCents !== closingCents || lastBalance !== closingCents) {
    throw new RangeError('Statement figures do not add up: opening + credits - debits must be the closing');
  }
}

/** The default issue date: the first moment after the period. */
function defaultIssuedAt(periodEnd: string): Date {
  const day = new Date(`${periodEnd}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day;
}

/**
 * A monthly account statement as a PDF: header, company and account, a summary of the month, then every
 * posting with the balance after it, continued over as many pages as it takes (the table header repeated
 * on each), 'Page N of M' in every footer. The account number shows whole. Same input, same bytes.
 */
export function renderStatementPdf<P extends StatementPdfPosting>(
  input: StatementPdfInput<P>,
): Promise<Uint8Array> {
  checkStatementInput(input);
  const doc = createPdfDocument({
    title: `${input.account.name} statement, ${formatLongMonth(input.month)}`,
    subject: `Account statement for ${formatPeriod(input)}`,
    createdAt: input.issuedAt ? parseTimestamp(input.issuedAt) : defaultIssuedAt(input.periodEnd),
  });
  return renderPdfBytes(doc, () => {
    let y = drawDocumentHeader(doc, 'Account Statement', formatPeriod(input));
    y = drawParties(doc, input, y);
    y = drawSummary(doc, input, y + 14);
    y = drawActivity(doc, input, y + 22);
    drawErrorNotice(doc, input, y + 18);
    drawPageFooters(doc, `${BANKING_SERVICES_LINE}. ${KEEL_SUPPORT.email} · ${KEEL_SUPPORT.phone}`);
  });
}

/** The company's name and address on the left; the account on the right. Returns the y below. */
function drawParties(doc: PDFKit.PDFDocument, input: StatementPdfInput, top: number): number {
  const { company, account } = input;
  const maxWidth = 280;
  drawText(doc, company.name, PAGE.margin, top, { font: FONT.bold, size: 11, maxWidth });
  let left = top + 16;
  for (const line of company.addressLines) {
    drawText(doc, line, PAGE.margin, left, { maxWidth });
    left += 13;
  }
  const x = PAGE.margin + 300;
  const at = (y: number) => ({ x, y, maxWidth: CONTENT_RIGHT - x });
  let right = drawLabelledValue(doc, 'Account', account.name, at(top));
  right = drawLabelledValue(doc, 'Account number', account.accountNumber, at(right));
  right = drawLabelledValue(doc, 'Routing number', account.routingNumber, at(right));
  return Math.max(left, right);
}

/** A label on the left of a column and its figure on the right. */
function drawFigure(
  doc: PDFKit.PDFDocument,
  label: string,
  figure: string,
  x: number,
  right: number,
  y: number,
) {
  const font = label === 'Closing balance' ? FONT.bold : FONT.regular;
  drawText(doc, label, x, y, { font, size: 10 });
  drawTextRight(doc, figure, right, y, { font, size: 10 });
}

/** The month in figures: the balance's arithmetic on the left, interest and yield on the right. */
function drawSummary(doc: PDFKit.PDFDocument, input: StatementPdfInput, top: number): number {
  const { figures } = input;
  const height = 118;
  doc
    .roundedRect(PAGE.margin, top, CONTENT_WIDTH, height, 4)
    .lineWidth(0.75)
    .strokeColor(COLOR.rule)
    .stroke();
  drawText(doc, 'Summary', PAGE.margin + 14, top + 12, { font: FONT.bold, size: 11, color: COLOR.brand });
  const leftX = PAGE.margin + 14;
  const leftRight = PAGE.margin + CONTENT_WIDTH / 2 - 20;
  const rightX = PAGE.margin + CONTENT_WIDTH / 2 + 20;
  const rightRight = CONTENT_RIGHT - 14;
  const row = (index: number) => top + 34 + index * 18;
  drawFigure(doc, 'Opening balance', formatMoney(figures.openingCents), leftX, leftRight, row(0));
  drawFigure(doc, 'Deposits and credits', formatMoney(figures.totalCreditsCents), leftX, leftRight, row(1));
  drawFigure(doc, 'Withdrawals and debits', formatMoney(-figures.totalDebitsCents), leftX, leftRight, row(2));
  doc
    .moveTo(leftX, row(3) - 6)
    .lineTo(leftRight, row(3) - 6)
    .lineWidth(0.75)
    .strokeColor(COLOR.rule)
    .stroke();
  drawFigure(doc, 'Closing balance', formatMoney(figures.closingCents), leftX, leftRight, row(3));
  drawFigure(doc, 'Interest earned', formatMoney(input.interestEarnedCents), rightX, rightRight, row(0));
  drawFigure(
    doc,
    'Annual percentage yield (APY)',
    formatApy(input.apyBasisPoints),
    rightX,
    rightRight,
    row(1),
  );
  drawFigure(doc, 'Transactions', String(figures.lines.length), rightX, rightRight, row(2));
  doc
    .font(FONT.regular)
    .fontSize(7.5)
    .fillColor(COLOR.muted)
    .text(
      'Interest accrues daily and is credited at month end, among the deposits and credits.',
      rightX,
      row(3),
      {
        width: rightRight - rightX,
      },
    );
  return top + height;
}

type ActivityRow = {
  date: string;
  description: string;
  amount: string;
  balance: string;
  kind: 'line' | 'total';
};

function activityRows(input: StatementPdfInput): ActivityRow[] {
  const { figures, periodStart, periodEnd } = input;
  const row = (
    date: string,
    description: string,
    amount: string,
    balance: Cents,
    kind: ActivityRow['kind'],
  ) => ({
    date: formatShortDate(date),
    description,
    amount,
    balance: formatMoney(balance),
    kind,
  });
  return [
    row(periodStart, 'Opening balance', '', figures.openingCents, 'total'),
    ...figures.lines.map((line) =>
      row(line.date, line.description, formatMoney(line.amount), line.balance, 'line'),
    ),
    row(periodEnd, 'Closing balance', '', figures.closingCents, 'total'),
  ];
}

function drawTableHeader(doc: PDFKit.PDFDocument, top: number): number {
  doc.rect(PAGE.margin, top, CONTENT_WIDTH, 20).fill(COLOR.fill);
  const style = { font: FONT.bold, size: 8.5, color: COLOR.muted } as const;
  const left = (column: { x: number }) => PAGE.margin + column.x + CELL_PADDING;
  const right = (column: { x: number; width: number }) =>
    PAGE.margin + column.x + column.width - CELL_PADDING;
  drawText(doc, 'Date', left(COLUMNS.date), top + 6.5, style);
  drawText(doc, 'Description', left(COLUMNS.description), top + 6.5, style);
  drawTextRight(doc, 'Amount', right(COLUMNS.amount), top + 6.5, style);
  drawTextRight(doc, 'Balance', right(COLUMNS.balance), top + 6.5, style);
  return top + 20;
}

function rowHeight(doc: PDFKit.PDFDocument, row: ActivityRow): number {
  doc.font(row.kind === 'total' ? FONT.bold : FONT.regular).fontSize(ROW_TEXT_SIZE);
  const text = doc.heightOfString(row.description, { width: COLUMNS.description.width - 2 * CELL_PADDING });
  return Math.max(text, ROW_TEXT_SIZE + 2) + 8;
}

function drawRow(doc: PDFKit.PDFDocument, row: ActivityRow, top: number, height: number, shaded: boolean) {
  if (shaded) doc.rect(PAGE.margin, top, CONTENT_WIDTH, height).fill('#F8F9FA');
  const font = row.kind === 'total' ? FONT.bold : FONT.regular;
  const style = { font, size: ROW_TEXT_SIZE } as const;
  const y = top + 4.5;
  drawText(doc, row.date, PAGE.margin + COLUMNS.date.x + CELL_PADDING, y, style);
  doc
    .font(font)
    .fontSize(ROW_TEXT_SIZE)
    .fillColor(COLOR.ink)
    .text(row.description, PAGE.margin + COLUMNS.description.x + CELL_PADDING, y, {
      width: COLUMNS.description.width - 2 * CELL_PADDING,
    });
  const amountRight = PAGE.margin + COLUMNS.amount.x + COLUMNS.amount.width - CELL_PADDING;
  drawTextRight(doc, row.amount, amountRight, y, style);
  drawTextRight(doc, row.balance, CONTENT_RIGHT - CELL_PADDING, y, style);
}

/** Starts a new page for the table to continue on. Returns the y of its first row. */
function continueOnNewPage(doc: PDFKit.PDFDocument, input: StatementPdfInput): number {
  doc.addPage();
  const account = `${input.account.name} ${input.account.accountNumber}`;
  const top = drawContinuationHeader(doc, `Account Statement · ${formatPeriod(input)}`, account);
  drawText(doc, 'Account activity (continued)', PAGE.margin, top, {
    font: FONT.bold,
    size: 12,
    color: COLOR.brand,
  });
  return drawTableHeader(doc, top + 22);
}

/** The activity table over as many pages as it needs. Returns the y below its last row. */
function drawActivity(doc: PDFKit.PDFDocument, input: StatementPdfInput, top: number): number {
  drawText(doc, 'Account activity', PAGE.margin, top, { font: FONT.bold, size: 12, color: COLOR.brand });
  let y = drawTableHeader(doc, top + 22);
  const rows = activityRows(input);
  rows.forEach((row, index) => {
    const height = rowHeight(doc, row);
    if (y + height > TABLE_BOTTOM) y = continueOnNewPage(doc, input);
    if (row.kind === 'total' && index > 0) drawRule(doc, y);
    drawRow(doc, row, y, height, row.kind === 'line' && index % 2 === 0);
    y += height;
    if (index === 0 && input.figures.lines.length === 0) y = drawNoTransactions(doc, y);
  });
  return y;
}

function drawNoTransactions(doc: PDFKit.PDFDocument, top: number): number {
  const x = PAGE.margin + COLUMNS.description.x + CELL_PADDING;
  drawText(doc, NO_TRANSACTIONS_TEXT, x, top + 8, {
    font: FONT.oblique,
    size: ROW_TEXT_SIZE,
    color: COLOR.muted,
  });
  return top + 26;
}

/** The error-resolution notice (Regulation E) after the table, on a new page if it does not fit. */
function drawErrorNotice(doc: PDFKit.PDFDocument, input: StatementPdfInput, top: number): void {
  doc.font(FONT.regular).fontSize(7.5);
  const height = doc.heightOfString(ERROR_NOTICE, { width: CONTENT_WIDTH }) + 14;
  let y = top;
  if (y + height > TABLE_BOTTOM) {
    doc.addPage();
    const account = `${input.account.name} ${input.account.accountNumber}`;
    y = drawContinuationHeader(doc, `Account Statement · ${formatPeriod(input)}`, account);
  }
  drawText(doc, 'In case of errors or questions', PAGE.margin, y, { font: FONT.bold, size: 8.5 });
  doc
    .font(FONT.regular)
    .fontSize(7.5)
    .fillColor(COLOR.muted)
    .text(ERROR_NOTICE, PAGE.margin, y + 13, { width: CONTENT_WIDTH });
}
