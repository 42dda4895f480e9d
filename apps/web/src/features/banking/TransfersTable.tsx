import { Badge, Center, Table, Text } from '@mantine/core';
import { formatCents } from '../../lib/format';
import { formatTransactionDate } from '../transactions/groupTransactionsByDay';
import type { KeelTransfer } from './bankingQueries';
import { railLabel, transferStatusBadge } from './transferLabels';

/** When a pending transfer is due at the bank: the day of its settlement, in UTC like every date here. */
function postsOn(transfer: Pick<KeelTransfer, 'settleAt'>): string {
  return formatTransactionDate(transfer.settleAt.slice(0, 10));
}

/**
 * The company's transfers, newest first: the day sent, the recipient (with the last digits of their
 * account and the memo), the rail, the amount, and the status: pending (with the day it is due to
 * post), posted, or returned with the bank's reason.
 */
export function TransfersTable({ transfers }: { transfers: readonly KeelTransfer[] }) {
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
    <Table.ScrollContainer minWidth={720}>
      <Table aria-label="Transfers" verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={130}>Date</Table.Th>
            <Table.Th>Recipient</Table.Th>
            <Table.Th w={90}>Rail</Table.Th>
            <Table.Th w={140} ta="right">
              Amount
            </Table.Th>
            <Table.Th w={260}>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {transfers.map((transfer) => {
            const badge = transferStatusBadge(transfer.status);
            const details = [transfer.accountNumber, transfer.memo].filter(Boolean).join(' · ');
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
                  {transfer.status === 'pending' ? (
                    <Text size="xs" c="dimmed" mt={2}>
                      Posts {postsOn(transfer)}
                    </Text>
                  ) : null}
                  {transfer.status === 'returned' && transfer.returnReason ? (
                    <Text size="xs" c="red.8" mt={2} data-testid="return-reason">
                      {transfer.returnReason}
                    </Text>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
