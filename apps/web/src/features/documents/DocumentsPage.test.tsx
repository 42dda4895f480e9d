import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

function renderDocuments(accounts: unknown[], fileToken = { token: 'tok-1', expiresIn: 300 }) {
  const mock: MockLink.MockedResponse = {
    request: { query: DOCUMENTS_QUERY, variables: { entityId: 'e1' } },
    result: {
      data: {
        documents: {
          __typename: 'Documents',
          entityId: 'e1',
          fileToken: { __typename: 'FileToken', ...fileToken },
          accounts,
        },
      },
    },
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
    expect(screen.queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();

    await choose(accountPicker(), 'Keel Checking ••4321');
    expect(monthPicker()).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
    expect(await optionsOf(monthPicker())).toEqual(['October 2026', 'September 2026', 'August 2026']);
    fireEvent.click(screen.getByRole('option', { name: 'September 2026', hidden: true }));

    const download = screen.getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute(
      'href',
      '/api/v1/account/statement?account_id=acc-1&month=2026-09&token=tok-1',
    );
  });

  it('clears the month when the account changes', async () => {
    renderDocuments([CHECKING, SAVINGS]);
    await screen.findByTestId('statement-export');
    await choose(accountPicker(), 'Keel Checking ••4321');
    await choose(monthPicker(), 'August 2026');
    expect(screen.getByRole('link', { name: 'Download' })).toBeInTheDocument();

    await choose(accountPicker(), 'Reserve Savings ••8765');
    expect(monthPicker()).toHaveValue('');
    expect(monthPicker()).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
    await choose(monthPicker(), 'October 2026');
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      '/api/v1/account/statement?account_id=acc-2&month=2026-10&token=tok-1',
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
      'The first statement of New Checking ••1111 covers the first full month after it opened.',
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
    renderDocuments([CHECKING, SAVINGS]);
    const list = await screen.findByTestId('tax-documents');

    const years = within(list)
      .getAllByRole('heading', { level: 4 })
      .map((heading) => heading.textContent);
    expect(years).toEqual(['2025', '2024']);
    const year2025 = within(list).getByTestId('tax-year-2025');
    const links = within(year2025).getAllByRole('link', { name: 'Form 1099-INT 2025' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/api/v1/account/document?accountId=acc-1&id=t-2025&token=tok-1',
      '/api/v1/account/document?accountId=acc-2&id=t-s-2025&token=tok-1',
    ]);
    expect(year2025).toHaveTextContent('Keel Checking ••4321');
    expect(year2025).toHaveTextContent('Reserve Savings ••8765');
    // Neither the void 2023 document nor the 2026 draft is listed.
    expect(within(list).queryByText('2023')).not.toBeInTheDocument();
    expect(within(list).queryByText('2026')).not.toBeInTheDocument();
  });

  it('gets a fresh token before downloading with one near its end', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ token: 'tok-2', expires_at: '2026-11-22T12:05:00Z', expires_in: 300 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    renderDocuments([CHECKING], { token: 'tok-old', expiresIn: 30 });
    await screen.findByTestId('statement-export');
    await choose(accountPicker(), 'Keel Checking ••4321');
    await choose(monthPicker(), 'October 2026');

    fireEvent.click(screen.getByRole('link', { name: 'Download' }));

    await waitFor(() =>
      expect(downloads.started).toEqual([
        '/api/v1/account/statement?account_id=acc-1&month=2026-10&token=tok-2',
      ]),
    );
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/file_tokens?entity_id=e1');
    // The links carry the new token from now on.
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      '/api/v1/account/statement?account_id=acc-1&month=2026-10&token=tok-2',
    );
  });

  it('lets a link with a fresh token download as it is', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    renderDocuments([CHECKING]);
    const list = await screen.findByTestId('tax-documents');

    const link = within(list).getAllByRole('link', { name: 'Form 1099-INT 2025' })[0] as HTMLElement;
    // Seen after the page's own handler; then stopped, as jsdom cannot follow links.
    let prevented: boolean | null = null;
    window.addEventListener(
      'click',
      (event) => {
        prevented = event.defaultPrevented;
        event.preventDefault();
      },
      { once: true },
    );
    fireEvent.click(link);

    expect(prevented).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(downloads.started).toEqual([]);
  });
});
