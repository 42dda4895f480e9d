import type { Context } from '../../graphql/context';
import { stillHasEntityAccess } from '../../graphql/stillHasEntityAccess';
import { entityJobsTopic, type JobStatusEvent, parseJobStatusEvent } from '../../jobs/jobEvents';

/** How often, at most, a live subscription asks again whether its viewer may still read the company. */
export const ACCESS_RECHECK_MS = 60_000;

const DONE: IteratorResult<JobStatusEvent> = { done: true, value: undefined };

/**
 * The company's job status events from now on, for one viewer whose access was checked: only
 * well-formed events of this company pass (the topic is the company's; the check costs nothing). When an
 * event arrives ACCESS_RECHECK_MS or more after the last check, access is checked again, and the
 * stream ends if it is gone. A plain iterator (not a generator) so a disconnect ends it at once.
 */
export function watchEntityJobs(ctx: Context, entityId: string): AsyncIterableIterator<JobStatusEvent> {
  const source = ctx.realtime.subscribe(entityJobsTopic(entityId));
  let checkedAt = ctx.clock.now().getTime();
  const stop = async () => {
    await source.return?.();
    return DONE;
  };
  const iterator: AsyncIterableIterator<JobStatusEvent> = {
    async next() {
      for (;;) {
        const item = await source.next();
        if (item.done) return DONE;
        const event = parseJobStatusEvent(item.value);
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
