import { Badge, Group, Stack, Text } from '@mantine/core';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';
import { formatCount } from './formatCount';
import { HiringNameAdder } from './HiringNameAdder';
import { HiringNameCell } from './HiringNameCell';

type HiringNameItem = { id: string; name: string; count: number };

type HiringNameListProps = {
  /** 'role' or 'employee': labels the inputs and buttons. */
  noun: string;
  items: readonly HiringNameItem[];
  /** What the count counts, singular: 'hire', 'position' (the badge reads '1 hire', '2 hires'). */
  countNoun: string;
  canEdit: boolean;
  /** Resolves to null when the server refused the name. */
  onAdd: (name: string) => Promise<unknown>;
  onRename: (id: string, name: string) => void;
  onDelete: (id: string) => void;
};

/**
 * The roles or the employees of the side panel: each name with its count, renamed in place and deleted
 * with a two-step Confirm; a new name is added when it is not blank and not taken (spec §5).
 */
export function HiringNameList(props: HiringNameListProps) {
  const { noun, items, countNoun, canEdit, onAdd, onRename, onDelete } = props;
  return (
    <Stack gap="xs" pt="sm">
      {canEdit ? <HiringNameAdder noun={noun} names={items.map((item) => item.name)} onAdd={onAdd} /> : null}
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          None yet.
        </Text>
      ) : null}
      {items.map((item) => (
        <Group key={item.id} justify="space-between" wrap="nowrap" gap="xs" mih={30}>
          <HiringNameCell
            noun={noun}
            name={item.name}
            canEdit={canEdit}
            onRename={(name) => onRename(item.id, name)}
          />
          <Group gap={6} wrap="nowrap">
            <Badge variant="light" color="gray" size="sm" title={formatCount(item.count, countNoun)}>
              {formatCount(item.count, countNoun)}
            </Badge>
            {canEdit ? <ConfirmDeleteButton label={item.name} onConfirm={() => onDelete(item.id)} /> : null}
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
