import type { MonthKey } from '@keel/domain';
import { Modal, Tabs } from '@mantine/core';
import { HiringCostsTab } from './HiringCostsTab';
import { HiringEmployeesTable } from './HiringEmployeesTable';
import { HiringRolesTable } from './HiringRolesTable';
import type { HiringPlanData } from './hiringQueries';
import type { useHiringPlanMutations } from './useHiringPlanMutations';

/**
 * Every tab is as tall as this, so the (centred) dialog keeps its place and size from tab to tab; the
 * tables scroll inside it. It fits a 1280×720 screen with the dialog's title and tabs.
 */
const PANEL_HEIGHT = 'min(30rem, calc(100dvh - 15rem))';

type HiringSettingsModalProps = {
  opened: boolean;
  onClose: () => void;
  plan: HiringPlanData;
  canEdit: boolean;
  currentMonth: MonthKey;
  actions: ReturnType<typeof useHiringPlanMutations>;
};

/**
 * Hiring Plan Settings (spec §2 /hiring-plan: 'tabs including Employees and Roles tables'): Costs (where
 * the plan's cost lines go in the report, and the rates on salaries), Employees and Roles. Every change
 * is saved through the page's actions, which refetch the plan and toast what the server refused.
 */
export function HiringSettingsModal(props: HiringSettingsModalProps) {
  const { opened, onClose, plan, canEdit, currentMonth, actions } = props;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Hiring Plan Settings"
      size={880}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Tabs defaultValue="costs">
        <Tabs.List mb="md">
          <Tabs.Tab value="costs">Costs</Tabs.Tab>
          <Tabs.Tab value="employees">Employees</Tabs.Tab>
          <Tabs.Tab value="roles">Roles</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="costs" h={PANEL_HEIGHT} style={{ overflowY: 'auto' }}>
          <HiringCostsTab
            settings={plan.settings}
            positions={plan.jobPositions}
            currentMonth={currentMonth}
            canEdit={canEdit}
            onSave={actions.saveSettings}
          />
        </Tabs.Panel>
        <Tabs.Panel value="employees" h={PANEL_HEIGHT}>
          <HiringEmployeesTable
            employees={plan.employees}
            canEdit={canEdit}
            onAdd={(name) => actions.createName('employee', name)}
            onRename={(id, name) => void actions.renameName('employee', id, name)}
            onDelete={(id) => void actions.deleteName('employee', id)}
          />
        </Tabs.Panel>
        <Tabs.Panel value="roles" h={PANEL_HEIGHT}>
          <HiringRolesTable
            jobTitles={plan.jobTitles}
            canEdit={canEdit}
            onAdd={actions.createRole}
            onRename={(id, name) => void actions.renameName('role', id, name)}
            onChangeDefaults={(id, change) => void actions.updateRoleDefaults(id, change)}
            onDelete={(id) => void actions.deleteName('role', id)}
          />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
