import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessTokenStore, setAccessToken } from '../../lib/authToken';
import { EntityContext, type EntityContextValue } from '../../shell/EntityContext';
import { theme } from '../../theme';
import { DocumentsPage } from './DocumentsPage';
import { DOCUMENTS_QUERY } from './documentsQueries';

const downloads = vi.hoisted(() => ({ started: [] as string[] }));
vi.mock('./documentLinks', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./documentLinks')>()),
  startDownload: (url: string) => downloads.started.push(url),
}));

const CHECKING = {
  __typename: 'ProviderBankAccount' as const,
  id: 'acc-1',
  name: 'Keel Checking',
  accountNumber: '********4321',
  statementMonths: ['2026-10', '2026-09', '2026-08'],
  taxDocuments: [
    taxDocument('t-2025', 'acc-1', 2025, 'filed'),
    taxDocument('t-2024', 'acc-1', 2024, 'filed'),
    taxDocument('t-2023', 'acc-1', 2023, 'void'),
  ],
};
const SAVINGS = {
  __typename: 'ProviderBankAccount' as const,
  id: 'acc-2',
  name: 'Reserve Savings',
  accountNumber: '********8765',
  statementMonths: ['2026-10'],
  taxDocuments: [
    taxDocument('t-s-2025', 'acc-2', 2025, 'filed'),
    taxDocument('t-s-draft', 'acc-2', 2026, 'draft'),
  ],
};
const NEW_ACCOUNT = {
  __typename: 'ProviderBankAccount' as const,
  id: 'acc-3',
  name: 'New Checking',
  accountNumber: '********1111',
  statementMonths: [],
  taxDocuments: [],
};

function taxDocument(id: string, accountId: string, year: number, status: string) {
  return {
    __typename: 'TaxDocument' as const,
    id,
    accountId,
    type: '1099-INT',
    year,
    name: 'Form 1099-INT',
    status,
  };
}

function renderDocuments(accounts: unknown[]) {
  const mock: MockLink.MockedResponse = {
    request: { query: DOCUMENTS_QUERY, variables: { entityId: 'e1' } },
    result: { data: { documents: { __typename: 'Documents', entityId: 'e1', accounts } } },
  };
  const context = {
    entity: { id: 'e1', name: 'Acme Robotics', viewerRole: 'owner' },
    today: '2026-11-22',
  } as unknown as EntityContextValue;
  render(
    <MantineProvider theme={theme} env="test">
      <MockedProvider mocks={[mock]}>
        <MemoryRouter initialEntries={['/documents']}>
          <EntityContext.Provider value={context}>
            <DocumentsPage />
          </EntityContext.Provider>
        </MemoryRouter>
      </MockedProvider>
    </MantineProvider>,
  );
}

const accountPicker = () => screen.getByRole('combobox', { name: 'Account' });
const monthPicker = () => screen.getByRole('combobox', { name: 'Month' });

/** The options of the picker's open list (opening it), by their text. */
async function optionsOf(picker: HTMLElement): Promise<(string | null)[]> {
  if (picker.getAttribute('aria-expanded') !== 'true') fireEvent.click(picker);
  await waitFor(() => expect(picker).toHaveAttribute('aria-controls'));
  const listbox = document.getElementById(picker.getAttribute('aria-controls') ?? '') as HTMLElement;
  return within(listbox)
    .getAllByRole('option', { hidden: true })
    .map((option) => option.textContent);
}

async function choose(picker: HTMLElement, option: string) {
  fireEvent.click(picker);
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

const tokenAnswer = (token: string) =>
  new Response(JSON.stringify({ token, expires_at: '2026-11-22T12:01:00Z', expires_in: 60 }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** fetch answering GET /api/v1/file_tokens with these tokens in turn. */
const serveTokens = (...tokens: string[]) => {
  const fetchMock = vi.spyOn(globalThis, 'fetch');
  for (const token of tokens) fetchMock.mockResolvedValueOnce(tokenAnswer(token));
  return fetchMock;
};

/** Every address in the page: none may carry a file token. */
const addressesInPage = () =>
  [...document.querySelectorAll('[href], [src], [action]')].map(
    (element) =>
      element.getAttribute('href') ?? element.getAttribute('src') ?? element.getAttribute('action'),
  );

beforeEach(() => {
  downloads.started = [];
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('DocumentsPage', () => {
  it('keeps Month disabled until an account is chosen, and Download until a month is too', async () => {
    renderDocuments([CHECKING, SAVINGS]);
    await screen.findByTestId('statement-export');

    expect(monthPicker()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();

    await choose(accountPicker(), 'Keel Checking ••4321');
    expect(monthPicker()).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
    expect(await optionsOf(monthPicker())).toEqual(['October 2026', 'September 2026', 'August 2026']);
    fireEvent.click(screen.getByRole('option', { name: 'September 2026', hidden: true }));

    expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled();
  });

  it('clears the month when the account changes', async () => {
    renderDocuments([CHECKING, SAVINGS]);
    await screen.findByTestId('statement-export');
    await choose(accountPicker(), 'Keel Checking ••4321');
    await choose(monthPicker(), 'August 2026');
    expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled();

    await choose(accountPicker(), 'Reserve Savings ••8765');
    expect(monthPicker()).toHaveValue('');
    expect(monthPicker()).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
    await choose(monthPicker(), 'October 2026');
    serveTokens('tok-1');
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() =>
      expect(downloads.started).toEqual([
        '/api/v1/account/statement?account_id=acc-2&month=2026-10&token=tok-1',
      ]),
    );
  });

  it('finds an account by typing part of its name', async () => {
    const user = userEvent.setup();
    renderDocuments([CHECKING, SAVINGS]);
    await screen.findByTestId('statement-export');

    await user.type(accountPicker(), 'reserve');
    expect(await optionsOf(accountPicker())).toEqual(['Reserve Savings ••8765']);
  });

  it('says when a chosen account has no statement yet', async () => {
    renderDocuments([NEW_ACCOUNT]);
    await screen.findByTestId('statement-export');
    await choose(accountPicker(), 'New Checking ••1111');

    expect(monthPicker()).toBeDisabled();
    expect(monthPicker()).toHaveAttribute('placeholder', 'No statements yet');
    expect(screen.getByTestId('no-statements-yet')).toHaveTextContent(
      'The first statement of New Checking ••1111 covers the month it opened, once that month is over.',
    );
  });

  it('shows the empty state, linking to Keel Accounts, when the company has no account', async () => {
    renderDocuments([]);
    const empty = await screen.findByTestId('statements-empty');

    expect(empty).toHaveTextContent('Account statements appear here once you have a Keel account.');
    expect(within(empty).getByRole('link', { name: 'Go to Keel Accounts' })).toHaveAttribute(
      'href',
      '/keel-checking',
    );
    expect(screen.queryByRole('combobox', { name: 'Account' })).not.toBeInTheDocument();
    expect(screen.getByTestId('tax-documents-empty')).toBeInTheDocument();
  });

  it('links each account agreement to its text on /legal/disclosures', async () => {
    renderDocuments([CHECKING]);
    const agreements = await screen.findByTestId('account-agreements');

    const links = within(agreements).getAllByRole('link');
    expect(links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['View Deposit Account Agreement and Privacy Notice', '/legal/disclosures#deposit-account-agreement'],
      ['View Truth in Savings Disclosure', '/legal/disclosures#truth-in-savings'],
      ['View Debit Card Cardholder Agreement', '/legal/disclosures#debit-card-cardholder-agreement'],
    ]);
    expect(links.every((link) => link.textContent === 'View')).toBe(true);
  });

  it('lists the filed tax documents of every account by year, newest first, each a download', async () => {
    const fetchMock = serveTokens('tok-1', 'tok-2');
    renderDocuments([CHECKING, SAVINGS]);
    const list = await screen.findByTestId('tax-documents');

    const years = within(list)
      .getAllByRole('heading', { level: 4 })
      .map((heading) => heading.textContent);
    expect(years).toEqual(['2025', '2024']);
    const year2025 = within(list).getByTestId('tax-year-2025');
    expect(year2025).toHaveTextContent('Keel Checking ••4321');
    expect(year2025).toHaveTextContent('Reserve Savings ••8765');
    // Neither the void 2023 document nor the 2026 draft is listed.
    expect(within(list).queryByText('2023')).not.toBeInTheDocument();
    expect(within(list).queryByText('2026')).not.toBeInTheDocument();

    const [checking, savings] = within(year2025).getAllByRole('button', { name: 'Form 1099-INT 2025' });
    fireEvent.click(checking as HTMLElement);
    await waitFor(() => expect(downloads.started).toHaveLength(1));
    fireEvent.click(savings as HTMLElement);
    await waitFor(() => expect(downloads.started).toHaveLength(2));
    expect(downloads.started).toEqual([
      '/api/v1/account/document?accountId=acc-1&id=t-2025&token=tok-1',
      '/api/v1/account/document?accountId=acc-2&id=t-s-2025&token=tok-2',
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks for a new single-use token at every click, with the bearer header, and downloads with it', async () => {
    setAccessToken('session-token');
    const fetchMock = serveTokens('tok-1', 'tok-2');
    renderDocuments([CHECKING]);
    await screen.findByTestId('statement-export');
    await choose(accountPicker(), 'Keel Checking ••4321');
    await choose(monthPicker(), 'October 2026');
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(downloads.started).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(downloads.started).toHaveLength(2));

    expect(downloads.started).toEqual([
      '/api/v1/account/statement?account_id=acc-1&month=2026-10&token=tok-1',
      '/api/v1/account/statement?account_id=acc-1&month=2026-10&token=tok-2',
    ]);
    for (const [url, init] of fetchMock.mock.calls) {
      expect(String(url)).toBe('/api/v1/file_tokens?entity_id=e1');
      expect(init?.headers).toMatchObject({ authorization: 'Bearer session-token' });
    }
    // No token ever sits in the page, where an address could be copied or opened later.
    expect(addressesInPage().filter((address) => address?.includes('token'))).toEqual([]);
    accessTokenStore.write(null);
  });

  it('starts one download for a double click', async () => {
    const fetchMock = serveTokens('tok-1', 'tok-2');
    renderDocuments([CHECKING]);
    const list = await screen.findByTestId('tax-documents');
    const form = within(list).getByRole('button', { name: 'Form 1099-INT 2024' });

    fireEvent.click(form);
    fireEvent.click(form);
    await waitFor(() => expect(downloads.started).toHaveLength(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says so, and downloads nothing, when no token can be had', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ status: 403, detail: 'You do not have permission to do that' }), {
        status: 403,
        headers: { 'content-type': 'application/problem+json' },
      }),
    );
    renderDocuments([CHECKING]);
    await screen.findByTestId('statement-export');
    await choose(accountPicker(), 'Keel Checking ••4321');
    await choose(monthPicker(), 'October 2026');

    fireEvent.click(screen.getByRole('button', { name: 'Download' }));

    expect(await screen.findByTestId('download-error')).toHaveTextContent(
      'You do not have permission to do that',
    );
    expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled();
    expect(downloads.started).toEqual([]);
  });
});
