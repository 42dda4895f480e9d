import { Button, type ButtonProps, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

type GatedButtonProps = ButtonProps & {
  children: ReactNode;
  onClick: () => void;
  /** Why the button cannot be used; null when it can. Shown as its tooltip. */
  blockedReason: string | null;
  'aria-label'?: string;
};

/**
 * A button that, when blocked, stays focusable and says why in a tooltip (a disabled button gets no
 * pointer or focus events, so its tooltip would never show): aria-disabled, and clicks do nothing.
 */
export function GatedButton({ blockedReason, onClick, children, disabled, ...props }: GatedButtonProps) {
  if (!blockedReason) {
    return (
      <Button {...props} disabled={disabled} onClick={onClick}>
        {children}
      </Button>
    );
  }
  return (
    <Tooltip label={blockedReason} multiline maw={280} withArrow>
      <Button
        {...props}
        loading={false}
        data-disabled
        aria-disabled="true"
        onClick={(event) => event.preventDefault()}
      >
        {children}
      </Button>
    </Tooltip>
  );
}
