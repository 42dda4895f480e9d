import { formatCents, isMonthKey, LARGE_CHANGE_FACTOR } from '@keel/domain';
import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { LargeChanges } from './largeChanges';
import { monthLabel } from './modelFormat';

export type LargeChangeDialogProps = {
  /** The change waiting for an answer, or null when none is (the dialog is closed). */
  request: (LargeChanges & { variableName: string }) | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * Asks before a change to a model's variable is saved when it would move one of the model's outputs
 * (the figures it writes into the report) more than 10× in a month: which output, which month, from
 * and to. Cancel (the default, and Escape) leaves the model as it was; Confirm saves the change.
 */
export function LargeChangeDialog({ request, onConfirm, onCancel }: LargeChangeDialogProps) {
  const unlisted = request ? request.count - request.changes.length : 0;
  return (
    <Modal opened={request !== null} onClose={onCancel} title="Save a large change?" size="lg" centered>
      {request ? (
        <Stack gap="sm" data-testid="large-change-dialog">
          <Text size="sm">
            This change to {request.variableName} moves what the model writes into the report by more than{' '}
            {LARGE_CHANGE_FACTOR}×:
          </Text>
          <Table withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Output</Table.Th>
                <Table.Th>Month</Table.Th>
                <Table.Th ta="right">From</Table.Th>
                <Table.Th ta="right">To</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {request.changes.map((change) => (
                <Table.Tr key={change.outputId}>
                  <Table.Td>
                    {change.variableName} → {change.accountName}
                  </Table.Td>
                  <Table.Td>
                    {isMonthKey(change.month) ? monthLabel(change.month) : change.month}
                    {change.monthsMoved > 1 ? (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        and {change.monthsMoved - 1} more month{change.monthsMoved === 2 ? '' : 's'}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatCents(change.fromCents)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatCents(change.toCents)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {unlisted > 0 ? (
            <Text size="sm" c="dimmed">
              and {unlisted} more output{unlisted === 1 ? '' : 's'}
            </Text>
          ) : null}
          <Text size="sm">Nothing has been saved yet.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} data-autofocus>
              Cancel
            </Button>
            <Button color="red" onClick={onConfirm}>
              Confirm
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
