import {
  HIRING_MESSAGES,
  JOB_POSITION_HOURS_MAX,
  JOB_POSITION_QUANTITY_MAX,
  type MonthKey,
} from '@keel/domain';
import {
  Box,
  Button,
  Group,
  Input,
  NumberInput,
  SegmentedControl,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useEffect, useRef, useState } from 'react';
import { CreatableCombobox } from './CreatableCombobox';
import { describePositionCost } from './hiringFormat';
import type { HiringEmployee, HiringJobTitle } from './hiringQueries';
import type { PositionDraft } from './positionDraft';

type PositionFormRowProps = {
  /** The table's column count: the form spans the whole row. */
  columns: number;
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
/**
 * Room kept free under an opened row: the floating assistant button sits over the window's bottom
 * right corner, where Save and Cancel would otherwise land.
 */
const BOTTOM_CLEARANCE_PX = 96;

const moneyProps = { prefix: '$', thousandSeparator: ',', decimalScale: 2, min: 0, size: 'xs' } as const;

/**
 * The add row and the edit row of a job position (spec §4): a position's fields as labelled inputs, in
 * the columns' order, then its monthly cost, Save and Cancel. They sit in one cell spanning the row and
 * wrap onto a second line when the page is narrow, so nothing is cut at 1280×720. Save
 * needs a role (spec §5); a filled position is one person.
 */
export function PositionFormRow(props: PositionFormRowProps) {
  const { columns, initial, isNew, jobTitles, employees, currentMonth, onSave, onCancel } = props;
  const [draft, setDraft] = useState(initial);
  // Names being created in the combo boxes: Save waits for them, or the position would miss its choice.
  const [creating, setCreating] = useState(0);
  const trackCreating = (busy: boolean) => setCreating((count) => count + (busy ? 1 : -1));
  const blocked = draft.jobTitleId === null || creating > 0;
  const change = (patch: Partial<PositionDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const cost = describePositionCost(draft, currentMonth);
  // An opened row below the fold (or under the assistant button) is brought to the middle of the window.
  const rowRef = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    const { top, bottom } = row.getBoundingClientRect();
    if (top < 0 || bottom > window.innerHeight - BOTTOM_CLEARANCE_PX) {
      row.scrollIntoView?.({ block: 'center' });
    }
  }, []);
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
      ref={rowRef}
      data-testid={isNew ? 'position-add-row' : 'position-edit-row'}
      bg="var(--mantine-color-blue-light)"
    >
      <Table.Td colSpan={columns}>
        {/* Contained: the fields wrap to the width the table's columns give, and never widen them. */}
        <Group
          gap="sm"
          align="flex-end"
          wrap="wrap"
          style={{ rowGap: 'var(--mantine-spacing-xs)', contain: 'inline-size' }}
        >
          <Box w={170}>
            <CreatableCombobox
              label="Role"
              placeholder="Select a role"
              options={jobTitles}
              value={draft.jobTitleId}
              onChange={pickRole}
              onCreate={props.onCreateJobTitle}
              onCreatingChange={trackCreating}
            />
          </Box>
          <Box w={150}>
            <CreatableCombobox
              label="Employee"
              placeholder="Open role"
              options={employees}
              value={draft.employeeId}
              noneLabel="Open role"
              onChange={(employeeId) =>
                setDraft((current) => ({
                  ...current,
                  employeeId,
                  quantity: employeeId ? 1 : current.quantity,
                }))
              }
              onCreate={props.onCreateEmployee}
              onCreatingChange={trackCreating}
            />
          </Box>
          <Input.Wrapper label="Type" size="xs" labelElement="div">
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
              style={{ display: 'flex' }}
            />
          </Input.Wrapper>
          <NumberInput
            label="Qty"
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
          {draft.kind === 'employee' ? (
            <NumberInput
              label="Annual salary"
              {...moneyProps}
              w={130}
              value={draft.salary ?? ''}
              onChange={(value) => change({ salary: toAmount(value) })}
            />
          ) : (
            <Group gap={4} wrap="nowrap" align="flex-end">
              <NumberInput
                label="Hourly rate"
                {...moneyProps}
                w={96}
                value={draft.rate ?? ''}
                onChange={(value) => change({ rate: toAmount(value) })}
              />
              <Text size="xs" pb={6}>
                ×
              </Text>
              <NumberInput
                label="Hours"
                aria-label="Hours per month"
                size="xs"
                w={76}
                min={0}
                max={JOB_POSITION_HOURS_MAX}
                allowDecimal={false}
                suffix=" h"
                value={draft.hours ?? ''}
                onChange={(value) => change({ hours: toAmount(value) })}
              />
            </Group>
          )}
          <MonthPickerInput
            label="Start"
            aria-label="Start month"
            size="xs"
            w={104}
            valueFormat="MMM YYYY"
            value={pickerDate(draft.startDate)}
            maxDate={pickerDate(draft.endDate) ?? undefined}
            onChange={(date) => change({ startDate: toMonth(date) ?? draft.startDate })}
            popoverProps={{ withinPortal: true }}
          />
          <MonthPickerInput
            label="End"
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
          <Group gap="sm" wrap="nowrap" align="flex-end" ml="auto">
            <Input.Wrapper label="Monthly cost" size="xs" labelElement="div" ta="right">
              <Tooltip label={cost.working}>
                <Text size="sm" data-testid="position-form-cost" lh="30px">
                  {cost.text}
                </Text>
              </Tooltip>
            </Input.Wrapper>
            <Group gap={4} wrap="nowrap" pb={4}>
              <Tooltip
                label={creating > 0 ? 'Adding the new name…' : HIRING_MESSAGES.jobTitleRequired}
                disabled={!blocked}
              >
                <Button
                  size="compact-sm"
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
              <Button size="compact-sm" variant="default" onClick={onCancel}>
                Cancel
              </Button>
            </Group>
          </Group>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
