import { badInput } from '../../errors';
import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { textLimit } from '../../graphql/inputLimits';
import {
  CARD_TRANSACTIONS_PAGE_MAX,
  decodeCardTransactionsCursor,
  encodeCardTransactionsCursor,
  listCardTransactions,
} from './cardAuthorizations';
import { requireCard } from './cardContext';
import { listCards } from './cards';
import { CardRef, CardTransactionConnectionRef } from './cardTypes';

/** How many of a card's charges a page lists when `first` is not given. */
const CARD_TRANSACTIONS_PAGE_DEFAULT = 25;

builder.queryFields((t) => ({
  cards: t.field({
    // Every member, card-only ones included: the company's cards are what a card-only member uses
    // (the permission table's 'member' row). Changing a card needs sendMoney (cardMutations.ts).
    ...fieldPolicy({ access: 'member' }),
    type: [CardRef],
    description:
      "Cards(entityId) (spec §7): the company's cards, oldest first, canceled ones included. Any member of the company. Empty on a server without banking (serverFeatures).",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'member');
      if (ctx.config.FEATURES.banking === 'off') return [];
      return listCards(ctx.db, entityId);
    },
  }),
  cardTransactions: t.field({
    // As the card list: every member, card-only ones included, sees what the company's cards were used for.
    ...fieldPolicy({ access: 'member' }),
    type: CardTransactionConnectionRef,
    description: `A card's charges, newest first, approved and declined (with the reason): \`first\` of them (1 to ${CARD_TRANSACTIONS_PAGE_MAX}, ${CARD_TRANSACTIONS_PAGE_DEFAULT} by default) after the cursor \`after\` (a page's endCursor). Any member of the card's company; another company's card answers 'Card not found'. A cursor Keel did not make is BAD_USER_INPUT on \`after\`.`,
    args: {
      cardId: t.arg.id({ required: true }),
      first: t.arg.int(),
      after: t.arg.string({ ...textLimit(200) }),
    },
    resolve: async (_root, args, ctx) => {
      const card = await requireCard(ctx, String(args.cardId), 'member');
      const first = args.first ?? CARD_TRANSACTIONS_PAGE_DEFAULT;
      if (!Number.isInteger(first) || first < 1 || first > CARD_TRANSACTIONS_PAGE_MAX) {
        throw badInput(`first must be from 1 to ${CARD_TRANSACTIONS_PAGE_MAX}`, 'first');
      }
      const after = args.after ? decodeCardTransactionsCursor(args.after) : null;
      if (args.after && !after)
        throw badInput('This cursor is not valid: start from the first page', 'after');
      const page = await listCardTransactions(ctx.db, { cardId: card.id, first, after });
      const last = page.rows.at(-1);
      return {
        nodes: page.rows,
        hasNextPage: page.hasMore,
        endCursor: page.hasMore && last ? encodeCardTransactionsCursor(last) : null,
      };
    },
  }),
}));
