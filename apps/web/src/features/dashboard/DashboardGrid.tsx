import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { GridLayout, type Layout, useContainerWidth, verticalCompactor } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import classes from './DashboardGrid.module.css';
import { DASHBOARD_GRID, type GridPosition, gridItemsOf } from './dashboardPositions';

/** Below this width twelve columns are too narrow to read: charts stack, full width, in reading order. */
const STACK_BELOW_WIDTH = 640;

type DashboardGridProps = {
  positions: readonly GridPosition[];
  editing: boolean;
  onLayoutChange: (layout: Layout) => void;
  renderChart: (chartId: string) => ReactNode;
};

/**
 * The dashboard's 12-column grid (spec §2, §9: rows 40 px, 8 px apart, 4 px padding, charts at least
 * 2 x 2). In edit mode charts drag (anywhere but their buttons) and resize (bottom-right corner); charts
 * close up towards the top, as the saved layout does.
 */
export function DashboardGrid({ positions, editing, onLayoutChange, renderChart }: DashboardGridProps) {
  const { width, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
  const stacked = mounted && width < STACK_BELOW_WIDTH;
  return (
    <div
      ref={containerRef}
      className={classes.grid}
      data-editing={editing || undefined}
      data-testid="dashboard-grid"
    >
      {!mounted ? null : stacked ? (
        <Stack gap={DASHBOARD_GRID.margin[1]} p={DASHBOARD_GRID.containerPadding[0]}>
          {[...positions]
            .sort((a, b) => a.y - b.y || a.x - b.x)
            .map((position) => (
              <div key={position.id} style={{ height: heightOf(position.h) }}>
                {renderChart(position.id)}
              </div>
            ))}
        </Stack>
      ) : (
        <GridLayout
          width={width}
          layout={gridItemsOf(positions)}
          gridConfig={{
            cols: DASHBOARD_GRID.cols,
            rowHeight: DASHBOARD_GRID.rowHeight,
            margin: DASHBOARD_GRID.margin,
            containerPadding: DASHBOARD_GRID.containerPadding,
          }}
          dragConfig={{ enabled: editing, cancel: 'button, [data-no-drag]' }}
          resizeConfig={{ enabled: editing, handles: ['se'] }}
          compactor={verticalCompactor}
          onLayoutChange={(layout) => {
            if (editing) onLayoutChange(layout);
          }}
        >
          {positions.map((position) => (
            <div
              key={position.id}
              data-testid="dashboard-grid-item"
              data-chart-id={position.id}
              data-place={`${position.x},${position.y},${position.w},${position.h}`}
            >
              {renderChart(position.id)}
            </div>
          ))}
        </GridLayout>
      )}
    </div>
  );
}

/** A chart's height in pixels: its rows and the margins between them. */
function heightOf(rows: number): number {
  return rows * DASHBOARD_GRID.rowHeight + (rows - 1) * DASHBOARD_GRID.margin[1];
}
