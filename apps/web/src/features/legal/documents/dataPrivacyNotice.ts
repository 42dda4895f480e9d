import { LEGAL_PARTIES, PRODUCT_NAME } from '@keel/domain';
import type { LegalDocument } from './legalDocument';

const { company, bank, companyAddress, privacyEmail, supportPhone } = LEGAL_PARTIES;

export const DATA_PRIVACY_NOTICE: LegalDocument = {
  id: 'data-privacy-notice',
  title: 'Data Privacy Notice',
  effectiveDate: '2026-11-01',
  lastUpdated: '2026-10-15',
  summary: `What data ${PRODUCT_NAME} collects, why, whom we share it with, how long we keep it, and the rights you have over it, including under the California Consumer Privacy Act (CCPA) and similar state laws.`,
  sections: [
    {
      id: 'at-a-glance',
      heading: 'At a glance',
      blocks: [
        {
          kind: 'list',
          items: [
            'We do not sell your personal information.',
            'We use your books and linked bank data to run the Service for your company, not to advertise to you.',
            'We never receive the passwords of the bank accounts you link.',
            'You can see, correct, export and delete your data, and we answer requests within 45 days.',
          ],
        },
      ],
    },
    {
      id: 'data-we-collect',
      heading: 'Data we collect',
      blocks: [
        {
          kind: 'table',
          caption: 'Categories of data, with examples and where they come from',
          columns: ['Category', 'Examples', 'Source'],
          rows: [
            [
              'Account and profile',
              'Name, e-mail, phone number, business address, role, password (stored only as a hash), two-factor settings',
              'You',
            ],
            [
              'Company books',
              'Entities, accounts, entries, forecasts, reports, dashboards, models, hiring plans, and employee names and salaries you enter',
              'You and your team',
            ],
            [
              'Linked bank and accounting data',
              'Institution and account names, masked account numbers, balances, transactions',
              'Bank data aggregators and accounting software you connect, with your authorization',
            ],
            [
              'Banking and identity',
              'Legal name, date of birth, Social Security or taxpayer number, deposit accounts, cards, transfers, statements',
              `You, ${bank} and identity verification services`,
            ],
            ['Billing', 'Plan, invoices, card brand and last four digits', 'You and our payment processor'],
            [
              'Device and log data',
              'IP address, browser and device type, pages viewed, time stamps, sign-in events, error reports',
              'Collected automatically',
            ],
            [
              'Cookies',
              'Sign-in session and preferences; analytics and marketing cookies only with your consent',
              'Collected automatically',
            ],
            ['Communications', 'Support messages and conversations with the AI assistant', 'You'],
          ],
        },
      ],
    },
    {
      id: 'why-we-use-it',
      heading: 'Why we use it',
      blocks: [
        {
          kind: 'terms',
          items: [
            {
              term: 'Providing the Service',
              text: 'Building your financial report, forecasts, dashboards and models, and operating your deposit accounts and cards.',
            },
            {
              term: 'Security and fraud prevention',
              text: 'Verifying sign-ins, enforcing two-factor authentication, detecting unusual activity and investigating incidents.',
            },
            {
              term: 'Legal and regulatory duties',
              text: 'Verifying identity before an account is opened, keeping banking records, answering lawful requests.',
            },
            {
              term: 'Support and communication',
              text: 'Answering your questions and sending service notices, statements and, unless you opt out, product news.',
            },
            {
              term: 'The AI assistant',
              text: 'Sending your question and the parts of your books needed to answer it to our AI model provider, whose contract forbids it to keep the data or train models on it.',
            },
            {
              term: 'Improving the Service',
              text: 'Measuring how features are used, with aggregated or de-identified data wherever we can.',
            },
          ],
        },
      ],
    },
    {
      id: 'linked-bank-data',
      heading: 'Linked bank data',
      blocks: [
        'When you link a bank account, you sign in to your bank through a bank data aggregator, not through us, so we never see or store your bank password. The aggregator gives us read-only access to the accounts you choose, which we use to import balances and transactions into your books.',
        "You can disconnect a link at any time on the Linked Accounts page. We then stop importing from it. Transactions already imported stay in your books, as part of your company's records, until you delete them or the company.",
      ],
    },
    {
      id: 'sharing',
      heading: 'Whom we share it with',
      blocks: [
        {
          kind: 'list',
          items: [
            `${bank}, which provides your deposit accounts and cards.`,
            'Service providers under contract: hosting, e-mail and text messages, payments, identity verification, support tools and the AI model provider. They may use data only to serve us.',
            'Bank data aggregators and accounting software providers, for the connections you make.',
            'The members of your company, according to the roles your company gives them.',
            'Authorities, when the law or legal process requires it.',
          ],
        },
        'We do not sell personal information, and we do not share it for cross-context behavioral advertising unless you accept marketing cookies. You can withdraw that choice in the cookie settings at any time, and we treat a Global Privacy Control signal as an opt-out.',
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      blocks: [
        {
          kind: 'table',
          caption: 'Retention periods by category of data',
          columns: ['Data', 'Kept for'],
          rows: [
            ['Account and profile', 'While your account is open; deleted within 90 days after you close it'],
            [
              'Company books and linked data',
              'While the company exists in the Service; deleted within 90 days after it is deleted, and from backups within a further 35 days',
            ],
            [
              'Banking and identity records',
              'At least five years after the deposit account is closed, as federal law requires',
            ],
            ['Billing records', 'Seven years, for tax and accounting'],
            ['Device and log data', '12 months; security logs up to 24 months'],
          ],
        },
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      blocks: [
        'Depending on where you live, including in California, you have the right to:',
        {
          kind: 'list',
          items: [
            'know and access the personal information we hold about you, and receive a copy in a portable format;',
            'correct personal information that is inaccurate;',
            'delete personal information, subject to the records the law requires us or the Bank to keep;',
            'opt out of the sale or sharing of personal information, and limit the use of sensitive personal information (we do neither without your consent);',
            'not be treated differently for using any of these rights.',
          ],
        },
        [
          'You can update your profile yourself in your settings. For anything else, write to ',
          { text: privacyEmail, to: `mailto:${privacyEmail}` },
          ` or call ${supportPhone}. We verify your identity before acting, answer within 45 days (or tell you within that time if we need 45 more), and you may appeal a decision by replying to our answer. An authorized agent may make a request for you with your signed permission.`,
        ],
        `If your information is in a company's books because that company entered it (for example, as an employee in its hiring plan), the company decides how it is used, and we will pass your request on to it.`,
      ],
    },
    {
      id: 'security',
      heading: 'How we protect it',
      blocks: [
        {
          kind: 'list',
          items: [
            'Encryption in transit (TLS) and at rest.',
            'Passwords stored only as salted Argon2 hashes; two-factor authentication by text message or authenticator app.',
            "Every request checked against the company and role it acts for, so no one sees another company's data.",
            'Staff access limited to what their work needs, and logged.',
            'An incident response plan; we notify you and the authorities of a breach as the law requires.',
          ],
        },
      ],
    },
    {
      id: 'where-data-is-stored',
      heading: 'Where your data is stored',
      blocks: ['We store and process data in the United States.'],
    },
    {
      id: 'children',
      heading: 'Children',
      blocks: ['The Service is not directed to anyone under 18, and we do not knowingly collect their data.'],
    },
    {
      id: 'changes',
      heading: 'Changes to this notice',
      blocks: [
        'We post changes here and update the "Last updated" date; we tell you by e-mail or in the app before a material change takes effect.',
      ],
    },
    {
      id: 'contact',
      heading: 'Contact',
      blocks: [
        [
          'Privacy team: ',
          { text: privacyEmail, to: `mailto:${privacyEmail}` },
          `, ${supportPhone}, or by mail to ${company}, Attn: Privacy, ${companyAddress}.`,
        ],
      ],
    },
  ],
};
