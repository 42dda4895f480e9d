import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import type { CardKind, CardStatus } from '@keel/domain';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { EntityContext, type EntityContextValue } from '../../shell/EntityContext';
import { theme } from '../../theme';
import { CardsPage } from './CardsPage';
import { CARDS_QUERY } from './cardQueries';

/** Test support for the cards page (test code only): Acme Robotics' cards and its Keel account. */

export const ACCOUNT = {
  __typename: 'ProviderBankAccount' as const,
  id: 'acct-1',
  name: 'Keel Checking',
  accountNumber: '********9012',
  status: 'open',
};

export function card(id: string, name: string, kind: CardKind, status: CardStatus, last4 = '4242') {
  return {
    __typename: 'Card' as const,
    id,
    name,
    cardType: 'TPrime::Card',
    type: kind,
    cardId: `sandbox_card_${id}`,
    // As the API types it (a string), so a test may spread a card with another status.
    status: status as string,
    description:
      kind === 'virtual'
        ? 'For online and phone purchases'
        : status === 'inactive'
          ? 'Mailed to the company: activate it with a PIN when it arrives'
          : 'For purchases in person and online',
    last4,
    expiration: '11/29',
    expirationMonth: 11,
    expirationYear: 2029,
    depositAccountId: ACCOUNT.id,
  };
}

export type CardFixture = ReturnType<typeof card>;

export const VIRTUAL = card('c-virtual', 'Software and ads', 'virtual', 'active', '4242');
export const PHYSICAL = card('c-physical', 'Travel and meals', 'physical', 'inactive', '1881');

/** The cards query as a role that may (withAccounts) or may not issue cards asks it. */
export function cardsMock(
  cards: CardFixture[],
  options: {
    withAccounts?: boolean;
    accounts?: (typeof ACCOUNT)[];
    /** Answers each load (to count loads, or change the cards between them). */
    result?: () => { data: { cards: CardFixture[]; providerBankAccounts?: (typeof ACCOUNT)[] } };
  } = {},
): MockLink.MockedResponse {
  const withAccounts = options.withAccounts ?? true;
  const data = {
    cards,
    ...(withAccounts ? { providerBankAccounts: options.accounts ?? [ACCOUNT] } : {}),
  };
  return {
    request: { query: CARDS_QUERY, variables: { entityId: 'e1', withAccounts } },
    result: options.result ?? { data },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

export function cardsContext(viewerRole: string, hasKeelAccounts = true): EntityContextValue {
  return {
    entity: { id: 'e1', name: 'Acme Robotics', viewerRole, hasKeelAccounts },
    me: { id: 'u-1', name: 'Dana Demo', email: 'demo@keel.test' },
    today: '2026-11-22',
  } as unknown as EntityContextValue;
}

/** Renders /cards as the app does: Mantine, toasts, Apollo mocks, the entity and a router. */
export function renderCardsPage({
  mocks,
  viewerRole = 'owner',
  hasKeelAccounts = true,
}: {
  mocks: MockLink.MockedResponse[];
  viewerRole?: string;
  hasKeelAccounts?: boolean;
}) {
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <MockedProvider mocks={mocks}>
        <EntityContext.Provider value={cardsContext(viewerRole, hasKeelAccounts)}>
          <MemoryRouter initialEntries={['/cards']}>
            <CardsPage />
          </MemoryRouter>
        </EntityContext.Provider>
      </MockedProvider>
    </MantineProvider>,
  );
}
