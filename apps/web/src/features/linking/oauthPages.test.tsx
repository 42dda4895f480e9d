import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storageKeys';
import { ENTITY_ID, entityJobsMock, job, moneykitLink, plaidItem, renderLinking } from './linking.testkit';
import { CREATE_MONEYKIT_LINK_MUTATION, CREATE_PLAID_ITEM_MUTATION } from './linkingQueries';
import { LOADING_DATA_MESSAGE, MoneykitOauthReturn } from './MoneykitOauthPage';
import { PlaidOauthReturn } from './PlaidOauthPage';
import { PENDING_LINK_KEY, type PendingLink } from './pendingLink';

function storePending(pending: Partial<PendingLink> & Pick<PendingLink, 'provider' | 'linkToken'>) {
  window.localStorage.setItem(
    PENDING_LINK_KEY,
    JSON.stringify({ entityId: ENTITY_ID, linkId: null, institutionName: null, ...pending }),
  );
}

/** The sandbox's hosted screens: its institutions, and a sign-in answering `token`. */
function stubSandbox(token: Record<string, string>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input).endsWith('/institutions')) {
      return Response.json({
        institutions: [
          { id: 'ins_109508', name: 'First Platypus Bank', accounts: ['Plaid Checking'] },
          { id: 'mk_bramble_bank', name: 'Bramble Bank', accounts: ['Bramble Business Checking'] },
        ],
      });
    }
    return Response.json(token);
  });
}

async function signInToBank(bank: string, action = 'Connect') {
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(await within(dialog).findByLabelText('Bank', { selector: 'input' }));
  fireEvent.click(await screen.findByRole('option', { name: bank, hidden: true }));
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Username' }), {
    target: { value: 'user_good' },
  });
  fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 'pass_good' } });
  fireEvent.click(within(dialog).getByRole('button', { name: action }));
}

beforeEach(() => {
  window.localStorage.setItem(STORAGE_KEYS.authToken, JSON.stringify('token-1'));
});

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

describe('/plaid-oauth', () => {
  it("fails with 'Missing link token' when no flow was started", async () => {
    renderLinking(<PlaidOauthReturn />, { route: '/plaid-oauth', withEntity: false, mocks: [] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Missing link token');
    expect(screen.getByTestId('location')).toHaveTextContent('/plaid-oauth');
  });

  it("does not take provider B's stored flow for its own", async () => {
    storePending({ provider: 'moneykit', linkToken: 'mk-session-sandbox-1' });
    renderLinking(<PlaidOauthReturn />, { route: '/plaid-oauth', withEntity: false, mocks: [] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Missing link token');
  });

  it('resumes the flow with the stored link token, links the bank, clears the token and goes to /accounts', async () => {
    storePending({ provider: 'plaid', linkToken: 'link-sandbox-stored' });
    const fetchMock = stubSandbox({ public_token: 'public-sandbox-1' });
    renderLinking(<PlaidOauthReturn />, {
      route: '/plaid-oauth',
      withEntity: false,
      mocks: [
        {
          request: {
            query: CREATE_PLAID_ITEM_MUTATION,
            variables: { entityId: ENTITY_ID, publicToken: 'public-sandbox-1' },
          },
          result: {
            data: {
              createPlaidItem: { __typename: 'PlaidItemPayload', errors: [], item: plaidItem(), job: job() },
            },
          },
        },
      ],
    });
    await signInToBank('First Platypus Bank');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/accounts$/));
    const linkCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/plaid/link'));
    expect(JSON.parse(String(linkCall?.[1]?.body))).toMatchObject({
      link_token: 'link-sandbox-stored',
      institution_id: 'ins_109508',
    });
    expect(window.localStorage.getItem(PENDING_LINK_KEY)).toBeNull();
  });

  it('on exit clears the token and goes to /accounts', async () => {
    storePending({ provider: 'plaid', linkToken: 'link-sandbox-stored' });
    stubSandbox({});
    renderLinking(<PlaidOauthReturn />, { route: '/plaid-oauth', withEntity: false, mocks: [] });
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/accounts$/));
    expect(window.localStorage.getItem(PENDING_LINK_KEY)).toBeNull();
  });
});

describe('/moneykit-oauth', () => {
  it("fails with 'Missing link token' when no flow was started", async () => {
    renderLinking(<MoneykitOauthReturn />, { route: '/moneykit-oauth', withEntity: false, mocks: [] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Missing link token');
  });

  it("finishes the flow, shows 'Loading Data. Give us a moment.' while the first sync runs, then goes to /accounts/linked", async () => {
    storePending({ provider: 'moneykit', linkToken: 'mk-session-sandbox-stored' });
    stubSandbox({ exchangeable_token: 'mk-exchange-sandbox-1' });
    const running = job({
      id: 'job-mk',
      status: 'running',
      progress: 50,
      message: 'Importing from Bramble Bank',
    });
    renderLinking(<MoneykitOauthReturn />, {
      route: '/moneykit-oauth',
      withEntity: false,
      mocks: [
        {
          request: {
            query: CREATE_MONEYKIT_LINK_MUTATION,
            variables: { entityId: ENTITY_ID, exchangeableToken: 'mk-exchange-sandbox-1' },
          },
          result: {
            data: {
              createMoneykitLink: {
                __typename: 'MoneykitLinkPayload',
                errors: [],
                link: moneykitLink(),
                job: running,
              },
            },
          },
        },
        { ...entityJobsMock([running]), maxUsageCount: 1 },
        entityJobsMock([job({ id: 'job-mk', status: 'succeeded', progress: 100 })]),
      ],
    });
    await signInToBank('Bramble Bank');
    expect(await screen.findByTestId('loading-data')).toHaveTextContent(LOADING_DATA_MESSAGE);
    expect(LOADING_DATA_MESSAGE).toBe('Loading Data. Give us a moment.');
    expect(screen.getByTestId('location')).toHaveTextContent('/moneykit-oauth');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/accounts/linked'), {
      timeout: 5000,
    });
    expect(window.localStorage.getItem(PENDING_LINK_KEY)).toBeNull();
  });

  it('stops waiting after the wait ends even if the sync is still running', async () => {
    storePending({ provider: 'moneykit', linkToken: 'mk-session-sandbox-stored' });
    stubSandbox({ exchangeable_token: 'mk-exchange-sandbox-2' });
    const running = job({ id: 'job-mk', status: 'running', progress: 10 });
    renderLinking(<MoneykitOauthReturn waitMs={300} />, {
      route: '/moneykit-oauth',
      withEntity: false,
      mocks: [
        {
          request: {
            query: CREATE_MONEYKIT_LINK_MUTATION,
            variables: { entityId: ENTITY_ID, exchangeableToken: 'mk-exchange-sandbox-2' },
          },
          result: {
            data: {
              createMoneykitLink: {
                __typename: 'MoneykitLinkPayload',
                errors: [],
                link: moneykitLink(),
                job: running,
              },
            },
          },
        },
        entityJobsMock([running]),
      ],
    });
    await signInToBank('Bramble Bank');
    expect(await screen.findByTestId('loading-data')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/accounts/linked'));
  });

  it("shows the sandbox's refusal in the dialog and stays open", async () => {
    storePending({ provider: 'moneykit', linkToken: 'mk-session-sandbox-stored' });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      if (String(input).endsWith('/institutions')) {
        return Response.json({
          institutions: [{ id: 'mk_bramble_bank', name: 'Bramble Bank', accounts: [] }],
        });
      }
      return Response.json(
        { status: 422, detail: 'The provided credentials were not correct. Please try again.' },
        { status: 422 },
      );
    });
    renderLinking(<MoneykitOauthReturn />, { route: '/moneykit-oauth', withEntity: false, mocks: [] });
    await signInToBank('Bramble Bank');
    expect(await screen.findByTestId('link-error')).toHaveTextContent(
      'The provided credentials were not correct',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
