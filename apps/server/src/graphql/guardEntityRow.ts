import type { Capability } from '@keel/domain';
import { KeelError } from '../errors';
import type { Context } from './context';

/**
 * The tenancy guard for operations that name a row instead of an entity: given the loaded row, ask
 * `ctx.requireEntity` about the row's entity. A missing row and a row of a company the viewer is not a
 * member of get the same NOT_FOUND answer (`notFound`: 'Account not found', 'Model not found', ...); a
 * member whose role lacks the capability gets FORBIDDEN. Callers check `ctx.requireViewer()` before
 * loading the row, so a signed-out caller learns nothing either.
 */
export async function guardEntityRow<T extends { entityId: string }>(
  ctx: Context,
  row: T | null,
  capability: Capability,
  notFound: () => KeelError,
): Promise<T> {
  if (!row) throw notFound();
  try {
    await ctx.requireEntity(row.entityId, capability);
  } catch (error) {
    if (error instanceof KeelError && error.code === 'NOT_FOUND') throw notFound();
    throw error;
  }
  return row;
}
