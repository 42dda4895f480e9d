import { ScrollArea, Stack, Table, Text } from '@mantine/core';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';
import { HiringNameAdder } from './HiringNameAdder';
import { HiringNameCell } from './HiringNameCell';
import type { HiringEmployee } from './hiringQueries';

type HiringEmployeesTableProps = {
  employees: readonly HiringEmployee[];
  canEdit: boolean;
  /** Resolves to null when the server refused the name. */
  onAdd: (name: string) => Promise<unknown>;
  onRename: (id: string, name: string) => void;
  onDelete: (id: string) => void;
};

/**
 * Hiring Plan Settings' Employees tab (spec §2): each employee with the number of positions they hold;
 * an editor adds, renames in place and deletes with a two-step Confirm (the server refuses an employee
 * with positions, and the toast says so).
 */
export function HiringEmployeesTable(props: HiringEmployeesTableProps) {
  const { employees, canEdit, onAdd, onRename, onDelete } = props;
  return (
    <Stack gap="sm" h="100%">
      {canEdit ? (
        <HiringNameAdder
          noun="employee"
          buttonLabel="Add employee"
          size="sm"
          names={employees.map((employee) => employee.name)}
          onAdd={onAdd}
        />
      ) : null}
      <ScrollArea type="auto" offsetScrollbars style={{ flex: 1, minHeight: 0 }}>
        <Table layout="fixed" verticalSpacing={6} stickyHeader data-testid="hiring-employees-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th w={110} ta="right">
                Positions
              </Table.Th>
              {canEdit ? <Table.Th w={96} aria-label="Actions" /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {employees.map((employee) => (
              <Table.Tr key={employee.id} data-testid="hiring-employee-row">
                <Table.Td>
                  <HiringNameCell
                    noun="employee"
                    name={employee.name}
                    canEdit={canEdit}
                    onRename={(name) => onRename(employee.id, name)}
                  />
                </Table.Td>
                <Table.Td ta="right">{employee.positionsCount}</Table.Td>
                {canEdit ? (
                  <Table.Td ta="right">
                    <ConfirmDeleteButton label={employee.name} onConfirm={() => onDelete(employee.id)} />
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {employees.length === 0 ? (
          <Text size="sm" c="dimmed" p="sm">
            No employees yet.
          </Text>
        ) : null}
      </ScrollArea>
    </Stack>
  );
}
