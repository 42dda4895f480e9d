import { CARD_NAME_MAX } from '@keel/domain';
import { requireFeature } from '../../errors';
import { builder } from '../../graphql/builder';
import type { Context } from '../../graphql/context';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { textLimit } from '../../graphql/inputLimits';
import type { BillingDeps } from './billingDeps';
import { ConfirmSubscriptionPayloadRef, StripeSubscriptionRef } from './billingTypes';
import { cancelSubscription } from './cancelSubscription';
import { confirmSubscription } from './confirmSubscription';
import { requireSubscription } from './guardSubscriptionRow';
import { startSubscription } from './startSubscription';

const depsOf = (ctx: Context): BillingDeps => ({
  db: ctx.db,
  clock: ctx.clock,
  payments: ctx.providers.payments,
  email: ctx.providers.email,
});

builder.mutationFields((t) => ({
  startSubscription: t.field({
    ...fieldPolicy({ access: 'manageEntity' }),
    type: StripeSubscriptionRef,
    description:
      "Subscribe Now (spec §4): the company's Pro Plan subscription waiting for its first payment ('incomplete', with clientSecret), priced from the ledger now. Returns the incomplete one already there rather than making another; refused when the company has the Pro Plan already.",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'manageEntity');
      requireFeature(ctx.config.FEATURES, 'payments');
      const viewer = ctx.requireViewer();
      return startSubscription(depsOf(ctx), { entityId, userId: viewer.userId, email: viewer.email });
    },
  }),
  confirmSubscription: t.field({
    ...fieldPolicy({ access: 'manageEntity' }),
    type: ConfirmSubscriptionPayloadRef,
    description:
      "Submit on the payment form (spec §4): pays an incomplete subscription's first invoice. Sandbox: with the card fields (test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined). Stripe: without them, after Stripe Elements confirmed the payment in the browser; reads the subscription back. Refusals come back in errors and change nothing.",
    args: {
      id: t.arg.id({ required: true }),
      cardNumber: t.arg.string({ ...textLimit(32) }),
      cardExpiry: t.arg.string({ ...textLimit(16), description: "'MM/YY'." }),
      cardCvc: t.arg.string({ ...textLimit(8) }),
      cardName: t.arg.string({ ...textLimit(CARD_NAME_MAX) }),
    },
    resolve: async (_root, args, ctx) => {
      const row = await requireSubscription(ctx, String(args.id), 'manageEntity');
      requireFeature(ctx.config.FEATURES, 'payments');
      const sent = [args.cardNumber, args.cardExpiry, args.cardCvc, args.cardName].some((v) => v != null);
      const form = sent
        ? {
            number: args.cardNumber ?? '',
            expiry: args.cardExpiry ?? '',
            cvc: args.cardCvc ?? '',
            name: args.cardName ?? '',
          }
        : null;
      return confirmSubscription(depsOf(ctx), row, form, ctx.requireViewer().userId);
    },
  }),
  cancelSubscription: t.field({
    ...fieldPolicy({ access: 'manageEntity' }),
    type: StripeSubscriptionRef,
    description:
      'Cancel Subscription (spec §4): cancelled at once with the payments provider (no refund of the month under way, nothing billed after). Refused when it is over already.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const row = await requireSubscription(ctx, String(args.id), 'manageEntity');
      requireFeature(ctx.config.FEATURES, 'payments');
      return cancelSubscription(depsOf(ctx), row);
    },
  }),
}));
