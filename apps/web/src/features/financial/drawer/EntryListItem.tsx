import { useDraggable } from '@dnd-kit/core';
import { formatCents } from '@keel/domain';
import { ActionIcon, Badge, Box, Group, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconEdit, IconGripVertical, IconHistory, IconTrash } from '@tabler/icons-react';
import type { ReportDragData } from '../reportDrag';
import type { DrawerEntry } from './drawerQueries';
import { describeEntry, formatEntryDate } from './entryText';

type EntryListItemProps = {
  entry: DrawerEntry;
  /** The row's sign: the entry shows amount times it. */
  sign: number;
  /**
   * The entry is the cache's while the drawer asks the server again: its actions wait for the answer,
   * as an edit elsewhere may have replaced it (a forecast's occurrences are written anew on each edit).
   */
  stale: boolean;
  onEdit: (entry: DrawerEntry) => void;
  onDelete: (entry: DrawerEntry) => void;
  onViewHistory: (entry: DrawerEntry) => void;
};

/**
 * One entry of the drawer: date, description, memo, amount as the row shows it, a Forecast badge for
 * forecast occurrences, and its actions (spec §5: Edit and Delete only for user transactions and
 * forecasts, View History for all). The grip drags the entry onto another account row (spec §4).
 */
export function EntryListItem({ entry, sign, stale, onEdit, onDelete, onViewHistory }: EntryListItemProps) {
  const description = describeEntry(entry);
  const data: ReportDragData = {
    item: { kind: 'entry', entryId: entry.id, sourceAccountId: entry.accountId, label: description },
  };
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `drawer-entry-${entry.id}`,
    data,
  });
  const subtitle = entry.name ? entry.memo : '';

  return (
    <Box
      ref={setNodeRef}
      data-testid="drawer-entry"
      data-entry-id={entry.id}
      px="xs"
      py={6}
      style={{
        borderBottom: '1px solid var(--mantine-color-gray-2)',
        opacity: isDragging ? 0.5 : 1,
      }}
    >
      <Group gap={4} wrap="nowrap" align="flex-start">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`Drag ${description}`}
          title="Drag onto another account to move this entry"
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={14} aria-hidden />
        </ActionIcon>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text
              size="sm"
              fw={500}
              truncate="end"
              c={description === 'No description' ? 'dimmed' : undefined}
            >
              {description}
            </Text>
            <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }} data-testid="drawer-entry-amount">
              {formatCents(entry.amount * sign)}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatEntryDate(entry.date)}
            </Text>
            {entry.scenario === 'forecast' ? (
              <Badge size="xs" variant="light" color="grape">
                Forecast
              </Badge>
            ) : null}
            {subtitle ? (
              <Text size="xs" c="dimmed" truncate="end">
                {subtitle}
              </Text>
            ) : null}
          </Group>
        </Stack>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={`Actions for ${description}`}
              disabled={stale}
            >
              <IconDots size={14} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {entry.isEditable ? (
              <>
                <Menu.Item leftSection={<IconEdit size={14} />} onClick={() => onEdit(entry)}>
                  Edit
                </Menu.Item>
                <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={() => onDelete(entry)}>
                  Delete
                </Menu.Item>
              </>
            ) : null}
            <Menu.Item leftSection={<IconHistory size={14} />} onClick={() => onViewHistory(entry)}>
              View History
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Box>
  );
}
