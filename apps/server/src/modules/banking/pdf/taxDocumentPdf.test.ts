import { describe, expect, it } from 'vitest';
import { readPdfText } from './pdfText.testkit';
import {
  EIN_NOT_ON_FILE,
  renderTaxDocumentPdf,
  SAMPLE_TAX_DOCUMENT_NOTICE,
  type TaxDocumentPdfInput,
} from './taxDocumentPdf';

const INPUT: TaxDocumentPdfInput = {
  year: 2026,
  recipient: {
    name: 'Acme Robotics, Inc.',
    addressLines: ['548 Market Street, Suite 200', 'San Francisco, CA 94104'],
    ein: '12-3456789',
  },
  account: { name: 'Keel Checking', accountNumber: '123456789012' },
  interestPaidCents: 14_815_23,
};

describe('renderTaxDocumentPdf', () => {
  it("shows the year's interest income, payer, recipient and account, and says it is a sample", async () => {
    const { text, pages } = await readPdfText(await renderTaxDocumentPdf(INPUT));

    expect(pages).toHaveLength(1);
    expect(text).toContain('Form 1099-INT');
    expect(text).toContain('Tax year 2026');
    expect(text).toContain('Interest Income');
    expect(text).toContain('1 Interest income $14,815.23');
    expect(text).toContain('Sample Partner Bank, N.A.');
    expect(text).toContain('Acme Robotics, Inc.');
    expect(text).toContain("RECIPIENT'S TIN (EIN)");
    expect(text).toContain('12-3456789');
    expect(text).not.toContain('***-**-');
    expect(text).toContain('********9012');
    expect(text).toContain(SAMPLE_TAX_DOCUMENT_NOTICE);
    expect(text).toContain('Page 1 of 1');
    expect(text).not.toContain('123456789012');
  });

  it('gives the same bytes for the same document, dated January 31 of the next year by default', async () => {
    const first = await renderTaxDocumentPdf(INPUT);
    await new Promise((resolve) => setTimeout(resolve, 1100));

    expect(Buffer.from(await renderTaxDocumentPdf(INPUT)).equals(Buffer.from(first))).toBe(true);
    expect((await readPdfText(first)).info.CreationDate).toBe('D:20270131000000Z');
  });

  it('refuses a year outside the calendar and an amount that is not whole cents', () => {
    expect(() => renderTaxDocumentPdf({ ...INPUT, year: 1899 })).toThrow(RangeError);
    expect(() => renderTaxDocumentPdf({ ...INPUT, interestPaidCents: 1.5 })).toThrow(RangeError);
    expect(() => renderTaxDocumentPdf({ ...INPUT, interestPaidCents: -1 })).toThrow(RangeError);
  });
});

describe('the recipient without an EIN on file', () => {
  it('says the EIN is not on file, never an SSN-style number', async () => {
    const { text } = await readPdfText(
      await renderTaxDocumentPdf({ ...INPUT, recipient: { ...INPUT.recipient, ein: null } }),
    );
    expect(text).toContain(EIN_NOT_ON_FILE);
    expect(text).not.toMatch(/\*\*\*-\*\*-\d{4}/);
  });

  it('refuses an EIN not in its XX-XXXXXXX layout', () => {
    expect(() =>
      renderTaxDocumentPdf({ ...INPUT, recipient: { ...INPUT.recipient, ein: '123-45-6789' } }),
    ).toThrow(RangeError);
  });
});
