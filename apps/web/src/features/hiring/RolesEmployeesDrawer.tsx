import { Drawer, Tabs } from '@mantine/core';
import { HiringNameList } from './HiringNameList';
import type { HiringEmployee, HiringJobTitle } from './hiringQueries';

type RolesEmployeesDrawerProps = {
  opened: boolean;
  onClose: () => void;
  jobTitles: readonly HiringJobTitle[];
  employees: readonly HiringEmployee[];
  canEdit: boolean;
  onCreate: (kind: 'role' | 'employee', name: string) => Promise<unknown>;
  onRename: (kind: 'role' | 'employee', id: string, name: string) => void;
  onDelete: (kind: 'role' | 'employee', id: string) => void;
};

/** The plan's side panel (spec §2 /hiring-plan): Roles and Employees tabs with their counts. */
export function RolesEmployeesDrawer(props: RolesEmployeesDrawerProps) {
  const { opened, onClose, jobTitles, employees, canEdit, onCreate, onRename, onDelete } = props;
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={340} title="Roles & Employees">
      <Tabs defaultValue="roles">
        <Tabs.List>
          <Tabs.Tab value="roles">Roles</Tabs.Tab>
          <Tabs.Tab value="employees">Employees</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="roles">
          <HiringNameList
            noun="role"
            countNoun="hire"
            items={jobTitles.map(({ id, name, hiresCount }) => ({ id, name, count: hiresCount }))}
            canEdit={canEdit}
            onAdd={(name) => onCreate('role', name)}
            onRename={(id, name) => onRename('role', id, name)}
            onDelete={(id) => onDelete('role', id)}
          />
        </Tabs.Panel>
        <Tabs.Panel value="employees">
          <HiringNameList
            noun="employee"
            countNoun="position"
            items={employees.map(({ id, name, positionsCount }) => ({ id, name, count: positionsCount }))}
            canEdit={canEdit}
            onAdd={(name) => onCreate('employee', name)}
            onRename={(id, name) => onRename('employee', id, name)}
            onDelete={(id) => onDelete('employee', id)}
          />
        </Tabs.Panel>
      </Tabs>
    </Drawer>
  );
}
