import { formatCents } from '@keel/domain';
import type { ChartSeries, GridChartBaseProps } from '@mantine/charts';
import { formatCentsCompact } from './chartFormat';
import { SummaryChartTooltip } from './SummaryChartTooltip';

type SummaryChartProps = Pick<
  GridChartBaseProps,
  | 'dataKey'
  | 'gridAxis'
  | 'tickLine'
  | 'xAxisProps'
  | 'yAxisProps'
  | 'valueFormatter'
  | 'tooltipAnimationDuration'
  | 'tooltipProps'
>;

/**
 * What the cards' month charts share (data keyed by `month`): vertical grid lines only, small month
 * ticks, compact dollars up the side, cents in SummaryChartTooltip. The tooltip sits above the other
 * cards and may leave the chart upwards, never sideways out of its card.
 */
export function summaryChartProps(series: ChartSeries[]): SummaryChartProps {
  return {
    dataKey: 'month',
    gridAxis: 'x',
    tickLine: 'none',
    xAxisProps: { minTickGap: 18, fontSize: 10 },
    yAxisProps: { width: 44, fontSize: 10, tickCount: 3, interval: 0, tickFormatter: formatCentsCompact },
    valueFormatter: formatCents,
    tooltipAnimationDuration: 150,
    tooltipProps: {
      wrapperStyle: { zIndex: 10 },
      allowEscapeViewBox: { x: false, y: true },
      content: ({ label, payload }) => (
        <SummaryChartTooltip label={label} payload={payload} series={series} />
      ),
    },
  };
}
