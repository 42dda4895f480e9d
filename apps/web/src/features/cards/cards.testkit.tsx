import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import type { CardKind, CardStatus } from '@keel/domain';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { expect } from 'vitest';
import { EntityContext, type EntityContextValue } from '../../shell/EntityContext';
import { theme } from '../../theme';
import { CardsPage } from './CardsPage';
import { CARD_TRANSACTIONS_QUERY, CARDS_QUERY } from './cardQueries';

/** Test support for the cards page (test code only): Acme Robotics' cards and its deposit account. */

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
    dailyLimit: null as number | null,
    monthlyLimit: null as number | null,
    spent: { __typename: 'CardSpend' as const, today: 0, thisMonth: 0 },
  };
}

type CardFixture = ReturnType<typeof card>;

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

/** A card's charges, as the transactions panel asks for the first page. */
export function transactionsMock(
  cardId: string,
  nodes: {
    id: string;
    merchant: string;
    amount: number;
    day: string;
    status: string;
    declineReason: string | null;
  }[] = [],
): MockLink.MockedResponse {
  return {
    request: { query: CARD_TRANSACTIONS_QUERY, variables: { cardId, first: 25 } },
    result: {
      data: {
        cardTransactions: {
          __typename: 'CardTransactionConnection',
          edges: nodes.map((node) => ({
            __typename: 'CardTransactionEdge',
            node: { __typename: 'CardTransaction', ...node },
          })),
          pageInfo: { __typename: 'CardTransactionPageInfo', hasNextPage: false, endCursor: null },
        },
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

/** The cards the page tests list, each with no charges unless a test gives its own. */
const CARD_IDS = ['c-virtual', 'c-physical', 'c-frozen'];

function cardsContext(viewerRole: string, hasDepositAccounts = true): EntityContextValue {
  return {
    entity: { id: 'e1', name: 'Acme Robotics', viewerRole, hasKeelAccounts: hasDepositAccounts },
    me: { id: 'u-1', name: 'Dana Demo', email: 'demo@keel.test' },
    today: '2026-11-22',
  } as unknown as EntityContextValue;
}

/** Renders /cards as the app does: Mantine, toasts, Apollo mocks, the entity and a router. */
export function renderCardsPage({
  mocks,
  viewerRole = 'owner',
  hasDepositAccounts = true,
}: {
  mocks: MockLink.MockedResponse[];
  viewerRole?: string;
  hasDepositAccounts?: boolean;
}) {
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <MockedProvider mocks={[...mocks, ...CARD_IDS.map((id) => transactionsMock(id))]}>
        <EntityContext.Provider value={cardsContext(viewerRole, hasDepositAccounts)}>
          <MemoryRouter initialEntries={['/cards']}>
            <CardsPage />
          </MemoryRouter>
        </EntityContext.Provider>
      </MockedProvider>
    </MantineProvider>,
  );
}

/** Renders /cards (renderCardsPage) and waits until its cards have loaded. */
export async function renderCardsPageLoaded(options: Parameters<typeof renderCardsPage>[0]) {
  const view = renderCardsPage(options);
  await waitFor(() => expect(screen.queryByLabelText('Loading cards')).not.toBeInTheDocument());
  return view;
}

/** The tile of the card named `name` on the page. */
export const cardTile = (name: string) =>
  screen
    .getAllByTestId('card-tile')
    .find((element) => within(element).queryByTestId('card-name')?.textContent === name) as HTMLElement;
