import { addMonths, findModelRangeProblem, MODEL_MONTHS_MAX, type MonthKey, monthBounds } from '@keel/domain';
import { Group, Text } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useState } from 'react';
import { MONTH_PICKER_ARIA_LABELS } from './monthPickerAriaLabels';

type ModelRangePickerProps = {
  startMonth: MonthKey;
  endMonth: MonthKey;
  disabled: boolean;
  /** The new range, sent as the spec's dates: the start month's first day, the end month's last day. */
  onChange: (range: { startDate: string; endDate: string }) => void;
};

const toMonth = (date: string | null): MonthKey | null => (date ? date.slice(0, 7) : null);
const pickerDate = (month: MonthKey) => `${month}-01`;

/**
 * The model's month range (spec §2 /models/{id}): a start and an end month picker. The end cannot be
 * before the start, nor more than MODEL_MONTHS_MAX months after it; a range the server would refuse is
 * not sent, and the reason shows beside the pickers.
 */
export function ModelRangePicker({ startMonth, endMonth, disabled, onChange }: ModelRangePickerProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const change = (start: MonthKey | null, end: MonthKey | null) => {
    if (!start || !end) return;
    const found = findModelRangeProblem(start, end);
    setProblem(found);
    if (found) return;
    onChange({ startDate: monthBounds(start).firstDay, endDate: monthBounds(end).lastDay });
  };
  return (
    <Group gap="xs" wrap="nowrap" align="center" data-testid="model-range">
      <MonthPickerInput
        aria-label="Model start month"
        label="Start"
        size="sm"
        w={132}
        valueFormat="MMM YYYY"
        value={pickerDate(startMonth)}
        maxDate={pickerDate(endMonth)}
        disabled={disabled}
        onChange={(date) => change(toMonth(date), endMonth)}
        popoverProps={{ withinPortal: true }}
        ariaLabels={MONTH_PICKER_ARIA_LABELS}
      />
      <MonthPickerInput
        aria-label="Model end month"
        label="End"
        size="sm"
        w={132}
        valueFormat="MMM YYYY"
        value={pickerDate(endMonth)}
        minDate={pickerDate(startMonth)}
        maxDate={pickerDate(addMonths(startMonth, MODEL_MONTHS_MAX - 1))}
        disabled={disabled}
        onChange={(date) => change(startMonth, toMonth(date))}
        popoverProps={{ withinPortal: true }}
        ariaLabels={MONTH_PICKER_ARIA_LABELS}
      />
      {problem ? (
        <Text size="xs" c="red" role="alert" maw={200}>
          {problem}
        </Text>
      ) : null}
    </Group>
  );
}
