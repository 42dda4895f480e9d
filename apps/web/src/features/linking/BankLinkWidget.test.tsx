import type { MockLink } from '@apollo/client/testing';
import { notifications } from '@mantine/notifications';
import type { LinkExitError } from '@moneykit/connect';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storageKeys';
import { LinkedAccountsTab } from '../bankAccounts/LinkedAccountsTab';
import {
  aggregatorModesMock,
  ENTITY_ID,
  entityJobsMock,
  job,
  linkedAccountsMock,
  loginRequiredError,
  moneykitLink,
  plaidItem,
  renderLinking,
} from './linking.testkit';
import {
  CREATE_LINK_SESSION_TOKEN_MUTATION,
  CREATE_MONEYKIT_LINK_MUTATION,
  CREATE_PLAID_ITEM_MUTATION,
  CREATE_PLAID_LINK_TOKEN_MUTATION,
  REFRESH_MONEYKIT_LINK_MUTATION,
} from './linkingQueries';
import { LOADING_DATA_MESSAGE, MoneykitOauthReturn } from './MoneykitOauthPage';
import { PlaidOauthReturn } from './PlaidOauthPage';
import { PENDING_LINK_KEY, type PendingLink } from './pendingLink';
import { loadPlaidLink, PLAID_LINK_SCRIPT_URL, type PlaidLinkOptions } from './plaidLinkScript';

/**
 * The vendors' own widgets in live mode (aggregatorModes sandbox false): Plaid Link through a fake
 * `window.Plaid` (the script Plaid serves from its CDN), MoneyKit Connect through a fake of its web SDK.
 */

type SuccessCallback = (result: unknown, ...rest: unknown[]) => void;
type ExitCallback = (error: LinkExitError | null) => void;
type ConnectCall = (tokenOrUrl: string, onSuccess: SuccessCallback, onExit: ExitCallback) => void;

const moneykit = vi.hoisted(() => ({
  constructed: vi.fn(),
  link: vi.fn<ConnectCall>(),
  relink: vi.fn<ConnectCall>(),
  continue: vi.fn<ConnectCall>(),
}));

vi.mock('@moneykit/connect', () => ({
  default: class FakeMoneyKit {
    constructor() {
      moneykit.constructed();
    }
    link = moneykit.link;
    relink = moneykit.relink;
    continue = moneykit.continue;
  },
}));

/** Plaid's SDK as its script defines it: create(options) → a handler with open, exit and destroy. */
function installFakePlaid() {
  const handler = { open: vi.fn(), exit: vi.fn(), destroy: vi.fn() };
  const create = vi.fn((_options: PlaidLinkOptions) => handler);
  window.Plaid = { create };
  const options = (): PlaidLinkOptions => {
    const last = create.mock.lastCall?.[0];
    if (!last) throw new Error('Plaid Link was not created');
    return last;
  };
  return { create, handler, options };
}

/** The callbacks the page handed to the SDK's last call of `method`. */
function connectCallbacks(method: 'link' | 'relink' | 'continue') {
  const last = moneykit[method].mock.lastCall;
  if (!last) throw new Error(`MoneyKit Connect's ${method} was not called`);
  const [tokenOrUrl, onSuccess, onExit] = last;
  return { tokenOrUrl, onSuccess, onExit };
}

const PLAID_LIVE = { plaid: false, moneykit: true };
const MONEYKIT_LIVE = { plaid: true, moneykit: false };

const plaidLinkTokenMock = (linkToken: string, itemId: string | null = null): MockLink.MockedResponse => ({
  request: {
    query: CREATE_PLAID_LINK_TOKEN_MUTATION,
    variables: { entityId: ENTITY_ID, redirectUrl: `${window.location.origin}/plaid-oauth`, itemId },
  },
  result: {
    data: {
      createPlaidLinkToken: {
        __typename: 'PlaidLinkTokenPayload',
        linkToken,
        expiration: '2026-11-22T16:00:00.000Z',
        errors: [],
      },
    },
  },
});

const linkSessionTokenMock = (
  linkSessionToken: string,
  id: string | null = null,
): MockLink.MockedResponse => ({
  request: {
    query: CREATE_LINK_SESSION_TOKEN_MUTATION,
    variables: { entityId: ENTITY_ID, redirectUrl: `${window.location.origin}/moneykit-oauth`, id },
  },
  result: {
    data: {
      createLinkSessionToken: {
        __typename: 'LinkSessionTokenPayload',
        linkSessionToken,
        expiration: '2026-11-22T12:30:00.000Z',
        errors: [],
      },
    },
  },
});

/** createPlaidItem answering the item for `publicToken`; `answered` records each call. */
function plaidItemMock(
  publicToken: string,
  answered = vi.fn(),
  errors: string[] = [],
): MockLink.MockedResponse {
  return {
    request: { query: CREATE_PLAID_ITEM_MUTATION, variables: { entityId: ENTITY_ID, publicToken } },
    result: (variables) => {
      answered(variables);
      return {
        data: {
          createPlaidItem: { __typename: 'PlaidItemPayload', errors, item: plaidItem(), job: job() },
        },
      };
    },
  };
}

function moneykitLinkMock(exchangeableToken: string, answered = vi.fn()): MockLink.MockedResponse {
  return {
    request: { query: CREATE_MONEYKIT_LINK_MUTATION, variables: { entityId: ENTITY_ID, exchangeableToken } },
    result: (variables) => {
      answered(variables);
      return {
        data: {
          createMoneykitLink: {
            __typename: 'MoneykitLinkPayload',
            errors: [],
            link: moneykitLink(),
            job: job({ id: 'job-mk', message: 'Importing from Bramble Bank' }),
          },
        },
      };
    },
  };
}

function storePending(pending: Partial<PendingLink> & Pick<PendingLink, 'provider' | 'linkToken'>) {
  window.localStorage.setItem(
    PENDING_LINK_KEY,
    JSON.stringify({ entityId: ENTITY_ID, linkId: null, institutionName: null, ...pending }),
  );
}

const pendingLink = () => JSON.parse(window.localStorage.getItem(PENDING_LINK_KEY) ?? 'null');

async function chooseProvider(label: 'Plaid' | 'MoneyKit') {
  fireEvent.click(await screen.findByRole('button', { name: 'Add Accounts' }));
  const items = await screen.findAllByRole('menuitem');
  const item = items.find((candidate) => candidate.textContent?.startsWith(label));
  if (!item) throw new Error(`No menu item for ${label}`);
  fireEvent.click(item);
}

beforeEach(() => {
  vi.clearAllMocks();
  window.localStorage.setItem(STORAGE_KEYS.authToken, JSON.stringify('token-1'));
});

afterEach(() => {
  vi.restoreAllMocks();
  delete window.Plaid;
  notifications.clean();
  window.history.replaceState(null, '', '/');
});

describe('Plaid Link (provider A live)', () => {
  it('opens Plaid Link with the link token and links the bank with the public token it gives', async () => {
    const plaid = installFakePlaid();
    const exchanged = vi.fn();
    renderLinking(<LinkedAccountsTab />, {
      mocks: [
        aggregatorModesMock(PLAID_LIVE),
        linkedAccountsMock([]),
        entityJobsMock(),
        plaidLinkTokenMock('link-production-new'),
        plaidItemMock('public-token', exchanged),
      ],
    });
    await chooseProvider('Plaid');
    await waitFor(() => expect(plaid.handler.open).toHaveBeenCalledTimes(1));
    expect(plaid.create).toHaveBeenCalledTimes(1);
    expect(plaid.options().token).toBe('link-production-new');
    expect(plaid.options().receivedRedirectUri).toBeUndefined();
    expect(pendingLink()).toMatchObject({
      provider: 'plaid',
      linkToken: 'link-production-new',
      linkId: null,
    });
    // Plaid draws Link itself: no dialog of Keel's while it is open.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => plaid.options().onSuccess('public-token', { institution: { name: 'First Platypus Bank' } }));
    expect(await screen.findByText('First Platypus Bank connected')).toBeInTheDocument();
    expect(exchanged).toHaveBeenCalledWith({ entityId: ENTITY_ID, publicToken: 'public-token' });
    expect(screen.getByText('Its transactions are being imported.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(pendingLink()).toBeNull();
    expect(plaid.handler.destroy).toHaveBeenCalledTimes(1);
  });

  it("shows Plaid's message when Link exits with an error, and closing it ends the flow", async () => {
    const plaid = installFakePlaid();
    renderLinking(<LinkedAccountsTab />, {
      mocks: [
        aggregatorModesMock(PLAID_LIVE),
        linkedAccountsMock([]),
        entityJobsMock(),
        plaidLinkTokenMock('link-production-new'),
      ],
    });
    await chooseProvider('Plaid');
    await waitFor(() => expect(plaid.handler.open).toHaveBeenCalled());
    act(() =>
      plaid.options().onExit(
        {
          error_type: 'INSTITUTION_ERROR',
          error_code: 'INSTITUTION_DOWN',
          error_message: 'this institution is not currently responding to this request',
          display_message: 'First Platypus Bank is not responding right now. Please try again later.',
        },
        {},
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Connect a bank with Plaid' });
    expect(within(dialog).getByTestId('link-error')).toHaveTextContent(
      'First Platypus Bank is not responding right now. Please try again later.',
    );
    expect(pendingLink()).not.toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(pendingLink()).toBeNull();
  });

  it("shows Keel's refusal of the public token", async () => {
    const plaid = installFakePlaid();
    renderLinking(<LinkedAccountsTab />, {
      mocks: [
        aggregatorModesMock(PLAID_LIVE),
        linkedAccountsMock([]),
        entityJobsMock(),
        plaidLinkTokenMock('link-production-new'),
        plaidItemMock('public-token', vi.fn(), ['First Platypus Bank is linked already.']),
      ],
    });
    await chooseProvider('Plaid');
    await waitFor(() => expect(plaid.handler.open).toHaveBeenCalled());
    act(() => plaid.options().onSuccess('public-token', {}));
    expect(await screen.findByTestId('link-error')).toHaveTextContent(
      'First Platypus Bank is linked already.',
    );
    expect(screen.queryByText('First Platypus Bank connected')).not.toBeInTheDocument();
  });

  it('closes quietly and forgets the flow when the user leaves Link', async () => {
    const plaid = installFakePlaid();
    renderLinking(<LinkedAccountsTab />, {
      mocks: [
        aggregatorModesMock(PLAID_LIVE),
        linkedAccountsMock([]),
        entityJobsMock(),
        plaidLinkTokenMock('link-production-new'),
      ],
    });
    await chooseProvider('Plaid');
    await waitFor(() => expect(plaid.handler.open).toHaveBeenCalled());
    expect(pendingLink()).not.toBeNull();
    act(() => plaid.options().onExit(null, { status: 'institution_not_found' }));
    await waitFor(() => expect(pendingLink()).toBeNull());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(plaid.handler.destroy).toHaveBeenCalledTimes(1);
  });

  it('reconnects an item with the update-mode token the server made for it', async () => {
    const plaid = installFakePlaid();
    const exchanged = vi.fn();
    renderLinking(<LinkedAccountsTab />, {
      mocks: [
        aggregatorModesMock(PLAID_LIVE),
        linkedAccountsMock([plaidItem({ error: loginRequiredError, needsReconnect: true })]),
        entityJobsMock(),
        plaidLinkTokenMock('link-production-update', 'item-1'),
        plaidItemMock('public-update', exchanged),
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(plaid.handler.open).toHaveBeenCalled());
    expect(plaid.options().token).toBe('link-production-update');
    expect(pendingLink()).toMatchObject({ linkToken: 'link-production-update', linkId: 'item-1' });
    act(() => plaid.options().onSuccess('public-update', {}));
    expect(await screen.findByText('First Platypus Bank reconnected')).toBeInTheDocument();
    expect(exchanged).toHaveBeenCalledWith({ entityId: ENTITY_ID, publicToken: 'public-update' });
  });

  it('keeps the sandbox dialog when Plaid is the sandbox, and never creates Plaid Link', async () => {
    const plaid = installFakePlaid();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      Response.json({ institutions: [{ id: 'ins_109508', name: 'First Platypus Bank', accounts: [] }] }),
    );
    renderLinking(<LinkedAccountsTab />, {
      mocks: [
        aggregatorModesMock({ plaid: true, moneykit: false }),
        linkedAccountsMock([]),
        entityJobsMock(),
        plaidLinkTokenMock('link-sandbox-new'),
      ],
    });
    await chooseProvider('Plaid');
    const dialog = await screen.findByRole('dialog', { name: 'Connect a bank with Plaid' });
    expect(await within(dialog).findByTestId('sandbox-hint')).toHaveTextContent('user_good');
    expect(plaid.create).not.toHaveBeenCalled();
    expect(document.querySelector(`script[src="${PLAID_LINK_SCRIPT_URL}"]`)).toBeNull();
  });

  it('resumes Link on /plaid-oauth with the stored token and the address Plaid sent the browser back to', async () => {
    const plaid = installFakePlaid();
    const exchanged = vi.fn();
    storePending({ provider: 'plaid', linkToken: 'link-production-stored' });
    window.history.replaceState(null, '', '/plaid-oauth?oauth_state_id=state-1');
    renderLinking(<PlaidOauthReturn />, {
      route: '/plaid-oauth',
      withEntity: false,
      mocks: [aggregatorModesMock(PLAID_LIVE), plaidItemMock('public-oauth', exchanged)],
    });
    await waitFor(() => expect(plaid.handler.open).toHaveBeenCalled());
    expect(plaid.options()).toMatchObject({
      token: 'link-production-stored',
      receivedRedirectUri: `${window.location.origin}/plaid-oauth?oauth_state_id=state-1`,
    });
    act(() => plaid.options().onSuccess('public-oauth', {}));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/accounts$/));
    expect(exchanged).toHaveBeenCalledWith({ entityId: ENTITY_ID, publicToken: 'public-oauth' });
    expect(pendingLink()).toBeNull();
  });

  it("loads Plaid's script from its CDN only when asked, and answers its SDK once loaded", async () => {
    expect(document.querySelector(`script[src="${PLAID_LINK_SCRIPT_URL}"]`)).toBeNull();
    const loading = loadPlaidLink();
    const script = document.querySelector<HTMLScriptElement>(`script[src="${PLAID_LINK_SCRIPT_URL}"]`);
    expect(script).not.toBeNull();
    const plaid = installFakePlaid();
    script?.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBe(window.Plaid);
    expect(plaid.create).not.toHaveBeenCalled();
    script?.remove();
  });
});

describe('MoneyKit Connect (provider B live)', () => {
  it('opens Connect with the link session token and links the bank with the exchangeable token', async () => {
    const exchanged = vi.fn();
    renderLinking(<LinkedAccountsTab />, {
      mocks: [
        aggregatorModesMock(MONEYKIT_LIVE),
        linkedAccountsMock([]),
        entityJobsMock(),
        linkSessionTokenMock('mk-session-live'),
        moneykitLinkMock('mk-exchange-1', exchanged),
      ],
    });
    await chooseProvider('MoneyKit');
    await waitFor(() => expect(moneykit.link).toHaveBeenCalledTimes(1));
    const { tokenOrUrl, onSuccess } = connectCallbacks('link');
    expect(tokenOrUrl).toBe('mk-session-live');
    expect(moneykit.relink).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => onSuccess('mk-exchange-1', { name: 'Bramble Bank', selectedAccounts: [] }, 'mk_link_1'));
    expect(await screen.findByText('Bramble Bank connected')).toBeInTheDocument();
    expect(exchanged).toHaveBeenCalledWith({ entityId: ENTITY_ID, exchangeableToken: 'mk-exchange-1' });
    expect(pendingLink()).toBeNull();
  });

  it("shows MoneyKit's message when Connect exits with an error", async () => {
    renderLinking(<LinkedAccountsTab />, {
      mocks: [
        aggregatorModesMock(MONEYKIT_LIVE),
        linkedAccountsMock([]),
        entityJobsMock(),
        linkSessionTokenMock('mk-session-live'),
      ],
    });
    await chooseProvider('MoneyKit');
    await waitFor(() => expect(moneykit.link).toHaveBeenCalled());
    act(() =>
      connectCallbacks('link').onExit({
        error_id: 'institution_unavailable',
        displayed_message: 'Bramble Bank is unavailable right now.',
        request_id: null,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Connect a bank with MoneyKit' });
    expect(within(dialog).getByTestId('link-error')).toHaveTextContent(
      'Bramble Bank is unavailable right now.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(pendingLink()).toBeNull());
  });

  it('closes quietly when the user leaves Connect', async () => {
    renderLinking(<LinkedAccountsTab />, {
      mocks: [
        aggregatorModesMock(MONEYKIT_LIVE),
        linkedAccountsMock([]),
        entityJobsMock(),
        linkSessionTokenMock('mk-session-live'),
      ],
    });
    await chooseProvider('MoneyKit');
    await waitFor(() => expect(moneykit.link).toHaveBeenCalled());
    act(() => connectCallbacks('link').onExit(null));
    await waitFor(() => expect(pendingLink()).toBeNull());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("reconnects with Connect's relink, which gives no token, then refreshes the link", async () => {
    const refreshed = vi.fn();
    renderLinking(<LinkedAccountsTab />, {
      mocks: [
        aggregatorModesMock(MONEYKIT_LIVE),
        linkedAccountsMock(
          [],
          [moneykitLink({ state: 'error', errorCode: 'auth_expired', needsReconnect: true })],
        ),
        entityJobsMock(),
        linkSessionTokenMock('mk-session-relink', 'mk-1'),
        {
          request: { query: REFRESH_MONEYKIT_LINK_MUTATION, variables: { entityId: ENTITY_ID, id: 'mk-1' } },
          result: (variables) => {
            refreshed(variables);
            return {
              data: {
                refreshMoneykitLink: {
                  __typename: 'MoneykitLinkPayload',
                  errors: [],
                  link: moneykitLink(),
                  job: job({ id: 'job-mk' }),
                },
              },
            };
          },
        },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(moneykit.relink).toHaveBeenCalledTimes(1));
    expect(moneykit.link).not.toHaveBeenCalled();
    const { tokenOrUrl, onSuccess } = connectCallbacks('relink');
    expect(tokenOrUrl).toBe('mk-session-relink');
    act(() => onSuccess({ name: 'Bramble Bank', selectedAccounts: [] }, 'mk_link_1'));
    expect(await screen.findByText('Bramble Bank reconnected')).toBeInTheDocument();
    expect(refreshed).toHaveBeenCalledWith({ entityId: ENTITY_ID, id: 'mk-1' });
    expect(pendingLink()).toBeNull();
  });

  it('keeps the sandbox dialog when MoneyKit is the sandbox, and never loads Connect', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      Response.json({ institutions: [{ id: 'mk_bramble_bank', name: 'Bramble Bank', accounts: [] }] }),
    );
    renderLinking(<LinkedAccountsTab />, {
      mocks: [
        aggregatorModesMock({ plaid: false, moneykit: true }),
        linkedAccountsMock([]),
        entityJobsMock(),
        linkSessionTokenMock('mk-session-sandbox'),
      ],
    });
    await chooseProvider('MoneyKit');
    const dialog = await screen.findByRole('dialog', { name: 'Connect a bank with MoneyKit' });
    expect(await within(dialog).findByTestId('sandbox-hint')).toBeInTheDocument();
    expect(moneykit.constructed).not.toHaveBeenCalled();
  });

  it("continues Connect on /moneykit-oauth from the return address, then shows 'Loading Data'", async () => {
    const exchanged = vi.fn();
    storePending({ provider: 'moneykit', linkToken: 'mk-session-stored' });
    window.history.replaceState(null, '', '/moneykit-oauth?state=mk-oauth-1');
    renderLinking(<MoneykitOauthReturn waitMs={300} />, {
      route: '/moneykit-oauth',
      withEntity: false,
      mocks: [
        aggregatorModesMock(MONEYKIT_LIVE),
        moneykitLinkMock('mk-exchange-oauth', exchanged),
        entityJobsMock([job({ id: 'job-mk', status: 'running' })]),
      ],
    });
    await waitFor(() => expect(moneykit.continue).toHaveBeenCalledTimes(1));
    const { tokenOrUrl, onSuccess } = connectCallbacks('continue');
    expect(tokenOrUrl).toBe(`${window.location.origin}/moneykit-oauth?state=mk-oauth-1`);
    act(() => onSuccess('mk-exchange-oauth', { name: 'Bramble Bank' }, 'mk_link_1'));
    expect(await screen.findByTestId('loading-data')).toHaveTextContent(LOADING_DATA_MESSAGE);
    expect(exchanged).toHaveBeenCalledWith({ entityId: ENTITY_ID, exchangeableToken: 'mk-exchange-oauth' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/accounts/linked'));
    expect(pendingLink()).toBeNull();
  });
});
