import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export type RemoveMemberDialogProps = {
  opened: boolean;
  memberName: string;
  companyName: string;
  removing: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Asks before deleteMember: the person loses access to the company at once; their account stays. */
export function RemoveMemberDialog({
  opened,
  memberName,
  companyName,
  removing,
  onCancel,
  onConfirm,
}: RemoveMemberDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={`Remove ${memberName}?`}
      centered
      size="sm"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">
          {memberName} loses access to {companyName} at once. Their account stays theirs, and you can invite
          them again later.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={removing}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={removing}>
            Remove from team
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
