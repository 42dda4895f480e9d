import { RealtimeBusy } from '../realtime/realtime';
import type { Context } from './context';
import { apiError } from './errors';
import { stillHasEntityAccess } from './stillHasEntityAccess';

/** How often, at most, a live subscription asks again whether its viewer may still read the company. */
export const ACCESS_RECHECK_MS = 60_000;

/**
 * A company's realtime messages on `topic` from now on, for one viewer whose access was checked: only
 * messages `parse` accepts and that name this company pass (the topic is the company's; the check
 * costs nothing). When a message arrives ACCESS_RECHECK_MS or more after the last check, access is
 * checked again, and the stream ends if it is gone. A plain iterator (not a generator) so a disconnect
 * ends it at once.
 */
export function watchEntityTopic<T extends { entityId: string }>(
  ctx: Context,
  entityId: string,
  topic: string,
  parse: (value: unknown) => T | null,
): AsyncIterableIterator<T> {
  const source = ctx.realtime.subscribe(topic);
  const done: IteratorResult<T> = { done: true, value: undefined };
  let checkedAt = ctx.clock.now().getTime();
  const stop = async () => {
    await source.return?.();
    return done;
  };
  const iterator: AsyncIterableIterator<T> = {
    async next() {
      for (;;) {
        const item = await source.next();
        if (item.done) return done;
        const event = parse(item.value);
        if (!event || event.entityId !== entityId) continue;
        const now = ctx.clock.now().getTime();
        if (now - checkedAt >= ACCESS_RECHECK_MS) {
          checkedAt = now;
          if (!(await stillHasEntityAccess(ctx, entityId, 'read'))) return stop();
        }
        return { done: false, value: event };
      }
    },
    return: stop,
    async throw(error?: unknown) {
      await stop();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}

/**
 * A subscription's `subscribe` for a company topic: refused like a query to anyone who may not read the
 * company's books, and with SERVICE_UNAVAILABLE when this server has all the subscriptions it allows.
 */
export async function subscribeToEntityTopic<T extends { entityId: string }>(
  ctx: Context,
  entityId: string,
  topic: string,
  parse: (value: unknown) => T | null,
): Promise<AsyncIterableIterator<T>> {
  await ctx.requireEntity(entityId, 'read');
  try {
    return watchEntityTopic(ctx, entityId, topic, parse);
  } catch (error) {
    if (error instanceof RealtimeBusy) throw apiError('SERVICE_UNAVAILABLE', error.message);
    throw error;
  }
}
