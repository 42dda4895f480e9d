import { formatCardExpiration } from '@keel/domain';
import { builder } from '../../graphql/builder';
import { entityToday } from '../entities/timeZone';
import { approvedSpend, type CardTransactionRow } from './cardAuthorizations';
import type { RevealToken } from './cardReveal';
import type { CardView } from './cards';

/** The REST path of a card's reveal step (spec §7 GET /api/v1/cards/{id}). */
const revealPathOf = (cardId: string) => `/api/v1/cards/${cardId}`;

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
    dailyLimit: t.field({
      type: 'Cents',
      nullable: true,
      description:
        "The most the card's approved charges may add up to in one of the company's days (its time zone); null: no limit.",
      resolve: (card) => card.dailyLimit,
    }),
    monthlyLimit: t.field({
      type: 'Cents',
      nullable: true,
      description: "The same over the company's calendar month; null: no limit.",
      resolve: (card) => card.monthlyLimit,
    }),
    spent: t.field({
      type: CardSpendRef,
      description:
        "The card's approved charges of the company's day and month so far, what its limits count.",
      resolve: async (card, _args, ctx) => {
        const { today, month } = await entityToday(ctx.db, ctx.clock, card.entityId);
        const spent = await approvedSpend(ctx.db, card.id, today, month);
        return { today: spent.spentToday, thisMonth: spent.spentThisMonth, day: today, month };
      },
    }),
  }),
});

type CardSpend = { today: number; thisMonth: number; day: string; month: string };

const CardSpendRef = builder.objectRef<CardSpend>('CardSpend').implement({
  description: "A card's approved spend, counted in the company's time zone.",
  fields: (t) => ({
    today: t.field({ type: 'Cents', resolve: (spend) => spend.today }),
    thisMonth: t.field({ type: 'Cents', resolve: (spend) => spend.thisMonth }),
    day: t.field({ type: 'Date', description: "The company's today.", resolve: (spend) => spend.day }),
    month: t.field({
      type: 'MonthKey',
      description: "The company's month.",
      resolve: (spend) => spend.month,
    }),
  }),
});

const CardTransactionRef = builder.objectRef<CardTransactionRow>('CardTransaction').implement({
  description:
    "A charge on a card as it was authorized: approved, or declined with the reason (a declined charge moves no money and counts towards no limit). `day` is the company's day of the authorization, in its time zone.",
  fields: (t) => ({
    id: t.exposeID('id'),
    cardId: t.exposeID('cardId'),
    merchant: t.exposeString('merchant'),
    amount: t.field({ type: 'Cents', resolve: (row) => row.amount }),
    day: t.field({ type: 'Date', resolve: (row) => row.day }),
    status: t.exposeString('status', { description: 'approved or declined.' }),
    declineReason: t.exposeString('declineReason', {
      nullable: true,
      description:
        "Why a declined charge was refused ('Card daily limit exceeded', 'Card is frozen'…); null when approved.",
    }),
    authorizedAt: t.field({ type: 'DateTime', resolve: (row) => row.authorizedAt }),
  }),
});

type CardTransactionPage = {
  nodes: CardTransactionRow[];
  hasNextPage: boolean;
  endCursor: string | null;
};

const CardTransactionEdgeRef = builder.objectRef<CardTransactionRow>('CardTransactionEdge').implement({
  fields: (t) => ({ node: t.field({ type: CardTransactionRef, resolve: (row) => row }) }),
});

const CardTransactionPageInfoRef = builder
  .objectRef<{ hasNextPage: boolean; endCursor: string | null }>('CardTransactionPageInfo')
  .implement({
    fields: (t) => ({
      hasNextPage: t.exposeBoolean('hasNextPage'),
      endCursor: t.exposeString('endCursor', {
        nullable: true,
        description: 'Pass it as `after` for the next page; null on the last page.',
      }),
    }),
  });

export const CardTransactionConnectionRef = builder
  .objectRef<CardTransactionPage>('CardTransactionConnection')
  .implement({
    description: "A page of a card's charges, newest first.",
    fields: (t) => ({
      edges: t.field({ type: [CardTransactionEdgeRef], resolve: (page) => page.nodes }),
      pageInfo: t.field({
        type: CardTransactionPageInfoRef,
        resolve: (page) => ({ hasNextPage: page.hasNextPage, endCursor: page.endCursor }),
      }),
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
