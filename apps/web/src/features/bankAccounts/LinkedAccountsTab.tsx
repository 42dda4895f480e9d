import { useApolloClient, useQuery } from '@apollo/client/react';
import { Alert, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { refetchActiveQueries } from '../../lib/refetchActiveQueries';
import { useEntityContext } from '../../shell/EntityContext';
import { useDocumentTitle } from '../../shell/PageTitle';
import { useFeatureOffNotice } from '../../shell/serverFeatures';
import { QUICKBOOKS_ACCOUNTS_QUERY } from '../accounting/accountingQueries';
import { QuickbooksAccountsCard } from '../accounting/QuickbooksAccountsCard';
import { JobStatusControl } from '../jobs/JobStatusControl';
import { QUICKBOOKS_SYNC_JOB } from '../jobs/jobProgress';
import type { JobStatus } from '../jobs/jobQueries';
import { useEntityJobs } from '../jobs/useEntityJobs';
import { AddAccountsMenu } from '../linking/AddAccountsMenu';
import { BankLinkCard } from '../linking/BankLinkCard';
import { BankLinkWidget } from '../linking/BankLinkWidget';
import { type BankLink, listBankLinks } from '../linking/bankLinks';
import { DeleteBankLinkDialog } from '../linking/DeleteBankLinkDialog';
import { LinkedAccountsEmpty } from '../linking/LinkedAccountsEmpty';
import { LINKED_ACCOUNTS_QUERY } from '../linking/linkingQueries';
import { linkBlockedReason } from '../linking/linkPermissions';
import { findLinkSyncJob } from '../linking/linkSyncJob';
import { type PendingLink, pendingLinkStore } from '../linking/pendingLink';
import { useBankLinkActions } from '../linking/useBankLinkActions';
import { LINK_REFETCH_QUERIES, type LinkedBank, useStartBankLink } from '../linking/useBankLinkFlow';

/** Spec §2: what Linked Accounts says while the accounting source (QuickBooks Online) is active. */
export const QBO_SOURCE_MESSAGE = 'Connected - Bank accounts are imported from QuickBooks Online';

/** Linking a bank too would count its transactions twice. */
const QBO_BLOCKS_LINKING =
  'Bank accounts are imported from QuickBooks Online while it is connected, so linking a bank here would count them twice.';

/** What a finished sync changed: a bank link's sync its link's accounts; QuickBooks' also the entity's flags. */
const AFTER_SYNC: Record<string, readonly string[]> = {
  [QUICKBOOKS_SYNC_JOB]: ['LinkedAccounts', 'QuickbooksAccounts', 'Header'],
};
const AFTER_BANK_LINK_SYNC = ['LinkedAccounts'];

/**
 * /accounts/linked (spec §2): the company's bank connections, one table each, with Reconnect on a
 * connection whose login expired (spec §4), Refresh for provider B's, Delete with a confirmation, and
 * 'Add Accounts' to link another bank (owners and admins; spec §6). A link's sync shows its progress
 * in its card; the accounting source's sync shows in the job status control at the top (spec §4), both
 * followed live. With the accounting source active the page says bank accounts come from QuickBooks
 * Online, and lists the accounts of the QuickBooks company file.
 */
export function LinkedAccountsTab() {
  const { entity } = useEntityContext();
  useDocumentTitle('Linked Accounts');
  const client = useApolloClient();
  const query = useQuery(LINKED_ACCOUNTS_QUERY, {
    variables: { entityId: entity.id },
    fetchPolicy: 'cache-and-network',
  });
  const quickbooks = useQuery(QUICKBOOKS_ACCOUNTS_QUERY, {
    variables: { entityId: entity.id },
    fetchPolicy: 'cache-and-network',
  });
  useEffect(() => {
    // The page stands without it: the bank links still show.
    if (quickbooks.error) console.error('The QuickBooks accounts could not be loaded', quickbooks.error);
  }, [quickbooks.error]);
  const reloadAfterSync = useCallback(
    (job: JobStatus) => void refetchActiveQueries(client, AFTER_SYNC[job.type] ?? AFTER_BANK_LINK_SYNC),
    [client],
  );
  const jobs = useEntityJobs(entity.id, { onSettled: reloadAfterSync });
  const followSync = (job: JobStatus) => jobs.watch(job.id);
  const { start, starting } = useStartBankLink(entity.id);
  const { refresh, remove } = useBankLinkActions(entity.id);
  const [session, setSession] = useState<PendingLink | null>(null);
  const [busy, setBusy] = useState<{ id: string; action: 'reconnect' | 'refresh' } | null>(null);
  const [deleting, setDeleting] = useState<BankLink | null>(null);
  const [deleteRunning, setDeleteRunning] = useState(false);

  const offNotices = {
    plaid: useFeatureOffNotice('plaid') ?? undefined,
    moneykit: useFeatureOffNotice('moneykit') ?? undefined,
  };
  const qbo = entity.apiFlags.qbo;
  const blockedReason = linkBlockedReason(entity.viewerRole);
  const addBlockedReason = blockedReason ?? (qbo ? QBO_BLOCKS_LINKING : null);
  const links = query.data ? listBankLinks(query.data) : null;
  const quickbooksConnection = quickbooks.data?.quickbooksConnection ?? null;

  const open = async (provider: BankLink['provider'], link: BankLink | null = null) => {
    if (link) setBusy({ id: link.id, action: 'reconnect' });
    const pending = await start(provider, link);
    setBusy(null);
    if (pending) setSession(pending);
  };
  const onLinked = (linked: LinkedBank, done: PendingLink) => {
    setSession(null);
    notifications.show({
      color: 'teal',
      icon: <IconCircleCheck size={18} />,
      title: done.linkId ? `${linked.institutionName} reconnected` : `${linked.institutionName} connected`,
      message: 'Its transactions are being imported.',
    });
    if (linked.job) followSync(linked.job);
  };
  const onExit = () => {
    pendingLinkStore.clear();
    setSession(null);
  };
  const onRefresh = async (link: BankLink) => {
    setBusy({ id: link.id, action: 'refresh' });
    const job = await refresh(link);
    setBusy(null);
    if (job) followSync(job);
  };
  const onConfirmDelete = async () => {
    if (!deleting) return;
    setDeleteRunning(true);
    await remove(deleting);
    setDeleteRunning(false);
    setDeleting(null);
  };

  return (
    <Stack gap="md" data-testid="linked-accounts-tab">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={3} size="h4">
            Linked Accounts
          </Title>
          <Text size="sm" c="dimmed" maw={640}>
            The banks and cards {entity.name} has linked: their balances show here, and their transactions are
            imported into your books.
          </Text>
        </div>
        <AddAccountsMenu
          blockedReason={addBlockedReason}
          starting={starting}
          offNotices={offNotices}
          onChoose={(p) => void open(p)}
        />
      </Group>

      {qbo ? (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} data-testid="qbo-source">
          {QBO_SOURCE_MESSAGE}
        </Alert>
      ) : null}

      <JobStatusControl jobs={jobs.jobs} />

      {quickbooksConnection || qbo ? (
        <QuickbooksAccountsCard
          connection={quickbooksConnection}
          accounts={quickbooks.data?.quickbooksAccounts ?? []}
        />
      ) : null}

      {query.error && !links ? (
        <LoadError error={query.error} />
      ) : !links ? (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading linked accounts" />
        </Group>
      ) : links.length === 0 ? (
        qbo ? null : (
          <Paper withBorder radius="md">
            <LinkedAccountsEmpty canAdd={!(offNotices.plaid && offNotices.moneykit)} />
          </Paper>
        )
      ) : (
        links.map((link) => (
          <BankLinkCard
            key={`${link.provider}:${link.id}`}
            link={link}
            blockedReason={blockedReason}
            busy={busy?.id === link.id ? busy.action : null}
            syncJob={findLinkSyncJob(link, jobs.jobs)}
            unavailable={offNotices[link.provider] ?? null}
            onReconnect={() => void open(link.provider, link)}
            onRefresh={() => void onRefresh(link)}
            onDelete={() => setDeleting(link)}
          />
        ))
      )}

      <BankLinkWidget
        session={session}
        onLinked={onLinked}
        onExit={onExit}
        refetchQueries={LINK_REFETCH_QUERIES}
      />
      <DeleteBankLinkDialog
        link={deleting}
        deleting={deleteRunning}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void onConfirmDelete()}
      />
    </Stack>
  );
}

/** Spec §8: a failed query shows 'Error' and is logged. */
function LoadError({ error }: { error: unknown }) {
  useEffect(() => console.error('The linked accounts could not be loaded', error), [error]);
  return (
    <Alert color="red" title="Error">
      <Text size="sm">The linked accounts could not be loaded. Reload the page to try again.</Text>
    </Alert>
  );
}
