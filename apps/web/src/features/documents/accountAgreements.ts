/** Where the public disclosures live (spec §2 /legal/disclosures). */
export const DISCLOSURES_PATH = '/legal/disclosures';

type AccountAgreement = { label: string; anchor: string };

/**
 * The Documents page's 'Account Agreements' (spec §2 'Statements page'), each a View link to its
 * document on /legal/disclosures: the anchors are the documents' ids there (features/legal/documents;
 * accountAgreements.test.ts keeps the two in step). Written out rather than imported, so this page does
 * not download the legal texts.
 */
export const ACCOUNT_AGREEMENTS: readonly AccountAgreement[] = [
  { label: 'Deposit Account Agreement and Privacy Notice', anchor: 'deposit-account-agreement' },
  { label: 'Truth in Savings Disclosure', anchor: 'truth-in-savings' },
  { label: 'Debit Card Cardholder Agreement', anchor: 'debit-card-cardholder-agreement' },
];

export const agreementPath = (agreement: AccountAgreement) => `${DISCLOSURES_PATH}#${agreement.anchor}`;
