import { type MantineSize, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useInlineEdit } from '../../lib/useInlineEdit';

type InlineNameInputProps = {
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
  const editHandlers = useInlineEdit((save) => {
    const trimmed = draft.trim();
    if (save && trimmed !== '' && trimmed !== name) onRename(trimmed);
    onDone();
  });
  return (
    <TextInput
      aria-label={label}
      value={draft}
      maxLength={maxLength}
      autoFocus
      size={size}
      w={width}
      onChange={(event) => setDraft(event.currentTarget.value)}
      {...editHandlers}
    />
  );
}
