import { useCallback, useMemo, useState } from 'react';
import { useStoredValue } from '../../../lib/localStore';
import { type ReportColumnOptions, reportColumnOptionsStore } from './reportColumnOptions';

/**
 * Toggles made without 'Make default' last for the page's life: they are kept here, outside React,
 * so they survive the grid remounting (a new date range reloads the report) but not a reload.
 */
let pageColumnOptions: ReportColumnOptions | null = null;

export type ColumnOptionsControls = {
  options: ReportColumnOptions;
  setOptions(next: ReportColumnOptions): void;
  /** Saves the current toggles as the default (restored on every load). */
  makeDefault(): void;
};

export function useReportColumnOptions(): ColumnOptionsControls {
  const stored = useStoredValue(reportColumnOptionsStore);
  const [options, setState] = useState<ReportColumnOptions>(() => pageColumnOptions ?? stored);
  const setOptions = useCallback((next: ReportColumnOptions) => {
    pageColumnOptions = next;
    setState(next);
  }, []);
  const makeDefault = useCallback(() => reportColumnOptionsStore.write(options), [options]);
  return useMemo(() => ({ options, setOptions, makeDefault }), [options, setOptions, makeDefault]);
}
