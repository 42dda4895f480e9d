import type { MockLink } from '@apollo/client/testing';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaveForUrl } from '../../../lib/leaveForUrl';
import type { ServerFeatureView } from '../../../shell/serverFeatures';
import { serverFeaturesWithOff } from '../../../test/serverFeaturesKit';
import { quickbooksConnection, quickbooksConnectionMock } from '../../accounting/accounting.testkit';
import {
  CREATE_QUICKBOOKS_CONNECTION_MUTATION,
  DELETE_QUICKBOOKS_CONNECTION_MUTATION,
  QUICKBOOKS_CONNECTION_QUERY,
  SYNC_QUICKBOOKS_MUTATION,
} from '../../accounting/accountingQueries';
import { XERO_DISABLED_REASON } from '../../accounting/XeroCard';
import { QUICKBOOKS_SYNC_JOB } from '../../jobs/jobProgress';
import { ENTITY_JOBS_QUERY, type JobStatus } from '../../jobs/jobQueries';
import { ENTITY_ID, entityJobsMock, job, renderLinking } from '../../linking/linking.testkit';
import { IntegrationsPage } from './IntegrationsPage';

vi.mock('../../../lib/leaveForUrl', () => ({ leaveForUrl: vi.fn() }));

const SUBSCRIPTION = 'EntityJobWasUpdated';
const quickbooksJob = (overrides: Partial<JobStatus> = {}) =>
  job({ id: 'qb-job', type: QUICKBOOKS_SYNC_JOB, message: 'Importing accounts', ...overrides });
const update = (changed: JobStatus) => ({
  entityJobWasUpdated: { __typename: 'EntityJobUpdate', jobStatus: changed },
});

let currentLive: ReturnType<typeof renderLinking>['live'] | null = null;
/** The live link of the page rendered last. */
function live() {
  if (!currentLive) throw new Error('Nothing rendered');
  return currentLive;
}

function renderIntegrations({
  mocks,
  route = '/settings/integrations',
  viewerRole = 'owner',
  serverFeatures = null,
}: {
  mocks: MockLink.MockedResponse[];
  route?: string;
  viewerRole?: string;
  serverFeatures?: ServerFeatureView[] | null;
}) {
  const rendered = renderLinking(<IntegrationsPage />, { mocks, route, viewerRole, serverFeatures });
  currentLive = rendered.live;
  return rendered;
}

const quickbooksCard = () => screen.getByRole('region', { name: 'QuickBooks Online' });

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(leaveForUrl).mockReset();
  notifications.clean();
});

describe('IntegrationsPage: QuickBooks Online', () => {
  it('Connect asks the server for the consent screen and sends the browser there', async () => {
    const oauthUrl = '/api/sandbox/quickbooks/authorize?client_id=sandbox&state=s1';
    const create = vi.fn(() => ({
      data: { createQuickbooksConnection: { __typename: 'QuickbooksConnectionPayload', oauthUrl } },
    }));
    renderIntegrations({
      mocks: [
        quickbooksConnectionMock(null),
        entityJobsMock(),
        {
          request: { query: CREATE_QUICKBOOKS_CONNECTION_MUTATION, variables: { entityId: ENTITY_ID } },
          result: create,
        },
      ],
    });
    const connect = await within(quickbooksCard()).findByRole('button', { name: 'Connect' });
    await waitFor(() => expect(connect).toBeEnabled());
    fireEvent.click(connect);
    await waitFor(() => expect(leaveForUrl).toHaveBeenCalledWith(oauthUrl));
    expect(create).toHaveBeenCalledTimes(1);
    expect(within(quickbooksCard()).queryByTestId('quickbooks-connection')).not.toBeInTheDocument();
  });

  it('connected: the company file and its last sync; Sync now starts a sync shown in the job status control', async () => {
    // The server's list holds the sync once it is queued.
    const serverJobs: JobStatus[] = [];
    const queued = quickbooksJob({ status: 'queued', progress: null });
    renderIntegrations({
      mocks: [
        quickbooksConnectionMock(quickbooksConnection()),
        {
          request: { query: ENTITY_JOBS_QUERY, variables: { entityId: ENTITY_ID } },
          result: () => ({ data: { entityJobs: [...serverJobs] } }),
          maxUsageCount: Number.POSITIVE_INFINITY,
        },
        {
          request: { query: SYNC_QUICKBOOKS_MUTATION, variables: { entityId: ENTITY_ID } },
          result: () => {
            serverJobs.unshift(queued);
            return { data: { syncQuickbooks: queued } };
          },
        },
      ],
    });
    const card = quickbooksCard();
    expect(await within(card).findByTestId('quickbooks-company')).toHaveTextContent('Sandbox Company_US_1');
    expect(within(card).getByTestId('quickbooks-status')).toHaveTextContent('Connected');
    expect(within(card).getByTestId('quickbooks-last-synced')).toHaveTextContent(/^Nov 22, 2026/);
    expect(within(card).queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();

    fireEvent.click(within(card).getByRole('button', { name: 'Sync now' }));
    const status = await within(card).findByTestId('job-status');
    expect(status).toHaveAttribute('data-status', 'queued');
    await live().connect(SUBSCRIPTION);
    const running = quickbooksJob({ status: 'running', progress: 55 });
    serverJobs[0] = running;
    live().push(SUBSCRIPTION, update(running));
    await waitFor(() => expect(within(card).getByTestId('job-progress-label')).toHaveTextContent('55%'));
  });

  it('Disconnect asks first, then disconnects', async () => {
    const remove = vi.fn(() => ({
      data: {
        deleteQuickbooksConnection: { __typename: 'DeleteQuickbooksConnectionPayload', entityId: ENTITY_ID },
      },
    }));
    renderIntegrations({
      mocks: [
        quickbooksConnectionMock(quickbooksConnection()),
        entityJobsMock(),
        {
          request: { query: DELETE_QUICKBOOKS_CONNECTION_MUTATION, variables: { entityId: ENTITY_ID } },
          result: remove,
        },
      ],
    });
    fireEvent.click(await within(quickbooksCard()).findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect QuickBooks Online?' });
    expect(dialog).toHaveTextContent('Sandbox Company_US_1');
    expect(dialog).toHaveTextContent('Transactions and bank linking come back');
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('QuickBooks Online disconnected')).toBeInTheDocument();
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('Cancel in the confirmation keeps the connection', async () => {
    const remove = vi.fn();
    renderIntegrations({
      mocks: [
        quickbooksConnectionMock(quickbooksConnection()),
        entityJobsMock(),
        {
          request: { query: DELETE_QUICKBOOKS_CONNECTION_MUTATION, variables: { entityId: ENTITY_ID } },
          result: remove,
        },
      ],
    });
    fireEvent.click(await within(quickbooksCard()).findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect QuickBooks Online?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(remove).not.toHaveBeenCalled();
  });

  it('says why the connection failed when the callback sent the browser back with an error', async () => {
    renderIntegrations({
      route: '/settings/integrations?quickbooks=error&reason=access_denied',
      mocks: [quickbooksConnectionMock(null), entityJobsMock()],
    });
    const error = await screen.findByTestId('quickbooks-error');
    expect(error).toHaveTextContent('QuickBooks Online was not connected');
    expect(error).toHaveTextContent('You canceled on the QuickBooks screen, so nothing was connected.');
    // The address forgets it, so a reload does not say it again.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveAttribute('data-search', ''));
    fireEvent.click(within(error).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('quickbooks-error')).not.toBeInTheDocument();
  });

  it('says something useful for a reason it does not know', async () => {
    renderIntegrations({
      route: '/settings/integrations?quickbooks=error&reason=new_kind',
      mocks: [quickbooksConnectionMock(null), entityJobsMock()],
    });
    expect(await screen.findByTestId('quickbooks-error')).toHaveTextContent(
      'QuickBooks Online could not be connected. Please try again.',
    );
  });

  it('follows the first sync the callback named until it succeeds, then reads the connection again', async () => {
    let connectionReads = 0;
    const connectionMock: MockLink.MockedResponse = {
      request: { query: QUICKBOOKS_CONNECTION_QUERY, variables: { entityId: ENTITY_ID } },
      result: () => {
        connectionReads += 1;
        return { data: { quickbooksConnection: quickbooksConnection({ lastSyncedAt: null }) } };
      },
      maxUsageCount: Number.POSITIVE_INFINITY,
    };
    renderIntegrations({
      route: '/settings/integrations?quickbooks=connected&jobId=qb-job',
      mocks: [connectionMock, entityJobsMock([quickbooksJob({ status: 'running', progress: 20 })])],
    });
    expect(await screen.findByTestId('quickbooks-connected')).toHaveTextContent(
      'QuickBooks Online connected',
    );
    const status = await screen.findByTestId('job-status');
    expect(within(status).getByTestId('job-progress-label')).toHaveTextContent('20%');
    await waitFor(() => expect(connectionReads).toBe(1));

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await live().connect(SUBSCRIPTION);
    live().push(SUBSCRIPTION, update(quickbooksJob({ status: 'succeeded', progress: 100 })));
    await waitFor(() => expect(screen.getByTestId('job-status')).toHaveAttribute('data-status', 'succeeded'));
    await waitFor(() => expect(connectionReads).toBeGreaterThanOrEqual(2));
    await act(async () => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(screen.queryByTestId('job-status')).not.toBeInTheDocument());
  });

  it('shows a failed sync in red with why, until closed', async () => {
    renderIntegrations({
      route: '/settings/integrations?quickbooks=connected&jobId=qb-job',
      mocks: [
        quickbooksConnectionMock(quickbooksConnection()),
        entityJobsMock([
          quickbooksJob({ status: 'failed', progress: 40, error: 'QuickBooks refused the sync.' }),
        ]),
      ],
    });
    const status = await screen.findByTestId('job-status');
    expect(status).toHaveAttribute('data-status', 'failed');
    expect(within(status).getByTestId('job-error')).toHaveTextContent('QuickBooks refused the sync.');
    fireEvent.click(within(status).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('job-status')).not.toBeInTheDocument();
  });

  it('offers Reconnect when QuickBooks wants a new sign-in', async () => {
    renderIntegrations({
      mocks: [quickbooksConnectionMock(quickbooksConnection({ status: 'login_required' })), entityJobsMock()],
    });
    const card = quickbooksCard();
    expect(await within(card).findByTestId('quickbooks-status')).toHaveTextContent('Login required');
    expect(within(card).getByRole('button', { name: 'Reconnect' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Sync now' })).not.toBeInTheDocument();
  });

  it('keeps Connect from a bookkeeper, saying who can', async () => {
    const create = vi.fn();
    renderIntegrations({
      viewerRole: 'bookkeeper',
      mocks: [
        quickbooksConnectionMock(null),
        entityJobsMock(),
        {
          request: { query: CREATE_QUICKBOOKS_CONNECTION_MUTATION, variables: { entityId: ENTITY_ID } },
          result: create,
        },
      ],
    });
    const connect = await within(quickbooksCard()).findByRole('button', { name: 'Connect' });
    expect(connect).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(connect);
    fireEvent.mouseEnter(connect);
    expect(
      await screen.findByText('Only owners and admins can connect and manage accounting software.'),
    ).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    expect(leaveForUrl).not.toHaveBeenCalled();
  });

  it('shows Xero with its connection disabled', async () => {
    renderIntegrations({ mocks: [quickbooksConnectionMock(null), entityJobsMock()] });
    const xero = screen.getByRole('region', { name: 'Xero' });
    const connect = within(xero).getByRole('button', { name: 'Connect' });
    expect(connect).toHaveAttribute('aria-disabled', 'true');
    expect(xero).toHaveTextContent(XERO_DISABLED_REASON);
    // Bank Integrations still lead to Linked Accounts.
    expect(
      within(screen.getByTestId('bank-integrations')).getByRole('link', { name: 'Connect' }),
    ).toHaveAttribute('href', '/accounts/linked');
    await act(async () => undefined);
  });
});

describe('IntegrationsPage on a server without QuickBooks', () => {
  it('says so in the QuickBooks card in place of Connect, and asks nothing of QuickBooks', async () => {
    const asked = vi.fn(() => ({ data: { quickbooksConnection: quickbooksConnection() } }));
    renderIntegrations({
      serverFeatures: serverFeaturesWithOff('quickbooks'),
      mocks: [
        {
          request: { query: QUICKBOOKS_CONNECTION_QUERY, variables: { entityId: ENTITY_ID } },
          result: asked,
        },
        entityJobsMock(),
      ],
    });
    expect(await within(quickbooksCard()).findByTestId('feature-unavailable')).toHaveTextContent(
      'QuickBooks is not set up on this server',
    );
    expect(within(quickbooksCard()).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByTestId('bank-integrations')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(asked).not.toHaveBeenCalled();
  });
});
