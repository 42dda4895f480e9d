import { addSegment, type FormulaSegment, type MonthKey, type SegmentBoundType } from '@keel/domain';
import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useState } from 'react';
import { MONTH_PICKER_ARIA_LABELS } from './monthPickerAriaLabels';

type AddSegmentModalProps = {
  opened: boolean;
  /** The formula's segments as stored. */
  segments: FormulaSegment[];
  modelStart: MonthKey;
  modelEnd: MonthKey;
  /**
   * The segment offered (nextSegmentDefaults): one the server accepts as it is. Add Segment is disabled
   * when there is none, so the modal always has one.
   */
  proposed: FormulaSegment;
  onCancel: () => void;
  /** The segments with the new one added, normalised (spec §4: re-normalised on add). */
  onSubmit: (segments: FormulaSegment[]) => void;
};

/**
 * 'Add Segment' (spec 'Models screens', §4): Segment Start Month and Segment End Month, each a month or
 * Auto. It opens on the proposed segment (a free month of the model, ending 24 months later or before
 * the next segment); the start picker offers only the model's months. Auto start is offered only when it
 * would be the first segment. Problems the user makes (an end before the start, an overlap) show in the
 * modal and nothing is saved.
 */
export function AddSegmentModal(props: AddSegmentModalProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onCancel}
      title="Add Segment"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {props.opened ? <AddSegmentForm {...props} /> : null}
    </Modal>
  );
}

function AddSegmentForm({
  segments,
  modelStart,
  modelEnd,
  proposed,
  onCancel,
  onSubmit,
}: AddSegmentModalProps) {
  const [startType, setStartType] = useState<SegmentBoundType>('month');
  const [startMonth, setStartMonth] = useState<MonthKey | null>(proposed.startMonth);
  const [endType, setEndType] = useState<SegmentBoundType>('month');
  const [endMonth, setEndMonth] = useState<MonthKey | null>(proposed.endMonth);
  const [problem, setProblem] = useState<string | null>(null);
  const autoStartAllowed = segments.length === 0;

  const submit = () => {
    const segment: FormulaSegment = {
      formula: '',
      startType,
      startMonth: startType === 'auto' ? null : startMonth,
      endType,
      endMonth: endType === 'auto' ? null : endMonth,
    };
    if (startType === 'month' && !startMonth) return setProblem('Pick the segment’s start month');
    if (endType === 'month' && !endMonth) return setProblem('Pick the segment’s end month');
    const result = addSegment(segments, segment, modelStart, modelEnd);
    if (!result.ok) return setProblem(result.error);
    onSubmit(result.segments);
  };

  return (
    <Stack gap="md">
      <BoundField
        label="Segment Start Month"
        type={startType}
        month={startMonth}
        autoDisabled={!autoStartAllowed}
        minMonth={modelStart}
        maxMonth={modelEnd}
        onType={setStartType}
        onMonth={setStartMonth}
      />
      <BoundField
        label="Segment End Month"
        type={endType}
        month={endMonth}
        autoDisabled={false}
        minMonth={startMonth ?? modelStart}
        maxMonth={null}
        onType={setEndType}
        onMonth={setEndMonth}
      />
      <Text size="xs" c="dimmed">
        Auto end: the month before the next segment starts, or the model’s end.
        {autoStartAllowed
          ? ' Auto start: the model’s start.'
          : ' Only the first segment can start automatically.'}
      </Text>
      {problem ? (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={submit}>Submit</Button>
      </Group>
    </Stack>
  );
}

function BoundField({
  label,
  type,
  month,
  autoDisabled,
  minMonth,
  maxMonth,
  onType,
  onMonth,
}: {
  label: string;
  type: SegmentBoundType;
  month: MonthKey | null;
  autoDisabled: boolean;
  /** The first and last months offered (a start within the model; an end from the start on). */
  minMonth: MonthKey;
  maxMonth: MonthKey | null;
  onType: (type: SegmentBoundType) => void;
  onMonth: (month: MonthKey | null) => void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="sm" wrap="nowrap">
        <SegmentedControl
          aria-label={`${label} type`}
          size="xs"
          value={type}
          onChange={(value) => onType(value === 'auto' ? 'auto' : 'month')}
          data={[
            { value: 'month', label: 'Month' },
            { value: 'auto', label: 'Auto', disabled: autoDisabled },
          ]}
        />
        <MonthPickerInput
          aria-label={label}
          size="xs"
          w={140}
          valueFormat="MMM YYYY"
          value={type === 'month' && month ? `${month}-01` : null}
          placeholder={type === 'auto' ? 'Auto' : 'Pick a month'}
          disabled={type === 'auto'}
          minDate={`${minMonth}-01`}
          maxDate={maxMonth ? `${maxMonth}-01` : undefined}
          onChange={(date) => onMonth(date ? date.slice(0, 7) : null)}
          popoverProps={{ withinPortal: true }}
          ariaLabels={MONTH_PICKER_ARIA_LABELS}
        />
      </Group>
    </Stack>
  );
}
