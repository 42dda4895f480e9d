import { HIRING_NAME_MAX, type MonthKey } from '@keel/domain';
import { Table, Text } from '@mantine/core';
import { Fragment } from 'react';
import { InlineNameInput } from '../models/InlineNameInput';
import { DepartmentRow } from './DepartmentRow';
import { HiringDndProvider } from './HiringDnd';
import { formatPlanMonth } from './hiringFormat';
import type { HiringJobPosition, HiringPlanData } from './hiringQueries';
import { describeHiringTotal, NO_POSITIONS, totalShownPositions } from './hiringTotals';
import { PositionFormRow } from './PositionFormRow';
import { PositionRow } from './PositionRow';
import { draftOfPosition, newPositionDraft } from './positionDraft';
import { TotalFigure } from './TotalFigure';
import type { useHiringPlanMutations } from './useHiringPlanMutations';

/** Spec §4: one row at a time is in add or edit mode (or a new department's name is being typed). */
export type PlanEditing =
  | { kind: 'addPosition'; departmentId: string }
  | { kind: 'editPosition'; positionId: string }
  | { kind: 'addDepartment'; parentId: string }
  | null;

/** Spec §4 'Employee filter cycles all, employees, contractors'. */
export type PlanFilter = 'all' | 'employee' | 'contractor';

type HiringPlanTableProps = {
  plan: HiringPlanData;
  filter: PlanFilter;
  editing: PlanEditing;
  onEditingChange: (editing: PlanEditing) => void;
  canEdit: boolean;
  currentMonth: MonthKey;
  actions: ReturnType<typeof useHiringPlanMutations>;
};

/** Nine columns; DepartmentRow and the company total row span them in the same places. */
const COLUMNS = [
  { label: 'Role' },
  { label: 'Employee' },
  { label: 'Type' },
  { label: 'Qty', align: 'right' },
  { label: 'Salary / Rate' },
  { label: 'Start' },
  { label: 'End' },
  { label: 'Monthly cost', align: 'right' },
  { label: '' },
] as const;

const FILTER_SCOPES: Record<PlanFilter, string> = {
  all: '',
  employee: ' (employees)',
  contractor: ' (contractors)',
};

/**
 * The departments in tree order, each followed by its job positions and, in add mode, the add row;
 * editors drag departments and positions by their handles (HiringDnd). Each department's row and the
 * company total row at the foot show the headcount and monthly cost of the positions shown (the
 * filter applies) that are active in the current month; a department's include its sub-departments.
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
  // The positions the table shows: those of the listed departments, as filtered.
  const shown = plan.departments.flatMap((department) => byDepartment.get(department.id) ?? []);
  const totals = totalShownPositions(plan.departments, shown, currentMonth);
  const scope = FILTER_SCOPES[filter];
  const parentIds = new Set(plan.departments.map((department) => department.parentId));
  const companyTotal = describeHiringTotal(totals.company, currentMonth, `Company total${scope}`);
  const close = () => onEditingChange(null);
  const formProps = {
    jobTitles: plan.jobTitles,
    employees: plan.employees,
    currentMonth,
    onCancel: close,
    onCreateJobTitle: (name: string) => actions.createName('role', name),
    onCreateEmployee: (name: string) => actions.createName('employee', name),
  };

  // Rows size to their content, so the plan fits the page; a position's form spans the whole row and
  // wraps its fields, so it fits too (at 1280×720 as at 1440×900).
  return (
    <HiringDndProvider plan={plan} onMove={(change) => void actions.move(change)}>
      <Table.ScrollContainer minWidth={0} type="native">
        <Table verticalSpacing={6} highlightOnHover data-testid="hiring-plan-table">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th
                  key={column.label}
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
                  total={describeHiringTotal(
                    totals.byDepartment.get(department.id) ?? NO_POSITIONS,
                    currentMonth,
                    `${department.name}${parentIds.has(department.id) ? ', sub-departments included' : ''}${scope}`,
                  )}
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
                      columns={COLUMNS.length}
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
                    columns={COLUMNS.length}
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
          <Table.Tfoot>
            <Table.Tr data-testid="hiring-company-total" bg="var(--mantine-color-gray-light)">
              <Table.Td colSpan={3}>
                <Text size="sm" fw={650}>
                  Company total{scope}
                </Text>
                <Text size="xs" c="dimmed">
                  Positions active in {formatPlanMonth(currentMonth)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <TotalFigure
                  testId="company-headcount"
                  text={companyTotal.headcount}
                  working={companyTotal.working}
                />
              </Table.Td>
              <Table.Td colSpan={3} />
              <Table.Td ta="right">
                <TotalFigure
                  testId="company-monthly-cost"
                  text={companyTotal.cost}
                  working={companyTotal.working}
                />
              </Table.Td>
              <Table.Td />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </HiringDndProvider>
  );
}
