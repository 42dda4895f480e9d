import { HIRING_MESSAGES } from '@keel/domain';
import { badHiringInput } from './hiringErrors';

/**
 * Where a department or job position goes among its siblings (spec §7: position is 'first',
 * {before: id} or {after: id}); 'last' when no position is given.
 */
export type Placement =
  | { kind: 'first' }
  | { kind: 'last' }
  | { kind: 'before'; id: string }
  | { kind: 'after'; id: string };

/** The GraphQL input: one of first: true, before: id, after: id. */
export type PlacementInput = {
  first?: boolean | null;
  before?: string | number | null;
  after?: string | number | null;
};

/** The placement an input asks for; null when none was given; BAD_USER_INPUT when it asks for two. */
export function parsePlacement(input: PlacementInput | null | undefined): Placement | null {
  if (!input) return null;
  const asked: Placement[] = [];
  if (input.first) asked.push({ kind: 'first' });
  if (input.before != null) asked.push({ kind: 'before', id: String(input.before) });
  if (input.after != null) asked.push({ kind: 'after', id: String(input.after) });
  if (asked.length > 1) throw badHiringInput(HIRING_MESSAGES.placementAmbiguous);
  return asked[0] ?? { kind: 'last' };
}

/** The sibling a placement is relative to, if any. */
export function placementReference(placement: Placement | null): string | null {
  return placement?.kind === 'before' || placement?.kind === 'after' ? placement.id : null;
}

/**
 * The siblings' ids in their new order with `movingId` placed as asked (taken out of its old place
 * first). The sibling a placement names must be among `orderedIds`: the caller checked it.
 */
export function placeSibling(
  orderedIds: readonly string[],
  movingId: string,
  placement: Placement,
): string[] {
  const others = orderedIds.filter((id) => id !== movingId);
  if (placement.kind === 'first') return [movingId, ...others];
  if (placement.kind === 'last') return [...others, movingId];
  const at = others.indexOf(placement.id);
  if (at < 0) throw new Error(`Not a sibling: ${placement.id}`);
  others.splice(placement.kind === 'before' ? at : at + 1, 0, movingId);
  return others;
}
