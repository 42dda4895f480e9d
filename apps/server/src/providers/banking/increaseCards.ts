import { CARD_DECLINE_REASONS, type CardStatus } from '@keel/domain';
import type Increase from 'increase';
import type { CardAuthorizationDesk, CardIssuer, IssuedCard } from './index';

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
 * - Each charge is decided by Keel through Increase's Real-Time Decisions (category
 *   card_authorization_requested): Keel reads the decision back from Increase (never trusting a
 *   webhook's body), applies the card's status and its daily and monthly limits in the company's time
 *   zone, and answers with the action endpoint. Increase's own spending limits (authorization_controls)
 *   are not used: their days and months are UTC's, not the company's. A refund authorization (money
 *   back to the card) is approved at once: no limit counts it.
 */

/** How Keel's decline reasons reach the card network (Increase's decline reasons). */
const INCREASE_DECLINE: Record<
  string,
  'exceeds_approval_limit' | 'card_temporarily_disabled' | 'transaction_never_allowed'
> = {
  [CARD_DECLINE_REASONS.daily]: 'exceeds_approval_limit',
  [CARD_DECLINE_REASONS.monthly]: 'exceeds_approval_limit',
  [CARD_DECLINE_REASONS.frozen]: 'card_temporarily_disabled',
  [CARD_DECLINE_REASONS.inactive]: 'card_temporarily_disabled',
  [CARD_DECLINE_REASONS.canceled]: 'transaction_never_allowed',
};

/** Increase's Real-Time Decisions for card authorizations, as Keel's CardAuthorizationDesk. */
export function increaseAuthorizationDesk(client: Increase): CardAuthorizationDesk {
  return {
    async read(requestId) {
      const decision = await client.realTimeDecisions.retrieve(requestId);
      const authorization = decision.card_authorization;
      if (
        decision.category !== 'card_authorization_requested' ||
        decision.status !== 'pending' ||
        !authorization
      ) {
        return null;
      }
      if (authorization.direction === 'refund') {
        await client.realTimeDecisions.action(requestId, { card_authorization: { decision: 'approve' } });
        return null;
      }
      return {
        requestId: decision.id,
        providerCardId: authorization.card_id,
        merchant: authorization.merchant_descriptor,
        amount: authorization.settlement_amount,
      };
    },

    async answer(requestId, decision) {
      await client.realTimeDecisions.action(requestId, {
        card_authorization: decision.approved
          ? { decision: 'approve' }
          : {
              decision: 'decline',
              decline: { reason: INCREASE_DECLINE[decision.reason] ?? 'exceeds_approval_limit' },
            },
      });
    },
  };
}

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

    authorizations: increaseAuthorizationDesk(client),
  };
}
