import { useApolloClient } from '@apollo/client/react';
import { latestMonth, type MonthKey } from '@keel/domain';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useEntityContext } from '../../shell/EntityContext';
import { useFeatureFlag } from '../../shell/featureFlags';
import { useDashboardActualsEnd } from './actualsEndStore';
import { ChartCard } from './ChartCard';
import { ChartEditorModal } from './ChartEditorModal';
import { DashboardEmptyState } from './DashboardEmptyState';
import { DashboardGrid } from './DashboardGrid';
import { DashboardToolbar } from './DashboardToolbar';
import { actualsEndBounds } from './dashboardMonths';
import { type DashboardView, DELETE_CHART_MUTATION, UPDATE_DASHBOARD_MUTATION } from './dashboardQueries';
import { useChartEditor } from './useChartEditor';
import { useDashboardActions } from './useDashboardActions';
import { useDashboardFigures } from './useDashboardFigures';
import { useDashboardLayout } from './useDashboardLayout';

type DashboardPanelProps = {
  dashboard: DashboardView;
  /** What heads the panel: the page's title when it is the company's only dashboard, else its name. */
  heading: ReactNode;
  currentMonth: MonthKey;
  canEdit: boolean;
};

/**
 * One dashboard (spec §2 Dashboard screen): its controls and its charts on the grid, in view mode or
 * in edit mode (charts drag and resize; Save sends the positions, spec §4). The figures are the
 * server's (Chart.figures) over the time period shown, actuals through the month saved on this device.
 */
export function DashboardPanel({ dashboard, heading, currentMonth, canEdit }: DashboardPanelProps) {
  const client = useApolloClient();
  const run = useDashboardActions();
  const customCharts = useFeatureFlag('custom-charts');
  const { me } = useEntityContext();
  const range = useShownRange(dashboard);
  const [savedActualsEnd, setActualsEnd] = useDashboardActualsEnd(dashboard.id, currentMonth);
  // An actuals end too early for the range shown (the range moved since) is read at the earliest allowed.
  const actualsEndMonth = latestMonth(
    savedActualsEnd,
    actualsEndBounds(range.shown.endMonth, currentMonth).minMonth,
  );
  const layout = useDashboardLayout(dashboard);
  const editor = useChartEditor(dashboard.id, dashboard.charts);
  const { plots, lines, linesLoading, refreshing } = useDashboardFigures(
    dashboard,
    range.shown,
    actualsEndMonth,
  );

  // Spec §4: editing a chart (or adding one) leaves edit mode, keeping the moves made.
  const openEditor = async (open: () => void) => {
    if (await layout.leaveEditMode()) open();
  };
  const changeRange = (next: { startMonth: MonthKey; endMonth: MonthKey }) => {
    range.show(next);
    // A person who may not edit the dashboard sees the range on this page only.
    if (!canEdit) return;
    void run('Time period not saved', () =>
      client.mutate({ mutation: UPDATE_DASHBOARD_MUTATION, variables: { id: dashboard.id, ...next } }),
    );
  };
  const deleteChart = async (chartId: string) => {
    const result = await run('Chart not deleted', () =>
      client.mutate({ mutation: DELETE_CHART_MUTATION, variables: { id: chartId } }),
    );
    if (result?.data?.deleteChart.id) layout.forgetChart(chartId);
  };

  const reportName = dashboard.report?.name ?? 'Financial Report';
  return (
    <Paper
      component="section"
      aria-label={dashboard.name}
      data-testid="dashboard-panel"
      data-dashboard-id={dashboard.id}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Stack gap={0} style={{ flex: '1 1 240px', minWidth: 0 }}>
            {heading}
            <Text size="sm" c="dimmed" data-testid="dashboard-hint">
              {layout.editing
                ? 'Drag a chart by its title to move it, by its corner to resize it; Save keeps the layout.'
                : `Charts of the ${reportName}'s lines.`}
            </Text>
          </Stack>
          <DashboardToolbar
            {...range.shown}
            actualsEndMonth={actualsEndMonth}
            currentMonth={currentMonth}
            canEdit={canEdit}
            canAdd={customCharts}
            editing={layout.editing}
            saving={layout.saving}
            refreshing={refreshing}
            onRangeChange={changeRange}
            onActualsEndChange={setActualsEnd}
            onAdd={() => void openEditor(editor.openNew)}
            onEdit={layout.startEditing}
            onSave={() => void layout.leaveEditMode()}
            onCancel={layout.cancel}
          />
        </Group>
        {dashboard.charts.length === 0 ? (
          <DashboardEmptyState
            canEdit={canEdit}
            customCharts={customCharts}
            canSetFlags={me.showFeatureFlags}
            reportName={reportName}
          />
        ) : (
          <DashboardGrid
            positions={layout.positions}
            editing={layout.editing}
            onLayoutChange={layout.onLayoutChange}
            renderChart={(chartId) => {
              const chart = dashboard.charts.find((item) => item.id === chartId);
              return chart ? (
                <ChartCard
                  chartId={chart.id}
                  name={chart.name}
                  plot={plots.has(chart.id) ? plots.get(chart.id) : null}
                  editing={layout.editing}
                  onEdit={() => void openEditor(() => editor.openChart(chart.id))}
                  onDelete={() => void deleteChart(chart.id)}
                />
              ) : null;
            }}
          />
        )}
      </Stack>
      {editor.editor ? (
        <ChartEditorModal
          mode={editor.editor.mode}
          draft={editor.editor.draft}
          changed={editor.editor.changed}
          lines={lines}
          linesLoading={linesLoading}
          onChange={editor.change}
          onSave={editor.save}
          onDiscard={editor.discard}
          onClose={editor.close}
        />
      ) : null}
    </Paper>
  );
}

/** The time period shown: the dashboard's, or the one just picked (until the dashboard's changes). */
function useShownRange(dashboard: DashboardView) {
  const [shown, show] = useState({ startMonth: dashboard.startMonth, endMonth: dashboard.endMonth });
  useEffect(() => {
    show({ startMonth: dashboard.startMonth, endMonth: dashboard.endMonth });
  }, [dashboard.startMonth, dashboard.endMonth]);
  return { shown, show };
}
