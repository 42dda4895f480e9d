import { graphql, type ResultOf } from '../../lib/graphql';

const CARD_FIELDS = graphql(`
  fragment CardFields on Card {
    id
    name
    cardType
    type
    cardId
    status
    description
    last4
    expiration
    expirationMonth
    expirationYear
    depositAccountId
    dailyLimit
    monthlyLimit
    spent {
      today
      thisMonth
    }
  }
`);

/** A card as the list shows it (spec §3 Card): never its number or CVV, which only a reveal brings. */
export type CardItem = ResultOf<typeof CARD_FIELDS>;
export type CardAccount = NonNullable<ResultOf<typeof CARDS_QUERY>['providerBankAccounts']>[number];

/**
 * Spec §7 Cards(entityId): the company's cards, and its deposit accounts a card can be issued on. The
 * accounts are asked only by those who may issue a card (`withAccounts`): a card-only member lists
 * the cards but does not see the company's accounts.
 */
export const CARDS_QUERY = graphql(
  `
  query Cards($entityId: ID!, $withAccounts: Boolean!) {
    cards(entityId: $entityId) {
      ...CardFields
    }
    providerBankAccounts(entityId: $entityId) @include(if: $withAccounts) {
      id
      name
      accountNumber
      status
    }
  }
`,
  [CARD_FIELDS],
);

/** createTprimeCard(accountId, cardType) (spec §7): `cardType` is the kind, physical or virtual. */
export const CREATE_CARD_MUTATION = graphql(
  `
  mutation CreateTprimeCard($accountId: ID!, $cardType: String!, $name: String) {
    createTprimeCard(accountId: $accountId, cardType: $cardType, name: $name) {
      ...CardFields
    }
  }
`,
  [CARD_FIELDS],
);

/** activateTprimePhysicalCard(id, pin) (spec §7): a physical card's first activation. */
export const ACTIVATE_PHYSICAL_CARD_MUTATION = graphql(
  `
  mutation ActivateTprimePhysicalCard($id: ID!, $pin: String!) {
    activateTprimePhysicalCard(id: $id, pin: $pin) {
      ...CardFields
    }
  }
`,
  [CARD_FIELDS],
);

/** suspendTprimeCard(id) (spec §7): Freeze. */
export const SUSPEND_CARD_MUTATION = graphql(
  `
  mutation SuspendTprimeCard($id: ID!) {
    suspendTprimeCard(id: $id) {
      ...CardFields
    }
  }
`,
  [CARD_FIELDS],
);

/** activateTprimeCard(id) (spec §7): the red Frozen control, which unfreezes. */
export const UNFREEZE_CARD_MUTATION = graphql(
  `
  mutation ActivateTprimeCard($id: ID!) {
    activateTprimeCard(id: $id) {
      ...CardFields
    }
  }
`,
  [CARD_FIELDS],
);

/** The reveal's first step: a single-use token for the REST reveal (cardSecrets.ts). */
export const CREATE_CARD_REVEAL_TOKEN_MUTATION = graphql(`
  mutation CreateCardRevealToken($id: ID!) {
    createCardRevealToken(id: $id) {
      token
      expiresAt
      revealPath
    }
  }
`);

/** setCardLimits(id, dailyLimit, monthlyLimit): cents, null for no limit (owners and admins). */
export const SET_CARD_LIMITS_MUTATION = graphql(
  `
  mutation SetCardLimits($id: ID!, $dailyLimit: Cents, $monthlyLimit: Cents) {
    setCardLimits(id: $id, dailyLimit: $dailyLimit, monthlyLimit: $monthlyLimit) {
      ...CardFields
    }
  }
`,
  [CARD_FIELDS],
);

/** A card's charges, newest first, a page at a time (approved, or declined with the reason). */
export const CARD_TRANSACTIONS_QUERY = graphql(`
  query CardTransactions($cardId: ID!, $first: Int, $after: String) {
    cardTransactions(cardId: $cardId, first: $first, after: $after) {
      edges {
        node {
          id
          merchant
          amount
          day
          status
          declineReason
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export type CardTransactionsData = ResultOf<typeof CARD_TRANSACTIONS_QUERY>;
export type CardTransactionItem = CardTransactionsData['cardTransactions']['edges'][number]['node'];
