import { LEGAL_PARTIES, PRODUCT_NAME } from '@keel/domain';
import type { LegalDocument } from './legalDocument';

const { company, bank, bankMemberFdic, privacyEmail, companyAddress } = LEGAL_PARTIES;

export const PRIVACY_POLICY: LegalDocument = {
  id: 'privacy-policy',
  title: 'Privacy Policy',
  effectiveDate: '2026-11-01',
  lastUpdated: '2026-10-15',
  summary: `How ${company} collects, uses, shares and protects personal information when you visit our website or use the ${PRODUCT_NAME} app. Our Data Privacy Notice sets out the details and your rights.`,
  sections: [
    {
      id: 'scope',
      heading: 'Who we are and what this policy covers',
      blocks: [
        `${company} ("${PRODUCT_NAME}", "we", "us") provides financial planning, reporting and banking software for businesses. This policy applies to our website, the ${PRODUCT_NAME} web app and the services we offer through them (together, the "Service").`,
        [
          `${PRODUCT_NAME} is a financial technology company, not a bank. Deposit accounts and debit cards are provided by ${bankMemberFdic} (the "Bank"). When you open a deposit account, the Bank's own `,
          { text: 'Privacy Notice', to: '/legal/disclosures#privacy-notice' },
          ' also applies to the information the Bank receives.',
        ],
      ],
    },
    {
      id: 'information-we-collect',
      heading: 'Information we collect',
      blocks: [
        'We collect only what we need to run the Service for you and your company:',
        {
          kind: 'list',
          items: [
            "Information you give us: your name, e-mail address, phone number and business address; your company's name and details; and, if you apply for a deposit account, the identity information the Bank requires (such as date of birth and taxpayer identification number).",
            'Information you and your team enter: accounts, entries, forecasts, reports, dashboards, models and hiring plans.',
            'Information from services you connect: balances and transactions from bank accounts you link through a bank data aggregator, and records from accounting software you connect. We receive these only after you authorize the connection.',
            'Information collected automatically: IP address, browser and device type, pages viewed, sign-in events and error logs, and the cookies described below.',
          ],
        },
      ],
    },
    {
      id: 'how-we-use',
      heading: 'How we use information',
      blocks: [
        {
          kind: 'list',
          items: [
            'To provide the Service: build your financial report, forecasts, dashboards and models from your books and linked accounts.',
            'To verify identity and prevent fraud, as the Bank and the law require before an account is opened or a card is issued.',
            'To keep the Service secure: detect suspicious sign-ins, enforce two-factor authentication and investigate incidents.',
            'To support you: answer questions and resolve problems you report.',
            'To communicate with you: send service notices, statements and, if you have not opted out, news about new features.',
            'To improve the Service, using aggregated or de-identified information wherever we can.',
            "To comply with law, regulation, legal process and the Bank's requirements.",
          ],
        },
      ],
    },
    {
      id: 'sharing',
      heading: 'How we share information',
      blocks: [
        'We do not sell personal information. We share it only as follows:',
        {
          kind: 'list',
          items: [
            `With ${bank}, to open, operate and service your deposit accounts and cards.`,
            'With service providers who work for us under contract (hosting, e-mail and text messaging, payment processing, identity verification, customer support), who may use it only to provide their services to us.',
            'With bank data aggregators and accounting software providers, to make the connections you ask for.',
            "Within your company: the people your company invites see the company's data according to the role (owner, admin or bookkeeper) it gives them.",
            'When the law requires it, or to protect the rights, property or safety of our customers, the Bank, the public or us.',
            'In a merger, acquisition or sale of assets, subject to this policy.',
            'With anyone else, only with your consent.',
          ],
        },
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies',
      blocks: [
        'Strictly necessary cookies keep you signed in and protect your account; the Service does not work without them. Analytics and marketing cookies are used only if you accept them in the cookie banner, and you can change your choice at any time. We treat a Global Privacy Control signal from your browser as a request to turn marketing cookies off.',
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep information',
      blocks: [
        [
          'We keep information for as long as your account is open and as long afterwards as we need it for the purposes above. Records of deposit accounts are kept for at least five years after an account is closed, as federal law requires. The ',
          { text: 'retention schedule', to: '/legal/data-privacy#data-privacy-notice-retention' },
          ' in our Data Privacy Notice lists the periods.',
        ],
      ],
    },
    {
      id: 'security',
      heading: 'Security',
      blocks: [
        "We encrypt information in transit and at rest, store passwords only as salted hashes, offer two-factor authentication, and limit our staff's access to what their work needs. No system is perfectly secure, so please use a strong, unique password and turn on two-factor authentication in your security settings.",
      ],
    },
    {
      id: 'your-choices',
      heading: 'Your choices and rights',
      blocks: [
        [
          'You can review and correct your profile in your settings, opt out of marketing e-mails with the link in any of them, and ask us to close your account. Depending on where you live you may have further rights, such as to access, delete or correct your information; the ',
          { text: 'Data Privacy Notice', to: '/legal/data-privacy' },
          ' explains them and how to use them.',
        ],
      ],
    },
    {
      id: 'children',
      heading: 'Children',
      blocks: [
        'The Service is for businesses and is not directed to anyone under 18. We do not knowingly collect information from children.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      blocks: [
        'We will post any change here and update the "Last updated" date. If a change is material, we will tell you by e-mail or in the app before it takes effect.',
      ],
    },
    {
      id: 'contact',
      heading: 'Contact us',
      blocks: [
        [
          'Questions about this policy: write to ',
          { text: privacyEmail, to: `mailto:${privacyEmail}` },
          ` or to ${company}, Attn: Privacy, ${companyAddress}.`,
        ],
      ],
    },
  ],
};
