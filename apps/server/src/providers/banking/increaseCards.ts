import type { CardStatus } from '@keel/domain';
import type Increase from 'increase';
import type { CardIssuer, IssuedCard } from './index';

/**
 * Cards issued by Increase (BANKING_PROVIDER=increase), on the company's Increase account:
 *
 * - A card is an Increase Card (Keel's card id is Increase's idempotency key, so a retried issue is the
 *   same card); its number, CVV and expiry are read once from Increase's card details and sealed by Keel
 *   (modules/banking/cards.ts), as with the sandbox. A deployment that must stay out of PCI scope would
 *   show Increase's details iframe instead; Keel's reveal step is the same.
 * - A physical card is also ordered as an Increase Physical Card, printed for and shipped by USPS to the
 *   approved applicant (INCREASE_PHYSICAL_CARD_PROFILE_ID chooses the card design, else Increase's
 *   default), and disabled at Increase until the company activates it in Keel.
 * - Keel's statuses map to Increase's: active → active, inactive (awaiting activation) and suspended
 *   (frozen) → disabled, canceled → canceled.
 */

export type IncreaseCardSettings = { physicalCardProfileId?: string | undefined };

const INCREASE_STATUS: Record<CardStatus, 'active' | 'disabled' | 'canceled'> = {
  active: 'active',
  inactive: 'disabled',
  suspended: 'disabled',
  canceled: 'canceled',
};

export function createIncreaseCardIssuer(client: Increase, settings: IncreaseCardSettings = {}): CardIssuer {
  return {
    kind: 'increase',

    async issueCard({ cardId, depositAccountId, providerAccountId, kind, cardholder }): Promise<IssuedCard> {
      if (!providerAccountId) throw new Error(`Deposit account ${depositAccountId} is not held at Increase`);
      if (kind === 'physical' && !cardholder) {
        throw new Error('A physical card needs the approved applicant to print it for and ship it to');
      }
      const card = await client.cards.create(
        {
          account_id: providerAccountId,
          description: kind === 'physical' ? 'Physical card' : 'Virtual card',
        },
        { idempotencyKey: `keel-card-${cardId}` },
      );
      if (kind === 'physical' && cardholder) {
        const { address } = cardholder;
        await client.physicalCards.create(
          {
            card_id: card.id,
            cardholder: { first_name: cardholder.firstName, last_name: cardholder.lastName },
            shipment: {
              method: 'usps',
              address: {
                name: `${cardholder.firstName} ${cardholder.lastName}`,
                line1: address.streetLine1,
                ...(address.streetLine2 ? { line2: address.streetLine2 } : {}),
                city: address.city,
                state: address.state,
                postal_code: address.postalCode,
                country: 'US',
              },
            },
            ...(settings.physicalCardProfileId
              ? { physical_card_profile_id: settings.physicalCardProfileId }
              : {}),
          },
          { idempotencyKey: `keel-physical-card-${cardId}` },
        );
        await client.cards.update(card.id, { status: INCREASE_STATUS.inactive });
      }
      const details = await client.cards.details(card.id);
      return {
        providerCardId: card.id,
        pan: details.primary_account_number,
        cvv: details.verification_code,
        expirationMonth: details.expiration_month,
        expirationYear: details.expiration_year,
      };
    },

    async setCardStatus(providerCardId, status) {
      await client.cards.update(providerCardId, { status: INCREASE_STATUS[status] });
    },
  };
}
