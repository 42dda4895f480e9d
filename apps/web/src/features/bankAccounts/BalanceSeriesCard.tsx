import { AreaChart, type AreaChartSeries } from '@mantine/charts';
import { Box, Paper, Text, Title, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { formatCents } from '../../lib/format';
import { formatCentsCompact, formatMonthTick } from '../financial/cards/chartFormat';
import { SummaryChartTooltip } from '../financial/cards/SummaryChartTooltip';
import { buildBalanceChartRows } from './accountsOverview';
import type { BalanceSeries } from './accountsOverviewQuery';

const CHART_HEIGHT = 200;

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A point's day as the tooltip says it: 'Nov 30, 2026'. */
export function formatPointDate(date: string): string {
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}

/**
 * One of the overview's charts (spec §2: net worth, total assets): its figure today, with how it is
 * made as its tooltip, above the series month by month (the month's last day; today for the current
 * month). Drawn with Mantine's charts (recharts), as the Financial Report's cards are; the axis
 * abbreviates dollars, the tooltip gives each month's figure exactly.
 */
export function BalanceSeriesCard({
  series,
  figure,
  working,
  asOf,
}: {
  series: BalanceSeries;
  /** Today's figure (the summary's), in cents. */
  figure: number;
  /** How the figure is made, for whoever asks. */
  working: string;
  asOf: string;
}) {
  const rows = buildBalanceChartRows(series);
  // Sized to the card explicitly, and drawn once it has a width (recharts warns about a zero size).
  const { ref, width } = useElementSize();
  const chartSeries: AreaChartSeries[] = [{ name: 'value', label: series.name, color: series.color }];
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={series.name}
      data-testid="balance-chart"
      data-series={series.id}
      data-points={rows.map((row) => `${row.date}:${row.value}`).join(',')}
      style={{ flex: '1 1 360px', minWidth: 0 }}
    >
      <Title order={3} size="h6" c="dimmed" fw={600}>
        {series.name}
      </Title>
      <Tooltip label={working} multiline maw={360} withArrow>
        <Text
          component="span"
          fz={26}
          fw={700}
          ff="monospace"
          tabIndex={0}
          data-testid="balance-chart-figure"
          style={{ cursor: 'help', display: 'inline-block' }}
        >
          {formatCents(figure)}
        </Text>
      </Tooltip>
      <Text size="xs" c="dimmed" mb="sm">
        As of {formatPointDate(asOf)}
      </Text>
      <Box h={CHART_HEIGHT} ref={ref}>
        {width > 0 ? (
          <AreaChart
            w={width}
            h={CHART_HEIGHT}
            data={rows}
            dataKey="date"
            series={chartSeries}
            curveType="linear"
            withDots={rows.length <= 2}
            gridAxis="y"
            tickLine="none"
            fillOpacity={0.15}
            areaProps={{ isAnimationActive: false }}
            valueFormatter={formatCents}
            xAxisProps={{
              minTickGap: 24,
              fontSize: 11,
              tickFormatter: (date: string) => formatMonthTick(date.slice(0, 7)),
            }}
            yAxisProps={{ width: 64, fontSize: 11, tickFormatter: formatCentsCompact }}
            tooltipAnimationDuration={150}
            tooltipProps={{
              content: ({ label, payload }) => (
                <SummaryChartTooltip
                  label={typeof label === 'string' ? formatPointDate(label) : undefined}
                  payload={payload}
                  series={chartSeries}
                />
              ),
            }}
          />
        ) : null}
      </Box>
    </Paper>
  );
}
