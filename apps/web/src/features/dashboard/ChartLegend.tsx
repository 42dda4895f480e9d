import type { MonthKey } from '@keel/domain';
import { Box, Group, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatMonthYear } from '../financial/cards/chartFormat';
import { workingOf } from './ChartTooltipCard';
import { PLAN_COLOR, type PlotSeries } from './chartPlot';
import { PlanSwatch, SeriesSwatch } from './SeriesSwatch';

/**
 * A chart's legend, above it: each series in its colour (hover: the report line it is read from), and
 * how forecast months are drawn (dashed lines, pale bars) after the actuals end month.
 */
export function ChartLegend({
  series,
  actualsEndMonth,
  hasForecast,
}: {
  series: readonly PlotSeries[];
  actualsEndMonth: MonthKey;
  hasForecast: boolean;
}) {
  const hasLines = series.some((item) => item.type === 'Line');
  const hasBars = series.some((item) => item.type === 'Bar');
  return (
    <Group gap={10} wrap="wrap" style={{ rowGap: 2 }} aria-label="Legend" data-testid="chart-legend">
      {series.map((item) => (
        <Tooltip key={item.key} label={workingOf(item)} withinPortal openDelay={200} multiline maw={320}>
          <Group
            gap={4}
            wrap="nowrap"
            data-testid="chart-legend-item"
            data-path={item.path ?? ''}
            style={{ minWidth: 0 }}
          >
            <SeriesSwatch series={item} />
            <Text
              fz="xs"
              c={item.role === 'highlight' ? 'dark.6' : 'dimmed'}
              fw={item.role === 'highlight' ? 600 : 400}
              truncate
              maw={180}
            >
              {item.name}
            </Text>
            {item.error ? (
              <IconAlertTriangle size={12} color="var(--mantine-color-orange-6)" aria-label={item.error} />
            ) : null}
          </Group>
        </Tooltip>
      ))}
      {series
        .filter((item) => item.plan)
        .map((item) => (
          <Tooltip
            key={`${item.key}-plan`}
            label="What was planned for each past month, as the month began (the forecast then)"
            withinPortal
            openDelay={200}
            multiline
            maw={320}
          >
            <Group gap={4} wrap="nowrap" data-testid="chart-legend-plan">
              <PlanSwatch color={PLAN_COLOR} />
              <Text fz="xs" c="dimmed" truncate maw={180}>
                {item.name} plan
              </Text>
            </Group>
          </Tooltip>
        ))}
      {hasForecast ? (
        <Group gap={4} wrap="nowrap" data-testid="chart-legend-forecast">
          {hasLines ? <DashedSwatch /> : null}
          {hasBars ? (
            <Box w={12} h={12} bg="gray.5" opacity={0.4} style={{ borderRadius: 2 }} aria-hidden />
          ) : null}
          <Text fz="xs" c="dimmed">
            Forecast after {formatMonthYear(actualsEndMonth)}
          </Text>
        </Group>
      ) : null}
    </Group>
  );
}

function DashedSwatch() {
  return (
    <Box
      w={14}
      h={0}
      style={{ borderTop: '2px dashed var(--mantine-color-gray-6)', flex: 'none' }}
      aria-hidden
    />
  );
}
