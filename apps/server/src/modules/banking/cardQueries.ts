import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { listCards } from './cards';
import { CardRef } from './cardTypes';

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
}));
