import { type MantineSize, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';

export type InlineNameInputProps = {
  label: string;
  name: string;
  maxLength: number;
  width?: number | string;
  size?: MantineSize;
  onRename: (name: string) => void;
  onDone: () => void;
};

/**
 * An inline name editor (spec §5: Enter saves, Escape cancels; a variable's name also commits on blur):
 * a changed, non-blank name is sent once; a blank one is dropped.
 */
export function InlineNameInput(props: InlineNameInputProps) {
  const { label, name, maxLength, width, size = 'xs', onRename, onDone } = props;
  const [draft, setDraft] = useState(name);
  const finished = useRef(false);
  const finish = (save: boolean) => {
    if (finished.current) return;
    finished.current = true;
    const trimmed = draft.trim();
    if (save && trimmed !== '' && trimmed !== name) onRename(trimmed);
    onDone();
  };
  return (
    <TextInput
      aria-label={label}
      value={draft}
      maxLength={maxLength}
      autoFocus
      size={size}
      w={width}
      onFocus={(event) => event.currentTarget.select()}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={() => finish(true)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          finish(true);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          finish(false);
        }
      }}
    />
  );
}
