import type { ReportDragItem, ReportDropTarget } from '../reportDrag';
import type { ReportAccountView } from '../reportQuery';

/**
 * Why a dragged item may not be dropped on a row (spec §4 'Drag and drop'), or null when it may:
 * - a row without an account (a section or an expression) takes no entries;
 * - a financial row is computed, not editable;
 * - entries cannot move onto the account they are on;
 * - a dragged cell's account cannot go into its own sub-accounts. An entry or a rule is not an
 *   account, so filing it into a sub-account of where it sits is allowed (the server agrees).
 */
export function dropRefusalReason(
  item: ReportDragItem,
  target: ReportDropTarget,
  accountsById: ReadonlyMap<string, Pick<ReportAccountView, 'ancestry'>>,
): string | null {
  if (!target.accountId) return `${target.name} is not an account`;
  if (target.isFinancial) return `${target.name} is computed`;
  const account = accountsById.get(target.accountId);
  if (!account) return `${target.name} is not an account`;
  if (target.accountId === item.sourceAccountId) return 'Already on this account';
  const draggedAccount = item.kind === 'monthly' || item.kind === 'monthlySubtree';
  if (draggedAccount && account.ancestry.includes(`/${item.sourceAccountId}/`))
    return 'Cannot move into its own sub-account';
  return null;
}

/** Whether the item may be dropped on the row. */
export function canDropOn(
  item: ReportDragItem,
  target: ReportDropTarget,
  accountsById: ReadonlyMap<string, Pick<ReportAccountView, 'ancestry'>>,
): boolean {
  return dropRefusalReason(item, target, accountsById) === null;
}
