import { useDraggable } from '@dnd-kit/core';
import { Badge } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { ReportDragData } from '../reportDrag';

/**
 * 'Drag to create a rule' (spec §4 rule drop): dropped on another account row, the entries of this
 * account whose name or memo contains the search move there — those dated from the drawer's window on
 * now, and every later import.
 */
export function RuleDragChip({
  sourceAccountId,
  searchFilter,
  date,
  shownCount,
}: {
  sourceAccountId: string;
  searchFilter: string;
  /** The first day of the drawer's window: matching entries from it on move now. */
  date: string;
  shownCount: number;
}) {
  const data: ReportDragData = {
    item: {
      kind: 'rule',
      sourceAccountId,
      searchFilter,
      label: `Entries matching “${searchFilter}”`,
      date,
      shownCount,
    },
  };
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: 'drawer-rule', data });
  return (
    <Badge
      ref={setNodeRef}
      variant="light"
      color="blue"
      radius="sm"
      size="lg"
      leftSection={<IconGripVertical size={12} aria-hidden />}
      data-testid="drawer-rule-chip"
      title={`Drop on an account to move entries matching “${searchFilter}” there`}
      style={{ cursor: 'grab', touchAction: 'none', opacity: isDragging ? 0.5 : 1, textTransform: 'none' }}
      {...attributes}
      {...listeners}
    >
      Drag to create a rule
    </Badge>
  );
}
