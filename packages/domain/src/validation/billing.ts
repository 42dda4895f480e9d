import { z } from 'zod';

/**
 * The payment form of the billing page in sandbox mode (spec §4 Subscription: 'a payment form with
 * Cancel and Submit'), checked by the form and again by the server. Messages are Stripe's own, so the
 * sandbox reads like Stripe Elements. With Stripe keys set, card details never reach Keel: Stripe
 * Elements collects them and this schema is not used.
 */

export const CARD_MESSAGES = {
  numberRequired: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryRequired: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration date is in the past.",
  expiryYearInvalid: "Your card's expiration year is invalid.",
  cvcIncomplete: "Your card's security code is incomplete.",
  nameRequired: 'Name on card is required',
  nameTooLong: 'Name on card must be at most 100 characters',
} as const;

export const CARD_NAME_MAX = 100;
/** Cards expire at most this many years ahead (Stripe refuses later years). */
const EXPIRY_YEARS_AHEAD = 50;

/** Stripe's card brand names. */
export type CardBrand =
  | 'visa'
  | 'mastercard'
  | 'amex'
  | 'discover'
  | 'diners'
  | 'jcb'
  | 'unionpay'
  | 'unknown';

/** The brand of a card number (digits only), from its leading digits. */
export function cardBrandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(22[1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^(30[0-5]|3[689])/.test(digits)) return 'diners';
  if (/^35/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

const BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: 'Card',
};

/** 'Visa', 'American Express'; 'Card' for anything unknown. */
export function cardBrandLabel(brand: string): string {
  return BRAND_LABELS[brand as CardBrand] ?? 'Card';
}

/** The Luhn checksum every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The digits of a card number as typed ('4242 4242 4242 4242', '4242-4242-...'), or null. */
export function cardDigitsOf(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) ? digits : null;
}

/** A security code is 4 digits on American Express cards, 3 on the others. */
export function cvcLengthOf(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

/** The expiry as typed: 'MM/YY', 'MM / YY' or 'MM/YYYY'. */
export function parseCardExpiry(typed: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(typed);
  if (!match) return null;
  const month = Number(match[1]);
  const yearText = match[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card as the server passes it to the payments sandbox: the number only in memory, never stored. */
export type PaymentCard = {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
  brand: CardBrand;
  last4: string;
};

/** What the form sends: the four fields as typed. */
export type PaymentCardForm = { number: string; expiry: string; cvc: string; name: string };

/**
 * The payment form's rules, relative to `today` (YYYY-MM-DD, the server's day): a number of 12 to 19
 * digits with a valid checksum, an expiry month not before this month, a 3-digit security code (4 on
 * American Express) and the name on the card.
 */
export function paymentCardSchema(today: string) {
  const [todayYear, todayMonth] = today.split('-').map(Number) as [number, number];
  return z
    .object({
      number: z.string({ error: CARD_MESSAGES.numberRequired }),
      expiry: z.string({ error: CARD_MESSAGES.expiryRequired }),
      cvc: z.string({ error: CARD_MESSAGES.cvcIncomplete }),
      name: z.string({ error: CARD_MESSAGES.nameRequired }),
    })
    .transform((form, context): PaymentCard => {
      const digits = cardDigitsOf(form.number);
      const brand = cardBrandOf(digits ?? '');
      if (!digits || digits.length < 12) {
        context.addIssue({ code: 'custom', path: ['number'], message: CARD_MESSAGES.numberRequired });
      } else if (digits.length > 19 || !passesLuhn(digits)) {
        context.addIssue({ code: 'custom', path: ['number'], message: CARD_MESSAGES.numberInvalid });
      }
      const expiry = parseCardExpiry(form.expiry);
      if (!expiry) {
        context.addIssue({ code: 'custom', path: ['expiry'], message: CARD_MESSAGES.expiryRequired });
      } else if (expiry.year * 12 + expiry.month < todayYear * 12 + todayMonth) {
        context.addIssue({ code: 'custom', path: ['expiry'], message: CARD_MESSAGES.expiryPast });
      } else if (expiry.year > todayYear + EXPIRY_YEARS_AHEAD) {
        context.addIssue({ code: 'custom', path: ['expiry'], message: CARD_MESSAGES.expiryYearInvalid });
      }
      const name = form.name.trim();
      if (name === '') {
        context.addIssue({ code: 'custom', path: ['name'], message: CARD_MESSAGES.nameRequired });
      } else if (name.length > CARD_NAME_MAX) {
        context.addIssue({ code: 'custom', path: ['name'], message: CARD_MESSAGES.nameTooLong });
      }
      const cvc = form.cvc.trim();
      if (!new RegExp(`^\\d{${cvcLengthOf(brand)}}$`).test(cvc)) {
        context.addIssue({ code: 'custom', path: ['cvc'], message: CARD_MESSAGES.cvcIncomplete });
      }
      return {
        number: digits ?? '',
        expMonth: expiry?.month ?? 0,
        expYear: expiry?.year ?? 0,
        cvc,
        name,
        brand,
        last4: (digits ?? '').slice(-4),
      };
    });
}

/** How the payments sandbox answers a card, as Stripe's test mode does for its test numbers. */
export type SandboxCardOutcome =
  | { kind: 'succeeds' }
  | { kind: 'declined'; declineCode: string; message: string };

/** Stripe's test cards that the sandbox knows (https://docs.stripe.com/testing), by number. */
export const SANDBOX_TEST_CARDS: readonly { number: string; label: string; outcome: SandboxCardOutcome }[] = [
  { number: '4242424242424242', label: 'Visa: succeeds', outcome: { kind: 'succeeds' } },
  { number: '5555555555554444', label: 'Mastercard: succeeds', outcome: { kind: 'succeeds' } },
  { number: '378282246310005', label: 'American Express: succeeds', outcome: { kind: 'succeeds' } },
  {
    number: '4000000000000002',
    label: 'Visa: declined',
    outcome: { kind: 'declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  },
  {
    number: '4000000000009995',
    label: 'Visa: insufficient funds',
    outcome: {
      kind: 'declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  {
    number: '4000000000000069',
    label: 'Visa: expired card',
    outcome: { kind: 'declined', declineCode: 'expired_card', message: 'Your card has expired.' },
  },
  {
    number: '4000000000000127',
    label: 'Visa: incorrect security code',
    outcome: {
      kind: 'declined',
      declineCode: 'incorrect_cvc',
      message: "Your card's security code is incorrect.",
    },
  },
];

/** Any other number: Stripe's test mode refuses real cards with this message. */
export const NON_TEST_CARD_OUTCOME: SandboxCardOutcome = {
  kind: 'declined',
  declineCode: 'live_mode_test_card',
  message:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
};

/** What the sandbox does with a card number (digits only). */
export function sandboxCardOutcome(digits: string): SandboxCardOutcome {
  return SANDBOX_TEST_CARDS.find((card) => card.number === digits)?.outcome ?? NON_TEST_CARD_OUTCOME;
}
