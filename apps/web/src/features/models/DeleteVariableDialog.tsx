import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';

type DeleteVariableDialogProps = {
  /** The variable waiting for an answer and the formulas that read it, or null (the dialog is closed). */
  request: { variableName: string; usedBy: string[] } | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * Asks before deleting a variable that formulas read, naming them: their cells would show
 * #ERROR, and an output they write would keep its last good figures in the report, marked stale, until
 * the formula is fixed. Cancel (the default, and Escape) deletes nothing.
 */
export function DeleteVariableDialog({ request, onConfirm, onCancel }: DeleteVariableDialogProps) {
  const one = request?.usedBy.length === 1;
  return (
    <Modal
      opened={request !== null}
      onClose={onCancel}
      title={request ? `Delete '${request.variableName}'?` : 'Delete'}
      size="md"
      centered
    >
      {request ? (
        <Stack gap="sm" data-testid="delete-variable-dialog">
          <Text size="sm">
            '{request.variableName}' is used by {one ? 'this formula' : 'these formulas'}:
          </Text>
          <List size="sm" withPadding data-testid="delete-variable-used-by">
            {request.usedBy.map((name) => (
              <List.Item key={name} fw={600}>
                {name}
              </List.Item>
            ))}
          </List>
          <Text size="sm">
            Deleting it makes {one ? 'its' : 'their'} cells #ERROR. An output{' '}
            {one ? 'it writes' : 'they write'} keeps its last good figures in the report, marked stale, until
            the formula is fixed.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} data-autofocus>
              Cancel
            </Button>
            <Button color="red" onClick={onConfirm}>
              Delete anyway
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
