import { ActionIcon, Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * A delete that needs two clicks (spec §4 'Hiring plan'): the bin turns into a red Confirm, which
 * deletes; moving focus away puts the bin back.
 */
export function ConfirmDeleteButton({ label, onConfirm }: { label: string; onConfirm: () => void }) {
  const [confirming, setConfirming] = useState(false);
  if (confirming) {
    return (
      <Button
        size="compact-xs"
        color="red"
        autoFocus
        aria-label={`Confirm delete ${label}`}
        onBlur={() => setConfirming(false)}
        onClick={() => {
          setConfirming(false);
          onConfirm();
        }}
      >
        Confirm
      </Button>
    );
  }
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={`Delete ${label}`}
      onClick={() => setConfirming(true)}
    >
      <IconTrash size={16} />
    </ActionIcon>
  );
}
