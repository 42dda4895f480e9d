import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createGraphqlCache } from '../../lib/graphqlCache';
import { EntityContext, type EntityContextValue } from '../../shell/EntityContext';
import { ServerFeaturesContext, type ServerFeatureView } from '../../shell/serverFeatures';
import { LocationProbe } from '../../test/LocationProbe';
import { createLiveTestLink } from '../../test/liveTestLink';
import { theme } from '../../theme';
import { QUICKBOOKS_ACCOUNTS_QUERY, QUICKBOOKS_CONNECTION_QUERY } from '../accounting/accountingQueries';
import { ENTITY_JOBS_QUERY, type JobStatus } from '../jobs/jobQueries';
import {
  AGGREGATOR_MODES_QUERY,
  LINKED_ACCOUNTS_QUERY,
  type LinkedAccount,
  type MoneykitLink,
  type PlaidItem,
} from './linkingQueries';

/** Test support for the linking pages (test code only): fixtures as the server sends them, and a render. */

export const ENTITY_ID = 'e1';
const TODAY = '2026-11-22';

function linkingContext(viewerRole: string, qbo = false): EntityContextValue {
  return {
    entity: {
      id: ENTITY_ID,
      name: 'Acme Robotics',
      viewerRole,
      hasKeelAccounts: false,
      demo: false,
      apiFlags: { __typename: 'ApiFlags', qbo, finch: false },
    },
    me: { id: 'u1', name: 'Dana Reyes', email: 'dana@acme.test', phoneNumber: '+14155550134' },
    entities: [],
    today: TODAY,
    selectEntity: () => undefined,
  } as unknown as EntityContextValue;
}

function linkedAccount(overrides: Partial<LinkedAccount> = {}): LinkedAccount {
  return {
    __typename: 'LinkedAccount',
    accountId: 'acc-checking',
    name: 'Plaid Checking',
    mask: '0000',
    officialName: 'Plaid Gold Standard 0% Interest Checking',
    accountType: 'depository',
    subtype: 'checking',
    balances: { __typename: 'LinkedAccountBalances', available: 8_400_000, current: 8_425_000 },
    balancesUpdatedAt: '2026-11-22T09:30:00.000Z',
    ...overrides,
  } as LinkedAccount;
}

const creditCard = (overrides: Partial<LinkedAccount> = {}) =>
  linkedAccount({
    accountId: 'acc-card',
    name: 'Plaid Credit Card',
    mask: '3333',
    officialName: 'Plaid Diamond 12.5% APR Interest Credit Card',
    accountType: 'credit',
    subtype: 'credit card',
    balances: { __typename: 'LinkedAccountBalances', available: 2_380_000, current: 120_000 },
    ...overrides,
  } as Partial<LinkedAccount>);

export function plaidItem(overrides: Partial<PlaidItem> = {}): PlaidItem {
  return {
    __typename: 'PlaidItem',
    itemId: 'item-1',
    institution: { __typename: 'LinkInstitution', institutionId: 'ins_109508', name: 'First Platypus Bank' },
    error: null,
    needsReconnect: false,
    updatedAt: '2026-11-22T09:30:00.000Z',
    lastSyncedAt: '2026-11-22T09:30:00.000Z',
    accounts: [linkedAccount(), creditCard()],
    ...overrides,
  } as PlaidItem;
}

/** Spec §4: A's item whose login expired. */
export const loginRequiredError = {
  __typename: 'PlaidItemError',
  error_type: 'ITEM_ERROR',
  error_code: 'ITEM_LOGIN_REQUIRED',
  error_message: 'the login details of this item have changed',
  display_message: null,
} as const;

export function moneykitLink(overrides: Partial<MoneykitLink> = {}): MoneykitLink {
  return {
    __typename: 'MoneykitLink',
    id: 'mk-1',
    institutionName: 'Bramble Bank',
    state: 'connected',
    errorCode: null,
    needsReconnect: false,
    updatedAt: '2026-11-21T15:00:00.000Z',
    lastSyncedAt: '2026-11-21T15:00:00.000Z',
    accounts: [
      linkedAccount({
        accountId: 'acc-bramble',
        name: 'Bramble Business Checking',
        officialName: 'Bramble Business Checking',
        mask: '2468',
        balances: { __typename: 'LinkedAccountBalances', available: null, current: 7_290_000 },
      } as Partial<LinkedAccount>),
    ],
    ...overrides,
  } as MoneykitLink;
}

export function job(overrides: Partial<JobStatus> = {}): JobStatus {
  return {
    __typename: 'JobStatus',
    id: 'job-1',
    type: 'BankLinkSync',
    subjectId: 'item-1',
    status: 'running',
    progress: 40,
    message: 'Imported 120 transactions from First Platypus Bank',
    error: null,
    queuedAt: '2026-11-22T09:30:00.000Z',
    startedAt: '2026-11-22T09:30:01.000Z',
    finishedAt: null,
    ...overrides,
  } as JobStatus;
}

const forever = { maxUsageCount: Number.POSITIVE_INFINITY };

export const linkedAccountsMock = (
  plaidItems: PlaidItem[],
  moneykitLinks: MoneykitLink[] = [],
): MockLink.MockedResponse => ({
  request: { query: LINKED_ACCOUNTS_QUERY, variables: { entityId: ENTITY_ID } },
  result: { data: { plaidItems, moneykitLinks } },
  ...forever,
});

export const entityJobsMock = (jobs: JobStatus[] = []): MockLink.MockedResponse => ({
  request: { query: ENTITY_JOBS_QUERY, variables: { entityId: ENTITY_ID } },
  result: { data: { entityJobs: jobs } },
  ...forever,
});

/** aggregatorModes: each provider the sandbox (true, the server's default) or the vendor's live API. */
export const aggregatorModesMock = (
  sandbox: { plaid: boolean; moneykit: boolean } = { plaid: true, moneykit: true },
): MockLink.MockedResponse => ({
  request: { query: AGGREGATOR_MODES_QUERY },
  result: {
    data: {
      aggregatorModes: (['plaid', 'moneykit'] as const).map((provider) => ({
        __typename: 'AggregatorMode',
        provider,
        sandbox: sandbox[provider],
      })),
    },
  },
  ...forever,
});

/** A company without QuickBooks: what the pages read when a test does not say otherwise. */
const NO_QUICKBOOKS_MOCKS: MockLink.MockedResponse[] = [
  {
    request: { query: QUICKBOOKS_ACCOUNTS_QUERY, variables: { entityId: ENTITY_ID } },
    result: { data: { quickbooksConnection: null, quickbooksAccounts: [] } },
    ...forever,
  },
  {
    request: { query: QUICKBOOKS_CONNECTION_QUERY, variables: { entityId: ENTITY_ID } },
    result: { data: { quickbooksConnection: null } },
    ...forever,
  },
];

/**
 * Renders a linking page as the app does: Mantine, toasts, Apollo mocks, the entity and a router.
 * Subscriptions stay open for the test to drive through the answer's `live` (test/liveTestLink.ts).
 */
export function renderLinking(
  page: ReactElement,
  {
    mocks,
    viewerRole = 'owner',
    qbo = false,
    route = '/accounts/linked',
    withEntity = true,
    serverFeatures = null,
  }: {
    mocks: MockLink.MockedResponse[];
    viewerRole?: string;
    qbo?: boolean;
    route?: string;
    /** False for the public pages, which render outside the signed-in shell. */
    withEntity?: boolean;
    /** What the shell says the server offers (null: as outside the shell, nothing gated). */
    serverFeatures?: ServerFeatureView[] | null;
  },
) {
  const routed = (
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route path="*" element={page} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>
  );
  // The test's own mocks first: MockLink answers with the first that matches (a test's aggregatorModes).
  const live = createLiveTestLink([...mocks, ...NO_QUICKBOOKS_MOCKS, aggregatorModesMock()]);
  const rendered = render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <MockedProvider link={live.link} cache={createGraphqlCache()}>
        <ServerFeaturesContext.Provider value={serverFeatures}>
          {withEntity ? (
            <EntityContext.Provider value={linkingContext(viewerRole, qbo)}>{routed}</EntityContext.Provider>
          ) : (
            routed
          )}
        </ServerFeaturesContext.Provider>
      </MockedProvider>
    </MantineProvider>,
  );
  return { ...rendered, live };
}
