import { LEGAL_PARTIES, PRODUCT_NAME } from '@keel/domain';
import type { LegalDocument } from './legalDocument';

const { bank, bankMemberFdic, supportEmail, supportPhone } = LEGAL_PARTIES;

export const DEBIT_CARD_CARDHOLDER_AGREEMENT: LegalDocument = {
  id: 'debit-card-cardholder-agreement',
  title: 'Debit Card Cardholder Agreement',
  effectiveDate: '2026-11-01',
  lastUpdated: '2026-10-15',
  summary: `The terms of the physical and virtual business debit cards issued by ${bankMemberFdic} and managed in ${PRODUCT_NAME}.`,
  sections: [
    {
      id: 'about',
      heading: 'About this agreement',
      blocks: [
        [
          `This Agreement governs business debit cards that ${bank} ("Bank", "we") issues, pursuant to a license from the card network shown on the card, for use with your business deposit account (the "Account"). It supplements the `,
          { text: 'Deposit Account Agreement', to: '#deposit-account-agreement' },
          '. By activating or using a card, you agree to it.',
        ],
      ],
    },
    {
      id: 'definitions',
      heading: 'Definitions',
      blocks: [
        {
          kind: 'terms',
          items: [
            { term: 'Business, you', text: 'The business that owns the Account.' },
            {
              term: 'Cardholder',
              text: 'A person the business authorizes to use a card, such as an owner or an employee.',
            },
            {
              term: 'Card',
              text: `A physical card sent by mail, or a virtual card number shown in ${PRODUCT_NAME}, linked to the Account.`,
            },
            {
              term: 'Business day',
              text: 'Monday to Friday, except federal holidays.',
            },
          ],
        },
      ],
    },
    {
      id: 'issuing',
      heading: 'Issuing and activating cards',
      blocks: [
        'Virtual cards can be used as soon as they are created. Physical cards are mailed to the address you give and must be activated in the app before use. Cards remain the property of the Bank and must be returned or destroyed when we ask.',
      ],
    },
    {
      id: 'business-responsibility',
      heading: 'Cardholders and your responsibility',
      blocks: [
        'You decide who receives a card. You are responsible for every transaction made by a Cardholder, and by anyone a Cardholder lets use a card, until you lock or cancel the card in the app. Cards are for business purposes only, and may not be used for any unlawful transaction.',
      ],
    },
    {
      id: 'using',
      heading: 'Using the card',
      blocks: [
        {
          kind: 'list',
          items: [
            'Purchases: in stores, online and by phone, wherever the card network is accepted.',
            'Cash: at ATMs, if enabled for the card.',
            'Each transaction is paid from the Account. If the available balance is not enough, the transaction is declined; cards never overdraw the Account.',
          ],
        },
      ],
    },
    {
      id: 'limits',
      heading: 'Spending limits',
      blocks: [
        'You can set per-transaction, daily and monthly limits for each card in the app. For security we may also set limits, and decline transactions that we suspect are fraudulent; the current limits are shown in the app.',
      ],
    },
    {
      id: 'holds',
      heading: 'Authorization holds',
      blocks: [
        'Some merchants, such as hotels, car rental companies and fuel stations, ask for an authorization before the final amount is known. The authorized amount is held and reduces your available balance until the transaction settles or the hold is released, usually within three business days and at most within ten.',
      ],
    },
    {
      id: 'foreign-transactions',
      heading: 'Transactions in other currencies',
      blocks: [
        'A transaction in a foreign currency is converted into U.S. dollars by the card network, at a rate it selects from wholesale market rates or a government-mandated rate on the processing date. The Bank charges no foreign transaction fee.',
      ],
    },
    {
      id: 'fees',
      heading: 'Fees',
      blocks: [
        'The Bank charges no fee to issue, use or replace a card. ATM operators may charge their own fees.',
      ],
    },
    {
      id: 'lost-or-stolen',
      heading: 'Lost or stolen cards and unauthorized use',
      blocks: [
        `If a card is lost or stolen, or you think someone used it without permission, lock the card in the app at once and call ${supportPhone} or write to ${supportEmail}. Tell us within two business days. You are not liable for transactions made after you tell us. Because the card is for business use, the consumer protections of Regulation E do not apply, but the card network's rules may limit your liability for earlier transactions.`,
      ],
    },
    {
      id: 'disputes',
      heading: 'Disputing a transaction',
      blocks: [
        'If a transaction is wrong, or a merchant did not deliver what you paid for, first ask the merchant to correct it. If it does not, tell us within 60 days after the statement showing the transaction was made available. We will investigate, may give you provisional credit while we do, and will tell you the result.',
      ],
    },
    {
      id: 'cancellation',
      heading: 'Cancelling and suspending cards',
      blocks: [
        'You may lock, unlock or cancel a card in the app at any time. We may suspend or cancel a card, with notice where the law allows, if we suspect fraud, if the Account is closed or restricted, or if this Agreement is broken. Cards are cancelled when the Account is closed.',
      ],
    },
    {
      id: 'changes-and-law',
      heading: 'Changes and governing law',
      blocks: [
        "We may change this Agreement by giving you at least 30 days' notice, unless the law requires a change sooner. This Agreement is governed by federal law and, where federal law does not apply, by the laws of the State of Delaware.",
      ],
    },
  ],
};
