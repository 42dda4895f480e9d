import { PRODUCT_NAME, PRODUCT_SLUG } from '../product';

/**
 * The names and contacts the sample legal texts, statements and tax documents cite. All fictional: the
 * bank does not exist, the e-mail domain is the reserved `.example`, and 555-01xx numbers are reserved
 * for fiction.
 */
export const LEGAL_PARTIES = {
  company: `${PRODUCT_NAME} Technologies, Inc.`,
  companyAddress: '100 Sample Street, Suite 400, San Francisco, CA 94105',
  bank: 'Sample Partner Bank, N.A.',
  bankMemberFdic: 'Sample Partner Bank, N.A., Member FDIC',
  bankAddress: '1 Example Plaza, Wilmington, DE 19801',
  bankAddressLines: ['1 Example Plaza', 'Wilmington, DE 19801'],
  /** A placeholder: the bank is fictional. */
  bankTaxId: '00-0000000',
  supportEmail: `support@${PRODUCT_SLUG}.example`,
  privacyEmail: `privacy@${PRODUCT_SLUG}.example`,
  supportPhone: '1-800-555-0199',
} as const;
