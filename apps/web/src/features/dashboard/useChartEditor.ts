import { useState } from 'react';
import { type ChartDraft, chartDraftOf, chartInputOf, isSameChartDraft, newChartDraft } from './chartDraft';
import type { DashboardChart } from './dashboardQueries';
import { useChartSave } from './useChartSave';

/** The editor's key for a chart's draft: its id, or NEW_CHART for the chart being added. */
const NEW_CHART = 'new';

/**
 * The chart editor of a dashboard (spec §4: 'Chart editor keeps a local draft, saved once valid'): one
 * draft per chart (and one for a new chart), kept while the editor is closed, until it is saved or
 * discarded. Reopening a chart with a draft shows the draft.
 */
export function useChartEditor(dashboardId: string, charts: readonly DashboardChart[]) {
  const saveChart = useChartSave(dashboardId);
  const [open, setOpen] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Record<string, ChartDraft>>({});
  const chart = open && open !== NEW_CHART ? (charts.find((item) => item.id === open) ?? null) : null;
  const saved = (key: string): ChartDraft | null => {
    if (key === NEW_CHART) return null;
    const found = charts.find((item) => item.id === key);
    return found ? chartDraftOf(found) : null;
  };
  const draftOf = (key: string): ChartDraft => drafts[key] ?? saved(key) ?? newChartDraft();
  const forget = (key: string) =>
    setDrafts((all) => {
      const { [key]: _dropped, ...rest } = all;
      return rest;
    });
  const isChanged = (key: string, draft: ChartDraft): boolean => {
    const base = saved(key);
    return base ? !isSameChartDraft(base, draft) : !isSameChartDraft(newChartDraft(), draft);
  };

  const draft = open ? draftOf(open) : null;
  return {
    /** The open editor: its mode and draft, or null when closed. */
    editor:
      open && draft
        ? {
            mode: open === NEW_CHART ? ('new' as const) : ('edit' as const),
            draft,
            changed: isChanged(open, draft),
          }
        : null,
    openNew: () => {
      setOpen(NEW_CHART);
      setDrafts((all) => (all[NEW_CHART] ? all : { ...all, [NEW_CHART]: newChartDraft() }));
    },
    openChart: (chartId: string) => {
      setOpen(chartId);
      // Seeded once, so the draft's keys (and the editor's inputs) stay put while it is edited.
      setDrafts((all) => {
        const base = all[chartId] ? null : saved(chartId);
        return base ? { ...all, [chartId]: base } : all;
      });
    },
    close: () => {
      // A draft equal to what is saved is no draft: the next opening shows the chart as it is then.
      if (open && draft && !isChanged(open, draft)) forget(open);
      setOpen(null);
    },
    change: (next: ChartDraft) => {
      if (open) setDrafts((all) => ({ ...all, [open]: next }));
    },
    discard: () => {
      if (!open) return;
      setDrafts((all) => ({ ...all, [open]: saved(open) ?? newChartDraft() }));
    },
    save: async (): Promise<boolean> => {
      if (!open || !draft) return false;
      const key = open;
      const ok = await saveChart(chart?.id ?? null, chartInputOf(draft));
      if (ok) {
        forget(key);
        setOpen((current) => (current === key ? null : current));
      }
      return ok;
    },
  };
}
