import type { MockLink } from '@apollo/client/testing';
import type { ReactElement } from 'react';
import type { EntityContextValue } from '../../shell/EntityContext';
import { renderEntityPage } from '../../test/renderEntityPage';
import {
  DEPOSIT_ACCOUNTS_QUERY,
  type DepositAccount,
  type KeelTransfer,
  TRANSFER_APPROVAL_POLICY_QUERY,
  TRANSFER_LIMITS_QUERY,
  TRANSFERS_QUERY,
  VENDORS_QUERY,
  type Vendor,
} from './bankingQueries';

/** Test support for the banking pages (test code only): fixtures as the server sends them, and a render. */

export const ENTITY_ID = 'e1';
export const ACCOUNT_ID = 'a1';
export const TODAY = '2026-11-22';
/** The company's time zone: its bank cut-offs read in Pacific time. */
export const TIME_ZONE = 'America/Los_Angeles';

function bankingContext(viewerRole: string): EntityContextValue {
  return {
    entity: {
      id: ENTITY_ID,
      name: 'Acme Robotics',
      viewerRole,
      hasKeelAccounts: true,
      timeZone: TIME_ZONE,
      today: TODAY,
    },
    me: { id: 'u1', name: 'Dana Reyes', email: 'dana@acme.test', phoneNumber: '+14155550134' },
    today: TODAY,
  } as unknown as EntityContextValue;
}

export function depositAccount(overrides: Partial<DepositAccount> = {}): DepositAccount {
  return {
    __typename: 'ProviderBankAccount',
    id: ACCOUNT_ID,
    name: 'Keel Checking',
    accountNumber: '********4821',
    routingNumber: '101000019',
    currentBalance: 1_250_000,
    availableBalance: 1_225_000,
    accountType: 'TPrime::Account',
    status: 'open',
    openedOn: '2026-11-02',
    accountYield: { __typename: 'AccountYield', apy: 2, amount: 1_234 },
    mirroredAt: null,
    mirrorError: null,
    ...overrides,
  } as DepositAccount;
}

export function transfer(overrides: Partial<KeelTransfer> = {}): KeelTransfer {
  return {
    __typename: 'BankTransfer',
    id: 't1',
    accountId: ACCOUNT_ID,
    rail: 'ach',
    status: 'pending',
    amount: 25_000,
    date: TODAY,
    recipientName: 'Lee & Park LLP',
    routingNumber: '021000021',
    accountNumber: '****6789',
    memo: 'Invoice 42',
    settleAt: '2026-11-23T00:00:00.000Z',
    postedAt: null,
    returnedAt: null,
    returnReason: null,
    createdAt: '2026-11-22T12:00:00.000Z',
    fee: 0,
    handOverAt: null,
    handedOverAt: null,
    expectedArrival: null,
    cancellable: false,
    approvable: false,
    createdByName: 'Dana Reyes',
    approvedByName: null,
    approvedAt: null,
    canceledAt: null,
    cancelReason: null,
    receiptUrl: null,
    ...overrides,
  } as KeelTransfer;
}

export function vendor(id: string, name: string, companyName: string | null = null): Vendor {
  return {
    __typename: 'Vendor',
    id,
    name,
    email: null,
    companyName,
    vendorType: 'business',
  } as Vendor;
}

const forever = { maxUsageCount: Number.POSITIVE_INFINITY };

export const accountsMock = (accounts: DepositAccount[]): MockLink.MockedResponse => ({
  request: { query: DEPOSIT_ACCOUNTS_QUERY, variables: { entityId: ENTITY_ID } },
  result: { data: { providerBankAccounts: accounts } },
  ...forever,
});

export const transfersMock = (transfers: KeelTransfer[]): MockLink.MockedResponse => ({
  request: { query: TRANSFERS_QUERY, variables: { entityId: ENTITY_ID } },
  result: { data: { transfers } },
  ...forever,
});

export const vendorsMock = (vendors: Vendor[]): MockLink.MockedResponse => ({
  request: { query: VENDORS_QUERY, variables: { entityId: ENTITY_ID } },
  result: { data: { vendors } },
  ...forever,
});

/** The company's second-approver rule: over `threshold` cents (null: off); `canChange` for owners. */
export const approvalPolicyMock = (
  threshold: number | null,
  canChange: boolean,
): MockLink.MockedResponse => ({
  request: { query: TRANSFER_APPROVAL_POLICY_QUERY, variables: { entityId: ENTITY_ID } },
  result: {
    data: { transferApprovalPolicy: { __typename: 'TransferApprovalPolicy', threshold, canChange } },
  },
  ...forever,
});

/** Today's limits: ACH $10,000 with `achUsed` cents already sent, wire $20,000 unused. */
export const limitsMock = (achUsed = 0): MockLink.MockedResponse => ({
  request: { query: TRANSFER_LIMITS_QUERY, variables: { accountId: ACCOUNT_ID } },
  result: {
    data: {
      tprimeTransferLimits: {
        __typename: 'TprimeTransferLimits',
        accountId: ACCOUNT_ID,
        date: TODAY,
        ach: {
          __typename: 'TransferRailLimit',
          dailyLimit: 1_000_000,
          usedToday: achUsed,
          remainingToday: 1_000_000 - achUsed,
        },
        wire: {
          __typename: 'TransferRailLimit',
          dailyLimit: 2_000_000,
          usedToday: 0,
          remainingToday: 2_000_000,
        },
      },
    },
  },
  ...forever,
});

/** Renders a banking page as the app does: Mantine, toasts, Apollo mocks, the entity and a router. */
export function renderBanking(
  page: ReactElement,
  {
    mocks,
    viewerRole = 'owner',
    route = '/keel-checking',
    state,
  }: { mocks: MockLink.MockedResponse[]; viewerRole?: string; route?: string; state?: unknown },
) {
  return renderEntityPage(page, {
    mocks,
    entity: bankingContext(viewerRole),
    route: { pathname: route, state },
  });
}
