import { LEGAL_PARTIES, PRODUCT_NAME } from '@keel/domain';
import type { LegalDocument } from './legalDocument';

const { company, bank, bankMemberFdic, supportEmail, supportPhone } = LEGAL_PARTIES;

export const DEPOSIT_ACCOUNT_AGREEMENT: LegalDocument = {
  id: 'deposit-account-agreement',
  title: 'Deposit Account Agreement',
  effectiveDate: '2026-11-01',
  lastUpdated: '2026-10-15',
  summary: `The terms of the business deposit account you open through ${PRODUCT_NAME}, held at ${bankMemberFdic}.`,
  sections: [
    {
      id: 'parties',
      heading: 'Parties and documents',
      blocks: [
        `This Agreement is between the business that opens the account ("you") and ${bankMemberFdic} ("Bank", "we", "us"). ${company} is not a bank; it provides the software through which you open and manage your account (the "Account") and acts as the Bank's service provider.`,
        [
          'This Agreement includes the ',
          { text: 'Truth in Savings Disclosure', to: '#truth-in-savings' },
          ', the ',
          { text: 'Debit Card Cardholder Agreement', to: '#debit-card-cardholder-agreement' },
          ', the ',
          { text: 'Privacy Notice', to: '#privacy-notice' },
          ' and the ',
          { text: 'Electronic Communications and E-Sign Agreement', to: '/legal#e-sign-agreement' },
          '. If they conflict about the Account, this Agreement controls.',
        ],
      ],
    },
    {
      id: 'opening',
      heading: 'Opening an account',
      blocks: [
        "Important information about procedures for opening a new account: to help the government fight the funding of terrorism and money laundering, federal law requires all financial institutions to obtain, verify and record information that identifies each business and person who opens an account. When you open an Account, we will ask for the business's name, address and taxpayer identification number, and for the name, address, date of birth and Social Security number of its owners and the person opening the Account. We may also ask for documents that let us verify this information.",
        'Accounts are available to businesses organized in the United States and owned or controlled by U.S. citizens or residents. We may decline an application for any lawful reason.',
      ],
    },
    {
      id: 'deposits',
      heading: 'Deposits and funds availability',
      blocks: [
        'You may deposit funds by ACH transfer, wire transfer or transfer from another account you link. Electronic deposits received before 5:00 p.m. Eastern Time on a business day are available that day; deposits received later, or on a weekend or federal holiday, are available on the next business day. We may delay availability of a deposit we reasonably believe is fraudulent or sent in error, and will tell you when we do.',
      ],
    },
    {
      id: 'withdrawals',
      heading: 'Withdrawals and transfers',
      blocks: [
        'You may withdraw funds by ACH transfer, wire transfer, debit card or transfer between your accounts. Limits on the amount of transfers are shown in the app before you send one. We may refuse a withdrawal that exceeds your available balance, that we believe is unauthorized or unlawful, or that is subject to a hold or legal process. Accounts do not allow overdrafts: a transaction that would overdraw the Account is declined.',
      ],
    },
    {
      id: 'fees',
      heading: 'Fees',
      blocks: [
        "The Bank charges no monthly maintenance fee, no minimum balance fee and no fee for ACH transfers. Operators of ATMs and other third parties may charge their own fees. We will give you at least 30 days' notice before introducing or increasing a fee.",
      ],
    },
    {
      id: 'interest',
      heading: 'Interest',
      blocks: [
        [
          'Whether and how the Account earns interest is set out in the ',
          { text: 'Truth in Savings Disclosure', to: '#truth-in-savings' },
          '.',
        ],
      ],
    },
    {
      id: 'statements',
      heading: 'Statements and errors',
      blocks: [
        'We make a statement available in the app each month. Review it promptly. If you find an error or an unauthorized transaction, tell us within 30 days after the statement was made available; if you do not, to the extent the law allows, we are not liable for that item or for later items by the same person that prompt notice would have prevented.',
      ],
    },
    {
      id: 'authorized-users',
      heading: 'Authorized users',
      blocks: [
        `Owners and admins of your company in ${PRODUCT_NAME} may operate the Account, and may give people cards and permissions. Everything done by a person you authorize is treated as done by you, until you remove that person's access.`,
      ],
    },
    {
      id: 'security',
      heading: 'Security and unauthorized transactions',
      blocks: [
        `Keep your sign-in credentials and cards secure, and use two-factor authentication. If you believe your credentials or a card have been lost, stolen or used without permission, lock the card in the app and contact us at once at ${supportPhone} or ${supportEmail}.`,
      ],
    },
    {
      id: 'deposit-insurance',
      heading: 'Deposit insurance',
      blocks: [
        `Funds in the Account are insured by the Federal Deposit Insurance Corporation (FDIC) up to $250,000 per depositor, per insured bank, for each account ownership category, when ${bank} holds them. FDIC insurance covers the failure of the Bank; it does not cover the failure of ${company}, which is not FDIC-insured.`,
      ],
    },
    {
      id: 'legal-process',
      heading: 'Holds, setoff and legal process',
      blocks: [
        'We may place a hold on, or pay out funds from, the Account to comply with a garnishment, levy, subpoena or other legal process. We may also set off against the Account any amount you owe us. Where the law allows, we will tell you when we do.',
      ],
    },
    {
      id: 'inactive-accounts',
      heading: 'Inactive accounts and unclaimed funds',
      blocks: [
        'If there is no activity on the Account for the period set by state law, we must send the balance to the state as unclaimed property. We will try to contact you before we do.',
      ],
    },
    {
      id: 'closing',
      heading: 'Closing the Account',
      blocks: [
        'You may close the Account at any time. We may close it or restrict it with reasonable notice, or without notice where the law or the risk of loss requires. When the Account is closed we send the remaining balance, after pending transactions, to an account you designate.',
      ],
    },
    {
      id: 'changes-and-law',
      heading: 'Changes and governing law',
      blocks: [
        "We may change this Agreement by giving you at least 30 days' notice, unless a change is in your favor or required immediately by law. This Agreement is governed by federal law and, where federal law does not apply, by the laws of the State of Delaware.",
      ],
    },
  ],
};
