import { Button, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { InlineNameInput } from '../models/InlineNameInput';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';
import { useHiringDragRow } from './HiringDnd';
import type { HiringDepartment } from './hiringQueries';
import type { HiringTotalView } from './hiringTotals';
import { TotalFigure } from './TotalFigure';

type DepartmentRowProps = {
  department: HiringDepartment;
  /** The department's headcount and monthly cost, its sub-departments included. */
  total: HiringTotalView;
  canEdit: boolean;
  onRename: (name: string) => void;
  onAddPosition: () => void;
  onAddDepartment: () => void;
  onDelete: () => void;
};

const INDENT = 20;

/**
 * A department's heading row, indented by depth: a drag handle and its name (both except for the top
 * level, which is the company; the name is renamed in place), its total headcount under Qty and total
 * monthly cost under Monthly cost, '+ Position', '+ Department' and a two-step delete. The cells follow
 * the table's nine columns: name over Role to Type, the buttons over Salary / Rate to End.
 */
export function DepartmentRow(props: DepartmentRowProps) {
  const { department, total, canEdit, onRename, onAddPosition, onAddDepartment, onDelete } = props;
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
      <Table.Td colSpan={3} pl={12 + department.depth * INDENT}>
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
      </Table.Td>
      <Table.Td ta="right">
        <TotalFigure testId="department-headcount" text={total.headcount} working={total.working} />
      </Table.Td>
      <Table.Td colSpan={3}>
        {canEdit ? (
          <Group gap={6} wrap="nowrap" justify="flex-end">
            <Button size="compact-xs" variant="subtle" onClick={onAddPosition}>
              + Position
            </Button>
            <Button size="compact-xs" variant="subtle" onClick={onAddDepartment}>
              + Department
            </Button>
          </Group>
        ) : null}
      </Table.Td>
      <Table.Td ta="right">
        <TotalFigure testId="department-monthly-cost" text={total.cost} working={total.working} />
      </Table.Td>
      <Table.Td>
        {canEdit && !department.isTopLevel ? (
          <Group justify="flex-end" wrap="nowrap">
            <ConfirmDeleteButton label={department.name} onConfirm={onDelete} />
          </Group>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
