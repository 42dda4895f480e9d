import { monthBounds } from '@keel/domain';
import type { ReportDragItem } from '../reportDrag';

type MonthlyItem = Extract<ReportDragItem, { kind: 'monthly' | 'monthlySubtree' }>;

/**
 * UpdateEntries for a dragged cell: every entry of the column's months, from the first day of the first
 * month to the last day of the last; actual entries through the actuals end month, forecast entries
 * after it (as the cell shows them). A parent's cell takes its sub-accounts' entries too.
 */
export function moveEntriesVariables(item: MonthlyItem, toAccountId: string) {
  const first = item.months[0];
  const last = item.months[item.months.length - 1];
  if (!first || !last) throw new Error('A dragged cell covers at least one month');
  return {
    fromAccountId: item.sourceAccountId,
    toAccountId,
    startDate: monthBounds(first).firstDay,
    endDate: monthBounds(last).lastDay,
    actualsEndDate: monthBounds(item.actualsEndMonth).lastDay,
    includeSubtree: item.kind === 'monthlySubtree',
  };
}
