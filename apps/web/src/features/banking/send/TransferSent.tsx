import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconUserCheck } from '@tabler/icons-react';
import { formatCents } from '../../../lib/format';
import type { KeelTransfer } from '../bankingQueries';
import { formatDayTimeIn, formatWeekday } from '../bankingTimes';
import { ReceiptButton } from '../ReceiptButton';
import { railLabel } from '../transferLabels';

type TransferSentProps = {
  entityId: string;
  transfer: KeelTransfer;
  timeZone: string;
  onDone: () => void;
};

/**
 * What Send money shows once the transfer is created: that it is scheduled (with its
 * expected arrival and until when it can be canceled) and its receipt; or that it waits for a second
 * approver, who sees it in the transfers with Approve and Reject (no receipt until it is approved).
 */
export function TransferSent({ entityId, transfer, timeZone, onDone }: TransferSentProps) {
  const awaiting = transfer.status === 'awaiting_approval';
  const what = `${formatCents(transfer.amount)} to ${transfer.recipientName}`;
  return (
    <Stack gap="md" data-testid="transfer-sent" data-status={transfer.status}>
      {awaiting ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconUserCheck size={20} />}
          title="Waiting for a second approver"
        >
          {what} by {railLabel(transfer.rail)} goes to the bank once another owner or admin approves it. They
          see it in the transfers with Approve and Reject.
        </Alert>
      ) : (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck size={20} />}
          title={`${railLabel(transfer.rail)} transfer scheduled`}
        >
          <Stack gap={4}>
            <Text size="sm">{what}.</Text>
            {transfer.expectedArrival ? (
              <Text size="sm">Expected to arrive {formatWeekday(transfer.expectedArrival)}.</Text>
            ) : null}
            {transfer.cancellable && transfer.handOverAt ? (
              <Text size="sm">
                You can cancel it in the transfers until it is handed to the bank on{' '}
                {formatDayTimeIn(timeZone, transfer.handOverAt)}.
              </Text>
            ) : null}
          </Stack>
        </Alert>
      )}
      <Group justify="space-between" gap="xs">
        {transfer.receiptUrl ? (
          <ReceiptButton
            entityId={entityId}
            transferId={transfer.id}
            receiptUrl={transfer.receiptUrl}
            size="sm"
            variant="light"
          />
        ) : (
          <span />
        )}
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
