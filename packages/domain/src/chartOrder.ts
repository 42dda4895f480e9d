/** What ordering a chart of accounts needs to know of an account (or of a report line). */
export type ChartOrderItem = { id: string; parentId: string | null; sortOrder: number; name: string };

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Siblings in the order the Financial Report grid shows them: by sort order, then name (by code unit,
 * so the server and the browser agree whatever their locale, and faster than a locale-aware compare),
 * then id.
 */
export function compareChartSiblings(
  a: Pick<ChartOrderItem, 'id' | 'sortOrder' | 'name'>,
  b: Pick<ChartOrderItem, 'id' | 'sortOrder' | 'name'>,
): number {
  return a.sortOrder - b.sortOrder || compareText(a.name, b.name) || compareText(a.id, b.id);
}

/**
 * The chart in the grid's order: depth-first through the tree, each account followed
 * by its sub-accounts, siblings by compareChartSiblings. An account whose parent is not in the list is
 * taken as top-level. 'First in chart order' means first in this list.
 */
export function sortChartDepthFirst<T extends ChartOrderItem>(accounts: readonly T[]): T[] {
  const ids = new Set(accounts.map((account) => account.id));
  const children = new Map<string | null, T[]>();
  for (const account of [...accounts].sort(compareChartSiblings)) {
    const parentId = account.parentId !== null && ids.has(account.parentId) ? account.parentId : null;
    const siblings = children.get(parentId) ?? [];
    siblings.push(account);
    children.set(parentId, siblings);
  }
  const ordered: T[] = [];
  // An explicit stack, not recursion: a chart may be deep. Pushed in reverse so the first comes off first.
  const stack = [...(children.get(null) ?? [])].reverse();
  for (let account = stack.pop(); account !== undefined; account = stack.pop()) {
    ordered.push(account);
    stack.push(...[...(children.get(account.id) ?? [])].reverse());
  }
  return ordered;
}
