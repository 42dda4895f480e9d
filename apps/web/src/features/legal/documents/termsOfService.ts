import { LEGAL_PARTIES, PRODUCT_NAME } from '@keel/domain';
import type { LegalDocument } from './legalDocument';

const { company, bankMemberFdic, supportEmail, companyAddress } = LEGAL_PARTIES;

export const TERMS_OF_SERVICE: LegalDocument = {
  id: 'terms-of-service',
  title: 'Terms of Service',
  effectiveDate: '2026-11-01',
  lastUpdated: '2026-10-15',
  summary: `The agreement between ${company} and the business that uses ${PRODUCT_NAME}, and the people who use it on the business's behalf.`,
  sections: [
    {
      id: 'acceptance',
      heading: 'Accepting these terms',
      blocks: [
        `By creating an account or using the ${PRODUCT_NAME} website and app (the "Service"), you agree to these Terms of Service on behalf of yourself and the business you represent (your "company"). If you do not agree, do not use the Service.`,
        'You must be at least 18 years old and have authority to bind your company. If you accept an invitation to join a company, that company is responsible for your use of the Service.',
      ],
    },
    {
      id: 'the-service',
      heading: 'The Service',
      blocks: [
        `${PRODUCT_NAME} lets your company keep its books, see a financial report with actuals and forecasts, build dashboards, models and hiring plans, link bank and accounting accounts, and manage deposit accounts and cards.`,
        [
          `${PRODUCT_NAME} is not a bank. Deposit accounts and debit cards are provided by ${bankMemberFdic}, and are governed by the Bank's `,
          { text: 'account agreements and disclosures', to: '/legal/disclosures' },
          ', which you accept separately when you open an account.',
        ],
      ],
    },
    {
      id: 'accounts',
      heading: 'Your account and your team',
      blocks: [
        {
          kind: 'list',
          items: [
            'Give us accurate information and keep it up to date.',
            'Keep your password secret, and use two-factor authentication. Tell us at once if you suspect someone else has used your account.',
            'Owners and admins decide who joins the company and with which role. Your company is responsible for everything done by the people it invites, and for removing people who should no longer have access.',
          ],
        },
      ],
    },
    {
      id: 'your-data',
      heading: 'Your data',
      blocks: [
        `Your company owns the data it enters into or connects to the Service ("Customer Data"). You give ${PRODUCT_NAME} permission to host, copy, process and display Customer Data only as needed to provide, secure and support the Service. You can export your financial report at any time.`,
        `We may use Customer Data in aggregated and de-identified form, which cannot identify you or your company, to understand and improve the Service.`,
        [
          'How we handle personal information is described in our ',
          { text: 'Privacy Policy', to: '/legal#privacy-policy' },
          ' and ',
          { text: 'Data Privacy Notice', to: '/legal/data-privacy' },
          '.',
        ],
      ],
    },
    {
      id: 'connected-services',
      heading: 'Connected services',
      blocks: [
        `When you link a bank account or connect accounting software, you authorize ${PRODUCT_NAME} and the provider of that connection to retrieve data from it on your behalf. Those providers are independent of us, their own terms apply, and we are not responsible for the accuracy or availability of the data they supply. You can disconnect a link at any time.`,
      ],
    },
    {
      id: 'not-advice',
      heading: 'Forecasts and answers are not advice',
      blocks: [
        'Reports, forecasts, runway figures, models and the answers of the AI assistant are tools to help you plan. They depend on the data you provide and on assumptions you choose, and they may be wrong. They are not financial, investment, tax, accounting or legal advice; check important figures and consult a qualified professional before acting on them.',
      ],
    },
    {
      id: 'fees',
      heading: 'Fees',
      blocks: [
        "Some features are free. The Pro Plan costs 0.1% of your company's monthly expense total, with a minimum of $100 per month, and is billed monthly to the payment method on file. Fees are non-refundable except where the law requires otherwise. We will give you at least 30 days' notice of a price change.",
      ],
    },
    {
      id: 'acceptable-use',
      heading: 'Acceptable use',
      blocks: [
        'You agree not to:',
        {
          kind: 'list',
          items: [
            'use the Service for anything illegal, fraudulent or on behalf of anyone you are not authorized to represent;',
            'try to reach data of a company you do not belong to, or probe, scan or break our security;',
            'overload the Service, or copy it in bulk by automated means except through the interfaces we provide;',
            'reverse engineer the Service, or resell it without our written permission.',
          ],
        },
      ],
    },
    {
      id: 'intellectual-property',
      heading: 'Our intellectual property',
      blocks: [
        `The Service, its software and its design belong to ${company} and its licensors. These terms give you a right to use the Service while your account is open, and no other right. If you send us feedback, we may use it without obligation to you.`,
      ],
    },
    {
      id: 'termination',
      heading: 'Suspension and termination',
      blocks: [
        'You may stop using the Service and close your account at any time. We may suspend or end your access if you break these terms, if the law or the Bank requires it, or if your use puts other customers at risk; where we can, we will tell you first. Closing your account does not close a deposit account, which you close under its own agreement.',
      ],
    },
    {
      id: 'disclaimers',
      heading: 'Disclaimers',
      blocks: [
        'The Service is provided "as is" and "as available". To the extent the law allows, we disclaim all warranties, express or implied, including merchantability, fitness for a particular purpose and non-infringement, and we do not promise that the Service will be uninterrupted or error-free.',
      ],
    },
    {
      id: 'limitation-of-liability',
      heading: 'Limitation of liability',
      blocks: [
        'To the extent the law allows, neither party is liable for indirect, incidental, special, consequential or punitive damages, or for lost profits or data, and our total liability for any claim is limited to the greater of the fees you paid us in the 12 months before the claim and $100.',
      ],
    },
    {
      id: 'disputes',
      heading: 'Governing law and disputes',
      blocks: [
        'These terms are governed by the laws of the State of Delaware. Before bringing a claim, tell us about it and give us 30 days to resolve it informally. Claims that are not resolved are settled by binding arbitration on an individual basis, except that either party may bring a claim in small-claims court.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      blocks: [
        'We may update these terms. We will post the new version here, and tell you by e-mail or in the app at least 30 days before a material change takes effect. Continuing to use the Service after that means you accept the change.',
      ],
    },
    {
      id: 'contact',
      heading: 'Contact us',
      blocks: [
        [
          'Write to ',
          { text: supportEmail, to: `mailto:${supportEmail}` },
          ` or to ${company}, Attn: Legal, ${companyAddress}.`,
        ],
      ],
    },
  ],
};
