import { LEGAL_PARTIES, PRODUCT_NAME } from '@keel/domain';
import type { LegalDocument } from './legalDocument';

const { company, bank, supportEmail, supportPhone } = LEGAL_PARTIES;

export const E_SIGN_AGREEMENT: LegalDocument = {
  id: 'e-sign-agreement',
  title: 'Electronic Communications and E-Sign Agreement',
  effectiveDate: '2026-03-01',
  lastUpdated: '2026-02-15',
  summary: `Your consent to receive agreements, disclosures, statements and notices from ${company} and ${bank} electronically, and to sign electronically.`,
  sections: [
    {
      id: 'consent',
      heading: 'Your consent',
      blocks: [
        `${PRODUCT_NAME} is an online service. By accepting this agreement you consent, under the federal Electronic Signatures in Global and National Commerce Act (E-SIGN Act), to receive Communications from ${company} and ${bank} (together, "we") electronically instead of on paper. This consent covers every account and product you use through ${PRODUCT_NAME}.`,
      ],
    },
    {
      id: 'communications',
      heading: 'Communications covered',
      blocks: [
        '"Communications" means anything we must or choose to give you in writing, including:',
        {
          kind: 'list',
          items: [
            'these terms, the deposit account agreement, the Truth in Savings disclosure, the cardholder agreement and privacy notices, and changes to any of them;',
            'periodic account statements and tax documents;',
            'notices about your accounts, cards, transactions, transfers and error resolution;',
            'confirmations, receipts and responses to your requests.',
          ],
        },
      ],
    },
    {
      id: 'delivery',
      heading: 'How we deliver Communications',
      blocks: [
        'We deliver a Communication by posting it in the app (statements and agreements appear on the Documents page), by sending it to the e-mail address on your profile, or by showing it on screen before you act. A Communication is treated as received when we post or send it, whether or not you open it. Save or print the ones you want to keep; statements stay available in the app for at least seven years while your account is open.',
      ],
    },
    {
      id: 'requirements',
      heading: 'What you need',
      blocks: [
        {
          kind: 'list',
          items: [
            'a current version of Chrome, Firefox, Safari or Edge, with cookies and JavaScript enabled;',
            'software that opens PDF files;',
            'an e-mail address you check, and an internet connection;',
            'a printer or storage space to keep copies.',
          ],
        },
        'If these requirements change in a way that could stop you from receiving Communications, we will tell you and you may withdraw your consent without charge.',
      ],
    },
    {
      id: 'paper-copies',
      heading: 'Paper copies',
      blocks: [
        [
          'You may ask for a paper copy of any Communication by writing to ',
          { text: supportEmail, to: `mailto:${supportEmail}` },
          ` or calling ${supportPhone}. We do not charge for paper copies. Asking for a paper copy does not withdraw your consent.`,
        ],
      ],
    },
    {
      id: 'withdrawal',
      heading: 'Withdrawing your consent',
      blocks: [
        'You may withdraw your consent at any time by contacting support. Because the Service is delivered electronically, withdrawing consent ends your use of it and we will close your deposit accounts and cards under their agreements. Withdrawal does not affect the legal effect of Communications delivered before it.',
      ],
    },
    {
      id: 'contact-information',
      heading: 'Keeping your e-mail address current',
      blocks: [
        'Keep the e-mail address and phone number on your profile current; update them in your settings. If e-mails to you are returned, we may suspend your accounts until you give us a working address.',
      ],
    },
    {
      id: 'electronic-signature',
      heading: 'Electronic signatures',
      blocks: [
        'When you tick a box, click a button such as "I agree" or "Submit", or type your name to accept a document in the app, you sign it electronically. Your electronic signature has the same effect as a signature on paper.',
      ],
    },
  ],
};
