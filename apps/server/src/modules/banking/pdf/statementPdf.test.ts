import { formatCents, statementFigures } from '@keel/domain';
import { describe, expect, it } from 'vitest';
import { readPdfText } from './pdfText.testkit';
import {
  formatApy,
  NO_TRANSACTIONS_TEXT,
  renderStatementPdf,
  type StatementPdfInput,
  type StatementPdfPosting,
} from './statementPdf';

const ACCOUNT_NUMBER = '123456789012';

function statementInput(openingCents: number, postings: StatementPdfPosting[]): StatementPdfInput {
  return {
    company: {
      name: 'Acme Robotics, Inc.',
      addressLines: ['548 Market Street, Suite 200', 'San Francisco, CA 94104'],
    },
    account: { name: 'Keel Checking', accountNumber: ACCOUNT_NUMBER, routingNumber: '021000021' },
    month: '2026-05',
    periodStart: '2026-05-01',
    periodEnd: '2026-05-31',
    figures: statementFigures(openingCents, postings),
    interestEarnedCents: 1_87,
    apyBasisPoints: 425,
  };
}

const MAY_POSTINGS: StatementPdfPosting[] = [
  { date: '2026-05-12', description: 'AWS invoice 88213', amount: -1_204_17 },
  { date: '2026-05-03', description: 'Stripe payout', amount: 12_500_00 },
  { date: '2026-05-20', description: 'Transfer to Operating', amount: -5_000_00 },
  { date: '2026-05-31', description: 'Interest paid', amount: 1_87 },
];

/** 120 postings over the month, credits and debits alternating, amounts all different. */
function manyPostings(count: number): StatementPdfPosting[] {
  return Array.from({ length: count }, (_, index) => ({
    date: `2026-05-${String((index % 31) + 1).padStart(2, '0')}`,
    description: `Posting number ${index + 1}`,
    amount: index % 2 === 0 ? 1_000_00 + index : -(300_00 + index * 3),
  }));
}

describe('renderStatementPdf', () => {
  it("shows the period, the full account and routing numbers, and the month's opening, totals and closing", async () => {
    const { text, pages } = await readPdfText(
      await renderStatementPdf(statementInput(50_000_00, MAY_POSTINGS)),
    );

    expect(pages).toHaveLength(1);
    expect(text).toContain('Account Statement');
    expect(text).toContain('Banking services provided by Sample Partner Bank, N.A., Member FDIC');
    expect(text).toContain('May 1, 2026 – May 31, 2026');
    expect(text).toContain('Acme Robotics, Inc.');
    // The company's address lines run beside the account's block, so a line of it may come between.
    expect(text).toMatch(new RegExp(`Account number\\n(?:.*\\n)?${ACCOUNT_NUMBER}\\n`));
    expect(text).toContain('Routing number\n021000021');
    expect(text).not.toContain('********');
    // The totals are the month's activity, summed here independently of statementFigures.
    const credits = MAY_POSTINGS.filter((p) => p.amount > 0).reduce((sum, p) => sum + p.amount, 0);
    const debits = MAY_POSTINGS.filter((p) => p.amount < 0).reduce((sum, p) => sum + p.amount, 0);
    expect(text).toContain('Opening balance $50,000.00');
    expect(text).toContain(`Deposits and credits ${formatCents(credits)}`);
    expect(text).toContain(`Withdrawals and debits ${formatCents(debits)}`);
    expect(text).toContain(`Closing balance ${formatCents(50_000_00 + credits + debits)}`);
    expect(text).toContain('Deposits and credits $12,501.87');
    expect(text).toContain('Withdrawals and debits -$6,204.17');
    expect(text).toContain('Closing balance $56,297.70');
    expect(text).toContain('Interest earned $1.87');
    expect(text).toContain('Annual percentage yield (APY) 4.25%');
  });

  it('lists every posting by date with its signed amount and the balance after it', async () => {
    const { text } = await readPdfText(await renderStatementPdf(statementInput(50_000_00, MAY_POSTINGS)));
    const rows = text.split('\n');

    const table = rows.slice(rows.indexOf('Date Description Amount Balance') + 1);
    expect(table.slice(0, 6)).toEqual([
      '05/01/2026 Opening balance $50,000.00',
      '05/03/2026 Stripe payout $12,500.00 $62,500.00',
      '05/12/2026 AWS invoice 88213 -$1,204.17 $61,295.83',
      '05/20/2026 Transfer to Operating -$5,000.00 $56,295.83',
      '05/31/2026 Interest paid $1.87 $56,297.70',
      '05/31/2026 Closing balance $56,297.70',
    ]);
  });

  it('continues a long month over several pages, repeating the table header, numbered Page N of M', async () => {
    const postings = manyPostings(120);
    const input = statementInput(10_000_00, postings);
    const { pages, text } = await readPdfText(await renderStatementPdf(input));

    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((lines, index) => {
      expect(lines.at(-1)).toMatch(new RegExp(`Page ${index + 1} of ${pages.length}$`));
    });
    expect(text).toContain(`Page 1 of ${pages.length}`);
    const pagesWithTable = pages.filter((lines) => lines.includes('Date Description Amount Balance'));
    expect(pagesWithTable.length).toBeGreaterThanOrEqual(3);
    for (const lines of pages.slice(1)) expect(lines.join('\n')).toContain(`Keel Checking ${ACCOUNT_NUMBER}`);
    for (const line of input.figures.lines) {
      const row = `${line.date.slice(5, 7)}/${line.date.slice(8, 10)}/2026 ${line.description} ${formatCents(line.amount)} ${formatCents(line.balance)}`;
      expect(text.split('\n')).toContain(row);
    }
    expect(text).toContain(`Closing balance ${formatCents(input.figures.closingCents)}`);
    expect(text).not.toContain('********');
  });

  it('says there were no transactions in an empty month, and the closing balance is the opening one', async () => {
    const { text, pages } = await readPdfText(await renderStatementPdf(statementInput(7_250_00, [])));

    expect(pages).toHaveLength(1);
    expect(text).toContain(NO_TRANSACTIONS_TEXT);
    expect(text).toContain('Opening balance $7,250.00');
    expect(text).toContain('Closing balance $7,250.00');
    expect(text).toContain('Deposits and credits $0.00');
    expect(text).toContain('Withdrawals and debits $0.00');
    expect(text).toContain('Page 1 of 1');
  });

  it('wraps a long description instead of cutting it', async () => {
    const description =
      'Gusto payroll for the second half of the month including contractor reimbursements and benefits';
    const input = statementInput(0, [{ date: '2026-05-15', description, amount: -2_000_00 }]);
    const { text } = await readPdfText(await renderStatementPdf(input));

    const rows = text.split('\n');
    const first = rows.findIndex((row) => row.startsWith('05/15/2026 Gusto payroll'));
    expect(rows[first]).toMatch(/ -\$2,000\.00 -\$2,000\.00$/);
    expect(`${rows[first]?.replace(' -$2,000.00 -$2,000.00', '')} ${rows[first + 1]}`).toBe(
      `05/15/2026 ${description}`,
    );
  });

  it('gives the same bytes for the same statement, dated from the input and not the clock', async () => {
    const input = statementInput(50_000_00, MAY_POSTINGS);
    const first = await renderStatementPdf(input);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await renderStatementPdf(input);

    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    const { info } = await readPdfText(first);
    expect(info.CreationDate).toBe('D:20260601000000Z');
    expect(info.Title).toBe('Keel Checking statement, May 2026');
    const { info: issued } = await readPdfText(
      await renderStatementPdf({ ...input, issuedAt: '2026-06-02T08:30:00Z' }),
    );
    expect(issued.CreationDate).toBe('D:20260602083000Z');
  });

  it('refuses figures that do not add up', async () => {
    const input = statementInput(50_000_00, MAY_POSTINGS);
    const broken = { ...input, figures: { ...input.figures, closingCents: input.figures.closingCents + 1 } };

    expect(() => renderStatementPdf(broken)).toThrow(RangeError);
    expect(() => renderStatementPdf({ ...input, month: '2026-13' })).toThrow(RangeError);
    expect(() => renderStatementPdf({ ...input, periodEnd: '2026-04-30' })).toThrow(RangeError);
  });
});

describe('formatApy', () => {
  it('shows basis points as a percent with 2 decimals', () => {
    expect(formatApy(425)).toBe('4.25%');
    expect(formatApy(5)).toBe('0.05%');
    expect(formatApy(0)).toBe('0.00%');
    expect(formatApy(10_000)).toBe('100.00%');
    expect(() => formatApy(4.25)).toThrow(RangeError);
  });
});
