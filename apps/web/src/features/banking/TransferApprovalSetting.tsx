import { useMutation, useQuery } from '@apollo/client/react';
import { formatCentsPlain, parseAmount } from '@keel/domain';
import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useEffect, useState } from 'react';
import { formatCents } from '../../lib/format';
import { AmountInput } from './AmountInput';
import { SET_TRANSFER_APPROVAL_THRESHOLD_MUTATION, TRANSFER_APPROVAL_POLICY_QUERY } from './bankingQueries';
import { readServerRefusal } from './serverRefusal';

/** The threshold an owner may set: $1 to $1,000,000 (the server's range). */
const APPROVAL_THRESHOLD_MIN_CENTS = 100;
const APPROVAL_THRESHOLD_MAX_CENTS = 100_000_000;

/** The threshold typed into the box, in cents, or why it cannot be one. */
function readThreshold(text: string): { ok: true; cents: number } | { ok: false; error: string } {
  if (text.trim() === '') return { ok: false, error: 'Enter an amount' };
  const parsed = parseAmount(text);
  if (!parsed.ok) return parsed;
  if (parsed.cents < APPROVAL_THRESHOLD_MIN_CENTS || parsed.cents > APPROVAL_THRESHOLD_MAX_CENTS) {
    return { ok: false, error: 'Enter an amount from $1.00 to $1,000,000.00' };
  }
  return { ok: true, cents: parsed.cents };
}

/**
 * The company's second-approver rule: transfers over the threshold wait for a
 * second owner or admin, as the server enforces. An owner (`canChange`) sets the amount or turns the
 * rule off; everyone else reads it.
 */
export function TransferApprovalSetting({ entityId }: { entityId: string }) {
  const query = useQuery(TRANSFER_APPROVAL_POLICY_QUERY, { variables: { entityId } });
  const policy = query.data?.transferApprovalPolicy;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The policy has no id of its own: the answer is written over the query's, so the page shows it.
  const [save, saving] = useMutation(SET_TRANSFER_APPROVAL_THRESHOLD_MUTATION, {
    update: (cache, { data }) => {
      if (!data) return;
      cache.writeQuery({
        query: TRANSFER_APPROVAL_POLICY_QUERY,
        variables: { entityId },
        data: { transferApprovalPolicy: data.setTransferApprovalThreshold },
      });
    },
  });
  const threshold = policy?.threshold ?? null;

  useEffect(() => setText(threshold === null ? '' : formatCentsPlain(threshold)), [threshold]);

  if (!policy) {
    return query.error ? (
      <Text size="sm" c="dimmed">
        The approval rule could not be loaded.
      </Text>
    ) : (
      <Loader size="sm" aria-label="Loading the approval rule" />
    );
  }

  const change = async (next: number | null) => {
    setError(null);
    try {
      await save({ variables: { entityId, threshold: next } });
      notifications.show({
        color: 'teal',
        title: 'Approval rule saved',
        message:
          next === null
            ? 'Transfers no longer need a second approver.'
            : `Transfers over ${formatCents(next)} need a second approver.`,
      });
    } catch (failure) {
      setError(readServerRefusal(failure, () => null).message);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readThreshold(text);
    if (!read.ok) {
      setError(read.error);
      return;
    }
    void change(read.cents);
  };

  const rule =
    threshold === null
      ? 'Off: an owner or admin sends any transfer alone.'
      : `On: a transfer over ${formatCents(threshold)} waits until a different owner or admin approves it.`;

  if (!policy.canChange) {
    return (
      <Group gap="sm" data-testid="approval-rule">
        <Badge variant="light" color={threshold === null ? 'gray' : 'orange'}>
          {threshold === null ? 'No second approver' : `Second approver over ${formatCents(threshold)}`}
        </Badge>
        <Text size="sm" c="dimmed">
          {rule} Only the owner can change this.
        </Text>
      </Group>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Second approver" data-testid="approval-rule">
      <Stack gap={6}>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <Text size="sm" lh="36px">
            Require a second approver for transfers over
          </Text>
          <AmountInput
            aria-label="Approval threshold"
            w={170}
            value={text}
            onChange={(next) => {
              setText(next);
              setError(null);
            }}
            error={error}
          />
          <Button type="submit" variant="light" loading={saving.loading}>
            {threshold === null ? 'Turn on' : 'Save'}
          </Button>
          {threshold === null ? null : (
            <Button variant="default" onClick={() => void change(null)} disabled={saving.loading}>
              Turn off
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {rule}
        </Text>
      </Stack>
    </form>
  );
}
