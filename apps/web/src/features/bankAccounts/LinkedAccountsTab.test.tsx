import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverFeaturesWithOff } from '../../test/serverFeaturesKit';
import {
  quickbooksAccount,
  quickbooksAccountsMock,
  quickbooksConnection,
} from '../accounting/accounting.testkit';
import type { JobStatus } from '../jobs/jobQueries';
import {
  ENTITY_ID,
  entityJobsMock,
  job,
  linkedAccountsMock,
  loginRequiredError,
  moneykitLink,
  plaidItem,
  renderLinking,
} from '../linking/linking.testkit';
import {
  CREATE_PLAID_ITEM_MUTATION,
  CREATE_PLAID_LINK_TOKEN_MUTATION,
  DELETE_PLAID_ITEM_MUTATION,
} from '../linking/linkingQueries';
import { PENDING_LINK_KEY } from '../linking/pendingLink';
import { LinkedAccountsTab, QBO_SOURCE_MESSAGE } from './LinkedAccountsTab';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('LinkedAccountsTab', () => {
  it('lists each connection with its institution, update time and accounts: name, mask, type, available and current', async () => {
    renderLinking(<LinkedAccountsTab />, {
      mocks: [linkedAccountsMock([plaidItem()], [moneykitLink()]), entityJobsMock()],
    });
    const links = await screen.findAllByTestId('bank-link');
    expect(links.map((link) => within(link).getByTestId('institution-name').textContent)).toEqual([
      'First Platypus Bank',
      'Bramble Bank',
    ]);
    const platypus = links[0] as HTMLElement;
    expect(within(platypus).getByTestId('link-updated')).toHaveTextContent(/^Updated Nov 2[12], 2026/);
    const headers = within(within(platypus).getByRole('table')).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Account',
      'Number',
      'Type',
      'Available',
      'Current',
    ]);
    const [checking, card] = within(platypus).getAllByTestId('linked-account-row') as HTMLElement[];
    expect(checking).toHaveTextContent('Plaid Checking');
    expect(checking).toHaveTextContent('Plaid Gold Standard 0% Interest Checking');
    expect(within(checking as HTMLElement).getByTestId('account-mask')).toHaveTextContent('••0000');
    expect(within(checking as HTMLElement).getByTestId('account-type')).toHaveTextContent(
      'depository · checking',
    );
    expect(within(checking as HTMLElement).getByTestId('available-balance')).toHaveTextContent('$84,000.00');
    expect(within(checking as HTMLElement).getByTestId('current-balance')).toHaveTextContent('$84,250.00');
    // Spec §9: what is owed on a card is shown negated.
    expect(within(card as HTMLElement).getByTestId('current-balance')).toHaveTextContent('-$1,200.00');
    // B's account without an available balance.
    const bramble = links[1] as HTMLElement;
    expect(within(bramble).getByTestId('available-balance')).toHaveTextContent('—');
    expect(within(bramble).getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(within(platypus).queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
  });

  it("shows 'Login required' and Reconnect on A's item with ITEM_LOGIN_REQUIRED and B's link with auth_expired", async () => {
    renderLinking(<LinkedAccountsTab />, {
      mocks: [
        linkedAccountsMock(
          [plaidItem({ error: loginRequiredError, needsReconnect: true })],
          [
            moneykitLink({ state: 'error', errorCode: 'auth_expired', needsReconnect: true }),
            moneykitLink({ id: 'mk-2', institutionName: 'Juniper Federal' }),
          ],
        ),
        entityJobsMock(),
      ],
    });
    const links = await screen.findAllByTestId('bank-link');
    const needing = links.filter((link) => within(link).queryByTestId('login-required'));
    expect(needing.map((link) => within(link).getByTestId('institution-name').textContent)).toEqual([
      'First Platypus Bank',
      'Bramble Bank',
    ]);
    for (const link of needing) {
      expect(within(link).getByTestId('login-required')).toHaveTextContent('Login required');
      expect(within(link).getByRole('button', { name: 'Reconnect' })).toBeInTheDocument();
    }
    const healthy = links[2] as HTMLElement;
    expect(within(healthy).queryByRole('button', { name: 'Reconnect' })).not.toBeInTheDocument();
  });

  it('reconnects in update mode: a link token for that item, the sandbox sign-in, then the item again', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith('/institutions')) {
        return Response.json({
          institutions: [{ id: 'ins_109508', name: 'First Platypus Bank', accounts: [] }],
        });
      }
      return Response.json({ public_token: 'public-sandbox-abc' });
    });
    const repaired = plaidItem();
    renderLinking(<LinkedAccountsTab />, {
      mocks: [
        linkedAccountsMock([plaidItem({ error: loginRequiredError, needsReconnect: true })]),
        entityJobsMock(),
        {
          request: {
            query: CREATE_PLAID_LINK_TOKEN_MUTATION,
            variables: {
              entityId: ENTITY_ID,
              redirectUrl: `${window.location.origin}/plaid-oauth`,
              itemId: 'item-1',
            },
          },
          result: {
            data: {
              createPlaidLinkToken: {
                __typename: 'PlaidLinkTokenPayload',
                linkToken: 'link-sandbox-update',
                expiration: '2026-11-22T13:30:00.000Z',
                errors: [],
              },
            },
          },
        },
        {
          request: {
            query: CREATE_PLAID_ITEM_MUTATION,
            variables: { entityId: ENTITY_ID, publicToken: 'public-sandbox-abc' },
          },
          result: {
            data: {
              createPlaidItem: { __typename: 'PlaidItemPayload', errors: [], item: repaired, job: job() },
            },
          },
        },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reconnect First Platypus Bank' });
    expect(JSON.parse(window.localStorage.getItem(PENDING_LINK_KEY) ?? 'null')).toMatchObject({
      provider: 'plaid',
      linkToken: 'link-sandbox-update',
      entityId: ENTITY_ID,
      linkId: 'item-1',
    });
    // The sign-in form shows once the dialog has asked the sandbox for its banks.
    const hint = await within(dialog).findByTestId('sandbox-hint');
    expect(hint).toHaveTextContent('user_good');
    expect(hint).toHaveTextContent('pass_good');
    expect(within(dialog).queryByLabelText('Bank', { selector: 'input' })).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Username' }), {
      target: { value: 'user_good' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 'pass_good' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reconnect' }));
    expect(await screen.findByText('First Platypus Bank reconnected')).toBeInTheDocument();
    const linkCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/plaid/link'));
    expect(JSON.parse(String(linkCall?.[1]?.body))).toEqual({
      link_token: 'link-sandbox-update',
      institution_id: null,
      username: 'user_good',
      password: 'pass_good',
    });
    await waitFor(() => expect(window.localStorage.getItem(PENDING_LINK_KEY)).toBeNull());
  });

  it('shows the empty state when the company has no links', async () => {
    renderLinking(<LinkedAccountsTab />, { mocks: [linkedAccountsMock([]), entityJobsMock()] });
    const empty = await screen.findByTestId('linked-accounts-empty');
    expect(empty).toHaveTextContent('You currently have no linked accounts');
    expect(empty).toHaveTextContent('Click on Add Accounts to get started.');
    expect(screen.queryByTestId('qbo-source')).not.toBeInTheDocument();
  });

  it('says bank accounts come from QuickBooks Online when the accounting source is active', async () => {
    renderLinking(<LinkedAccountsTab />, { qbo: true, mocks: [linkedAccountsMock([]), entityJobsMock()] });
    expect(await screen.findByTestId('qbo-source')).toHaveTextContent(QBO_SOURCE_MESSAGE);
    expect(QBO_SOURCE_MESSAGE).toBe('Connected - Bank accounts are imported from QuickBooks Online');
    expect(screen.queryByTestId('linked-accounts-empty')).not.toBeInTheDocument();
  });

  it('offers Plaid and MoneyKit under Add Accounts to an admin', async () => {
    renderLinking(<LinkedAccountsTab />, {
      viewerRole: 'admin',
      mocks: [linkedAccountsMock([]), entityJobsMock()],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Accounts' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Plaid'),
      expect.stringContaining('MoneyKit'),
    ]);
  });

  it('keeps Add Accounts, Reconnect and Delete from a bookkeeper, saying who can', async () => {
    renderLinking(<LinkedAccountsTab />, {
      viewerRole: 'bookkeeper',
      mocks: [
        linkedAccountsMock([plaidItem({ error: loginRequiredError, needsReconnect: true })]),
        entityJobsMock(),
      ],
    });
    await screen.findByTestId('bank-link');
    const add = screen.getByRole('button', { name: 'Add Accounts' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(add);
    expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reconnect' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Delete First Platypus Bank' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    fireEvent.mouseEnter(add);
    expect(
      await screen.findByText('Only owners and admins can link and manage bank accounts.'),
    ).toBeInTheDocument();
  });

  it('deletes a connection after asking', async () => {
    renderLinking(<LinkedAccountsTab />, {
      mocks: [
        linkedAccountsMock([plaidItem()]),
        entityJobsMock(),
        {
          request: { query: DELETE_PLAID_ITEM_MUTATION, variables: { itemId: 'item-1' } },
          result: {
            data: { deletePlaidItem: { __typename: 'DeleteBankLinkPayload', id: 'item-1', errors: [] } },
          },
        },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete First Platypus Bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete First Platypus Bank?' });
    expect(dialog).toHaveTextContent('stay in your books');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete connection' }));
    expect(await screen.findByText('First Platypus Bank deleted')).toBeInTheDocument();
  });

  it("shows a bank link's sync inside its card, not in the job status control", async () => {
    renderLinking(<LinkedAccountsTab />, {
      mocks: [
        linkedAccountsMock([plaidItem()], [moneykitLink()]),
        entityJobsMock([job(), job({ id: 'j0', type: 'Other' })]),
      ],
    });
    const [platypus, bramble] = (await screen.findAllByTestId('bank-link')) as HTMLElement[];
    const sync = await within(platypus as HTMLElement).findByTestId('link-sync');
    expect(within(sync).getByTestId('link-sync-label')).toHaveTextContent('Importing transactions… 40%');
    expect(sync).toHaveTextContent('Imported 120 transactions from First Platypus Bank');
    expect(within(bramble as HTMLElement).queryByTestId('link-sync')).not.toBeInTheDocument();
    expect(screen.queryByTestId('job-status-control')).not.toBeInTheDocument();
  });

  it('follows the sync live: its percent moves, and when it is done the links are read again', async () => {
    let linkReads = 0;
    // The server's jobs: what entityJobs answers, and what each event tells.
    let serverJob = job();
    const { live } = renderLinking(<LinkedAccountsTab />, {
      mocks: [
        {
          ...linkedAccountsMock([plaidItem()]),
          result: () => {
            linkReads += 1;
            return { data: { plaidItems: [plaidItem()], moneykitLinks: [] } };
          },
        },
        {
          ...entityJobsMock(),
          result: () => ({ data: { entityJobs: [serverJob] } }),
        },
      ],
    });
    const tell = (next: JobStatus) => {
      serverJob = next;
      live.push('EntityJobWasUpdated', {
        entityJobWasUpdated: { __typename: 'EntityJobUpdate', jobStatus: next },
      });
    };
    const card = await screen.findByTestId('bank-link');
    await within(card).findByTestId('link-sync');
    await live.connect('EntityJobWasUpdated');
    tell(job({ progress: 75 }));
    await waitFor(() =>
      expect(within(card).getByTestId('link-sync-label')).toHaveTextContent('Importing transactions… 75%'),
    );
    const readsBefore = linkReads;
    tell(
      job({
        status: 'succeeded',
        progress: 100,
        message: 'Imported 137 transactions from First Platypus Bank',
      }),
    );
    await waitFor(() => expect(within(card).queryByTestId('link-sync')).not.toBeInTheDocument());
    await waitFor(() => expect(linkReads).toBeGreaterThan(readsBefore));
  });

  it("says why a sync it followed failed, in the link's card", async () => {
    let serverJob = job();
    const { live } = renderLinking(<LinkedAccountsTab />, {
      mocks: [
        linkedAccountsMock([plaidItem()]),
        { ...entityJobsMock(), result: () => ({ data: { entityJobs: [serverJob] } }) },
      ],
    });
    const card = await screen.findByTestId('bank-link');
    await within(card).findByTestId('link-sync');
    await live.connect('EntityJobWasUpdated');
    serverJob = job({
      status: 'failed',
      error: 'First Platypus Bank could not be synced: the bank connection service refused it.',
    });
    live.push('EntityJobWasUpdated', {
      entityJobWasUpdated: { __typename: 'EntityJobUpdate', jobStatus: serverJob },
    });
    expect(await within(card).findByTestId('link-sync-failed')).toHaveTextContent(
      'The last import failed: First Platypus Bank could not be synced',
    );
  });

  it('shows the QuickBooks sync in the job status control at the top', async () => {
    renderLinking(<LinkedAccountsTab />, {
      mocks: [
        linkedAccountsMock([]),
        entityJobsMock([
          job({ id: 'qb', type: 'QuickbooksSync', progress: 30, message: 'Importing accounts' }),
        ]),
      ],
    });
    const control = await screen.findByTestId('job-status-control');
    expect(control).toHaveTextContent('Importing from QuickBooks Online');
    expect(within(control).getByTestId('job-progress-label')).toHaveTextContent('30%');
  });

  it('lists the QuickBooks accounts with their type and current balance while QuickBooks is the source', async () => {
    renderLinking(<LinkedAccountsTab />, {
      qbo: true,
      mocks: [
        linkedAccountsMock([]),
        entityJobsMock(),
        quickbooksAccountsMock(quickbooksConnection(), [
          quickbooksAccount(),
          quickbooksAccount({
            id: 'qba-2',
            name: 'Mastercard',
            accountType: 'Credit Card',
            currentBalance: 15_712,
          }),
          quickbooksAccount({ id: 'qba-3', name: 'Services', accountType: 'Income', currentBalance: 0 }),
        ]),
      ],
    });
    expect(await screen.findByTestId('qbo-source')).toHaveTextContent(QBO_SOURCE_MESSAGE);
    const card = await screen.findByTestId('quickbooks-accounts');
    const rows = await within(card).findAllByTestId('quickbooks-account-row');
    expect(within(card).getByTestId('quickbooks-company')).toHaveTextContent('Sandbox Company_US_1');
    expect(
      rows.map((row) =>
        ['quickbooks-account-name', 'quickbooks-account-type', 'quickbooks-account-balance'].map(
          (testId) => within(row).getByTestId(testId).textContent,
        ),
      ),
    ).toEqual([
      ['Checking', 'Bank', '$12,010.00'],
      ['Mastercard', 'Credit Card', '$157.12'],
      ['Services', 'Income', '$0.00'],
    ]);
    // Linking a bank too would count it twice.
    expect(screen.getByRole('button', { name: 'Add Accounts' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows no QuickBooks section without a connection', async () => {
    renderLinking(<LinkedAccountsTab />, { mocks: [linkedAccountsMock([plaidItem()]), entityJobsMock()] });
    await screen.findByTestId('bank-link');
    expect(screen.queryByTestId('quickbooks-accounts')).not.toBeInTheDocument();
  });
});

describe('LinkedAccountsTab on a server without a provider', () => {
  it("keeps Plaid in Add Accounts, disabled, with the server's words in place of what it links", async () => {
    renderLinking(<LinkedAccountsTab />, {
      viewerRole: 'admin',
      serverFeatures: serverFeaturesWithOff('plaid'),
      mocks: [linkedAccountsMock([]), entityJobsMock()],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Accounts' }));
    const [plaid, moneykit] = await screen.findAllByRole('menuitem');
    expect(plaid).toHaveTextContent('Bank linking through Plaid is not set up on this server');
    expect(plaid).toBeDisabled();
    expect(moneykit).toHaveTextContent('Banks that connect through MoneyKit');
    expect(moneykit).toBeEnabled();
  });

  it("says so in place of Reconnect, Refresh and Delete on the off provider's links, and lists their accounts", async () => {
    renderLinking(<LinkedAccountsTab />, {
      serverFeatures: serverFeaturesWithOff('moneykit'),
      mocks: [
        linkedAccountsMock(
          [plaidItem({ error: loginRequiredError, needsReconnect: true })],
          [moneykitLink({ state: 'error', errorCode: 'auth_expired', needsReconnect: true })],
        ),
        entityJobsMock(),
      ],
    });
    const [platypus, bramble] = (await screen.findAllByTestId('bank-link')) as HTMLElement[];
    expect(within(platypus as HTMLElement).getByRole('button', { name: 'Reconnect' })).toBeInTheDocument();
    const offLink = within(bramble as HTMLElement);
    expect(offLink.getByTestId('feature-unavailable')).toHaveTextContent(
      'Bank linking through MoneyKit is not set up on this server',
    );
    expect(offLink.queryByRole('button')).not.toBeInTheDocument();
    expect(offLink.queryByTestId('reconnect-reason')).not.toBeInTheDocument();
    expect(offLink.getAllByTestId('linked-account-row').length).toBeGreaterThan(0);
  });

  it('says bank linking is not set up in place of Add Accounts when neither provider is offered', async () => {
    renderLinking(<LinkedAccountsTab />, {
      serverFeatures: serverFeaturesWithOff('plaid', 'moneykit'),
      mocks: [linkedAccountsMock([]), entityJobsMock()],
    });
    const empty = await screen.findByTestId('linked-accounts-empty');
    expect(screen.queryByRole('button', { name: 'Add Accounts' })).not.toBeInTheDocument();
    expect(screen.getByTestId('feature-unavailable')).toHaveTextContent(
      'Bank linking is not set up on this server',
    );
    expect(empty).not.toHaveTextContent('Click on Add Accounts');
  });
});
