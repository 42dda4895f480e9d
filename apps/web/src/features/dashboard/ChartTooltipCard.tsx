import { formatCents, formatMonthLong } from '@keel/domain';
import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { type PlotRow, type PlotSeries, planDifference, plotKeys, scenarioLabel } from './chartPlot';
import { SeriesSwatch } from './SeriesSwatch';

/**
 * A chart's tooltip (numbers shown with their working): the month and whether it is actual
 * or forecast, then each series' amount exactly, in dollars and cents, under it the report line it is
 * read from (its path in the Financial Report, and 'inverted' when its figures are negated).
 */
export function ChartTooltipCard({ row, series }: { row: PlotRow; series: readonly PlotSeries[] }) {
  return (
    <Paper
      withBorder
      shadow="md"
      p="xs"
      radius="sm"
      maw={360}
      data-testid="chart-tooltip"
      data-month={row.month}
    >
      <Group gap="xs" mb={6} wrap="nowrap" justify="space-between">
        <Text size="sm" fw={600} data-testid="chart-tooltip-month">
          {formatMonthLong(row.month)}
        </Text>
        <Badge
          size="sm"
          variant={row.scenario === 'actual' ? 'filled' : 'light'}
          color={row.scenario === 'actual' ? 'keel' : 'gray'}
          data-testid="chart-tooltip-scenario"
        >
          {scenarioLabel(row.scenario)}
        </Badge>
      </Group>
      <Stack gap={6}>
        {series.map((item) => {
          const amount = row[item.key];
          return (
            <Box key={item.key} data-testid="chart-tooltip-series" data-series={item.name}>
              <Group gap={6} wrap="nowrap" justify="space-between">
                <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                  <SeriesSwatch series={item} />
                  <Text size="sm" truncate>
                    {item.name}
                  </Text>
                </Group>
                <Text
                  size="sm"
                  fw={600}
                  ff="monospace"
                  style={{ whiteSpace: 'nowrap' }}
                  data-testid="chart-tooltip-amount"
                >
                  {typeof amount === 'number' ? formatCents(amount) : '—'}
                </Text>
              </Group>
              {item.plan ? <PlanLine row={row} series={item} /> : null}
              <Text
                size="xs"
                c="dimmed"
                pl={18}
                style={{ overflowWrap: 'anywhere' }}
                data-testid="chart-tooltip-path"
              >
                {workingOf(item)}
              </Text>
            </Box>
          );
        })}
      </Stack>
    </Paper>
  );
}

/** A month's plan and how the actual compares: 'Plan $90,000.00 · actual − plan +$4,200.00 (+4.7%)'. */
function PlanLine({ row, series }: { row: PlotRow; series: PlotSeries }) {
  const plan = row[plotKeys.plan(series.key)];
  const actual = row.scenario === 'actual' ? row[series.key] : null;
  if (typeof plan !== 'number') return null;
  const difference = planDifference(typeof actual === 'number' ? actual : null, plan);
  const signed = (cents: number) => `${cents > 0 ? '+' : ''}${formatCents(cents)}`;
  return (
    <Text size="xs" pl={18} data-testid="chart-tooltip-plan">
      Plan {formatCents(plan)}
      {difference
        ? ` · actual − plan ${signed(difference.amount)}${
            difference.percent === null
              ? ''
              : ` (${difference.percent > 0 ? '+' : ''}${difference.percent.toFixed(1)}%)`
          }`
        : ''}
    </Text>
  );
}

/** Where a series' figures come from, in a line: 'Income › Revenue · inverted', or why it has none. */
export function workingOf(series: PlotSeries): string {
  const parts = [
    series.role === 'highlight' ? 'Highlight' : null,
    series.path ?? 'Report line not found',
    series.invert ? 'inverted' : null,
    series.error,
  ].filter((part): part is string => Boolean(part));
  return parts.join(' · ');
}
