import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Link, MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createGraphqlCache } from '../../lib/graphqlCache';
import { EntityContext, type EntityContextValue } from '../../shell/EntityContext';
import { LocationProbe } from '../../test/LocationProbe';
import { theme } from '../../theme';
import { TransactionsPage } from './TransactionsPage';
import { BOOKKEEPING_TRANSACTIONS_QUERY } from './transactionsQueries';

/**
 * The Transactions page's search lives in the address (`/transactions?search=AWS`): a link into the
 * page (an 'Ask Keel AI' source) opens it searched, with the text in the box; a search made on the
 * page is written back to the address.
 */

const context = {
  entity: { id: 'e1', name: 'Acme Robotics', viewerRole: 'owner' },
  today: '2026-11-22',
} as unknown as EntityContextValue;

const transaction = (id: string, name: string, amount: number, date: string) => ({
  __typename: 'BookkeepingTransaction' as const,
  id,
  name,
  amount,
  date,
  categoryName: 'Cloud Hosting',
  accountName: 'Amex',
});

/** The first page of the list for `nameFilter` (null: no search), holding `rows`. */
function listMock(
  nameFilter: string | null,
  rows: ReturnType<typeof transaction>[],
): MockLink.MockedResponse {
  return {
    request: {
      query: BOOKKEEPING_TRANSACTIONS_QUERY,
      variables: { entityId: 'e1', nameFilter, accountTypeFilter: null },
    },
    result: {
      data: {
        bookkeepingTransactionsConnection: {
          __typename: 'BookkeepingTransactionsConnection',
          count: rows.length,
          pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
          edges: rows.map((node) => ({ __typename: 'BookkeepingTransactionEdge', cursor: node.id, node })),
        },
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

const AWS_ROWS = [
  transaction('t1', 'AWS', -1_243_811, '2026-11-02'),
  transaction('t2', 'AWS', -1_187_400, '2026-10-02'),
];
const GUSTO_ROWS = [transaction('t3', 'Gusto payroll', -26_392_160, '2026-10-31')];
const ALL_ROWS = [...AWS_ROWS, ...GUSTO_ROWS];

function renderPage(route: string) {
  return render(
    <MantineProvider theme={theme} env="test">
      <MockedProvider
        mocks={[listMock(null, ALL_ROWS), listMock('AWS', AWS_ROWS), listMock('Gusto', GUSTO_ROWS)]}
        cache={createGraphqlCache()}
      >
        <MemoryRouter initialEntries={[route]}>
          <EntityContext.Provider value={context}>
            <TransactionsPage title="Transactions" />
            <Link to="/transactions?search=AWS">AWS transactions</Link>
            <LocationProbe />
          </EntityContext.Provider>
        </MemoryRouter>
      </MockedProvider>
    </MantineProvider>,
  );
}

const searchBox = () => screen.getByRole('textbox', { name: 'Search transactions' });
/** The names of the rows shown, newest first. */
const rowNames = () =>
  screen.getAllByTestId('transaction-row').map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('TransactionsPage search in the address', () => {
  it('opens searched for the address’s search text, showing it in the box', async () => {
    renderPage('/transactions?search=AWS');
    expect(searchBox()).toHaveValue('AWS');
    expect(await screen.findByTestId('transactions-count')).toHaveTextContent('2 transactions');
    expect(rowNames()).toEqual(['AWS', 'AWS']);
    expect(screen.getAllByTestId('transaction-row').map((row) => row.textContent)).toEqual([
      expect.stringContaining('-$12,438.11'),
      expect.stringContaining('-$11,874.00'),
    ]);
  });

  it('applies the search when a link leads to the page it is already on', async () => {
    renderPage('/transactions');
    expect(await screen.findByTestId('transactions-count')).toHaveTextContent('3 transactions');
    expect(searchBox()).toHaveValue('');

    fireEvent.click(screen.getByRole('link', { name: 'AWS transactions' }));
    expect(searchBox()).toHaveValue('AWS');
    expect(await screen.findByText('2 transactions')).toBeInTheDocument();
    expect(rowNames()).toEqual(['AWS', 'AWS']);
  });

  it('writes a search made on the page to the address, and clearing it removes it', async () => {
    renderPage('/transactions?search=AWS');
    await screen.findByText('2 transactions');

    fireEvent.change(searchBox(), { target: { value: '  Gusto ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/transactions?search=Gusto');
    expect(searchBox()).toHaveValue('Gusto');
    expect(await screen.findByText('1 transaction')).toBeInTheDocument();
    expect(rowNames()).toEqual(['Gusto payroll']);

    fireEvent.change(searchBox(), { target: { value: '' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Transactions search' }));
    expect(screen.getByTestId('location').textContent).toBe('/transactions');
    expect(await screen.findByText('3 transactions')).toBeInTheDocument();
  });

  it('keeps what is typed until it is applied', async () => {
    renderPage('/transactions?search=AWS');
    await screen.findByText('2 transactions');
    fireEvent.change(searchBox(), { target: { value: 'Gus' } });
    expect(searchBox()).toHaveValue('Gus');
    expect(screen.getByTestId('location')).toHaveTextContent('/transactions?search=AWS');
    expect(rowNames()).toEqual(['AWS', 'AWS']);
    expect(searchBox()).toHaveAttribute('maxlength', '255');
  });
});
