import { useMutation } from '@apollo/client/react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { REPORT_MUTATION_OPTIONS } from '../reportQuery';
import { describeSaveError } from './DrawerFormFrame';
import { DELETE_ENTRY_MUTATION } from './drawerMutations';
import type { DrawerEntry } from './drawerQueries';
import { describeEntry } from './entryText';

type DeleteEntryDialogProps = {
  reportId: string;
  /** The entry to delete; null keeps the dialog closed. */
  entry: DrawerEntry | null;
  onClose: () => void;
  onDeleted: (entry: DrawerEntry) => void;
};

/**
 * Asks before DeleteEntry, which removes the whole transaction: both entries of a user transaction,
 * or every occurrence of a forecast.
 */
export function DeleteEntryDialog({ reportId, entry, onClose, onDeleted }: DeleteEntryDialogProps) {
  const [deleteEntry, { loading }] = useMutation(DELETE_ENTRY_MUTATION, REPORT_MUTATION_OPTIONS);
  const [error, setError] = useState<string | null>(null);
  const forecast = entry?.transactionType === 'Budget';

  const confirm = async () => {
    if (!entry) return;
    setError(null);
    try {
      await deleteEntry({ variables: { id: entry.id, reportId } });
      onDeleted(entry);
      onClose();
    } catch (failure) {
      setError(describeSaveError(failure));
    }
  };

  return (
    <Modal
      opened={entry !== null}
      onClose={() => {
        setError(null);
        onClose();
      }}
      title={forecast ? 'Delete forecast' : 'Delete entry'}
      size="sm"
    >
      <Stack gap="sm">
        <Text size="sm">
          {forecast
            ? `Delete the forecast “${entry ? describeEntry(entry) : ''}” and every month it occurs in?`
            : `Delete “${entry ? describeEntry(entry) : ''}” from both accounts it is booked on?`}
        </Text>
        {error ? (
          <Alert color="red" p="xs" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={loading}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
