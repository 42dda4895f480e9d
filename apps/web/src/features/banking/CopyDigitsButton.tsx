import { Button, CopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { digitsOnly } from './accountNumberQueries';

/** A small Copy button that puts `value`'s digits on the clipboard and says 'Copied' for 2 seconds. */
export function CopyDigitsButton({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={digitsOnly(value)} timeout={2000}>
      {({ copied, copy }) => (
        <Button
          size="compact-xs"
          variant="light"
          color={copied ? 'teal' : undefined}
          leftSection={copied ? <IconCheck size={12} /> : <IconCopy size={12} />}
          onClick={copy}
          aria-label={copied ? `${label} copied` : `Copy ${label}`}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      )}
    </CopyButton>
  );
}
