import type { MonthKey } from '@keel/domain';
import { ActionIcon, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';
import { useHiringDragRow } from './HiringDnd';
import { describePositionCost, formatPlanMonth, formatPositionPay } from './hiringFormat';
import type { HiringJobPosition } from './hiringQueries';

type PositionRowProps = {
  position: HiringJobPosition;
  roleName: string;
  employeeName: string | null;
  currentMonth: MonthKey;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
};

/** A saved job position: role, who holds it, type, quantity, pay, months and its monthly cost. */
export function PositionRow(props: PositionRowProps) {
  const { position, roleName, employeeName, currentMonth, canEdit, onEdit, onDelete } = props;
  const pay = {
    quantity: position.quantity,
    salary: position.salary ?? null,
    rate: position.rate ?? null,
    hours: position.hours ?? null,
    startDate: position.startDate,
    endDate: position.endDate ?? null,
  };
  const cost = describePositionCost(pay, currentMonth);
  const label = `${roleName} position`;
  const drag = useHiringDragRow(
    { kind: 'position', id: position.id },
    employeeName ? `${roleName} · ${employeeName}` : roleName,
    canEdit,
  );
  return (
    <Table.Tr {...drag.rowProps} data-testid="position-row">
      <Table.Td pl={drag.handle ? 'xs' : 'xl'}>
        <Group gap={4} wrap="nowrap">
          {drag.handle}
          <Text size="sm" truncate>
            {roleName}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>
        {employeeName ? (
          <Text size="sm" truncate>
            {employeeName}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" fs="italic">
            Open role
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={position.kind === 'employee' ? 'blue' : 'grape'} size="sm">
          {position.kind === 'employee' ? 'Employee' : 'Contractor'}
        </Badge>
      </Table.Td>
      <Table.Td ta="right">{position.quantity}</Table.Td>
      <Table.Td>
        <Text size="sm">{formatPositionPay(pay)}</Text>
      </Table.Td>
      <Table.Td>{formatPlanMonth(position.startDate)}</Table.Td>
      <Table.Td>{formatPlanMonth(pay.endDate)}</Table.Td>
      <Table.Td ta="right">
        <Tooltip label={cost.working}>
          <Text size="sm" fw={500}>
            {cost.text}
          </Text>
        </Tooltip>
      </Table.Td>
      <Table.Td>
        {canEdit ? (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <ActionIcon variant="subtle" color="gray" aria-label={`Edit ${label}`} onClick={onEdit}>
              <IconPencil size={16} />
            </ActionIcon>
            <ConfirmDeleteButton label={label} onConfirm={onDelete} />
          </Group>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
