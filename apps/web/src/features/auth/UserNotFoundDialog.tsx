import { PRODUCT_NAME } from '@keel/domain';
import { Button, Group, Modal, Text } from '@mantine/core';

type UserNotFoundDialogProps = {
  email: string | null;
  creating: boolean;
  onCreate: () => void;
  onClose: () => void;
};

/** Google sign-in found no account (spec §2): offers to create one with that Google account. */
export function UserNotFoundDialog({ email, creating, onCreate, onClose }: UserNotFoundDialogProps) {
  return (
    <Modal opened={email !== null} onClose={onClose} title="User Not Found" size="md">
      <Text mb="lg">
        No {PRODUCT_NAME} account uses <strong>{email}</strong>. Create one with this Google account?
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={onCreate} loading={creating}>
          Create Account
        </Button>
      </Group>
    </Modal>
  );
}
