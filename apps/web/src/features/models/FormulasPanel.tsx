import {
  type FormulaSegment,
  type MonthKey,
  nextSegmentDefaults,
  normalizeSegments,
  removeSegment,
  VARIABLE_NAME_MAX,
} from '@keel/domain';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { AddSegmentModal } from './AddSegmentModal';
import { FormulaEditor, type FormulaVariableOption } from './formulaEditor/FormulaEditor';
import { InlineNameInput } from './InlineNameInput';
import { monthLabel } from './modelFormat';
import type { ModelSegment, ModelVariable } from './modelQueries';
import { VariableMenu } from './VariableMenu';

type FormulaChange = { name?: string; decimalPlaces?: number; segments?: FormulaSegment[] };

type FormulasPanelProps = {
  formulas: ModelVariable[];
  /** Every variable of the model: what formulas may reference (completion and tags). */
  variables: FormulaVariableOption[];
  modelStart: MonthKey;
  modelEnd: MonthKey;
  currentMonth: MonthKey;
  canEdit: boolean;
  onAdd: () => void;
  onChange: (formula: ModelVariable, change: FormulaChange) => void;
  onDelete: (formula: ModelVariable) => void;
};

/**
 * The Formulas panel (spec 'Models screens'): each formula variable with its segments, each segment's
 * months and its formula in the editor (saved 500 ms after the last keystroke), Add Segment, and a menu
 * with Rename, Format and Delete. A formula that cannot be evaluated says why under it.
 */
export function FormulasPanel(props: FormulasPanelProps) {
  const { formulas, canEdit, onAdd } = props;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="model-formulas" style={{ minWidth: 0 }}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={4}>Formulas</Title>
        {canEdit ? (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={onAdd}>
            Add formula
          </Button>
        ) : null}
      </Group>
      {formulas.length === 0 ? (
        <Text size="sm" c="dimmed">
          No formulas yet. A formula computes a value for each month from your inputs and other formulas: type{' '}
          {'{{'} to pick one, and {'{{name-1}}'} reads last month.
        </Text>
      ) : (
        <Stack gap="sm">
          {formulas.map((formula) => (
            <FormulaCard key={formula.id} formula={formula} {...props} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

const toSegment = (segment: ModelSegment): FormulaSegment => ({
  formula: segment.formula,
  startMonth: segment.startMonth ?? null,
  startType: segment.startType,
  endMonth: segment.endMonth ?? null,
  endType: segment.endType,
});

function FormulaCard({
  formula,
  variables,
  modelStart,
  modelEnd,
  currentMonth,
  canEdit,
  onChange,
  onDelete,
}: FormulasPanelProps & { formula: ModelVariable }) {
  const [renaming, setRenaming] = useState(false);
  const [addingSegment, setAddingSegment] = useState(false);
  // Shown in month order with their auto months resolved, when they resolve; as stored otherwise.
  const stored = useMemo(() => formula.segments.map(toSegment), [formula.segments]);
  const resolved = useMemo(
    () => normalizeSegments(stored, modelStart, modelEnd),
    [stored, modelStart, modelEnd],
  );
  const segments: FormulaSegment[] = resolved.ok ? resolved.segments : stored;
  // What Add Segment offers, or why it is disabled: a proposal the server would refuse is never made.
  const next = useMemo(
    () => nextSegmentDefaults(segments, currentMonth, modelStart, modelEnd),
    [segments, currentMonth, modelStart, modelEnd],
  );

  const saveFormula = (index: number, text: string) => {
    if (segments[index]?.formula === text) return;
    onChange(formula, { segments: segments.map((s, i) => (i === index ? { ...s, formula: text } : s)) });
  };
  const deleteSegment = (index: number) => {
    const result = removeSegment(segments, index, modelStart, modelEnd);
    onChange(formula, { segments: result.ok ? result.segments : segments.filter((_, i) => i !== index) });
  };

  return (
    <Box data-testid="model-formula" data-variable-id={formula.id}>
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
        {renaming ? (
          <InlineNameInput
            label="Formula name"
            name={formula.name}
            maxLength={VARIABLE_NAME_MAX}
            width={260}
            onRename={(name) => onChange(formula, { name })}
            onDone={() => setRenaming(false)}
          />
        ) : (
          <Text size="sm" fw={600} truncate="end" title={formula.name}>
            {formula.name}
          </Text>
        )}
        {canEdit ? (
          <Group gap={4} wrap="nowrap">
            <AddSegmentButton
              formulaId={formula.id}
              reason={next.ok ? null : next.reason}
              onClick={() => setAddingSegment(true)}
            />
            <VariableMenu
              name={formula.name}
              decimalPlaces={formula.decimalPlaces}
              onRename={() => setRenaming(true)}
              onFormat={(decimalPlaces) => onChange(formula, { decimalPlaces })}
              onDelete={() => onDelete(formula)}
            />
          </Group>
        ) : null}
      </Group>
      <Stack gap={6}>
        {segments.map((segment, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments have no id; two may share a start month while the user fixes an overlap.
          <Box key={`${index}-${segment.startMonth}-${segment.startType}`} data-testid="formula-segment">
            {segments.length > 1 ? (
              <Group gap={4} justify="space-between" wrap="nowrap">
                <Text size="xs" c="dimmed" data-testid="segment-months">
                  {segmentMonths(segment, resolved.ok)}
                </Text>
                {canEdit ? (
                  <Tooltip label="Remove segment">
                    <ActionIcon
                      size="xs"
                      variant="subtle"
                      color="gray"
                      aria-label={`Remove segment ${index + 1} of ${formula.name}`}
                      onClick={() => deleteSegment(index)}
                    >
                      <IconX size={12} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Group>
            ) : null}
            <FormulaEditor
              value={segment.formula}
              variables={variables}
              ariaLabel={
                segments.length > 1
                  ? `${formula.name} formula, segment ${index + 1}`
                  : `${formula.name} formula`
              }
              readOnly={!canEdit}
              onChange={(text) => saveFormula(index, text)}
            />
          </Box>
        ))}
      </Stack>
      {formula.problem ? (
        <Text size="xs" c="red" mt={4} data-testid="formula-problem">
          {formula.problem}
        </Text>
      ) : null}
      {next.ok ? (
        <AddSegmentModal
          opened={addingSegment}
          segments={segments}
          modelStart={modelStart}
          modelEnd={modelEnd}
          proposed={next.segment}
          onCancel={() => setAddingSegment(false)}
          onSubmit={(added) => {
            setAddingSegment(false);
            onChange(formula, { segments: added });
          }}
        />
      ) : null}
    </Box>
  );
}

/**
 * Add Segment, or, when no segment can be added (`reason`), the same button disabled with the reason in
 * a tooltip and as its description (it stays focusable, so the reason can be read from the keyboard).
 */
function AddSegmentButton({
  formulaId,
  reason,
  onClick,
}: {
  formulaId: string;
  reason: string | null;
  onClick: () => void;
}) {
  if (reason === null)
    return (
      <Button size="compact-xs" variant="subtle" onClick={onClick}>
        Add Segment
      </Button>
    );
  const reasonId = `add-segment-reason-${formulaId}`;
  return (
    <>
      <Tooltip label={reason} multiline maw={280} withinPortal>
        <Button
          size="compact-xs"
          variant="subtle"
          data-disabled
          aria-disabled
          aria-describedby={reasonId}
          onClick={(event) => event.preventDefault()}
        >
          Add Segment
        </Button>
      </Tooltip>
      <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>
    </>
  );
}

/**
 * A segment's months as a person reads them: 'Jan 2025 – Oct 2026', 'Nov 2026 – Mar 2028 (auto)'; an
 * auto bound of segments that do not resolve (an overlap) reads 'Auto'.
 */
function segmentMonths(segment: FormulaSegment, resolved: boolean) {
  const bound = (type: string, month: MonthKey | null) =>
    type === 'auto' && (!resolved || !month)
      ? 'Auto'
      : `${month ? monthLabel(month) : '?'}${type === 'auto' ? ' (auto)' : ''}`;
  return `${bound(segment.startType, segment.startMonth)} – ${bound(segment.endType, segment.endMonth)}`;
}
