import { Badge, Button, Center, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { formatCents } from '../../lib/format';
import { formatTransactionDate } from '../transactions/groupTransactionsByDay';
import type { KeelTransfer } from './bankingQueries';
import { formatDayTimeIn, formatWeekday } from './bankingTimes';
import { ReceiptButton } from './ReceiptButton';
import { type TransferAction, TransferActionDialog } from './TransferActionDialog';
import { railLabel, transferStatusBadge } from './transferLabels';

/** When a pending transfer without an expected arrival is due: the day of its settlement (UTC). */
function postsOn(transfer: Pick<KeelTransfer, 'settleAt'>): string {
  return formatTransactionDate(transfer.settleAt.slice(0, 10));
}

/** The line under a transfer's status badge: what it waits for, when it arrives, or why it stopped. */
function statusDetail(transfer: KeelTransfer, timeZone: string): { text: string; color: string } | null {
  switch (transfer.status) {
    case 'awaiting_approval':
      return {
        text: transfer.createdByName
          ? `Sent by ${transfer.createdByName}: needs a second approver`
          : 'Needs a second approver',
        color: 'dimmed',
      };
    case 'pending': {
      const arrives = transfer.expectedArrival
        ? `Arrives ${formatWeekday(transfer.expectedArrival)}`
        : `Posts ${postsOn(transfer)}`;
      const handOver =
        transfer.cancellable && transfer.handOverAt && !transfer.handedOverAt
          ? ` · cancel until ${formatDayTimeIn(timeZone, transfer.handOverAt)}`
          : '';
      return { text: `${arrives}${handOver}`, color: 'dimmed' };
    }
    case 'canceled':
      return transfer.cancelReason ? { text: transfer.cancelReason, color: 'dimmed' } : null;
    case 'returned':
      return transfer.returnReason ? { text: transfer.returnReason, color: 'red.8' } : null;
    default:
      return null;
  }
}

type TransfersTableProps = {
  entityId: string;
  transfers: readonly KeelTransfer[];
  /** The company's time zone: hand-over times are written in it. */
  timeZone: string;
};

/**
 * The company's transfers, newest first: the day sent, the recipient (with the last digits of their
 * account and the memo), the rail, the amount, the status (awaiting approval, pending with its expected
 * arrival and until when it can be canceled, posted, returned with the bank's reason, canceled with the
 * rejection's reason) and what the viewer can do: Approve / Reject a transfer waiting for a second
 * approver they may give, Cancel one not yet handed to the bank, download its Receipt. Each action asks
 * first (TransferActionDialog). Sized for a 1280-wide screen: the actions wrap inside their column.
 */
export function TransfersTable({ entityId, transfers, timeZone }: TransfersTableProps) {
  const [acting, setActing] = useState<{ action: TransferAction; transfer: KeelTransfer } | null>(null);
  if (transfers.length === 0) {
    return (
      <Center py="lg" data-testid="transfers-empty">
        <Text size="sm" c="dimmed">
          No transfers yet. Money you send by ACH or wire shows here.
        </Text>
      </Center>
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table aria-label="Transfers" verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={112}>Date</Table.Th>
              <Table.Th>Recipient</Table.Th>
              <Table.Th w={64}>Rail</Table.Th>
              <Table.Th w={112} ta="right">
                Amount
              </Table.Th>
              <Table.Th w={230}>Status</Table.Th>
              <Table.Th w={178}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {transfers.map((transfer) => {
              const badge = transferStatusBadge(transfer.status);
              const details = [transfer.accountNumber, transfer.memo].filter(Boolean).join(' · ');
              const detail = statusDetail(transfer, timeZone);
              const act = (action: TransferAction) => () => setActing({ action, transfer });
              return (
                <Table.Tr key={transfer.id} data-testid="transfer-row" data-status={transfer.status}>
                  <Table.Td>{formatTransactionDate(transfer.date)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {transfer.recipientName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {details}
                    </Text>
                  </Table.Td>
                  <Table.Td>{railLabel(transfer.rail)}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatCents(-transfer.amount)}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={badge.color} variant="light">
                      {badge.label}
                    </Badge>
                    {detail ? (
                      <Text
                        size="xs"
                        c={detail.color}
                        mt={2}
                        data-testid={transfer.status === 'returned' ? 'return-reason' : 'status-detail'}
                      >
                        {detail.text}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end">
                      {transfer.approvable ? (
                        <>
                          <Button size="compact-xs" variant="light" color="teal" onClick={act('approve')}>
                            Approve
                          </Button>
                          <Button size="compact-xs" variant="subtle" color="red" onClick={act('reject')}>
                            Reject
                          </Button>
                        </>
                      ) : transfer.cancellable ? (
                        <Button size="compact-xs" variant="subtle" color="red" onClick={act('cancel')}>
                          Cancel
                        </Button>
                      ) : null}
                      {transfer.receiptUrl ? (
                        <ReceiptButton
                          entityId={entityId}
                          transferId={transfer.id}
                          receiptUrl={transfer.receiptUrl}
                          size="compact-xs"
                        />
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {acting ? (
        <TransferActionDialog
          action={acting.action}
          transfer={acting.transfer}
          onClose={() => setActing(null)}
        />
      ) : null}
    </>
  );
}
