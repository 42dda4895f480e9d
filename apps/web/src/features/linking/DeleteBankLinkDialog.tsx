import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { BankLink } from './bankLinks';
import { PROVIDER_LABELS } from './bankLinks';

export type DeleteBankLinkDialogProps = {
  /** The connection to delete; null: closed. */
  link: BankLink | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/**
 * Asks before DeletePlaidItem / DeleteMoneykitLink: the provider stops importing from the bank; its
 * accounts and what they imported stay in the books, and linking the bank again takes them over.
 */
export function DeleteBankLinkDialog({ link, deleting, onCancel, onConfirm }: DeleteBankLinkDialogProps) {
  return (
    <Modal
      opened={link !== null}
      onClose={onCancel}
      title={link ? `Delete ${link.institutionName}?` : ''}
      centered
      size="sm"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {link ? (
        <Stack gap="md">
          <Text size="sm">
            {PROVIDER_LABELS[link.provider]} stops importing from {link.institutionName}. Its{' '}
            {link.accounts.length === 1 ? 'account' : `${link.accounts.length} accounts`} and the transactions
            already imported stay in your books; linking the bank again picks them up where they left off.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={deleting}>
              Cancel
            </Button>
            <Button color="red" onClick={onConfirm} loading={deleting}>
              Delete connection
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
