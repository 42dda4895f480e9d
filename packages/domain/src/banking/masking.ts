/**
 * How card and account numbers show on screen (spec §9: 'Card number masked showing only last digits;
 * account number masked except from the ninth character on'; §4: 'otherwise CVV shows ***'). A phone
 * number's last 4 digits for SMS are validation/profile.ts's maskPhoneNumber.
 */

export const MASK_CHARACTER = '*';

/** What the CVV shows until the card is revealed. */
export const MASKED_CVV = '***';

/** The account number shows from its ninth character on; the first eight are masked. */
export const ACCOUNT_NUMBER_VISIBLE_FROM = 9;

/**
 * An account number with its first eight characters masked, one mask per character, the rest as is:
 * '123456789012' → '********9012'. An account number of eight characters or fewer is masked whole.
 */
export function maskAccountNumber(accountNumber: string): string {
  const hidden = Math.min(accountNumber.length, ACCOUNT_NUMBER_VISIBLE_FROM - 1);
  return MASK_CHARACTER.repeat(hidden) + accountNumber.slice(hidden);
}

/**
 * A card number showing only its last 4 digits, laid out as Keel's 16-digit cards are: from the full
 * number or from the card's last4, '4242 4242 4242 4242' or '4242' → '**** **** **** 4242'.
 */
export function maskCardNumber(cardNumberOrLast4: string): string {
  const last4 = cardNumberOrLast4.replace(/\D/g, '').slice(-4).padStart(4, MASK_CHARACTER);
  const group = MASK_CHARACTER.repeat(4);
  return `${group} ${group} ${group} ${last4}`;
}

/** A revealed card number in groups of 4 (spec §4): '4242424242424242' → '4242 4242 4242 4242'. */
export function formatCardNumber(cardNumber: string): string {
  return (
    cardNumber
      .replace(/\D/g, '')
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}
