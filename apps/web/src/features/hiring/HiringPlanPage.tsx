import { useQuery } from '@apollo/client/react';
import { monthKeyOfDate } from '@keel/domain';
import { Alert, Button, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconSettings, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useEntityContext } from '../../shell/EntityContext';
import { PageTitle } from '../../shell/PageTitle';
import { useViewerHolds } from '../../shell/viewerHolds';
import { HiringPlanTable, type PlanEditing, type PlanFilter } from './HiringPlanTable';
import { HiringSettingsModal } from './HiringSettingsModal';
import { HIRING_PLAN_QUERY } from './hiringQueries';
import { RolesEmployeesDrawer } from './RolesEmployeesDrawer';
import { useHiringPlanMutations } from './useHiringPlanMutations';

const FILTERS: { value: PlanFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'employee', label: 'Employees' },
  { value: 'contractor', label: 'Contractors' },
];

function useCanEdit(): boolean {
  return useViewerHolds('bookkeeping');
}

/**
 * /hiring-plan (spec §2): the departments tree with its job positions, filtered to all, employees or
 * contractors, and a side panel of roles and employees. Every change is saved at once and the plan is
 * refetched (spec §4); one row at a time is in add or edit mode.
 */
export function HiringPlanPage() {
  const { entity, today } = useEntityContext();
  const canEdit = useCanEdit();
  const actions = useHiringPlanMutations();
  const [filter, setFilter] = useState<PlanFilter>('all');
  const [editing, setEditing] = useState<PlanEditing>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const { data, previousData, error } = useQuery(HIRING_PLAN_QUERY, {
    variables: { entityId: entity.id },
    fetchPolicy: 'cache-and-network',
  });
  const plan = (data ?? previousData)?.hiringPlan;

  return (
    <Stack gap="md" pb="xl" data-testid="hiring-plan-page">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <PageTitle title="Hiring Plan" />
        <Group gap="sm">
          <SegmentedControl
            aria-label="Show"
            size="sm"
            value={filter}
            data={FILTERS}
            onChange={(value) => setFilter(value as PlanFilter)}
          />
          <Button variant="default" leftSection={<IconUsers size={16} />} onClick={() => setPanelOpen(true)}>
            Roles &amp; Employees
          </Button>
          <Button
            variant="default"
            leftSection={<IconSettings size={16} />}
            disabled={!plan}
            onClick={() => setSettingsOpen(true)}
          >
            Settings
          </Button>
        </Group>
      </Group>
      {error && !plan ? (
        <LoadError error={error} />
      ) : !plan ? (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading hiring plan" />
        </Group>
      ) : (
        <>
          <HiringPlanTable
            plan={plan}
            filter={filter}
            editing={canEdit ? editing : null}
            onEditingChange={setEditing}
            canEdit={canEdit}
            currentMonth={monthKeyOfDate(today)}
            actions={actions}
          />
          <RolesEmployeesDrawer
            opened={panelOpen}
            onClose={() => setPanelOpen(false)}
            jobTitles={plan.jobTitles}
            employees={plan.employees}
            canEdit={canEdit}
            onCreate={actions.createName}
            onRename={(kind, id, name) => void actions.renameName(kind, id, name)}
            onDelete={(kind, id) => void actions.deleteName(kind, id)}
          />
          <HiringSettingsModal
            opened={settingsOpen}
            onClose={() => setSettingsOpen(false)}
            plan={plan}
            canEdit={canEdit}
            currentMonth={monthKeyOfDate(today)}
            actions={actions}
          />
        </>
      )}
    </Stack>
  );
}

function LoadError({ error }: { error: unknown }) {
  useEffect(() => console.error('The hiring plan could not be loaded', error), [error]);
  return (
    <Alert color="red" title="Error" data-testid="hiring-plan-error">
      <Text size="sm">The hiring plan could not be loaded. Reload the page to try again.</Text>
    </Alert>
  );
}
