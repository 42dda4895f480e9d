import { Button, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { InlineNameInput } from '../models/InlineNameInput';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';
import { useHiringDragRow } from './HiringDnd';
import type { HiringDepartment } from './hiringQueries';

export type DepartmentRowProps = {
  department: HiringDepartment;
  columns: number;
  canEdit: boolean;
  onRename: (name: string) => void;
  onAddPosition: () => void;
  onAddDepartment: () => void;
  onDelete: () => void;
};

const INDENT = 20;

/**
 * A department's heading row, indented by depth: a drag handle and its name (both except for the top
 * level, which is the company; the name is renamed in place), '+ Position', '+ Department' and a two-step delete.
 */
export function DepartmentRow(props: DepartmentRowProps) {
  const { department, columns, canEdit, onRename, onAddPosition, onAddDepartment, onDelete } = props;
  const [renaming, setRenaming] = useState(false);
  const canRename = canEdit && !department.isTopLevel;
  const drag = useHiringDragRow({ kind: 'department', id: department.id }, department.name, canRename);
  return (
    <Table.Tr
      {...drag.rowProps}
      data-testid="department-row"
      data-depth={department.depth}
      bg="var(--mantine-color-gray-light)"
    >
      <Table.Td colSpan={columns} pl={12 + department.depth * INDENT}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap={4} wrap="nowrap" ml={drag.handle ? -20 : 0}>
            {drag.handle}
            {renaming ? (
              <InlineNameInput
                label="Department name"
                name={department.name}
                maxLength={120}
                width={260}
                onRename={onRename}
                onDone={() => setRenaming(false)}
              />
            ) : canRename ? (
              <UnstyledButton onClick={() => setRenaming(true)} aria-label={`Rename ${department.name}`}>
                <Text fw={650} size="sm">
                  {department.name}
                </Text>
              </UnstyledButton>
            ) : (
              <Text fw={650} size="sm">
                {department.name}
              </Text>
            )}
          </Group>
          {canEdit ? (
            <Group gap={6} wrap="nowrap">
              <Button size="compact-xs" variant="subtle" onClick={onAddPosition}>
                + Position
              </Button>
              <Button size="compact-xs" variant="subtle" onClick={onAddDepartment}>
                + Department
              </Button>
              {department.isTopLevel ? null : (
                <ConfirmDeleteButton label={department.name} onConfirm={onDelete} />
              )}
            </Group>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
