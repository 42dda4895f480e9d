import { apiError, entityNotFound } from '../errors';
import { parseAccessChangeEvent, viewerAccessTopic } from '../realtime/accessEvents';
import { RealtimeBusy } from '../realtime/realtime';
import { type Context, isUuid } from './context';
import { reserveSubscriptionSlot, type SubscriptionSlot } from './reserveSubscriptionSlot';
import { stillHasEntityAccess } from './stillHasEntityAccess';

/** What a subscription field streams: one company's messages on one topic, those `parse` accepts. */
type EntityTopicWatch<T extends { entityId: string }> = {
  entityId: string;
  /** The realtime topic; the company's, or something of it (a chat thread). */
  topic: string;
  parse: (value: unknown) => T | null;
  /** Further refusals once the viewer may read the company (another user's thread is NOT_FOUND). */
  admit?: () => Promise<void>;
};

/**
 * A subscription's `subscribe` for a company topic. Refused as a query is to anyone who may not read
 * the company's books; with TOO_MANY_REQUESTS past the viewer's or their address's open subscriptions
 * on this server (reserveSubscriptionSlot); with SERVICE_UNAVAILABLE once the server holds all it
 * allows. The stream listens to its viewer's access changes as well as the topic, from before access
 * is checked, so a change committed while it opens is heard too.
 */
export async function subscribeToEntityTopic<T extends { entityId: string }>(
  ctx: Context,
  watch: EntityTopicWatch<T>,
): Promise<AsyncIterableIterator<T>> {
  const viewer = ctx.requireViewer();
  if (!isUuid(watch.entityId)) throw entityNotFound();
  const slot = reserveSubscriptionSlot(ctx, viewer);
  let source: AsyncIterableIterator<unknown> | undefined;
  try {
    source = ctx.realtime.subscribe([watch.topic, viewerAccessTopic(viewer.userId)]);
    await ctx.requireEntity(watch.entityId, 'read');
    await watch.admit?.();
    return streamEntityTopic(ctx, watch, source, slot);
  } catch (error) {
    await source?.return?.();
    slot.release();
    if (error instanceof RealtimeBusy) throw apiError('SERVICE_UNAVAILABLE', error.message);
    throw error;
  }
}

/**
 * The stream itself. Before each event is sent, and whenever the viewer's access changes (a message on
 * their access topic), access is read again (one statement, shared by the viewer's streams that ask at
 * once); when it is gone the stream ends, as a stream that completes: the client sees it close. Its
 * slot is released when it ends, whichever way: the client leaving (`return`), access lost, the server
 * closing (the source ends) or an error. A plain iterator, not a generator, so `return` ends it at once
 * even while a `next` waits.
 */
function streamEntityTopic<T extends { entityId: string }>(
  ctx: Context,
  { entityId, parse }: EntityTopicWatch<T>,
  source: AsyncIterableIterator<unknown>,
  slot: SubscriptionSlot,
): AsyncIterableIterator<T> {
  const done: IteratorResult<T> = { done: true, value: undefined };
  let ended = false;
  const end = async () => {
    if (!ended) {
      ended = true;
      slot.release();
    }
    await source.return?.();
    return done;
  };
  const mayRead = async () => {
    try {
      return await stillHasEntityAccess(ctx, entityId, 'read');
    } catch (error) {
      // Access that cannot be confirmed is not granted.
      await end();
      throw error;
    }
  };
  const iterator: AsyncIterableIterator<T> = {
    async next() {
      for (;;) {
        if (ended) return done;
        const item = await source.next();
        if (item.done || ended) return end();
        const change = parseAccessChangeEvent(item.value);
        if (change) {
          if (change.entityId !== null && change.entityId !== entityId) continue;
          if (!(await mayRead())) return end();
          continue;
        }
        const event = parse(item.value);
        if (!event || event.entityId !== entityId) continue;
        if (!(await mayRead()) || ended) return end();
        return { done: false, value: event };
      }
    },
    return: end,
    async throw(error?: unknown) {
      await end();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
