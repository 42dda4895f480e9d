import { HIRING_NAME_MAX } from '@keel/domain';
import { Badge, Button, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { InlineNameInput } from '../models/InlineNameInput';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';
import { canCreateOption } from './canCreateOption';

export type HiringNameItem = { id: string; name: string; count: number };

export type HiringNameListProps = {
  /** 'role' or 'employee': labels the inputs and buttons. */
  noun: string;
  items: readonly HiringNameItem[];
  /** What the count means: 'hires', 'positions'. */
  countLabel: string;
  canEdit: boolean;
  onAdd: (name: string) => Promise<unknown>;
  onRename: (id: string, name: string) => void;
  onDelete: (id: string) => void;
};

/**
 * The roles or the employees of the side panel: each name with its count, renamed in place and deleted
 * with a two-step Confirm; a new name is added when it is not blank and not taken (spec §5).
 */
export function HiringNameList(props: HiringNameListProps) {
  const { noun, items, countLabel, canEdit, onAdd, onRename, onDelete } = props;
  const [draft, setDraft] = useState('');
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const addable = canCreateOption(
    draft,
    items.map((item) => item.name),
  );
  const add = async () => {
    if (!addable) return;
    await onAdd(draft.trim());
    setDraft('');
  };
  return (
    <Stack gap="xs" pt="sm">
      {canEdit ? (
        <Group gap="xs" wrap="nowrap">
          <TextInput
            aria-label={`New ${noun} name`}
            placeholder={`New ${noun}`}
            size="xs"
            style={{ flex: 1 }}
            maxLength={HIRING_NAME_MAX}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void add();
            }}
          />
          <Button size="xs" disabled={!addable} onClick={() => void add()}>
            Add
          </Button>
        </Group>
      ) : null}
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          None yet.
        </Text>
      ) : null}
      {items.map((item) => (
        <Group key={item.id} justify="space-between" wrap="nowrap" gap="xs" mih={30}>
          {renamingId === item.id ? (
            <InlineNameInput
              label={`${noun} name`}
              name={item.name}
              maxLength={HIRING_NAME_MAX}
              width="100%"
              onRename={(name) => onRename(item.id, name)}
              onDone={() => setRenamingId(null)}
            />
          ) : canEdit ? (
            <UnstyledButton onClick={() => setRenamingId(item.id)} aria-label={`Rename ${item.name}`} miw={0}>
              <Text size="sm" truncate>
                {item.name}
              </Text>
            </UnstyledButton>
          ) : (
            <Text size="sm" truncate>
              {item.name}
            </Text>
          )}
          <Group gap={6} wrap="nowrap">
            <Badge variant="light" color="gray" size="sm" title={`${item.count} ${countLabel}`}>
              {item.count} {countLabel}
            </Badge>
            {canEdit ? <ConfirmDeleteButton label={item.name} onConfirm={() => onDelete(item.id)} /> : null}
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
