import type { MockLink } from '@apollo/client/testing';
import { ENTITY_ID } from '../linking/linking.testkit';
import {
  QUICKBOOKS_ACCOUNTS_QUERY,
  QUICKBOOKS_CONNECTION_QUERY,
  type QuickbooksAccount,
  type QuickbooksConnection,
} from './accountingQueries';

/** Test support for the accounting screens (test code only): QuickBooks as the server sends it. */

const forever = { maxUsageCount: Number.POSITIVE_INFINITY };

export function quickbooksConnection(overrides: Partial<QuickbooksConnection> = {}): QuickbooksConnection {
  return {
    __typename: 'QuickbooksConnection',
    id: 'qbc-1',
    realmId: '9341453050231234',
    companyName: 'Sandbox Company_US_1',
    status: 'connected',
    connectedAt: '2026-11-20T10:00:00.000Z',
    lastSyncedAt: '2026-11-22T08:15:00.000Z',
    sandbox: true,
    ...overrides,
  } as QuickbooksConnection;
}

export function quickbooksAccount(overrides: Partial<QuickbooksAccount> = {}): QuickbooksAccount {
  return {
    __typename: 'QuickbooksAccount',
    id: 'qba-1',
    name: 'Checking',
    accountType: 'Bank',
    currentBalance: 1_201_000,
    ledgerAccountId: 'acc-1',
    ...overrides,
  } as QuickbooksAccount;
}

export const quickbooksConnectionMock = (
  connection: QuickbooksConnection | null,
): MockLink.MockedResponse => ({
  request: { query: QUICKBOOKS_CONNECTION_QUERY, variables: { entityId: ENTITY_ID } },
  result: { data: { quickbooksConnection: connection } },
  ...forever,
});

export const quickbooksAccountsMock = (
  connection: QuickbooksConnection | null,
  accounts: QuickbooksAccount[],
): MockLink.MockedResponse => ({
  request: { query: QUICKBOOKS_ACCOUNTS_QUERY, variables: { entityId: ENTITY_ID } },
  result: { data: { quickbooksConnection: connection, quickbooksAccounts: accounts } },
  ...forever,
});
