import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Asks before an action that takes something away: what it does (`children`), Cancel (disabled while
 * the action runs) and a red button that confirms it (loading meanwhile). Removing a member,
 * disconnecting QuickBooks and deleting a bank connection ask with it.
 */
export function ConfirmDestructiveDialog({
  opened,
  title,
  confirmLabel,
  busy,
  onCancel,
  onConfirm,
  children,
}: {
  opened: boolean;
  title: string;
  confirmLabel: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      size="sm"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">{children}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
