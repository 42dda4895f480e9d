import { cardBrandLabel, describeProPlanWorking, PRO_PLAN, roleCan } from '@keel/domain';
import { builder } from '../../graphql/builder';
import { FieldErrorRef } from '../../graphql/fieldErrors';
import type { PaymentsProviderKind } from '../../providers/payments';
import type { SubscriptionConfirmation } from './confirmSubscription';
import type { ProPlanQuote } from './quoteProPlan';
import type { SubscriptionRow } from './subscriptionRows';

const SubscriptionStatusRef = builder.enumType('SubscriptionStatus', {
  description:
    "Stripe's subscription statuses. incomplete: waiting for its first payment (the page offers 'Subscribe Now'); active: paid; canceled and incomplete_expired: over (a new one can be started).",
  values: [
    'incomplete',
    'incomplete_expired',
    'trialing',
    'active',
    'past_due',
    'canceled',
    'unpaid',
    'paused',
  ] as const,
});

const PaymentsProviderRef = builder.enumType('PaymentsProvider', {
  description: 'sandbox: the built-in simulation (the card form is on the page); stripe: Stripe Elements.',
  values: ['sandbox', 'stripe'] as const,
});

const PaymentCardSummaryRef = builder
  .objectRef<{ brand: string; last4: string }>('PaymentCardSummary')
  .implement({
    description: 'The card that pays: its brand and last 4 digits (the number is never stored).',
    fields: (t) => ({
      brand: t.exposeString('brand', { description: "Stripe's brand name: visa, mastercard, amex, …" }),
      brandLabel: t.string({ resolve: (card) => cardBrandLabel(card.brand) }),
      last4: t.exposeString('last4'),
    }),
  });

export const StripeSubscriptionRef = builder.objectRef<SubscriptionRow>('StripeSubscription').implement({
  description:
    "A company's Pro Plan subscription (spec §3 Subscription; the query is stripeSubscription). Named StripeSubscription because Subscription is GraphQL's realtime root type.",
  fields: (t) => ({
    id: t.exposeID('id'),
    entityId: t.exposeID('entityId'),
    status: t.field({ type: SubscriptionStatusRef, resolve: (row) => row.status }),
    productName: t.exposeString('productName'),
    productDescription: t.exposeString('productDescription', { nullable: true }),
    unitAmount: t.field({
      type: 'Cents',
      description: 'The monthly price per unit, in cents, set when the subscription started.',
      resolve: (row) => row.unitAmount,
    }),
    quantity: t.exposeInt('quantity'),
    recurringInterval: t.exposeString('recurringInterval', { description: "'month'." }),
    currency: t.exposeString('currency'),
    clientSecret: t.string({
      nullable: true,
      description:
        "The first payment's client secret while the subscription is incomplete (Stripe Elements confirms it); shown only to those who manage the company's billing.",
      resolve: async (row, _args, ctx) => {
        if (!row.clientSecret) return null;
        const membership = await ctx.requireEntity(row.entityId, 'member');
        return roleCan(membership.role, 'manageEntity') ? row.clientSecret : null;
      },
    }),
    provider: t.field({ type: PaymentsProviderRef, resolve: (row) => row.provider }),
    card: t.field({
      type: PaymentCardSummaryRef,
      nullable: true,
      resolve: (row) =>
        row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    }),
    basisMonth: t.field({
      type: 'MonthKey',
      description: 'The month whose expense total set unitAmount.',
      resolve: (row) => row.basisMonth,
    }),
    basisExpense: t.field({ type: 'Cents', resolve: (row) => row.basisExpense }),
    currentPeriodEnd: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.currentPeriodEnd }),
    canceledAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.canceledAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (row) => row.updatedAt }),
  }),
});

type ProPlanView = ProPlanQuote & { provider: PaymentsProviderKind; publishableKey: string | null };

export const ProPlanRef = builder.objectRef<ProPlanView>('ProPlan').implement({
  description:
    'What the Pro Plan costs this company now, and where the figure comes from (spec §1: 0.1% of the monthly expense total, minimum $100 per month), with how payments are taken.',
  fields: (t) => ({
    entityId: t.exposeID('entityId'),
    productName: t.string({ resolve: () => PRO_PLAN.productName }),
    productDescription: t.string({ resolve: () => PRO_PLAN.productDescription }),
    basisMonth: t.field({
      type: 'MonthKey',
      description: 'The last complete month (the one before the current month): a bill is based on it.',
      resolve: (quote) => quote.basisMonth,
    }),
    expenseTotal: t.field({
      type: 'Cents',
      description:
        "That month's actual expense total: the Financial Report's Expense line (refunds lower it).",
      resolve: (quote) => quote.expenseCents,
    }),
    price: t.field({
      type: 'Cents',
      description: 'max(minimum, 0.1% of expenseTotal), rounded half up to the cent.',
      resolve: (quote) => quote.priceCents,
    }),
    minimum: t.field({ type: 'Cents', resolve: (quote) => quote.minimumCents }),
    rule: t.string({
      resolve: () => '0.1% of the monthly expense total, minimum $100 per month, rounded half up to the cent',
    }),
    working: t.string({
      description: "'$412.35 = max($100.00, 0.1% × $412,345.67 of October 2026)'.",
      resolve: (quote) =>
        describeProPlanWorking({
          basisMonth: quote.basisMonth,
          expenseCents: quote.expenseCents,
          priceCents: quote.priceCents,
        }),
    }),
    provider: t.field({ type: PaymentsProviderRef, resolve: (quote) => quote.provider }),
    publishableKey: t.exposeString('publishableKey', {
      nullable: true,
      description: 'The Stripe publishable key the page loads Stripe.js with; null in the sandbox.',
    }),
  }),
});

export const ConfirmSubscriptionPayloadRef = builder
  .objectRef<SubscriptionConfirmation>('ConfirmSubscriptionPayload')
  .implement({
    description:
      "What Submit did: errors empty and the subscription active, or why not (the form's fields under their names, a declined card's message under 'card'); a refusal changes nothing.",
    fields: (t) => ({
      subscription: t.field({ type: StripeSubscriptionRef, resolve: (p) => p.subscription }),
      errors: t.stringList({ resolve: (p) => p.errors.map((error) => error.message) }),
      fieldErrors: t.field({ type: [FieldErrorRef], resolve: (p) => p.errors }),
      declineCode: t.exposeString('declineCode', {
        nullable: true,
        description: "Stripe's code for a refused card: generic_decline, insufficient_funds, …",
      }),
    }),
  });
