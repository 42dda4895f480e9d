import { ActionIcon, Button } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/**
 * A chart's delete (spec §4 Dashboard): the bin turns into a red 'Confirm?', which deletes; a press
 * anywhere else or Escape puts the bin back.
 */
export function ConfirmDeleteChartButton({
  chartName,
  onConfirm,
}: {
  chartName: string;
  onConfirm: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const outside = useClickOutside<HTMLButtonElement>(() => setConfirming(false), ['mousedown', 'touchstart']);
  useEffect(() => {
    if (!confirming) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setConfirming(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [confirming]);
  if (confirming) {
    return (
      <Button
        ref={outside}
        size="compact-xs"
        color="red"
        autoFocus
        aria-label={`Confirm delete ${chartName}`}
        onClick={() => {
          setConfirming(false);
          onConfirm();
        }}
      >
        Confirm?
      </Button>
    );
  }
  return (
    <ActionIcon
      size="sm"
      variant="subtle"
      color="gray"
      aria-label={`Delete ${chartName}`}
      onClick={() => setConfirming(true)}
    >
      <IconTrash size={15} />
    </ActionIcon>
  );
}
