import { useCallback, useMemo, useState } from 'react';
import type { ReportLineItemView } from '../reportQuery';
import { defaultExpandedRowIds, isRowExpanded, parentRowIds, visibleGridRows } from './visibleGridRows';

/**
 * Open and closed rows, by report: kept outside React so a new date range (which remounts the grid
 * while the report reloads) keeps what the person opened, for the page's life.
 */
const overridesByReport = new Map<string, ReadonlyMap<string, boolean>>();

type GridExpansion = {
  visibleRows: ReportLineItemView[];
  parents: ReadonlySet<string>;
  isExpanded(rowId: string): boolean;
  toggle(rowId: string): void;
  setExpanded(rowIds: readonly string[], expanded: boolean): void;
};

/** Which rows are open (the person's choices over the defaults) and the rows that shows. */
export function useGridExpansion(reportId: string, rows: readonly ReportLineItemView[]): GridExpansion {
  const [overrides, setOverrides] = useState<ReadonlyMap<string, boolean>>(
    () => overridesByReport.get(reportId) ?? new Map(),
  );
  const parents = useMemo(() => parentRowIds(rows), [rows]);
  const defaults = useMemo(() => defaultExpandedRowIds(rows), [rows]);
  const isExpanded = useCallback(
    (rowId: string) => isRowExpanded(rowId, overrides, defaults),
    [overrides, defaults],
  );
  const visibleRows = useMemo(() => visibleGridRows(rows, parents, isExpanded), [rows, parents, isExpanded]);

  const update = useCallback(
    (change: (previous: ReadonlyMap<string, boolean>) => ReadonlyMap<string, boolean>) =>
      setOverrides((previous) => {
        const next = change(previous);
        overridesByReport.set(reportId, next);
        return next;
      }),
    [reportId],
  );
  const toggle = useCallback(
    (rowId: string) =>
      update((previous) => new Map(previous).set(rowId, !isRowExpanded(rowId, previous, defaults))),
    [update, defaults],
  );
  const setExpanded = useCallback(
    (rowIds: readonly string[], expanded: boolean) =>
      update((previous) => {
        if (rowIds.every((id) => isRowExpanded(id, previous, defaults) === expanded)) return previous;
        const next = new Map(previous);
        for (const id of rowIds) next.set(id, expanded);
        return next;
      }),
    [update, defaults],
  );
  return { visibleRows, parents, isExpanded, toggle, setExpanded };
}
