import { useCallback, useContext, useMemo, useRef } from 'react';
import { UNSAFE_DataRouterContext, useSearchParams } from 'react-router';
import type { ReportAccountView, ReportColumnView, ReportLineItemView } from './reportQuery';

/**
 * The grid's selection, kept in the query string (spec §2 'Report grid details'):
 * - `account`: the selected row's key (see `rowKey`);
 * - `month`: the selected column's key ('2026-04', 'fy-2026', 'ytd-2026'); absent with `total`;
 * - `total`: 'true' when the Overall Total column is selected;
 * - `type`: the selected column's filter (actual, forecast or ytd);
 * - `expand`: 'true' opens every ancestor of the selected row, and is then removed.
 * Every change replaces the history entry.
 */
export type ReportSelection = {
  account: string | null;
  month: string | null;
  total: boolean;
  type: string | null;
  expand: boolean;
};

/** The selected column's key, or null when only a row (or nothing) is selected. */
export function selectedColumnKey(selection: ReportSelection): string | null {
  if (selection.total) return 'total';
  return selection.month;
}

/**
 * A row's key in the `account` query parameter: the account path ('Expense/Operating Expenses/Payroll')
 * for account rows, the path plus '/_leaf' for a parent account's own-figures row, and the line's name
 * for section and expression rows. Paths keep a link readable and stable across reloads.
 */
export function rowKey(
  row: ReportLineItemView,
  accountsById: ReadonlyMap<string, ReportAccountView>,
): string {
  const account = row.accountId ? accountsById.get(row.accountId) : undefined;
  if (!account) return row.name;
  return row.isLeaf ? `${account.path}/_leaf` : account.path;
}

/** The row a key names, or undefined when it names none (a stale link). */
export function findRowByKey(
  rows: readonly ReportLineItemView[],
  accountsById: ReadonlyMap<string, ReportAccountView>,
  key: string | null,
): ReportLineItemView | undefined {
  if (key === null) return undefined;
  return rows.find((row) => rowKey(row, accountsById) === key);
}

/** The ids of a row's ancestors, nearest last (from `ancestry`, '/a/b/'). */
export function ancestorRowIds(row: ReportLineItemView): string[] {
  return row.ancestry.split('/').filter(Boolean);
}

export type ReportSelectionControls = {
  selection: ReportSelection;
  /** Selects a row: sets `account`, clears total, type, month and expand (spec). */
  selectRow(key: string): void;
  /** Selects a cell: the row and the column (only its key, period and filter are read). */
  selectCell(key: string, column: ColumnRef): void;
  /** Selects a column (header click), keeping the row. */
  selectColumn(column: ReportColumnView): void;
  /** Clears the selection (the drawer closes). */
  clear(): void;
  /** Removes `expand` once the grid has opened the ancestors. */
  consumeExpand(): void;
};

/** What the query string keeps of a column. */
export type ColumnRef = Pick<ReportColumnView, 'key' | 'period' | 'filter'>;

function columnParams(params: URLSearchParams, column: ColumnRef | null) {
  params.delete('month');
  params.delete('total');
  params.delete('type');
  if (!column) return;
  if (column.period === 'total') params.set('total', 'true');
  else params.set('month', column.key);
  if (column.filter !== 'none') params.set('type', column.filter);
}

/** Reads and writes the selection in the query string. */
export function useReportSelection(): ReportSelectionControls {
  const [params, setParams] = useSearchParams();
  const selection = useMemo<ReportSelection>(
    () => ({
      account: params.get('account'),
      month: params.get('month'),
      total: params.get('total') === 'true',
      type: params.get('type'),
      expand: params.get('expand') === 'true',
    }),
    [params],
  );
  // What the query string is now. react-router commits a navigation in a transition, so a render
  // (and the effects it runs) may still see the parameters from before the last change, and a
  // change of ours is applied a moment after we ask for it. So a change starts from the router's own
  // location (ahead of any render: a link just followed is there), or from our last change while the
  // router has not applied it yet; two quick changes (a link selecting a cell, then the grid consuming
  // `expand`) each start from the other's result, never from stale parameters. Without a data router
  // (MemoryRouter in component tests) it starts from the rendered parameters and our last change.
  const dataRouter = useContext(UNSAFE_DataRouterContext)?.router;
  const pending = useRef<{ from: string; to: URLSearchParams } | null>(null);
  const rendered = useRef(params);
  if (rendered.current !== params) {
    rendered.current = params;
    if (!dataRouter) pending.current = null;
  }
  const update = useCallback(
    (change: (next: URLSearchParams) => void) => {
      const live = dataRouter ? dataRouter.state.location.search : `?${rendered.current.toString()}`;
      const last = pending.current;
      const next = new URLSearchParams(last && (!dataRouter || last.from === live) ? last.to : live);
      change(next);
      pending.current = { from: live, to: next };
      setParams(next, { replace: true });
    },
    [setParams, dataRouter],
  );
  return useMemo(
    () => ({
      selection,
      selectRow: (key) =>
        update((next) => {
          next.set('account', key);
          columnParams(next, null);
          next.delete('expand');
        }),
      selectCell: (key, column) =>
        update((next) => {
          next.set('account', key);
          columnParams(next, column);
          next.delete('expand');
        }),
      selectColumn: (column) => update((next) => columnParams(next, column)),
      clear: () =>
        update((next) => {
          for (const name of ['account', 'month', 'total', 'type', 'expand']) next.delete(name);
        }),
      consumeExpand: () => update((next) => next.delete('expand')),
    }),
    [selection, update],
  );
}
