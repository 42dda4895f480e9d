import { LEGAL_PARTIES, PRODUCT_NAME } from '@keel/domain';
import { DATA_PRIVACY_NOTICE } from './documents/dataPrivacyNotice';
import { DEBIT_CARD_CARDHOLDER_AGREEMENT } from './documents/debitCardCardholderAgreement';
import { DEPOSIT_ACCOUNT_AGREEMENT } from './documents/depositAccountAgreement';
import { E_SIGN_AGREEMENT } from './documents/eSignAgreement';
import type { LegalDocument } from './documents/legalDocument';
import { PRIVACY_NOTICE } from './documents/privacyNotice';
import { PRIVACY_POLICY } from './documents/privacyPolicy';
import { TERMS_OF_SERVICE } from './documents/termsOfService';
import { TRUTH_IN_SAVINGS } from './documents/truthInSavings';

/** A public legal page (spec §2 'Public routes'): its route, its title and the documents it shows, in order. */
export type LegalPageContent = {
  path: string;
  title: string;
  intro: string;
  documents: readonly LegalDocument[];
};

/**
 * The three legal pages. Documents are addressed as `${path}#${document.id}` (the Documents page's
 * 'Account Agreements' link to `/legal/disclosures#truth-in-savings` and its neighbours).
 */
export const LEGAL_PAGES = {
  legal: {
    path: '/legal',
    title: 'Legal',
    intro: `The terms for using ${PRODUCT_NAME}, how we handle your information, and your consent to receive documents electronically.`,
    documents: [PRIVACY_POLICY, TERMS_OF_SERVICE, E_SIGN_AGREEMENT],
  },
  disclosures: {
    path: '/legal/disclosures',
    title: 'Disclosures',
    intro: `The agreements and disclosures for the business deposit accounts and debit cards that ${LEGAL_PARTIES.bankMemberFdic}, provides through ${PRODUCT_NAME}.`,
    documents: [DEPOSIT_ACCOUNT_AGREEMENT, PRIVACY_NOTICE, TRUTH_IN_SAVINGS, DEBIT_CARD_CARDHOLDER_AGREEMENT],
  },
  dataPrivacy: {
    path: '/legal/data-privacy',
    title: 'Data Privacy',
    intro: `What data ${PRODUCT_NAME} collects, why, and how you stay in control of it.`,
    documents: [DATA_PRIVACY_NOTICE],
  },
} as const satisfies Record<string, LegalPageContent>;
