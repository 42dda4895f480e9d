import type { MonthKey } from '@keel/domain';
import { createContext, useContext } from 'react';
import type { ReportAccountView, ReportColumnView, ReportLineItemView } from '../reportQuery';
import type { StaleMark } from './staleMarks';

/**
 * What every row and cell of the grid reaches without props: stable actions (their identity never
 * changes, so memoised rows skip re-rendering while the grid scrolls) and the report's shared data.
 */
export type GridActions = {
  selectRow(key: string): void;
  selectCell(key: string, column: ReportColumnView): void;
  toggleRow(rowId: string): void;
  openRowMenu(row: ReportLineItemView, button: HTMLElement): void;
  startEdit(rowId: string, columnKey: string): void;
  commitEdit(
    row: ReportLineItemView,
    column: ReportColumnView,
    cents: number,
    text: string,
    initial: string,
  ): void;
  cancelEdit(): void;
  rename(row: ReportLineItemView, name: string): void;
  cancelRename(): void;
};

export type GridContextValue = {
  actions: GridActions;
  accountsById: ReadonlyMap<string, ReportAccountView>;
  actualsEndMonth: MonthKey;
  /** Accounts with sub-accounts: their cells drag as a subtree. */
  parentAccountIds: ReadonlySet<string>;
  /** The row whose menu is open, if any. */
  menuRowId: string | null;
  /** By account id: the stale model output its row shows last good figures for. */
  staleMarks: ReadonlyMap<string, StaleMark>;
};

export const GridContext = createContext<GridContextValue | null>(null);

export function useGridContext(): GridContextValue {
  const value = useContext(GridContext);
  if (!value) throw new Error('GridContext not found');
  return value;
}
