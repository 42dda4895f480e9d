import { ActionIcon, Center, Group, Loader, Paper, Text, Tooltip } from '@mantine/core';
import { IconGripVertical, IconPencil } from '@tabler/icons-react';
import { ConfirmDeleteChartButton } from './ConfirmDeleteChartButton';
import type { ChartPlot } from './chartPlot';
import { DashboardChart } from './DashboardChart';

type ChartCardProps = {
  chartId: string;
  name: string;
  /** Null while the figures load; undefined when the server has none for the chart. */
  plot: ChartPlot | null | undefined;
  editing: boolean;
  onEdit: () => void;
  onDelete: () => void;
};

/** A chart on the dashboard: its name, in edit mode a grip, Edit and Delete, and its figures. */
export function ChartCard({ chartId, name, plot, editing, onEdit, onDelete }: ChartCardProps) {
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      h="100%"
      style={{
        display: 'flex',
        flexDirection: 'column',
        gap: 6,
        cursor: editing ? 'grab' : undefined,
        borderStyle: editing ? 'dashed' : undefined,
      }}
      data-testid="dashboard-chart"
      data-chart-id={chartId}
      data-chart-name={name}
      aria-label={name}
      role="figure"
    >
      <Group gap={6} wrap="nowrap" justify="space-between" style={{ minWidth: 0 }}>
        <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
          {editing ? <IconGripVertical size={14} color="var(--mantine-color-gray-5)" aria-hidden /> : null}
          <Text fw={600} size="sm" truncate title={name} data-testid="dashboard-chart-name">
            {name}
          </Text>
        </Group>
        {editing ? (
          <Group gap={2} wrap="nowrap" data-no-drag>
            <Tooltip label="Edit chart" withinPortal>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="gray"
                aria-label={`Edit ${name}`}
                onClick={onEdit}
              >
                <IconPencil size={15} />
              </ActionIcon>
            </Tooltip>
            <ConfirmDeleteChartButton chartName={name} onConfirm={onDelete} />
          </Group>
        ) : null}
      </Group>
      <div style={{ flex: 1, minHeight: 0 }}>
        {plot === null ? (
          <Center h="100%">
            <Loader size="sm" aria-label={`Loading ${name}`} />
          </Center>
        ) : plot === undefined ? (
          <Center h="100%">
            <Text size="sm" c="dimmed">
              No figures
            </Text>
          </Center>
        ) : (
          <DashboardChart plot={plot} />
        )}
      </div>
    </Paper>
  );
}
