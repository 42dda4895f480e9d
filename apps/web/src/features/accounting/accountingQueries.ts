import { graphql, type ResultOf } from '../../lib/graphql';
import { JOB_STATUS_FIELDS } from '../jobs/jobQueries';

/**
 * The GraphQL documents of the accounting connection (spec §3 'Accounting-software account', §7
 * CreateQuickbooksConnection): QuickBooks Online, connected through its consent screen, synced by a
 * QuickbooksSync job, whose success makes it the company's accounting source (apiFlags.qbo).
 */

const QUICKBOOKS_CONNECTION_FIELDS = graphql(`
  fragment QuickbooksConnectionFields on QuickbooksConnection {
    id
    realmId
    companyName
    status
    connectedAt
    lastSyncedAt
    sandbox
  }
`);

/** The company's QuickBooks connection; `status` 'login_required' when QuickBooks wants a new sign-in. */
export type QuickbooksConnection = ResultOf<typeof QUICKBOOKS_CONNECTION_FIELDS>;

/** quickbooksConnection(entityId): null while the company has none. */
export const QUICKBOOKS_CONNECTION_QUERY = graphql(
  `
  query QuickbooksConnection($entityId: ID!) {
    quickbooksConnection(entityId: $entityId) {
      ...QuickbooksConnectionFields
    }
  }
`,
  [QUICKBOOKS_CONNECTION_FIELDS],
);

const QUICKBOOKS_ACCOUNT_FIELDS = graphql(`
  fragment QuickbooksAccountFields on QuickbooksAccount {
    id
    name
    accountType
    currentBalance
    ledgerAccountId
  }
`);

/** An account of the QuickBooks company file (spec §3 'Accounting-software account': Name, CurrentBalance). */
export type QuickbooksAccount = ResultOf<typeof QUICKBOOKS_ACCOUNT_FIELDS>;

/** The connection and its accounts, as Linked Accounts shows them (quickbooksAccounts, spec §7). */
export const QUICKBOOKS_ACCOUNTS_QUERY = graphql(
  `
  query QuickbooksAccounts($entityId: ID!) {
    quickbooksConnection(entityId: $entityId) {
      ...QuickbooksConnectionFields
    }
    quickbooksAccounts(entityId: $entityId) {
      ...QuickbooksAccountFields
    }
  }
`,
  [QUICKBOOKS_CONNECTION_FIELDS, QUICKBOOKS_ACCOUNT_FIELDS],
);

/** CreateQuickbooksConnection (spec §7): the consent screen's address, to which the browser goes. */
export const CREATE_QUICKBOOKS_CONNECTION_MUTATION = graphql(`
  mutation CreateQuickbooksConnection($entityId: ID!) {
    createQuickbooksConnection(entityId: $entityId) {
      oauthUrl
    }
  }
`);

/** Queues a QuickbooksSync now; its job is followed live. */
export const SYNC_QUICKBOOKS_MUTATION = graphql(
  `
  mutation SyncQuickbooks($entityId: ID!) {
    syncQuickbooks(entityId: $entityId) {
      ...JobStatusFields
    }
  }
`,
  [JOB_STATUS_FIELDS],
);

/** Disconnects QuickBooks: the company stops being in the accounting-connected mode (apiFlags.qbo false). */
export const DELETE_QUICKBOOKS_CONNECTION_MUTATION = graphql(`
  mutation DeleteQuickbooksConnection($entityId: ID!) {
    deleteQuickbooksConnection(entityId: $entityId) {
      entityId
    }
  }
`);
