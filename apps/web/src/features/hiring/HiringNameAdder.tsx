import { HIRING_NAME_MAX } from '@keel/domain';
import { Button, Group, type MantineSize, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { canCreateOption } from './canCreateOption';

type HiringNameAdderProps = {
  /** 'role' or 'employee': labels the input. */
  noun: string;
  /** The names already taken (a new one must differ whatever the case). */
  names: readonly string[];
  /** The button's text: 'Add', 'Add role'. */
  buttonLabel?: string;
  size?: MantineSize;
  /** More inputs, between the name and the button (a role's defaults). */
  children?: ReactNode;
  /** Adds the trimmed name; resolves to null when the server refused it (the name then stays typed). */
  onAdd: (name: string) => Promise<unknown>;
};

/**
 * The row that adds a role or an employee (spec §5 'Hiring'): a name that is not blank and not taken
 * (canCreateOption) is added with the button or Enter.
 */
export function HiringNameAdder(props: HiringNameAdderProps) {
  const { noun, names, buttonLabel = 'Add', size = 'xs', children, onAdd } = props;
  const [draft, setDraft] = useState('');
  const [adding, setAdding] = useState(false);
  const addable = canCreateOption(draft, names) && !adding;
  const add = async () => {
    if (!addable) return;
    setAdding(true);
    const result = await onAdd(draft.trim());
    setAdding(false);
    if (result !== null) setDraft('');
  };
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput
        aria-label={`New ${noun} name`}
        placeholder={`New ${noun}`}
        size={size}
        style={{ flex: 1 }}
        maxLength={HIRING_NAME_MAX}
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void add();
        }}
      />
      {children}
      <Button size={size} disabled={!addable} loading={adding} onClick={() => void add()}>
        {buttonLabel}
      </Button>
    </Group>
  );
}
