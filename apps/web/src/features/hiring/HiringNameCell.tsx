import { HIRING_NAME_MAX } from '@keel/domain';
import { Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { InlineNameInput } from '../models/InlineNameInput';

type HiringNameCellProps = {
  /** 'role' or 'employee': labels the input. */
  noun: string;
  name: string;
  canEdit: boolean;
  onRename: (name: string) => void;
};

/**
 * A role's or an employee's name, renamed in place by an editor: a click opens the input (Enter or
 * leaving it saves a changed name, Escape cancels; InlineNameInput). Others read it.
 */
export function HiringNameCell({ noun, name, canEdit, onRename }: HiringNameCellProps) {
  const [renaming, setRenaming] = useState(false);
  if (canEdit && renaming) {
    return (
      <InlineNameInput
        label={`${noun} name`}
        name={name}
        maxLength={HIRING_NAME_MAX}
        width="100%"
        onRename={onRename}
        onDone={() => setRenaming(false)}
      />
    );
  }
  const text = (
    <Text size="sm" truncate title={name}>
      {name}
    </Text>
  );
  if (!canEdit) return text;
  return (
    // A block, so the truncated (overflow: hidden) name sits on the row's baseline like its neighbours.
    <UnstyledButton
      onClick={() => setRenaming(true)}
      aria-label={`Rename ${name}`}
      display="block"
      miw={0}
      maw="100%"
    >
      {text}
    </UnstyledButton>
  );
}
