import { Button, Checkbox, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import {
  type ChartDraft,
  canAddGroup,
  findChartDraftProblems,
  highlightWithLine,
  newDraftGroup,
} from './chartDraft';
import { DataGroupEditor } from './DataGroupEditor';
import { ReportLineSelect } from './ReportLineSelect';
import { type ChartLineRef, findReportLine, isLineInReport, type ReportLineOption } from './reportLines';

type ChartEditorModalProps = {
  mode: 'new' | 'edit';
  draft: ChartDraft;
  /** Whether the draft differs from the chart as saved (a new chart: from a fresh one). */
  changed: boolean;
  lines: readonly ReportLineOption[];
  linesLoading: boolean;
  onChange: (draft: ChartDraft) => void;
  /** Saves the draft; resolves true once saved (the page then closes the editor and forgets the draft). */
  onSave: () => Promise<boolean>;
  onDiscard: () => void;
  onClose: () => void;
};

/**
 * The chart editor (spec §2 'Chart editor modals': New Chart / Edit Chart, Save Chart / Update Chart):
 * the chart's name, its data groups (Line or Bar) of series read from report lines, each with a palette
 * colour and invert, and a highlight line. Save is disabled while the draft cannot be saved, with the
 * reason beside it (spec §5). Closing keeps the draft for the next opening until it is saved or
 * discarded (spec §4).
 */
export function ChartEditorModal({
  mode,
  draft,
  changed,
  lines,
  linesLoading,
  onChange,
  onSave,
  onDiscard,
  onClose,
}: ChartEditorModalProps) {
  const [saving, setSaving] = useState(false);
  const isLineKnown = (line: ChartLineRef) => linesLoading || isLineInReport(lines, line);
  const problems = findChartDraftProblems(draft, isLineKnown);
  const highlightLine = findReportLine(lines, draft.highlight.line);
  const save = async () => {
    setSaving(true);
    try {
      await onSave();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={mode === 'new' ? 'New Chart' : 'Edit Chart'}
      size="xl"
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md" data-testid="chart-editor">
        <TextInput
          label="Chart name"
          value={draft.name}
          required
          onChange={(event) => onChange({ ...draft, name: event.currentTarget.value })}
          error={draft.name.trim() === '' ? 'Name is required' : undefined}
        />
        {draft.groups.map((group, index) => (
          <DataGroupEditor
            key={group.key}
            group={group}
            number={index + 1}
            groups={draft.groups}
            lines={lines}
            linesLoading={linesLoading}
            canRemove={draft.groups.length > 1}
            onChange={(next) =>
              onChange({ ...draft, groups: draft.groups.map((item, i) => (i === index ? next : item)) })
            }
            onRemove={() => onChange({ ...draft, groups: draft.groups.filter((_, i) => i !== index) })}
          />
        ))}
        <Group>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPlus size={14} />}
            disabled={!canAddGroup(draft)}
            onClick={() => onChange({ ...draft, groups: [...draft.groups, newDraftGroup(draft)] })}
          >
            Add data group
          </Button>
        </Group>
        <Paper withBorder p="sm" radius="md" role="group" aria-label="Highlight">
          <Text fw={600} size="sm" mb={4}>
            Highlight
          </Text>
          <Text size="xs" c="dimmed" mb="xs">
            A report line drawn in a bold dark line over the groups (optional).
          </Text>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <ReportLineSelect
              ariaLabel="Highlight report line"
              placeholder="No highlight"
              clearable
              value={draft.highlight.line}
              options={lines}
              loading={linesLoading}
              onChange={(line, option) =>
                onChange({
                  ...draft,
                  highlight: highlightWithLine(
                    draft.highlight,
                    line,
                    option?.name ?? null,
                    highlightLine?.name ?? null,
                  ),
                })
              }
            />
            <TextInput
              aria-label="Highlight name"
              placeholder="Highlight name"
              w={170}
              disabled={!draft.highlight.line}
              value={draft.highlight.name}
              onChange={(event) =>
                onChange({ ...draft, highlight: { ...draft.highlight, name: event.currentTarget.value } })
              }
            />
            <Checkbox
              mt={6}
              label="Invert"
              aria-label="Highlight invert"
              disabled={!draft.highlight.line}
              checked={draft.highlight.invert}
              onChange={(event) =>
                onChange({ ...draft, highlight: { ...draft.highlight, invert: event.currentTarget.checked } })
              }
            />
          </Group>
        </Paper>
        {/* The footer stays in view while a long chart scrolls. */}
        <Group
          justify="space-between"
          align="center"
          wrap="nowrap"
          gap="sm"
          py="xs"
          style={{
            position: 'sticky',
            bottom: 0,
            zIndex: 2,
            background: 'var(--mantine-color-body)',
            borderTop: '1px solid var(--mantine-color-gray-2)',
          }}
        >
          <Text size="sm" c="dimmed" role="status" data-testid="chart-editor-problem">
            {problems[0] ?? ''}
          </Text>
          <Group gap="xs" wrap="nowrap">
            {changed ? (
              <Button variant="subtle" color="gray" onClick={onDiscard}>
                Discard changes
              </Button>
            ) : null}
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button disabled={problems.length > 0} loading={saving} onClick={() => void save()}>
              {mode === 'new' ? 'Save Chart' : 'Update Chart'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
