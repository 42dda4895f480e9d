import { formatCents } from '@keel/domain';
import { type ChartSeries, LineChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { formatMonthTick, formatMonthYear } from './chartFormat';
import type { StartingBalanceView } from './reportSummaryQuery';
import { SummaryCard, useSummaryCardBodyWidth } from './SummaryCard';
import { summaryChartProps } from './summaryChartProps';

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
        series={SERIES}
        withDots={false}
        strokeWidth={2}
        curveType="monotone"
        connectNulls={false}
        lineProps={(series) => (series.name === 'forecast' ? { strokeDasharray: '5 4' } : {})}
        {...summaryChartProps(SERIES)}
      />
    </SummaryCard>
  );
}
