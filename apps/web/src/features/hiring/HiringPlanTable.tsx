import { HIRING_NAME_MAX, type MonthKey } from '@keel/domain';
import { Table } from '@mantine/core';
import { Fragment } from 'react';
import { InlineNameInput } from '../models/InlineNameInput';
import { DepartmentRow } from './DepartmentRow';
import { HiringDndProvider } from './HiringDnd';
import type { HiringJobPosition, HiringPlanData } from './hiringQueries';
import { PositionFormRow } from './PositionFormRow';
import { PositionRow } from './PositionRow';
import { draftOfPosition, newPositionDraft } from './positionDraft';
import type { useHiringPlanMutations } from './useHiringPlanMutations';

/** Spec §4: one row at a time is in add or edit mode (or a new department's name is being typed). */
export type PlanEditing =
  | { kind: 'addPosition'; departmentId: string }
  | { kind: 'editPosition'; positionId: string }
  | { kind: 'addDepartment'; parentId: string }
  | null;

/** Spec §4 'Employee filter cycles all, employees, contractors'. */
export type PlanFilter = 'all' | 'employee' | 'contractor';

export type HiringPlanTableProps = {
  plan: HiringPlanData;
  filter: PlanFilter;
  editing: PlanEditing;
  onEditingChange: (editing: PlanEditing) => void;
  canEdit: boolean;
  currentMonth: MonthKey;
  actions: ReturnType<typeof useHiringPlanMutations>;
};

const COLUMNS = [
  { label: 'Role', width: 200 },
  { label: 'Employee', width: 180 },
  { label: 'Type', width: 150 },
  { label: 'Qty', width: 70, align: 'right' },
  { label: 'Salary / Rate', width: 190 },
  { label: 'Start', width: 110 },
  { label: 'End', width: 110 },
  { label: 'Monthly cost', width: 120, align: 'right' },
  { label: '', width: 100 },
] as const;
const TABLE_WIDTH = COLUMNS.reduce((sum, column) => sum + column.width, 0);

/**
 * The departments in tree order, each followed by its job positions and, in add mode, the add row;
 * editors drag departments and positions by their handles (HiringDnd).
 */
export function HiringPlanTable(props: HiringPlanTableProps) {
  const { plan, filter, editing, onEditingChange, canEdit, currentMonth, actions } = props;
  const roleNames = new Map(plan.jobTitles.map((title) => [title.id, title.name]));
  const employeeNames = new Map(plan.employees.map((employee) => [employee.id, employee.name]));
  const byDepartment = new Map<string, HiringJobPosition[]>();
  for (const position of plan.jobPositions) {
    if (filter !== 'all' && position.kind !== filter) continue;
    byDepartment.set(position.departmentId, [...(byDepartment.get(position.departmentId) ?? []), position]);
  }
  const close = () => onEditingChange(null);
  const formProps = {
    jobTitles: plan.jobTitles,
    employees: plan.employees,
    currentMonth,
    onCancel: close,
    onCreateJobTitle: (name: string) => actions.createName('role', name),
    onCreateEmployee: (name: string) => actions.createName('employee', name),
  };

  // Rows size to their content, so the plan fits the page; a position form needs its inputs' widths
  // (the table may then scroll sideways while it is open).
  const formOpen = editing?.kind === 'addPosition' || editing?.kind === 'editPosition';
  return (
    <HiringDndProvider plan={plan} onMove={(change) => void actions.move(change)}>
      <Table.ScrollContainer minWidth={formOpen ? TABLE_WIDTH : 0} type="native">
        <Table
          layout={formOpen ? 'fixed' : 'auto'}
          verticalSpacing={6}
          highlightOnHover
          data-testid="hiring-plan-table"
        >
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th
                  key={column.label}
                  w={formOpen ? column.width : undefined}
                  ta={'align' in column ? column.align : undefined}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plan.departments.map((department) => (
              <Fragment key={department.id}>
                <DepartmentRow
                  department={department}
                  columns={COLUMNS.length}
                  canEdit={canEdit}
                  onRename={(name) => void actions.renameDepartment(department.id, name)}
                  onAddPosition={() => onEditingChange({ kind: 'addPosition', departmentId: department.id })}
                  onAddDepartment={() => onEditingChange({ kind: 'addDepartment', parentId: department.id })}
                  onDelete={() => void actions.deleteDepartment(department.id)}
                />
                {editing?.kind === 'addDepartment' && editing.parentId === department.id ? (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMNS.length} pl={12 + (department.depth + 1) * 20}>
                      <InlineNameInput
                        label="New department name"
                        name=""
                        maxLength={HIRING_NAME_MAX}
                        width={260}
                        onRename={(name) => void actions.createDepartment(department.id, name)}
                        onDone={close}
                      />
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                {(byDepartment.get(department.id) ?? []).map((position) =>
                  editing?.kind === 'editPosition' && editing.positionId === position.id ? (
                    <PositionFormRow
                      key={position.id}
                      {...formProps}
                      isNew={false}
                      initial={draftOfPosition(position)}
                      onSave={async (draft) => {
                        if (await actions.savePosition(draft, { id: position.id })) close();
                      }}
                    />
                  ) : (
                    <PositionRow
                      key={position.id}
                      position={position}
                      roleName={roleNames.get(position.jobTitleId) ?? ''}
                      employeeName={
                        position.employeeId ? (employeeNames.get(position.employeeId) ?? null) : null
                      }
                      currentMonth={currentMonth}
                      canEdit={canEdit}
                      onEdit={() => onEditingChange({ kind: 'editPosition', positionId: position.id })}
                      onDelete={() => void actions.deletePosition(position.id)}
                    />
                  ),
                )}
                {editing?.kind === 'addPosition' && editing.departmentId === department.id ? (
                  <PositionFormRow
                    key={`add-${department.id}`}
                    {...formProps}
                    isNew
                    initial={newPositionDraft(currentMonth)}
                    onSave={async (draft) => {
                      if (await actions.savePosition(draft, { departmentId: department.id })) close();
                    }}
                  />
                ) : null}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </HiringDndProvider>
  );
}
