import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Alert, Badge, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCircleCheck, IconPlugConnected, IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { leaveForUrl } from '../../lib/leaveForUrl';
import { refetchActiveQueries } from '../../lib/refetchActiveQueries';
import { useEntityContext } from '../../shell/EntityContext';
import { FeatureUnavailableNotice } from '../../shell/FeatureUnavailableNotice';
import { useFeatureOffNotice } from '../../shell/serverFeatures';
import { describeSaveError } from '../financial/drawer/DrawerFormFrame';
import { JobStatusControl } from '../jobs/JobStatusControl';
import { isJobActive, QUICKBOOKS_SYNC_JOB } from '../jobs/jobProgress';
import type { JobStatus } from '../jobs/jobQueries';
import { addToJobList, useEntityJobs } from '../jobs/useEntityJobs';
import { formatUpdatedAt } from '../linking/linkFormat';
import { linkBlockedReason } from '../linking/linkPermissions';
import { GatedButton } from '../settings/team/GatedButton';
import {
  CREATE_QUICKBOOKS_CONNECTION_MUTATION,
  DELETE_QUICKBOOKS_CONNECTION_MUTATION,
  QUICKBOOKS_CONNECTION_QUERY,
  type QuickbooksConnection,
  SYNC_QUICKBOOKS_MUTATION,
} from './accountingQueries';
import { DisconnectQuickbooksDialog } from './DisconnectQuickbooksDialog';
import {
  describeQuickbooksError,
  type QuickbooksReturn,
  readQuickbooksReturn,
  withoutQuickbooksReturn,
} from './quickbooksReturn';

/** What the shell and the pages read again when the accounting source changes (apiFlags.qbo, the connection). */
const AFTER_QUICKBOOKS_CHANGE = ['Header', 'QuickbooksConnection', 'QuickbooksAccounts'];

/** The action a gated button names in its tooltip for a member who may not manage integrations. */
const MANAGE_ACTION = 'connect and manage accounting software';

/**
 * QuickBooks Online on /settings/integrations (spec §2, §7 CreateQuickbooksConnection): not connected,
 * Connect sends the browser to QuickBooks' consent screen (the server's sandbox page while no Intuit keys
 * are configured), which sends it back here with the outcome; connected, the company file, when it last
 * synced, Sync now and Disconnect (asked first). Its sync shows in the job status control (spec §4), and
 * when one succeeds the shell reads the entity again, so the sidebar turns to the accounting-connected
 * mode (no Transactions) at once. Owners and admins only (manageEntity); others see why. On a server
 * that does not offer QuickBooks, the server's notice stands in the place of all of it.
 */
export function QuickbooksCard() {
  const notice = useFeatureOffNotice('quickbooks');
  if (notice) {
    return (
      <QuickbooksFrame>
        <QuickbooksHeading badge={null}>
          <FeatureUnavailableNotice notice={notice} compact />
        </QuickbooksHeading>
      </QuickbooksFrame>
    );
  }
  return <QuickbooksConnectionCard />;
}

/** The card with the company's connection: connect, sync, disconnect, and what came back from QuickBooks. */
function QuickbooksConnectionCard() {
  const { entity } = useEntityContext();
  const client = useApolloClient();
  const [search, setSearch] = useSearchParams();
  const [returned, setReturned] = useState<QuickbooksReturn | null>(() => readQuickbooksReturn(search));
  const query = useQuery(QUICKBOOKS_CONNECTION_QUERY, {
    variables: { entityId: entity.id },
    fetchPolicy: 'cache-and-network',
  });
  const onSettled = useCallback(
    (job: JobStatus) => {
      if (job.type === QUICKBOOKS_SYNC_JOB) void refetchActiveQueries(client, AFTER_QUICKBOOKS_CHANGE);
    },
    [client],
  );
  const jobs = useEntityJobs(entity.id, { onSettled });
  const { watch } = jobs;
  const [createConnection, creating] = useMutation(CREATE_QUICKBOOKS_CONNECTION_MUTATION);
  const [syncQuickbooks, syncing] = useMutation(SYNC_QUICKBOOKS_MUTATION);
  const [deleteConnection, deleting] = useMutation(DELETE_QUICKBOOKS_CONNECTION_MUTATION);
  const [confirmingDisconnect, setConfirmingDisconnect] = useState(false);

  // The callback's outcome is read once; the address loses it, so a reload does not say it again.
  const returnedJobId = returned?.outcome === 'connected' ? returned.jobId : null;
  useEffect(() => {
    if (returnedJobId) watch(returnedJobId);
  }, [returnedJobId, watch]);
  useEffect(() => {
    if (readQuickbooksReturn(search)) setSearch(withoutQuickbooksReturn(search), { replace: true });
  }, [search, setSearch]);

  const blockedReason = linkBlockedReason(entity.viewerRole, MANAGE_ACTION);
  const connection = query.data?.quickbooksConnection ?? null;
  const syncRunning = jobs.allJobs.some((job) => job.type === QUICKBOOKS_SYNC_JOB && isJobActive(job));

  const connect = async () => {
    try {
      const { data } = await createConnection({ variables: { entityId: entity.id } });
      const oauthUrl = data?.createQuickbooksConnection.oauthUrl;
      if (!oauthUrl) throw new Error('The server did not answer where to connect.');
      leaveForUrl(oauthUrl);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not connect QuickBooks Online',
        message: describeSaveError(error),
      });
    }
  };
  const syncNow = async () => {
    try {
      const { data } = await syncQuickbooks({ variables: { entityId: entity.id } });
      const job = data?.syncQuickbooks;
      if (!job) return;
      addToJobList(client.cache, entity.id, job);
      watch(job.id);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not start a sync',
        message: describeSaveError(error),
      });
    }
  };
  const disconnect = async () => {
    try {
      await deleteConnection({ variables: { entityId: entity.id } });
      setConfirmingDisconnect(false);
      setReturned(null);
      notifications.show({
        color: 'teal',
        icon: <IconCircleCheck size={18} />,
        title: 'QuickBooks Online disconnected',
        message: 'Transactions and bank linking are back.',
      });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not disconnect', message: describeSaveError(error) });
    } finally {
      await refetchActiveQueries(client, AFTER_QUICKBOOKS_CHANGE);
    }
  };

  return (
    <QuickbooksFrame>
      <Stack gap="md">
        <QuickbooksHeading badge={<ConnectionBadge connection={connection} />}>
          <Group gap="xs" wrap="nowrap">
            {!connection ? (
              <GatedButton
                leftSection={<IconPlugConnected size={16} />}
                loading={creating.loading}
                blockedReason={blockedReason}
                onClick={() => void connect()}
                disabled={query.loading && !query.data}
              >
                Connect
              </GatedButton>
            ) : (
              <>
                {connection.status === 'login_required' ? (
                  <GatedButton
                    color="orange"
                    leftSection={<IconPlugConnected size={16} />}
                    loading={creating.loading}
                    blockedReason={blockedReason}
                    onClick={() => void connect()}
                  >
                    Reconnect
                  </GatedButton>
                ) : (
                  <GatedButton
                    variant="light"
                    leftSection={<IconRefresh size={16} />}
                    loading={syncing.loading || syncRunning}
                    blockedReason={blockedReason}
                    onClick={() => void syncNow()}
                  >
                    Sync now
                  </GatedButton>
                )}
                <GatedButton
                  variant="subtle"
                  color="red"
                  blockedReason={blockedReason}
                  onClick={() => setConfirmingDisconnect(true)}
                >
                  Disconnect
                </GatedButton>
              </>
            )}
          </Group>
        </QuickbooksHeading>

        {returned?.outcome === 'error' ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="QuickBooks Online was not connected"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setReturned(null)}
            data-testid="quickbooks-error"
          >
            {describeQuickbooksError(returned.reason)}
          </Alert>
        ) : null}
        {returned?.outcome === 'connected' ? (
          <Alert
            color="teal"
            variant="light"
            icon={<IconCircleCheck size={18} />}
            title="QuickBooks Online connected"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setReturned(null)}
            data-testid="quickbooks-connected"
          >
            Its accounts and transactions are imported into your books. While it is connected, your bank
            accounts come from QuickBooks too.
          </Alert>
        ) : null}

        {query.error && !query.data ? (
          <Text size="sm" c="red">
            The QuickBooks connection could not be loaded. Reload the page to try again.
          </Text>
        ) : query.loading && !query.data ? (
          <Loader size="sm" aria-label="Loading the QuickBooks connection" />
        ) : connection ? (
          <ConnectionDetails connection={connection} />
        ) : null}

        <JobStatusControl jobs={jobs.jobs} />
      </Stack>
      <DisconnectQuickbooksDialog
        opened={confirmingDisconnect}
        companyName={connection?.companyName ?? null}
        deleting={deleting.loading}
        onCancel={() => setConfirmingDisconnect(false)}
        onConfirm={() => void disconnect()}
      />
    </QuickbooksFrame>
  );
}

function QuickbooksFrame({ children }: { children: ReactNode }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-label="QuickBooks Online"
      data-testid="quickbooks"
    >
      {children}
    </Paper>
  );
}

/** The card's logo, name, status badge and what it does, with its actions (`children`) at the side. */
function QuickbooksHeading({ badge, children }: { badge: ReactNode; children: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
      <Group gap="md" wrap="nowrap" align="flex-start" style={{ flex: '1 1 320px', minWidth: 0 }}>
        <ThemeIcon size={40} radius="md" variant="light" color="green" aria-hidden>
          <Text fw={800} size="sm">
            qb
          </Text>
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Title order={4}>QuickBooks Online</Title>
            {badge}
          </Group>
          <Text size="sm" c="dimmed" maw={560}>
            Import your chart of accounts, balances and transactions from QuickBooks Online. While it is
            connected, QuickBooks is where your books come from: bank accounts are imported from it.
          </Text>
        </div>
      </Group>
      {children}
    </Group>
  );
}

function ConnectionBadge({ connection }: { connection: QuickbooksConnection | null }) {
  if (!connection) return null;
  if (connection.status === 'login_required') {
    return (
      <Badge color="orange" variant="light" size="sm" data-testid="quickbooks-status">
        Login required
      </Badge>
    );
  }
  return (
    <Badge color="teal" variant="light" size="sm" data-testid="quickbooks-status">
      Connected
    </Badge>
  );
}

/** The company file it is connected to, since when, and when it last synced. */
function ConnectionDetails({ connection }: { connection: QuickbooksConnection }) {
  return (
    <Group gap="xl" wrap="wrap" data-testid="quickbooks-connection">
      <Detail label="Company">
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} data-testid="quickbooks-company">
            {connection.companyName || `Company ${connection.realmId}`}
          </Text>
          {connection.sandbox ? (
            <Badge size="xs" variant="outline" color="gray">
              Sandbox
            </Badge>
          ) : null}
        </Group>
      </Detail>
      <Detail label="Connected">
        <Text size="sm">{formatUpdatedAt(connection.connectedAt)}</Text>
      </Detail>
      <Detail label="Last synced">
        <Text size="sm" data-testid="quickbooks-last-synced">
          {connection.lastSyncedAt ? formatUpdatedAt(connection.lastSyncedAt) : 'Not yet'}
        </Text>
      </Detail>
      {connection.status === 'login_required' ? (
        <Text size="sm" c="orange.8" style={{ flexBasis: '100%' }}>
          QuickBooks needs you to sign in again before it can sync. Reconnect to keep your books up to date.
        </Text>
      ) : null}
    </Group>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}
