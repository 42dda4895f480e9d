import { formatCents, type MonthKey } from '@keel/domain';
import type { ReportDragItem } from '../reportDrag';
import type { ReportColumnView, ReportLineItemView } from '../reportQuery';

type DragRow = Pick<ReportLineItemView, 'accountId' | 'isFinancial' | 'isLeaf' | 'itemType' | 'name'>;

/**
 * What dragging a figure cell moves (spec §4), or null when the cell cannot be dragged: only account
 * rows that take entries (not financial, not sections or expressions). A leaf account, or a parent's
 * own-figures ('_leaf') row, moves that account's own entries ('monthly'); a parent account row moves
 * its whole subtree's entries ('monthlySubtree'). The column's months bound the move.
 */
export function cellDragItem(
  row: DragRow,
  column: Pick<ReportColumnView, 'months' | 'short'>,
  value: number,
  actualsEndMonth: MonthKey,
  parentAccountIds: ReadonlySet<string>,
): ReportDragItem | null {
  if (!row.accountId || row.isFinancial) return null;
  if (row.itemType !== 'Account' && row.itemType !== 'AccountTree') return null;
  if (column.months.length === 0) return null;
  const subtree = !row.isLeaf && parentAccountIds.has(row.accountId);
  return {
    kind: subtree ? 'monthlySubtree' : 'monthly',
    sourceAccountId: row.accountId,
    months: column.months,
    actualsEndMonth,
    label: `${row.name} · ${column.short} · ${formatCents(value)}`,
  };
}

/** The accounts that have sub-accounts. */
export function parentAccountIdsOf(accounts: readonly { parentId: string | null }[]): Set<string> {
  const ids = new Set<string>();
  for (const account of accounts) if (account.parentId) ids.add(account.parentId);
  return ids;
}
