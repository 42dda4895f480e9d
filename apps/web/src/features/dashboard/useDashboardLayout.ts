import { useApolloClient } from '@apollo/client/react';
import { useMemo, useState } from 'react';
import type { Layout } from 'react-grid-layout';
import {
  changedPositions,
  type GridPosition,
  positionsOfCharts,
  positionsOfLayout,
} from './dashboardPositions';
import { type DashboardView, UPDATE_DASHBOARD_MUTATION } from './dashboardQueries';
import { useDashboardActions } from './useDashboardActions';

/**
 * A dashboard's view and edit modes (spec §4 Dashboard): Edit starts from the saved layout; charts
 * moved and resized are kept here until Save sends the positions (only when they changed) and leaves
 * edit mode; Cancel drops them. A refused save stays in edit mode with its toast.
 */
export function useDashboardLayout(dashboard: DashboardView) {
  const client = useApolloClient();
  const run = useDashboardActions();
  const chartIds = useMemo(() => dashboard.charts.map((chart) => chart.id), [dashboard.charts]);
  const stored = useMemo(
    () => positionsOfCharts(chartIds, dashboard.positions),
    [chartIds, dashboard.positions],
  );
  const [editing, setEditing] = useState(false);
  const [moved, setMoved] = useState<GridPosition[] | null>(null);
  const [saving, setSaving] = useState(false);

  const stop = () => {
    setEditing(false);
    setMoved(null);
  };
  /** Sends the layout when it changed since Edit; resolves whether edit mode was left. */
  const leaveEditMode = async (): Promise<boolean> => {
    if (!editing) return true;
    if (moved && changedPositions(stored, moved).length > 0) {
      setSaving(true);
      const result = await run('Layout not saved', () =>
        client.mutate({
          mutation: UPDATE_DASHBOARD_MUTATION,
          variables: { id: dashboard.id, positions: moved },
        }),
      );
      setSaving(false);
      if (result === null) return false;
    }
    stop();
    return true;
  };

  return {
    editing,
    saving,
    /** Where the charts are shown: as moved in edit mode, else as saved. */
    positions: editing && moved ? moved : stored,
    chartIds,
    startEditing: () => {
      setMoved(stored);
      setEditing(true);
    },
    cancel: stop,
    leaveEditMode,
    onLayoutChange: (layout: Layout) => setMoved(positionsOfLayout(layout, chartIds)),
    /** A chart deleted in edit mode leaves the moved layout too. */
    forgetChart: (chartId: string) =>
      setMoved((positions) => positions?.filter((position) => position.id !== chartId) ?? null),
  };
}
