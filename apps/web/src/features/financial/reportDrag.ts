import type { MonthKey } from '@keel/domain';

/**
 * What can be dragged onto an account row of the grid (spec §4 'Drag and drop'):
 * - entry: one entry of the drawer's list (UpdateEntry with the new accountId);
 * - monthly: a cell of a leaf account row (UpdateEntries over the column's months);
 * - monthlySubtree: a cell of a parent account row (UpdateEntries with includeSubtree);
 * - rule: the drawer's search, dragged to make a rule (CreateRule).
 * `sourceAccountId` is the account the entries leave; drops on it, on the dragged account's subtree
 * and on financial rows are refused.
 */
export type ReportDragItem =
  | { kind: 'entry'; entryId: string; sourceAccountId: string; label: string }
  | {
      kind: 'monthly' | 'monthlySubtree';
      sourceAccountId: string;
      /** The months of the dragged column (one for a month column). */
      months: MonthKey[];
      actualsEndMonth: MonthKey;
      label: string;
    }
  | {
      kind: 'rule';
      sourceAccountId: string;
      searchFilter: string;
      label: string;
      /** The first day of the drawer's window: the rule moves matching entries dated on or after it. */
      date: string;
      /** How many entries the drawer listed for the search when the drag began. */
      shownCount: number;
    };

/** The data of a droppable grid row. */
export type ReportDropTarget = {
  rowId: string;
  accountId: string | null;
  isFinancial: boolean;
  name: string;
};

/** dnd-kit ids: draggables and droppables carry these data objects under `data.current`. */
export type ReportDragData = { item: ReportDragItem };
export type ReportDropData = { target: ReportDropTarget };
