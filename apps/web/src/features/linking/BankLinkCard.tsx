import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlugConnected, IconRefresh, IconTrash } from '@tabler/icons-react';
import { FeatureUnavailableNotice } from '../../shell/FeatureUnavailableNotice';
import type { JobStatus } from '../jobs/jobQueries';
import { GatedButton } from '../settings/team/GatedButton';
import { type BankLink, PROVIDER_LABELS } from './bankLinks';
import { LinkedAccountsTable } from './LinkedAccountsTable';
import { LinkSyncState } from './LinkSyncState';
import { formatUpdatedAt } from './linkFormat';

type BankLinkCardProps = {
  link: BankLink;
  /** Why the viewer cannot reconnect, refresh or delete; null when they can. */
  blockedReason: string | null;
  /** The action under way on this link, for its button's spinner. */
  busy: 'reconnect' | 'refresh' | null;
  /** Its sync, as the live job updates tell it (null: none under way or to tell about). */
  syncJob?: JobStatus | null;
  /**
   * The server's notice when it does not offer this link's provider: it stands in the place of
   * Reconnect, Refresh and Delete, which the provider would have to carry out.
   */
  unavailable?: string | null;
  onReconnect: () => void;
  onRefresh: () => void;
  onDelete: () => void;
};

/**
 * One bank connection (spec §2 'Linked accounts tables'): the institution, which provider links it,
 * when it was updated, and its accounts. A connection whose login expired (spec §4) says 'Login
 * required' and offers Reconnect; provider B's connections can be refreshed; any can be deleted.
 * While its sync runs, the card says how far it is. Its accounts stay listed when the server no longer
 * offers its provider (they are in the books), with the server's notice in place of the actions.
 */
export function BankLinkCard({
  link,
  blockedReason,
  busy,
  syncJob = null,
  unavailable = null,
  onReconnect,
  onRefresh,
  onDelete,
}: BankLinkCardProps) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={link.institutionName}
      data-testid="bank-link"
      data-provider={link.provider}
      style={link.needsReconnect ? { borderColor: 'var(--mantine-color-orange-4)' } : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="xs">
        <Stack gap={2}>
          <Group gap="xs" wrap="wrap">
            <Title order={3} size="h5" data-testid="institution-name">
              {link.institutionName}
            </Title>
            <Badge variant="light" color="gray" size="sm">
              {PROVIDER_LABELS[link.provider]}
            </Badge>
            {link.needsReconnect ? (
              <Badge
                color="orange"
                variant="light"
                size="sm"
                leftSection={<IconAlertTriangle size={12} />}
                data-testid="login-required"
              >
                Login required
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed" data-testid="link-updated">
            Updated {formatUpdatedAt(link.updatedAt)}
          </Text>
        </Stack>
        {unavailable ? (
          <FeatureUnavailableNotice notice={unavailable} compact />
        ) : (
          <LinkActions
            link={link}
            blockedReason={blockedReason}
            busy={busy}
            onReconnect={onReconnect}
            onRefresh={onRefresh}
            onDelete={onDelete}
          />
        )}
      </Group>
      {link.needsReconnect && !unavailable ? (
        <Text size="sm" c="orange.8" mb="xs" data-testid="reconnect-reason">
          {link.problem ?? `Your login at ${link.institutionName} expired.`} Reconnect to keep importing its
          transactions.
        </Text>
      ) : null}
      <LinkSyncState job={syncJob} />
      <LinkedAccountsTable accounts={link.accounts} institutionName={link.institutionName} />
    </Paper>
  );
}

/** Reconnect (when its login expired), Refresh (provider B's) and Delete. */
function LinkActions({
  link,
  blockedReason,
  busy,
  onReconnect,
  onRefresh,
  onDelete,
}: Pick<BankLinkCardProps, 'link' | 'blockedReason' | 'busy' | 'onReconnect' | 'onRefresh' | 'onDelete'>) {
  return (
    <Group gap="xs" wrap="nowrap">
      {link.needsReconnect ? (
        <GatedButton
          size="xs"
          color="orange"
          leftSection={<IconPlugConnected size={14} />}
          loading={busy === 'reconnect'}
          blockedReason={blockedReason}
          onClick={onReconnect}
        >
          Reconnect
        </GatedButton>
      ) : null}
      {link.provider === 'moneykit' && !link.needsReconnect ? (
        <GatedButton
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} />}
          loading={busy === 'refresh'}
          blockedReason={blockedReason}
          onClick={onRefresh}
        >
          Refresh
        </GatedButton>
      ) : null}
      <GatedButton
        size="xs"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} />}
        blockedReason={blockedReason}
        onClick={onDelete}
        aria-label={`Delete ${link.institutionName}`}
      >
        Delete
      </GatedButton>
    </Group>
  );
}
