import { describe, expect, it } from 'vitest';
import { LEGAL_PAGES } from '../legal/legalPages';
import { ACCOUNT_AGREEMENTS, agreementPath, DISCLOSURES_PATH } from './accountAgreements';

describe('ACCOUNT_AGREEMENTS', () => {
  it('links each agreement to a document of the disclosures page by its id', () => {
    expect(DISCLOSURES_PATH).toBe(LEGAL_PAGES.disclosures.path);
    const ids = LEGAL_PAGES.disclosures.documents.map((document) => document.id);
    for (const agreement of ACCOUNT_AGREEMENTS) expect(ids).toContain(agreement.anchor);
    expect(ACCOUNT_AGREEMENTS.map(agreementPath)).toEqual([
      '/legal/disclosures#deposit-account-agreement',
      '/legal/disclosures#truth-in-savings',
      '/legal/disclosures#debit-card-cardholder-agreement',
    ]);
  });

  it('names each agreement as its document is titled', () => {
    const titles = new Map(
      LEGAL_PAGES.disclosures.documents.map((document) => [document.id, document.title]),
    );
    expect(titles.get('deposit-account-agreement')).toMatch(/Deposit Account Agreement/);
    expect(titles.get('truth-in-savings')).toMatch(/Truth in Savings/);
    expect(titles.get('debit-card-cardholder-agreement')).toMatch(/Debit Card Cardholder Agreement/);
  });
});
