import { requireFeature } from '../../errors';
import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { ProPlanRef, StripeSubscriptionRef } from './billingTypes';
import { quoteProPlan } from './quoteProPlan';
import { findLatestSubscription } from './subscriptionRows';

builder.queryFields((t) => ({
  stripeSubscription: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: StripeSubscriptionRef,
    nullable: true,
    description:
      "stripeSubscription(entityId) (spec §7): the company's Pro Plan subscription: its open one, else its newest ended one, or null if it never had one (or the server takes no payments: serverFeatures). Anyone who sees the books sees it; clientSecret only those who manage the company.",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      if (ctx.config.FEATURES.payments === 'off') return null;
      return findLatestSubscription(ctx.db, entityId);
    },
  }),
  proPlan: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: ProPlanRef,
    description:
      "The Pro Plan's price for this company now, computed from the ledger (the last complete month's expense total), with its working, and how payments are taken. FEATURE_UNAVAILABLE on a server that takes no payments.",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      requireFeature(ctx.config.FEATURES, 'payments');
      const quote = await quoteProPlan(ctx.db, entityId, ctx.clock.now());
      return {
        ...quote,
        provider: ctx.providers.payments.kind,
        publishableKey: ctx.providers.payments.publishableKey,
      };
    },
  }),
}));
