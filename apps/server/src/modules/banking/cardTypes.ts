import { formatCardExpiration } from '@keel/domain';
import { builder } from '../../graphql/builder';
import type { RevealToken } from './cardReveal';
import type { CardView } from './cards';

/** The REST path of a card's reveal step (spec §7 GET /api/v1/cards/{id}). */
export const revealPathOf = (cardId: string) => `/api/v1/cards/${cardId}`;

export const CardRef = builder.objectRef<CardView>('Card').implement({
  description:
    'A card on a Keel deposit account (spec §3 Card). Never its number or CVV: those come only from the reveal step (createCardRevealToken, then GET /api/v1/cards/{id}).',
  fields: (t) => ({
    id: t.exposeID('id'),
    entityId: t.exposeID('entityId'),
    depositAccountId: t.exposeID('depositAccountId', { description: 'The deposit account it spends from.' }),
    name: t.exposeString('name'),
    cardType: t.exposeString('cardType', {
      description: "The issuer's class: 'TPrime::Card' (what Keel issues) or 'Increase::Card'.",
    }),
    type: t.exposeString('kind', { description: 'physical or virtual.' }),
    cardId: t.exposeString('providerCardId', { description: "The issuer's own id of the card." }),
    status: t.exposeString('status', {
      description:
        "inactive (a physical card awaiting activation), active, suspended (shown 'Frozen') or canceled.",
    }),
    description: t.exposeString('description', {
      description: 'How the card is used, or what to do before it can be (shown in red while inactive).',
    }),
    last4: t.exposeString('last4'),
    expirationMonth: t.exposeInt('expirationMonth'),
    expirationYear: t.exposeInt('expirationYear'),
    expiration: t.string({
      description: "'MM/YY'.",
      resolve: (card) => formatCardExpiration(card.expirationMonth, card.expirationYear),
    }),
    activatedAt: t.field({ type: 'DateTime', nullable: true, resolve: (card) => card.activatedAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (card) => card.createdAt }),
  }),
});

export const CardRevealTokenRef = builder.objectRef<RevealToken>('CardRevealToken').implement({
  description:
    'A single-use permission to reveal one card to the viewer: send `token` as the X-Reveal-Token header of GET `revealPath` before `expiresAt`. A token sent in the address (a `token` query parameter) is refused and spent.',
  fields: (t) => ({
    token: t.exposeString('token'),
    expiresAt: t.field({ type: 'DateTime', resolve: (reveal) => reveal.expiresAt }),
    cardId: t.exposeID('cardId'),
    revealPath: t.string({ resolve: (reveal) => revealPathOf(reveal.cardId) }),
  }),
});
