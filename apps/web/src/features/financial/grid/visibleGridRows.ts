import type { ReportLineItemView } from '../reportQuery';

type TreeRow = Pick<ReportLineItemView, 'id' | 'parentId' | 'depth' | 'ancestry' | 'itemType' | 'name'>;

/** The ids of rows that have child rows (rows come in tree order, each child after its parent). */
export function parentRowIds(rows: readonly TreeRow[]): Set<string> {
  const ids = new Set<string>();
  for (const row of rows) if (row.parentId) ids.add(row.parentId);
  return ids;
}

/**
 * Rows open when the report first shows (spec §2: 'Expense rows and variable or budget types start
 * expanded'): the Expense tree and everything below it, and section rows. The rest start collapsed, so
 * income, the balance sheet and the expressions read as one line each until opened.
 */
export function defaultExpandedRowIds(rows: readonly TreeRow[]): Set<string> {
  const expenseTreeIds = rows
    .filter((row) => row.depth === 0 && row.itemType === 'AccountTree' && row.name === 'Expense')
    .map((row) => row.id);
  const ids = new Set<string>();
  for (const row of rows) {
    const underExpense = expenseTreeIds.some((id) => row.id === id || row.ancestry.includes(`/${id}/`));
    if (underExpense || row.itemType === 'Section') ids.add(row.id);
  }
  return ids;
}

/** Whether a row is open: the person's choice when they made one, else the default. */
export function isRowExpanded(
  rowId: string,
  overrides: ReadonlyMap<string, boolean>,
  defaults: ReadonlySet<string>,
): boolean {
  return overrides.get(rowId) ?? defaults.has(rowId);
}

/**
 * The rows on screen, in order: every row whose ancestors are all expanded. Relies on tree order:
 * after a collapsed row, every deeper row up to the next row at its depth or above is its descendant.
 */
export function visibleGridRows<T extends TreeRow>(
  rows: readonly T[],
  parents: ReadonlySet<string>,
  isExpanded: (rowId: string) => boolean,
): T[] {
  const visible: T[] = [];
  let hiddenBelowDepth = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    if (row.depth > hiddenBelowDepth) continue;
    hiddenBelowDepth = Number.POSITIVE_INFINITY;
    visible.push(row);
    if (parents.has(row.id) && !isExpanded(row.id)) hiddenBelowDepth = row.depth;
  }
  return visible;
}

type FigureRow = TreeRow & Pick<ReportLineItemView, 'columnValues' | 'accountId'>;

/**
 * The rows without the empty accounts (spec §3 report option `emptyAccounts` off): an account row
 * whose figure is zero in every column of the range and whose sub-rows are all empty too. Sections,
 * expressions and the top-level accounts always show, and so do, with their ancestors:
 * - the accounts in `shownAccountIds`, those a person added and has not hidden (a mark
 *   stored with the account, so a new sub-account stays in view, and droppable, after a reload);
 * - the rows in `keep` (the selected row and the ones the person selected on this page).
 * Returns the same array when nothing is hidden.
 */
export function withoutEmptyAccounts<T extends FigureRow>(
  rows: readonly T[],
  keep: ReadonlySet<string>,
  shownAccountIds: ReadonlySet<string> = new Set(),
): readonly T[] {
  const shown = new Set<string>();
  const show = (row: T) => {
    shown.add(row.id);
    // Ancestry is '/root/…/parent/': every ancestor stays with it.
    for (const id of row.ancestry.split('/')) if (id) shown.add(id);
  };
  for (const row of rows) {
    const account = row.itemType === 'Account' || row.itemType === 'AccountTree';
    if (
      !account ||
      row.depth === 0 ||
      keep.has(row.id) ||
      (row.accountId !== null && shownAccountIds.has(row.accountId)) ||
      row.columnValues.some((value) => value !== 0)
    ) {
      show(row);
    }
  }
  const kept = rows.filter((row) => shown.has(row.id));
  return kept.length === rows.length ? rows : kept;
}
