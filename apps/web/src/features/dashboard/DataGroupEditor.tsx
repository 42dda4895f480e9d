import { CHART_TYPES, type ChartType, DEFAULT_CHART_SERIES_NAME } from '@keel/domain';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { canAddSeries, type DraftGroup, type DraftSeries, nameForLine, newDraftSeries } from './chartDraft';
import { PaletteColorPicker } from './PaletteColorPicker';
import { ReportLineSelect } from './ReportLineSelect';
import { findReportLine, type ReportLineOption } from './reportLines';

type DataGroupEditorProps = {
  group: DraftGroup;
  /** 1-based, as a person counts. */
  number: number;
  /** Every group of the chart: a new series takes the next colour the chart does not use. */
  groups: readonly DraftGroup[];
  lines: readonly ReportLineOption[];
  linesLoading: boolean;
  canRemove: boolean;
  onChange: (group: DraftGroup) => void;
  onRemove: () => void;
};

/** A data group in the chart editor: Line or Bar, and its series (report line, name, colour, invert). */
export function DataGroupEditor({
  group,
  number,
  groups,
  lines,
  linesLoading,
  canRemove,
  onChange,
  onRemove,
}: DataGroupEditorProps) {
  const label = `Data group ${number}`;
  const setSeries = (index: number, series: DraftSeries) =>
    onChange({ ...group, series: group.series.map((item, i) => (i === index ? series : item)) });
  return (
    <Paper withBorder p="sm" radius="md" data-testid="chart-data-group" aria-label={label} role="group">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Text fw={600} size="sm">
            {label}
          </Text>
          <SegmentedControl
            size="xs"
            aria-label={`${label} type`}
            data={CHART_TYPES.map((type) => ({ value: type, label: type }))}
            value={group.type}
            onChange={(type) => onChange({ ...group, type: type as ChartType })}
          />
        </Group>
        {canRemove ? (
          <Tooltip label={`Remove ${label.toLowerCase()}`} withinPortal>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Remove ${label.toLowerCase()}`}
              onClick={onRemove}
            >
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      <Stack gap="xs">
        {group.series.length === 0 ? (
          <Text size="xs" c="red">
            Add a series to this group.
          </Text>
        ) : null}
        {group.series.map((series, index) => (
          <SeriesEditor
            key={series.key}
            series={series}
            label={`${label}, series ${index + 1}`}
            lines={lines}
            linesLoading={linesLoading}
            onChange={(next) => setSeries(index, next)}
            onRemove={() => onChange({ ...group, series: group.series.filter((_, i) => i !== index) })}
          />
        ))}
        <Group>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPlus size={14} />}
            disabled={!canAddSeries(group)}
            onClick={() => onChange({ ...group, series: [...group.series, newDraftSeries({ groups })] })}
          >
            Add series
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function SeriesEditor({
  series,
  label,
  lines,
  linesLoading,
  onChange,
  onRemove,
}: {
  series: DraftSeries;
  label: string;
  lines: readonly ReportLineOption[];
  linesLoading: boolean;
  onChange: (series: DraftSeries) => void;
  onRemove: () => void;
}) {
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      align="flex-start"
      data-testid="chart-series"
      aria-label={label}
      role="group"
    >
      <ReportLineSelect
        ariaLabel={`${label} report line`}
        value={series.line}
        options={lines}
        loading={linesLoading}
        onChange={(line, option) => {
          const previous = findReportLine(lines, series.line)?.name ?? null;
          const name = nameForLine(series.name, DEFAULT_CHART_SERIES_NAME, option?.name ?? null, previous);
          onChange({ ...series, line, name });
        }}
      />
      <TextInput
        aria-label={`${label} name`}
        placeholder={DEFAULT_CHART_SERIES_NAME}
        value={series.name}
        w={170}
        onChange={(event) => onChange({ ...series, name: event.currentTarget.value })}
      />
      <PaletteColorPicker
        value={series.color}
        label={label}
        onChange={(color) => onChange({ ...series, color })}
      />
      <Checkbox
        mt={6}
        label="Invert"
        aria-label={`${label} invert`}
        checked={series.invert}
        onChange={(event) => onChange({ ...series, invert: event.currentTarget.checked })}
      />
      <Tooltip label="Also draw what was planned for each past month, as the month began" withinPortal>
        <Checkbox
          mt={6}
          label="Plan"
          aria-label={`${label} against plan`}
          checked={series.plan}
          onChange={(event) => onChange({ ...series, plan: event.currentTarget.checked })}
        />
      </Tooltip>
      <ActionIcon
        mt={4}
        variant="subtle"
        color="gray"
        aria-label={`Remove ${label.toLowerCase()}`}
        onClick={onRemove}
      >
        <IconX size={16} />
      </ActionIcon>
    </Group>
  );
}
