import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { EntityContext, type EntityContextValue } from '../../shell/EntityContext';
import { theme } from '../../theme';
import {
  KEEL_ACCOUNTS_QUERY,
  type KeelAccount,
  type KeelTransfer,
  TRANSFER_LIMITS_QUERY,
  TRANSFERS_QUERY,
  VENDORS_QUERY,
  type Vendor,
} from './bankingQueries';

/** Test support for the banking pages (test code only): fixtures as the server sends them, and a render. */

export const ENTITY_ID = 'e1';
export const ACCOUNT_ID = 'a1';
export const TODAY = '2026-11-22';

export function bankingContext(viewerRole: string): EntityContextValue {
  return {
    entity: { id: ENTITY_ID, name: 'Acme Robotics', viewerRole, hasKeelAccounts: true },
    me: { id: 'u1', name: 'Dana Reyes', email: 'dana@acme.test', phoneNumber: '+14155550134' },
    today: TODAY,
  } as unknown as EntityContextValue;
}

export function keelAccount(overrides: Partial<KeelAccount> = {}): KeelAccount {
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
    ...overrides,
  } as KeelAccount;
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

export const accountsMock = (accounts: KeelAccount[]): MockLink.MockedResponse => ({
  request: { query: KEEL_ACCOUNTS_QUERY, variables: { entityId: ENTITY_ID } },
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

/** Shows where the page navigated to, and the state it handed over. */
function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </div>
  );
}

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
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <MockedProvider mocks={mocks}>
        <EntityContext.Provider value={bankingContext(viewerRole)}>
          <MemoryRouter initialEntries={[{ pathname: route, state }]}>
            <Routes>
              <Route path="*" element={page} />
            </Routes>
            <LocationProbe />
          </MemoryRouter>
        </EntityContext.Provider>
      </MockedProvider>
    </MantineProvider>,
  );
}
