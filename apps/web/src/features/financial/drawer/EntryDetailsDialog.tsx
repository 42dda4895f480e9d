import { useQuery } from '@apollo/client/react';
import { formatCents } from '@keel/domain';
import { Alert, Center, Group, List, Loader, Modal, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconArrowRight, IconEdit, IconPlus, IconTransfer, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ENTRY_WITH_HISTORY_QUERY, type EntryHistoryChange, type EntryRule } from './drawerQueries';
import { describeEntry, formatEntryDate } from './entryText';

type EntryDetailsDialogProps = {
  /** The entry to show; null keeps the dialog closed. */
  entryId: string | null;
  /** The row's sign: amounts show times it, as in the list. */
  sign: number;
  onClose: () => void;
};

/**
 * Entry Details (spec §2): the entry's description, date, amount and account, its Entry History
 * timeline (who changed what, when) and the Entry Rules whose search filter matches it.
 */
export function EntryDetailsDialog({ entryId, sign, onClose }: EntryDetailsDialogProps) {
  return (
    <Modal opened={entryId !== null} onClose={onClose} title="Entry Details" size="md">
      {entryId ? <EntryDetails entryId={entryId} sign={sign} /> : null}
    </Modal>
  );
}

function EntryDetails({ entryId, sign }: { entryId: string; sign: number }) {
  const { data, error, loading } = useQuery(ENTRY_WITH_HISTORY_QUERY, {
    variables: { id: entryId },
    fetchPolicy: 'network-only',
  });
  if (error) {
    console.error('EntryWithHistory failed', error);
    return (
      <Alert color="red" title="Error" data-testid="entry-details-error">
        The entry’s details could not be loaded.
      </Alert>
    );
  }
  const details = data?.entryWithHistory;
  if (loading || !details) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading entry details" />
      </Center>
    );
  }
  const { entry, history, rules } = details;
  return (
    <Stack gap="md" data-testid="entry-details">
      <Stack gap={2}>
        <Text fw={600}>{describeEntry(entry)}</Text>
        {entry.name && entry.memo ? (
          <Text size="sm" c="dimmed">
            {entry.memo}
          </Text>
        ) : null}
        <Group gap="lg">
          <Detail label="Date">{formatEntryDate(entry.date)}</Detail>
          <Detail label="Amount">{formatCents(entry.amount * sign)}</Detail>
          <Detail label="Account">{entry.account.name}</Detail>
        </Group>
      </Stack>
      <Stack gap="xs">
        <Title order={5}>Entry History</Title>
        {history.length === 0 ? (
          <Text size="sm" c="dimmed">
            No changes recorded.
          </Text>
        ) : (
          <Timeline active={history.length - 1} bulletSize={22} lineWidth={2}>
            {history.map((change) => (
              <Timeline.Item
                key={change.id}
                bullet={eventIcon(change.event)}
                title={eventTitle(change.event)}
              >
                <Text size="xs" c="dimmed">
                  {formatWhen(change.createdAt)} · {change.userName ?? 'Import'}
                </Text>
                {describeChanges(change, sign).map((line) => (
                  <Text size="sm" key={line}>
                    {line}
                  </Text>
                ))}
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={5}>Entry Rules</Title>
        <EntryRules rules={rules} />
      </Stack>
    </Stack>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

function EntryRules({ rules }: { rules: EntryRule[] }) {
  if (rules.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No rules match this entry.
      </Text>
    );
  }
  return (
    <List size="sm" spacing={4}>
      {rules.map((rule) => (
        <List.Item key={rule.id}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm">“{rule.searchFilter}”</Text>
            {rule.fromAccount ? (
              <Text size="sm" c="dimmed">
                from {rule.fromAccount.name}
              </Text>
            ) : null}
            <IconArrowRight size={14} aria-label="to" />
            <Text size="sm">{rule.toAccount.name}</Text>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}

const EVENT_TITLES: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  move: 'Moved',
  destroy: 'Deleted',
};

function eventTitle(event: string): string {
  return EVENT_TITLES[event] ?? event;
}

function eventIcon(event: string): ReactNode {
  if (event === 'create') return <IconPlus size={12} />;
  if (event === 'move') return <IconTransfer size={12} />;
  if (event === 'destroy') return <IconTrash size={12} />;
  return <IconEdit size={12} />;
}

/** 'Nov 22, 2026, 14:05' in the viewer's time zone. */
function formatWhen(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return timestamp;
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** One line per field that changed: 'Amount: $10.00 → $12.00' ('Amount: $10.00' when created). */
function describeChanges(change: EntryHistoryChange, sign: number): string[] {
  const { account, amount, date, name, memo } = change.objectChanges;
  const text = (value: string | null) => value || '—';
  const money = (cents: number | null) => (cents === null ? '—' : formatCents(cents * sign));
  const day = (value: string | null) => (value ? formatEntryDate(value) : '—');
  const line = <T,>(
    label: string,
    values: { before: T | null; after: T | null } | null,
    show: (value: T | null) => string,
  ) => {
    if (!values) return [];
    if (change.event === 'create')
      return values.after === null || values.after === '' ? [] : [`${label}: ${show(values.after)}`];
    return [`${label}: ${show(values.before)} → ${show(values.after)}`];
  };
  return [
    ...line('Account', account, text),
    ...line('Amount', amount, money),
    ...line('Date', date, day),
    ...line('Name', name, text),
    ...line('Memo', memo, text),
  ];
}
