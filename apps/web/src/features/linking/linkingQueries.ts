import { graphql, type ResultOf } from '../../lib/graphql';
import { JOB_STATUS_FIELDS } from '../jobs/jobQueries';

export type { JobStatus } from '../jobs/jobQueries';

/**
 * The GraphQL documents of linked bank accounts: the links of provider A (Plaid items) and
 * provider B (MoneyKit links) with their accounts, the link flows' tokens and exchanges, reconnect,
 * refresh and delete (each queues a sync: the job it answers is followed in features/jobs).
 * The link mutations spell out their payload rather than spread one more fragment: the server's depth
 * limit (10, graphql-armor) counts each fragment spread as two levels, and they already reach 9.
 */

const LINKED_ACCOUNT_FIELDS = graphql(`
  fragment LinkedAccountFields on LinkedAccount {
    accountId
    name
    mask
    officialName
    accountType
    subtype
    balances {
      available
      current
    }
    balancesUpdatedAt
  }
`);

/** An account of a link; balances as the institution states them (owed positive on a card or loan). */
export type LinkedAccount = ResultOf<typeof LINKED_ACCOUNT_FIELDS>;

const PLAID_ITEM_FIELDS = graphql(
  `
  fragment PlaidItemFields on PlaidItem {
    itemId
    institution {
      institutionId
      name
    }
    error {
      error_type
      error_code
      error_message
      display_message
    }
    needsReconnect
    updatedAt
    lastSyncedAt
    accounts {
      ...LinkedAccountFields
    }
  }
`,
  [LINKED_ACCOUNT_FIELDS],
);

export type PlaidItem = ResultOf<typeof PLAID_ITEM_FIELDS>;

const MONEYKIT_LINK_FIELDS = graphql(
  `
  fragment MoneykitLinkFields on MoneykitLink {
    id
    institutionName
    state
    errorCode
    needsReconnect
    updatedAt
    lastSyncedAt
    accounts {
      ...LinkedAccountFields
    }
  }
`,
  [LINKED_ACCOUNT_FIELDS],
);

export type MoneykitLink = ResultOf<typeof MONEYKIT_LINK_FIELDS>;

/** LinkedAccounts(entityId) (spec §7): the company's links of both providers, oldest first. */
export const LINKED_ACCOUNTS_QUERY = graphql(
  `
  query LinkedAccounts($entityId: ID!) {
    plaidItems(entityId: $entityId) {
      ...PlaidItemFields
    }
    moneykitLinks(entityId: $entityId) {
      ...MoneykitLinkFields
    }
  }
`,
  [PLAID_ITEM_FIELDS, MONEYKIT_LINK_FIELDS],
);

/**
 * aggregatorModes: for each provider, whether the server's aggregator is its built-in
 * sandbox (link through SandboxLinkDialog) or the vendor's live API (open Plaid Link or MoneyKit Connect).
 */
export const AGGREGATOR_MODES_QUERY = graphql(`
  query AggregatorModes {
    aggregatorModes {
      provider
      sandbox
    }
  }
`);

/** createPlaidLinkToken (spec §7): opens provider A's Link; with itemId, update mode (Reconnect). */
export const CREATE_PLAID_LINK_TOKEN_MUTATION = graphql(`
  mutation CreatePlaidLinkToken($entityId: ID!, $redirectUrl: String, $itemId: ID) {
    createPlaidLinkToken(entityId: $entityId, redirectUrl: $redirectUrl, itemId: $itemId) {
      linkToken
      expiration
      errors
    }
  }
`);

/** createLinkSessionToken (spec §7): opens provider B's Connect; with id, it repairs that link. */
export const CREATE_LINK_SESSION_TOKEN_MUTATION = graphql(`
  mutation CreateLinkSessionToken($entityId: ID!, $redirectUrl: String, $id: ID) {
    createLinkSessionToken(entityId: $entityId, redirectUrl: $redirectUrl, id: $id) {
      linkSessionToken
      expiration
      errors
    }
  }
`);

/** createPlaidItem (spec §7): the public token Link gave, exchanged for the item; queues its first sync. */
export const CREATE_PLAID_ITEM_MUTATION = graphql(
  `
  mutation CreatePlaidItem($entityId: ID!, $publicToken: String!) {
    createPlaidItem(entityId: $entityId, publicToken: $publicToken) {
      errors
      item {
        ...PlaidItemFields
      }
      job {
        ...JobStatusFields
      }
    }
  }
`,
  [PLAID_ITEM_FIELDS, JOB_STATUS_FIELDS],
);

/** createMoneykitLink (spec §7): the exchangeable token Connect gave, exchanged for the link. */
export const CREATE_MONEYKIT_LINK_MUTATION = graphql(
  `
  mutation CreateMoneykitLink($entityId: ID!, $exchangeableToken: String!) {
    createMoneykitLink(entityId: $entityId, exchangeableToken: $exchangeableToken) {
      errors
      link {
        ...MoneykitLinkFields
      }
      job {
        ...JobStatusFields
      }
    }
  }
`,
  [MONEYKIT_LINK_FIELDS, JOB_STATUS_FIELDS],
);

/** refreshMoneykitLink (spec §7): fresh data from provider B and a sync; an expired login says so. */
export const REFRESH_MONEYKIT_LINK_MUTATION = graphql(
  `
  mutation RefreshMoneykitLink($entityId: ID!, $id: ID!) {
    refreshMoneykitLink(entityId: $entityId, id: $id) {
      errors
      link {
        ...MoneykitLinkFields
      }
      job {
        ...JobStatusFields
      }
    }
  }
`,
  [MONEYKIT_LINK_FIELDS, JOB_STATUS_FIELDS],
);

/** DeletePlaidItem (spec §7): the accounts and what they imported stay in the books. */
export const DELETE_PLAID_ITEM_MUTATION = graphql(`
  mutation DeletePlaidItem($itemId: ID!) {
    deletePlaidItem(itemId: $itemId) {
      id
      errors
    }
  }
`);

/** DeleteMoneykitLink (spec §7): the accounts and what they imported stay in the books. */
export const DELETE_MONEYKIT_LINK_MUTATION = graphql(`
  mutation DeleteMoneykitLink($id: ID!) {
    deleteMoneykitLink(id: $id) {
      id
      errors
    }
  }
`);
