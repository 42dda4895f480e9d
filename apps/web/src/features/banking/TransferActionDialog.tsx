import { useMutation } from '@apollo/client/react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatCents } from '../../lib/format';
import { FormError } from '../auth/FormError';
import {
  APPROVE_TRANSFER_MUTATION,
  CANCEL_TRANSFER_MUTATION,
  DEPOSIT_ACCOUNTS_QUERY,
  type KeelTransfer,
  REJECT_TRANSFER_MUTATION,
  TRANSFER_LIMITS_QUERY,
  TRANSFERS_QUERY,
} from './bankingQueries';
import { readServerRefusal } from './serverRefusal';
import { railLabel } from './transferLabels';

/** What a person can do to a transfer from the table. */
export type TransferAction = 'cancel' | 'approve' | 'reject';

/** The longest reason a rejection keeps (the server's cap). */
const REJECT_REASON_MAX = 200;

const TEXT: Record<
  TransferAction,
  { title: string; confirm: string; keep: string; color: string; done: string }
> = {
  cancel: {
    title: 'Cancel this transfer?',
    confirm: 'Cancel transfer',
    keep: 'Keep it',
    color: 'red',
    done: 'canceled',
  },
  approve: {
    title: 'Approve this transfer?',
    confirm: 'Approve and send',
    keep: 'Not now',
    color: 'teal',
    done: 'approved',
  },
  reject: {
    title: 'Reject this transfer?',
    confirm: 'Reject transfer',
    keep: 'Keep it',
    color: 'red',
    done: 'rejected',
  },
};

const refetchQueries = [TRANSFERS_QUERY, DEPOSIT_ACCOUNTS_QUERY, TRANSFER_LIMITS_QUERY];

/**
 * The confirmation of a table action on one transfer, naming its amount and recipient:
 * Cancel (awaiting approval, or pending and not yet handed to the bank: the money stays), Approve (a
 * second owner or admin lets it go to the bank) or Reject (canceled, with an optional reason for the
 * sender). The server decides; its refusal (say, the transfer was handed over meanwhile) shows here.
 */
export function TransferActionDialog({
  action,
  transfer,
  onClose,
}: {
  action: TransferAction;
  transfer: KeelTransfer;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [cancel, canceling] = useMutation(CANCEL_TRANSFER_MUTATION, { refetchQueries });
  const [approve, approving] = useMutation(APPROVE_TRANSFER_MUTATION, { refetchQueries });
  const [reject, rejecting] = useMutation(REJECT_TRANSFER_MUTATION, { refetchQueries });
  const busy = canceling.loading || approving.loading || rejecting.loading;
  const text = TEXT[action];
  const what = `${formatCents(transfer.amount)} ${railLabel(transfer.rail)} transfer to ${transfer.recipientName}`;

  const run = async () => {
    if (busy) return;
    setError(null);
    const transferId = transfer.id;
    try {
      if (action === 'cancel') await cancel({ variables: { transferId } });
      else if (action === 'approve') await approve({ variables: { transferId } });
      else await reject({ variables: { transferId, reason: reason.trim() || null } });
      notifications.show({ color: 'teal', title: `Transfer ${text.done}`, message: what });
      onClose();
    } catch (failure) {
      setError(readServerRefusal(failure, () => null).message);
    }
  };

  return (
    <Modal opened onClose={onClose} title={text.title} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm" data-testid="transfer-action-dialog">
        <Text size="sm">
          {action === 'cancel'
            ? `The ${what} will not be sent. The money stays in the account.`
            : action === 'approve'
              ? `The ${what}${transfer.createdByName ? `, sent by ${transfer.createdByName},` : ''} goes to the bank.`
              : `The ${what} will not be sent. ${transfer.createdByName ?? 'The sender'} sees it as rejected.`}
        </Text>
        {action === 'reject' ? (
          <Textarea
            label="Reason"
            description="Optional: the sender sees it."
            maxLength={REJECT_REASON_MAX}
            rows={2}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
        ) : null}
        <FormError message={error} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {text.keep}
          </Button>
          <Button color={text.color} onClick={run} loading={busy}>
            {text.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
