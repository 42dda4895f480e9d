import {
  HIRING_MESSAGES,
  JOB_POSITION_HOURS_MAX,
  JOB_POSITION_QUANTITY_MAX,
  type MonthKey,
} from '@keel/domain';
import { Button, Group, NumberInput, SegmentedControl, Table, Text, Tooltip } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useState } from 'react';
import { CreatableCombobox } from './CreatableCombobox';
import { describePositionCost } from './hiringFormat';
import type { HiringEmployee, HiringJobTitle } from './hiringQueries';
import type { PositionDraft } from './positionDraft';

export type PositionFormRowProps = {
  initial: PositionDraft;
  isNew: boolean;
  jobTitles: readonly HiringJobTitle[];
  employees: readonly HiringEmployee[];
  currentMonth: MonthKey;
  onSave: (draft: PositionDraft) => void;
  onCancel: () => void;
  onCreateJobTitle: (name: string) => Promise<string | null>;
  onCreateEmployee: (name: string) => Promise<string | null>;
};

const pickerDate = (month: MonthKey | null) => (month ? `${month}-01` : null);
const toMonth = (date: string | null): MonthKey | null => (date ? date.slice(0, 7) : null);
/** Spec §5: currency inputs with 2 decimals; an empty one is no amount (null). */
const toAmount = (value: string | number): number | null => (typeof value === 'number' ? value : null);
const moneyProps = { prefix: '$', thousandSeparator: ',', decimalScale: 2, min: 0, size: 'xs' } as const;

/**
 * The add row and the edit row of a job position (spec §4): the same columns as a position's row, as
 * inputs. Save needs a role (spec §5); a filled position is one person.
 */
export function PositionFormRow(props: PositionFormRowProps) {
  const { initial, isNew, jobTitles, employees, currentMonth, onSave, onCancel } = props;
  const [draft, setDraft] = useState(initial);
  // Names being created in the combo boxes: Save waits for them, or the position would miss its choice.
  const [creating, setCreating] = useState(0);
  const trackCreating = (busy: boolean) => setCreating((count) => count + (busy ? 1 : -1));
  const blocked = draft.jobTitleId === null || creating > 0;
  const change = (patch: Partial<PositionDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const cost = describePositionCost(draft, currentMonth);
  // A role may be picked after an await (one created on the spot): read the draft as it is then, so a
  // salary typed meanwhile stays.
  const pickRole = (jobTitleId: string | null) => {
    const role = jobTitles.find((title) => title.id === jobTitleId);
    setDraft((current) => ({
      ...current,
      jobTitleId,
      salary:
        current.kind === 'employee' && current.salary === null
          ? (role?.defaultSalary ?? null)
          : current.salary,
    }));
  };
  return (
    <Table.Tr
      data-testid={isNew ? 'position-add-row' : 'position-edit-row'}
      bg="var(--mantine-color-blue-light)"
    >
      <Table.Td>
        <CreatableCombobox
          label="Role"
          placeholder="Select a role"
          options={jobTitles}
          value={draft.jobTitleId}
          onChange={pickRole}
          onCreate={props.onCreateJobTitle}
          onCreatingChange={trackCreating}
        />
      </Table.Td>
      <Table.Td>
        <CreatableCombobox
          label="Employee"
          placeholder="Open role"
          options={employees}
          value={draft.employeeId}
          noneLabel="Open role"
          onChange={(employeeId) =>
            setDraft((current) => ({ ...current, employeeId, quantity: employeeId ? 1 : current.quantity }))
          }
          onCreate={props.onCreateEmployee}
          onCreatingChange={trackCreating}
        />
      </Table.Td>
      <Table.Td>
        <SegmentedControl
          size="xs"
          aria-label="Type"
          value={draft.kind}
          data={[
            { value: 'employee', label: 'Employee' },
            { value: 'contractor', label: 'Contractor' },
          ]}
          onChange={(kind) =>
            kind === 'contractor'
              ? change({ kind, rate: draft.rate ?? 0, hours: draft.hours ?? 0 })
              : change({ kind: 'employee', salary: draft.salary ?? 0 })
          }
        />
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label="Quantity"
          size="xs"
          w={64}
          min={1}
          max={JOB_POSITION_QUANTITY_MAX}
          allowDecimal={false}
          disabled={draft.employeeId !== null}
          value={draft.quantity}
          onChange={(value) => change({ quantity: typeof value === 'number' ? value : 1 })}
        />
      </Table.Td>
      <Table.Td>
        {draft.kind === 'employee' ? (
          <NumberInput
            aria-label="Annual salary"
            {...moneyProps}
            w={130}
            value={draft.salary ?? ''}
            onChange={(value) => change({ salary: toAmount(value) })}
          />
        ) : (
          <Group gap={4} wrap="nowrap">
            <NumberInput
              aria-label="Hourly rate"
              {...moneyProps}
              w={90}
              value={draft.rate ?? ''}
              onChange={(value) => change({ rate: toAmount(value) })}
            />
            <Text size="xs">×</Text>
            <NumberInput
              aria-label="Hours per month"
              size="xs"
              w={70}
              min={0}
              max={JOB_POSITION_HOURS_MAX}
              allowDecimal={false}
              suffix=" h"
              value={draft.hours ?? ''}
              onChange={(value) => change({ hours: toAmount(value) })}
            />
          </Group>
        )}
      </Table.Td>
      <Table.Td>
        <MonthPickerInput
          aria-label="Start month"
          size="xs"
          w={104}
          valueFormat="MMM YYYY"
          value={pickerDate(draft.startDate)}
          maxDate={pickerDate(draft.endDate) ?? undefined}
          onChange={(date) => change({ startDate: toMonth(date) ?? draft.startDate })}
          popoverProps={{ withinPortal: true }}
        />
      </Table.Td>
      <Table.Td>
        <MonthPickerInput
          aria-label="End month"
          size="xs"
          w={104}
          placeholder="No end"
          clearable
          valueFormat="MMM YYYY"
          value={pickerDate(draft.endDate)}
          minDate={pickerDate(draft.startDate) ?? undefined}
          onChange={(date) => change({ endDate: toMonth(date) })}
          popoverProps={{ withinPortal: true }}
        />
      </Table.Td>
      <Table.Td ta="right">
        <Tooltip label={cost.working}>
          <Text size="sm">{cost.text}</Text>
        </Tooltip>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Tooltip
            label={creating > 0 ? 'Adding the new name…' : HIRING_MESSAGES.jobTitleRequired}
            disabled={!blocked}
          >
            <Button
              size="compact-xs"
              data-disabled={blocked || undefined}
              aria-disabled={blocked}
              onClick={(event) => {
                if (blocked) event.preventDefault();
                else onSave(draft);
              }}
            >
              Save
            </Button>
          </Tooltip>
          <Button size="compact-xs" variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
