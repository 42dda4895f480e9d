import { formatCents } from '@keel/domain';
import { type ChartSeries, LineChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { formatCentsCompact, formatMonthTick, formatMonthYear } from './chartFormat';
import type { StartingBalanceView } from './reportSummaryQuery';
import { SummaryCard, useSummaryCardBodyWidth } from './SummaryCard';
import { SummaryChartTooltip } from './SummaryChartTooltip';

const SERIES: ChartSeries[] = [
  { name: 'actual', label: 'Actual', color: 'keel.7' },
  { name: 'forecast', label: 'Forecast', color: 'keel.4' },
];

/**
 * Available Starting Balance (spec §2 'Dashboard cards'): cash at the start of each month of the
 * range, an actuals line and a dashed forecast line that meet at the month after the cutoff. The
 * headline is the latest actual figure: the cash the forecast starts from.
 */
export function StartingBalanceCard({ balances }: { balances: StartingBalanceView[] }) {
  const bodyWidth = useSummaryCardBodyWidth();
  const latest = balances.findLast((b) => b.actual !== null);
  const data = balances.map((b) => ({
    month: formatMonthTick(b.month),
    actual: b.actual,
    forecast: b.forecast,
  }));
  return (
    <SummaryCard title="Available Starting Balance">
      <Text fz="lg" fw={700} lh={1.2} data-testid="starting-balance-latest">
        {latest ? formatCents(latest.actual ?? 0) : '—'}
      </Text>
      <Text fz="xs" c="dimmed" mb={6}>
        {latest ? `Cash at the start of ${formatMonthYear(latest.month)}` : 'No cash accounts'}
      </Text>
      <LineChart
        w={bodyWidth}
        h={128}
        data={data}
        dataKey="month"
        series={SERIES}
        withDots={false}
        strokeWidth={2}
        curveType="monotone"
        connectNulls={false}
        gridAxis="x"
        tickLine="none"
        lineProps={(series) => (series.name === 'forecast' ? { strokeDasharray: '5 4' } : {})}
        xAxisProps={{ minTickGap: 18, fontSize: 10 }}
        yAxisProps={{ width: 44, fontSize: 10, tickCount: 3, interval: 0, tickFormatter: formatCentsCompact }}
        valueFormatter={formatCents}
        tooltipAnimationDuration={150}
        tooltipProps={{
          wrapperStyle: { zIndex: 10 },
          allowEscapeViewBox: { x: false, y: true },
          content: ({ label, payload }) => (
            <SummaryChartTooltip label={label} payload={payload} series={SERIES} />
          ),
        }}
      />
    </SummaryCard>
  );
}
