import { createHash } from 'node:crypto';
import { luhnCheckDigit } from '@keel/domain';
import type { CardIssuer, IssuedCard } from './index';

/**
 * The sandbox card issuer (the default): a card network simulated without one. Its rules:
 *
 * - Numbers are 16 digits on the test BIN SANDBOX_CARD_BIN ('400000', a Visa test range no real card
 *   uses), then 9 digits derived from Keel's card id, then the Luhn check digit; the CVV is 3 digits
 *   derived the same way. The same card id always gets the same card, so a retried issue is the same card.
 * - A card expires at the end of the month it was issued in, SANDBOX_CARD_YEARS years later.
 * - Its own card id is 'sandbox_card_' and 24 hex digits of the same hash; a status change for any
 *   other id is refused, as a real issuer refuses a card it never issued. Every change of one of its
 *   cards is accepted: which changes a card allows is the domain's changeCardStatus, checked before.
 */

export const SANDBOX_CARD_BIN = '400000';
export const SANDBOX_CARD_YEARS = 3;
const CARD_ID_PREFIX = 'sandbox_card_';
const SANDBOX_CARD_ID = /^sandbox_card_[0-9a-f]{24}$/;

export function createSandboxCardIssuer(): CardIssuer {
  return {
    kind: 'sandbox',

    async issueCard({ cardId, now }): Promise<IssuedCard> {
      const digest = createHash('sha256').update(`keel-sandbox-card:${cardId}`).digest();
      const account = (digest.readBigUInt64BE(0) % 10n ** 9n).toString().padStart(9, '0');
      const payload = `${SANDBOX_CARD_BIN}${account}`;
      const cvv = String(digest.readUInt32BE(8) % 1000).padStart(3, '0');
      return {
        providerCardId: `${CARD_ID_PREFIX}${digest.subarray(12, 24).toString('hex')}`,
        pan: `${payload}${luhnCheckDigit(payload)}`,
        cvv,
        expirationMonth: now.getUTCMonth() + 1,
        expirationYear: now.getUTCFullYear() + SANDBOX_CARD_YEARS,
      };
    },

    async setCardStatus(providerCardId) {
      if (!SANDBOX_CARD_ID.test(providerCardId)) {
        throw new Error(`The sandbox issuer has no card ${providerCardId}`);
      }
    },
  };
}
