import type { MonthKey } from '@keel/domain';
import { Button, Group, Loader } from '@mantine/core';
import { IconCheck, IconPencil, IconPlus } from '@tabler/icons-react';
import { ActualsEndPicker } from './ActualsEndPicker';
import { DashboardRangePicker } from './DashboardRangePicker';

export type DashboardToolbarProps = {
  startMonth: MonthKey;
  endMonth: MonthKey;
  actualsEndMonth: MonthKey;
  currentMonth: MonthKey;
  /** Bookkeeping rights: Edit/Save and Add show. */
  canEdit: boolean;
  /** The custom-charts feature flag: Add shows. */
  canAdd: boolean;
  editing: boolean;
  saving: boolean;
  refreshing: boolean;
  onRangeChange: (range: { startMonth: MonthKey; endMonth: MonthKey }) => void;
  onActualsEndChange: (month: MonthKey) => void;
  onAdd: () => void;
  onEdit: () => void;
  onSave: () => void;
  onCancel: () => void;
};

/**
 * A dashboard's controls (spec §2 Dashboard screen): Select Time Period, Actuals End Month, Add (with
 * the custom-charts flag) and the Edit/Save toggle (with Cancel, which drops the moves made since Edit).
 */
export function DashboardToolbar(props: DashboardToolbarProps) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" justify="flex-end" data-testid="dashboard-toolbar">
      {props.refreshing ? <Loader size="xs" mb={9} aria-label="Updating charts" /> : null}
      <DashboardRangePicker
        startMonth={props.startMonth}
        endMonth={props.endMonth}
        currentMonth={props.currentMonth}
        onChange={props.onRangeChange}
      />
      <ActualsEndPicker
        month={props.actualsEndMonth}
        endMonth={props.endMonth}
        currentMonth={props.currentMonth}
        onChange={props.onActualsEndChange}
      />
      {props.canEdit && props.canAdd ? (
        <Button variant="default" leftSection={<IconPlus size={16} />} onClick={props.onAdd}>
          Add
        </Button>
      ) : null}
      {props.canEdit && props.editing ? (
        <>
          <Button variant="default" onClick={props.onCancel} disabled={props.saving}>
            Cancel
          </Button>
          <Button leftSection={<IconCheck size={16} />} loading={props.saving} onClick={props.onSave}>
            Save
          </Button>
        </>
      ) : props.canEdit ? (
        <Button variant="default" leftSection={<IconPencil size={16} />} onClick={props.onEdit}>
          Edit
        </Button>
      ) : null}
    </Group>
  );
}
