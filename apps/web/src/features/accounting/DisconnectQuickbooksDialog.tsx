import { PRODUCT_NAME } from '@keel/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export type DisconnectQuickbooksDialogProps = {
  opened: boolean;
  companyName: string | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/**
 * Asks before deleteQuickbooksConnection: the company stops importing from QuickBooks Online and
 * leaves the accounting-connected mode (apiFlags.qbo off), so Transactions and bank linking come back.
 */
export function DisconnectQuickbooksDialog({
  opened,
  companyName,
  deleting,
  onCancel,
  onConfirm,
}: DisconnectQuickbooksDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title="Disconnect QuickBooks Online?"
      centered
      size="sm"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">
          {PRODUCT_NAME} stops importing from {companyName ?? 'your QuickBooks company'}, and QuickBooks stops
          being where your books come from: Transactions and bank linking come back. You can connect it again
          at any time.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={deleting}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={deleting}>
            Disconnect
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
