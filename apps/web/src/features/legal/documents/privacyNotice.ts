import { LEGAL_PARTIES, PRODUCT_NAME } from '@keel/domain';
import type { LegalDocument } from './legalDocument';

const { company, bank, supportEmail, supportPhone } = LEGAL_PARTIES;

/** The bank's notice, laid out as the federal model privacy form is: facts, the sharing chart, then answers. */
export const PRIVACY_NOTICE: LegalDocument = {
  id: 'privacy-notice',
  title: 'Privacy Notice',
  effectiveDate: '2026-11-01',
  lastUpdated: '2026-10-15',
  summary: `Facts: what does ${bank} do with your personal information?`,
  sections: [
    {
      id: 'why',
      heading: 'Why?',
      blocks: [
        'Financial companies choose how they share your personal information. Federal law gives consumers the right to limit some but not all sharing. Federal law also requires us to tell you how we collect, share and protect your personal information. Please read this notice carefully to understand what we do.',
      ],
    },
    {
      id: 'what',
      heading: 'What?',
      blocks: [
        'The types of personal information we collect and share depend on the product or service you have with us. This information can include:',
        {
          kind: 'list',
          items: [
            'Social Security number and date of birth',
            'account balances and transaction history',
            'contact information and card usage',
          ],
        },
        'When you are no longer our customer, we continue to share your information as described in this notice.',
      ],
    },
    {
      id: 'how',
      heading: 'How?',
      blocks: [
        `All financial companies need to share customers' personal information to run their everyday business. The chart below lists the reasons financial companies can share their customers' personal information, the reasons ${bank} chooses to share, and whether you can limit this sharing.`,
        {
          kind: 'table',
          caption: 'Reasons we can share your personal information',
          columns: ['Reason we can share', 'Do we share?', 'Can you limit this sharing?'],
          rows: [
            [
              'For our everyday business purposes, such as to process your transactions, maintain your account, respond to court orders and legal investigations, or report to credit bureaus',
              'Yes',
              'No',
            ],
            ['For our marketing purposes, to offer our products and services to you', 'Yes', 'No'],
            ['For joint marketing with other financial companies', 'No', "We don't share"],
            [
              "For our affiliates' everyday business purposes: information about your transactions and experiences",
              'No',
              "We don't share",
            ],
            [
              "For our affiliates' everyday business purposes: information about your creditworthiness",
              'No',
              "We don't share",
            ],
            ['For our affiliates to market to you', 'No', "We don't share"],
            ['For nonaffiliates to market to you', 'No', "We don't share"],
          ],
        },
      ],
    },
    {
      id: 'protect',
      heading: 'How do we protect your personal information?',
      blocks: [
        'To protect your personal information from unauthorized access and use, we use security measures that comply with federal law. These measures include computer safeguards and secured files and buildings. We require our service providers to protect it in the same way.',
      ],
    },
    {
      id: 'collect',
      heading: 'How do we collect your personal information?',
      blocks: [
        'We collect your personal information, for example, when you open an account, deposit or transfer money, use your debit card, or give us your contact information. We also collect your personal information from others, such as identity verification services and other companies.',
      ],
    },
    {
      id: 'limits',
      heading: "Why can't I limit all sharing?",
      blocks: [
        "Federal law gives you the right to limit only sharing for affiliates' everyday business purposes (information about your creditworthiness), affiliates from using your information to market to you, and sharing for nonaffiliates to market to you. State laws and individual companies may give you additional rights to limit sharing. Because we do not share in any of these ways, there is nothing you need to limit.",
      ],
    },
    {
      id: 'definitions',
      heading: 'Definitions',
      blocks: [
        {
          kind: 'terms',
          items: [
            {
              term: 'Affiliates',
              text: `Companies related by common ownership or control. ${bank} has no affiliates that receive your information.`,
            },
            {
              term: 'Nonaffiliates',
              text: `Companies not related by common ownership or control. Nonaffiliates we share with include ${company}, which provides the ${PRODUCT_NAME} app through which you use your account, and our other service providers.`,
            },
            {
              term: 'Joint marketing',
              text: 'A formal agreement between nonaffiliated financial companies that together market financial products or services to you. We do not jointly market.',
            },
          ],
        },
      ],
    },
    {
      id: 'questions',
      heading: 'Questions?',
      blocks: [
        [`Call ${supportPhone} or write to `, { text: supportEmail, to: `mailto:${supportEmail}` }, '.'],
      ],
    },
  ],
};
