import type { DepartmentRow } from './hiringRows';

type TreeRow = Pick<DepartmentRow, 'id' | 'parentId' | 'ancestry' | 'position'>;

/** Levels below the top-level department: 0 for it, 1 for its children, ... (ids in the ancestry). */
export function departmentDepth(row: Pick<DepartmentRow, 'ancestry'>): number {
  return row.ancestry.split('/').filter(Boolean).length;
}

/** The ancestry of a department's children: its own ancestry plus its id. */
export function childAncestry(parent: Pick<DepartmentRow, 'id' | 'ancestry'>): string {
  return `${parent.ancestry}${parent.id}/`;
}

/** Whether `row` is `root` or below it. */
export function isInSubtree(
  row: Pick<DepartmentRow, 'id' | 'ancestry'>,
  root: Pick<DepartmentRow, 'id' | 'ancestry'>,
) {
  return row.id === root.id || row.ancestry.startsWith(childAncestry(root));
}

/** A parent's children in their order. */
export function childrenOf<T extends TreeRow>(rows: readonly T[], parentId: string): T[] {
  return rows
    .filter((row) => row.parentId === parentId)
    .sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
}

/**
 * The departments in tree order, as the plan shows them: each department, then its sub-departments in
 * their order, depth first, from the top level down.
 */
export function sortDepartmentTree<T extends TreeRow>(rows: readonly T[]): T[] {
  const byParent = new Map<string | null, T[]>();
  for (const row of rows) {
    const siblings = byParent.get(row.parentId) ?? [];
    siblings.push(row);
    byParent.set(row.parentId, siblings);
  }
  for (const siblings of byParent.values()) {
    siblings.sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
  }
  const ordered: T[] = [];
  const visit = (row: T) => {
    ordered.push(row);
    for (const child of byParent.get(row.id) ?? []) visit(child);
  };
  for (const root of byParent.get(null) ?? []) visit(root);
  return ordered;
}
