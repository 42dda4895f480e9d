import { formatCents } from '@keel/domain';
import { type ChartSeries, ChartTooltip } from '@mantine/charts';

type SummaryChartTooltipProps = {
  label?: unknown;
  payload?: ReadonlyArray<{ value?: unknown }>;
  series: ChartSeries[];
};

/**
 * The cards' chart tooltip: the month, then each series that has a figure that month, in dollars
 * with two decimals. Series without one (the forecast line before the cutoff, the actual bars after
 * it) are left out rather than shown as $0.00.
 */
export function SummaryChartTooltip({ label, payload, series }: SummaryChartTooltipProps) {
  const present = (payload ?? []).filter((item) => typeof item.value === 'number');
  if (present.length === 0) return null;
  return (
    <ChartTooltip
      label={typeof label === 'string' ? label : undefined}
      payload={present}
      series={series}
      valueFormatter={formatCents}
    />
  );
}
