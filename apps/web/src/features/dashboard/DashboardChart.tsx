import { Box, Stack } from '@mantine/core';
import {
  Bar,
  type BarShapeProps,
  CartesianGrid,
  ComposedChart,
  Line,
  Rectangle,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCentsCompact, formatMonthTick } from '../financial/cards/chartFormat';
import { ChartLegend } from './ChartLegend';
import { ChartTooltipCard } from './ChartTooltipCard';
import { type ChartPlot, PLAN_COLOR, type PlotSeries, plotKeys } from './chartPlot';

/** Forecast bars are the same colour, paler (spec: 'bars, with forecast variants'). */
const FORECAST_BAR_OPACITY = 0.4;
const FORECAST_DASH = '5 4';
const AXIS_FONT_SIZE = 11;

/**
 * A chart's figures drawn (spec §2 Dashboard screen): bars for its Bar groups, lines
 * for its Line groups and the highlight on top; actual months solid, forecast months dashed (lines) or
 * pale (bars), a dotted rule at the actuals end month; a series drawn against its plan adds its plan as
 * a dotted line with open dots. The y axis abbreviates money ($120K); the
 * tooltip gives each amount exactly, with the report line it comes from.
 */
export function DashboardChart({ plot }: { plot: ChartPlot }) {
  const rowsByMonth = new Map(plot.rows.map((row) => [row.month, row]));
  const hasForecast = plot.rows.some((row) => row.scenario === 'forecast');
  const showActualsEnd = hasForecast && plot.months.includes(plot.actualsEndMonth);
  const bars = plot.series.filter((series) => series.type === 'Bar');
  const lines = plot.series.filter((series) => series.type === 'Line');
  return (
    <Stack gap={4} h="100%" style={{ minHeight: 0 }}>
      <ChartLegend series={plot.series} actualsEndMonth={plot.actualsEndMonth} hasForecast={hasForecast} />
      <Box
        style={{ flex: 1, minHeight: 0, position: 'relative' }}
        data-testid="chart-plot"
        data-months={plot.months.join(',')}
        data-actuals-end={plot.actualsEndMonth}
      >
        <ResponsiveContainer width="100%" height="100%" minHeight={40}>
          <ComposedChart data={plot.rows} margin={{ top: 6, right: 8, bottom: 0, left: 0 }} barGap={1}>
            <CartesianGrid vertical={false} stroke="var(--mantine-color-gray-2)" />
            <XAxis
              dataKey="month"
              tickFormatter={formatMonthTick}
              minTickGap={14}
              tickLine={false}
              stroke="var(--mantine-color-gray-4)"
              tick={{ fill: 'var(--mantine-color-gray-7)', fontSize: AXIS_FONT_SIZE }}
            />
            <YAxis
              tickFormatter={formatCentsCompact}
              width={58}
              tickLine={false}
              axisLine={false}
              tick={{ fill: 'var(--mantine-color-gray-7)', fontSize: AXIS_FONT_SIZE }}
            />
            <ReferenceLine y={0} stroke="var(--mantine-color-gray-4)" />
            {showActualsEnd ? (
              <ReferenceLine
                x={plot.actualsEndMonth}
                stroke="var(--mantine-color-gray-5)"
                strokeDasharray="2 3"
              />
            ) : null}
            {bars.map((series) => (
              <Bar
                key={series.key}
                dataKey={series.key}
                name={series.name}
                fill={series.color}
                maxBarSize={28}
                isAnimationActive={false}
                shape={forecastPaleBar}
              />
            ))}
            {lines.map((series) => lineHalves(series))}
            {plot.series.filter((series) => series.plan).map((series) => planLine(series))}
            <Tooltip
              isAnimationActive={false}
              wrapperStyle={{ zIndex: 20 }}
              allowEscapeViewBox={{ x: false, y: true }}
              cursor={{ stroke: 'var(--mantine-color-gray-4)', fill: 'var(--mantine-color-gray-1)' }}
              content={({ label, active }) => {
                const row = active && typeof label === 'string' ? rowsByMonth.get(label) : undefined;
                return row ? <ChartTooltipCard row={row} series={plot.series} /> : null;
              }}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </Box>
    </Stack>
  );
}

/** A bar as recharts draws it, paler in a forecast month. */
function forecastPaleBar(props: BarShapeProps) {
  const forecast = (props.payload as { scenario?: string } | undefined)?.scenario === 'forecast';
  return <Rectangle {...props} fillOpacity={forecast ? FORECAST_BAR_OPACITY : 1} />;
}

/**
 * A series' plan (plan vs actual): a dark dotted line with open dots over the months through the
 * actuals end, so each month's bar or point sits beside what was planned for it.
 */
function planLine(series: PlotSeries) {
  return (
    <Line
      key={`${series.key}-plan`}
      dataKey={plotKeys.plan(series.key)}
      name={`${series.name} plan`}
      type="linear"
      stroke={PLAN_COLOR}
      strokeWidth={1.5}
      strokeDasharray="2 3"
      dot={{ r: 3, fill: 'var(--mantine-color-white)', stroke: PLAN_COLOR, strokeWidth: 1.5 }}
      activeDot={{ r: 4 }}
      isAnimationActive={false}
      connectNulls={false}
    />
  );
}

/** A line series as two lines in its colour: solid through the actuals end month, dashed from it on. */
function lineHalves(series: PlotSeries) {
  const width = series.role === 'highlight' ? 2.5 : 2;
  const common = {
    type: 'linear' as const,
    stroke: series.color,
    strokeWidth: width,
    dot: false,
    isAnimationActive: false,
    connectNulls: false,
    name: series.name,
    activeDot: { r: 3 },
  };
  return [
    <Line key={`${series.key}-actual`} dataKey={plotKeys.actual(series.key)} {...common} />,
    <Line
      key={`${series.key}-forecast`}
      dataKey={plotKeys.forecast(series.key)}
      strokeDasharray={FORECAST_DASH}
      {...common}
    />,
  ];
}
