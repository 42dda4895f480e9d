import type { HiringDepartment, HiringJobPosition } from './hiringQueries';

/** What is being dragged, or what it is over: a department's heading row or a job position's row. */
export type HiringRowRef = { kind: 'department' | 'position'; id: string };

/** Where over a row a drop lands (spec §4): above it, below it, or inside it (departments only). */
export type DropZone = 'above' | 'inside' | 'below';

/** Which zones a target row offers the dragged row. */
type DropZones = 'aboveInsideBelow' | 'aboveBelow' | 'inside';

/**
 * The zone under the pointer (spec §4 'Drop zone judged by quarter/three-quarter split'): with an
 * inside zone, the top quarter is above, the bottom quarter below and the middle half inside; without
 * one, the row's halves; a row that only takes drops inside is inside wherever the pointer is.
 */
export function dropZoneAt(
  row: { top: number; height: number },
  pointerY: number,
  zones: DropZones,
): DropZone {
  if (zones === 'inside') return 'inside';
  const share = row.height > 0 ? (pointerY - row.top) / row.height : 0.5;
  if (zones === 'aboveBelow') return share < 0.5 ? 'above' : 'below';
  if (share < 0.25) return 'above';
  if (share > 0.75) return 'below';
  return 'inside';
}

export type HiringPlanShape = {
  departments: readonly Pick<HiringDepartment, 'id' | 'name' | 'ancestry' | 'isTopLevel'>[];
  jobPositions: readonly Pick<HiringJobPosition, 'id' | 'departmentId'>[];
};

export const DROP_REFUSALS = {
  departmentOnPosition: 'A department goes above, below or inside another department',
  departmentIntoItself: 'A department cannot go inside itself or its sub-departments',
} as const;

/**
 * What a target row offers the dragged row: its zones, or why nothing can land there; null means the
 * row is the dragged one itself (nothing to do). A position goes into a department or above or below a
 * position; a department above, below or inside a department (only inside the top level, which is the
 * company), never inside itself or its sub-departments.
 */
export function dropZonesFor(
  dragged: HiringRowRef,
  target: HiringRowRef,
  plan: HiringPlanShape,
): { zones: DropZones } | { refusal: string } | null {
  if (dragged.kind === target.kind && dragged.id === target.id) return null;
  if (dragged.kind === 'position') {
    return { zones: target.kind === 'department' ? 'inside' : 'aboveBelow' };
  }
  if (target.kind === 'position') return { refusal: DROP_REFUSALS.departmentOnPosition };
  const department = plan.departments.find((row) => row.id === target.id);
  if (!department) return null;
  if (department.ancestry.split('/').includes(dragged.id)) {
    return { refusal: DROP_REFUSALS.departmentIntoItself };
  }
  return { zones: department.isTopLevel ? 'inside' : 'aboveInsideBelow' };
}

type Placement = { first: true } | { before: string } | { after: string };

/** A move as the API takes it (UpdateDepartment / UpdateJobPosition: parent or department, placement). */
export type HiringMove =
  | { kind: 'department'; id: string; parentId?: string; position?: Placement }
  | { kind: 'position'; id: string; departmentId: string; position: Placement };

/**
 * The move a drop asks for, or null when it asks for none (the row onto itself, or a refused drop):
 * a department above or below another becomes its sibling (the server takes the parent from it), inside
 * it its last sub-department; a position above or below another goes into that one's department next
 * to it, dropped on a department it becomes that department's first position.
 */
export function hiringMoveOf(
  dragged: HiringRowRef,
  target: HiringRowRef,
  zone: DropZone,
  plan: HiringPlanShape,
): HiringMove | null {
  const offer = dropZonesFor(dragged, target, plan);
  if (offer === null || 'refusal' in offer) return null;
  const { zones } = offer;
  if (zones === 'inside' && zone !== 'inside') return null;
  if (zones === 'aboveBelow' && zone === 'inside') return null;
  const placement: Placement = zone === 'above' ? { before: target.id } : { after: target.id };
  if (dragged.kind === 'department') {
    return zone === 'inside'
      ? { kind: 'department', id: dragged.id, parentId: target.id }
      : { kind: 'department', id: dragged.id, position: placement };
  }
  if (target.kind === 'department') {
    return { kind: 'position', id: dragged.id, departmentId: target.id, position: { first: true } };
  }
  const departmentId = plan.jobPositions.find((row) => row.id === target.id)?.departmentId;
  return departmentId ? { kind: 'position', id: dragged.id, departmentId, position: placement } : null;
}
