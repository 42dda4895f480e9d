import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/**
 * Cancel Subscription with a confirm step: the first press asks (the focus on 'Keep subscription'),
 * 'Yes, cancel subscription' cancels (at once, nothing more billed), 'Keep subscription' or Escape
 * takes it back.
 */
export function CancelSubscriptionButton({ busy, onConfirm }: { busy: boolean; onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  // The question replaces the button that had the focus: the safe answer takes it.
  useEffect(() => {
    if (asking) keep.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <Button color="red" variant="light" onClick={() => setAsking(true)}>
        Cancel Subscription
      </Button>
    );
  }
  return (
    <Stack
      gap="xs"
      data-testid="cancel-confirm"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) setAsking(false);
      }}
    >
      <Text size="sm">Cancel the Pro Plan now? It ends at once and nothing more is billed.</Text>
      <Group gap="sm">
        <Button color="red" onClick={onConfirm} loading={busy}>
          Yes, cancel subscription
        </Button>
        <Button ref={keep} variant="default" onClick={() => setAsking(false)} disabled={busy}>
          Keep subscription
        </Button>
      </Group>
    </Stack>
  );
}
