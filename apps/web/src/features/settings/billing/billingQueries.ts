import { graphql, type ResultOf } from '../../../lib/graphql';

const SUBSCRIPTION_FIELDS = graphql(`
  fragment BillingSubscriptionFields on StripeSubscription {
    id
    entityId
    status
    productName
    productDescription
    unitAmount
    quantity
    recurringInterval
    clientSecret
    provider
    card {
      brand
      brandLabel
      last4
    }
    basisMonth
    basisExpense
    currentPeriodEnd
    canceledAt
  }
`);

export type BillingSubscription = ResultOf<typeof SUBSCRIPTION_FIELDS>;

/**
 * The billing page (spec §7 stripeSubscription(entityId)): the company's subscription, and the Pro
 * Plan's price for it now with its working and how payments are taken (sandbox or Stripe).
 */
export const BILLING_QUERY = graphql(
  `
  query Billing($entityId: ID!) {
    stripeSubscription(entityId: $entityId) {
      ...BillingSubscriptionFields
    }
    proPlan(entityId: $entityId) {
      entityId
      productName
      basisMonth
      expenseTotal
      price
      minimum
      working
      provider
      publishableKey
    }
  }
`,
  [SUBSCRIPTION_FIELDS],
);

export type ProPlanData = ResultOf<typeof BILLING_QUERY>['proPlan'];

/** Subscribe Now: the company's subscription waiting for its first payment, with its client secret. */
export const START_SUBSCRIPTION_MUTATION = graphql(
  `
  mutation StartSubscription($entityId: ID!) {
    startSubscription(entityId: $entityId) {
      ...BillingSubscriptionFields
    }
  }
`,
  [SUBSCRIPTION_FIELDS],
);

/** Submit: pays the first invoice (sandbox: with the card fields; Stripe: after Elements confirmed it). */
export const CONFIRM_SUBSCRIPTION_MUTATION = graphql(
  `
  mutation ConfirmSubscription(
    $id: ID!
    $cardNumber: String
    $cardExpiry: String
    $cardCvc: String
    $cardName: String
  ) {
    confirmSubscription(
      id: $id
      cardNumber: $cardNumber
      cardExpiry: $cardExpiry
      cardCvc: $cardCvc
      cardName: $cardName
    ) {
      errors
      fieldErrors {
        field
        message
      }
      declineCode
      subscription {
        ...BillingSubscriptionFields
      }
    }
  }
`,
  [SUBSCRIPTION_FIELDS],
);

export const CANCEL_SUBSCRIPTION_MUTATION = graphql(
  `
  mutation CancelSubscription($id: ID!) {
    cancelSubscription(id: $id) {
      ...BillingSubscriptionFields
    }
  }
`,
  [SUBSCRIPTION_FIELDS],
);
