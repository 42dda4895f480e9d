import { Box } from '@mantine/core';
import type { PlotSeries } from './chartPlot';

/** A plan's key: a dotted line (the plan is drawn dotted, with open dots). */
export function PlanSwatch({ color }: { color: string }) {
  return <Box w={14} h={0} style={{ borderTop: `3px dotted ${color}`, flex: 'none' }} aria-hidden />;
}

/** A series' key: a short line for a line series, a square for bars, in its colour. */
export function SeriesSwatch({ series }: { series: Pick<PlotSeries, 'type' | 'color' | 'role'> }) {
  if (series.type === 'Bar') {
    return <Box w={12} h={12} bg={series.color} style={{ borderRadius: 2, flex: 'none' }} aria-hidden />;
  }
  return (
    <Box
      w={12}
      h={series.role === 'highlight' ? 3 : 2}
      bg={series.color}
      style={{ borderRadius: 1, flex: 'none' }}
      aria-hidden
    />
  );
}
