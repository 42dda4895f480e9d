import { GraphQLError } from 'graphql';
import type { Realtime } from '../realtime/realtime';
import { clientAddressKey } from './clientAddressKey';
import type { Context, Viewer } from './context';

/** One open live subscription's place under the caps; `release` gives it back (again: nothing). */
export type SubscriptionSlot = { release(): void };

type OpenCounts = { byUser: Map<string, number>; byAddress: Map<string, number> };

/**
 * Open subscriptions per server process: each app has one Realtime for its life, so the counts live
 * beside it (and two test apps in one Node process count apart, as two servers would).
 */
const openCountsByServer = new WeakMap<Realtime, OpenCounts>();

function openCountsOf(realtime: Realtime): OpenCounts {
  let counts = openCountsByServer.get(realtime);
  if (!counts) {
    counts = { byUser: new Map(), byAddress: new Map() };
    openCountsByServer.set(realtime, counts);
  }
  return counts;
}

const add = (counts: Map<string, number>, key: string, delta: number) => {
  const next = (counts.get(key) ?? 0) + delta;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
};

/**
 * Takes a place for one more live subscription of the viewer, from the viewer's client address, on this
 * server, or refuses with TOO_MANY_REQUESTS once either holds its most (MAX_SUBSCRIPTIONS_PER_USER,
 * MAX_SUBSCRIPTIONS_PER_ADDRESS): one person or one address cannot take the server's subscriptions
 * (realtime's MAX_SUBSCRIBERS) from everyone else. The caller releases it exactly when the stream
 * ends, however it ends; a place never released would lock its user out until the server restarts.
 */
export function reserveSubscriptionSlot(ctx: Context, viewer: Viewer): SubscriptionSlot {
  const { byUser, byAddress } = openCountsOf(ctx.realtime);
  const perUser = ctx.config.MAX_SUBSCRIPTIONS_PER_USER;
  const perAddress = ctx.config.MAX_SUBSCRIPTIONS_PER_ADDRESS;
  const address = clientAddressKey(ctx.client.ip);
  if ((byUser.get(viewer.userId) ?? 0) >= perUser) {
    throw tooManySubscriptions(
      `You have ${perUser} live updates open, the most one person may have at once. Close a Keel tab or window you no longer need, then reload this page.`,
      'user',
    );
  }
  if (address !== null && (byAddress.get(address) ?? 0) >= perAddress) {
    throw tooManySubscriptions(
      `Your network has ${perAddress} live updates open, the most one address may have at once. Close Keel tabs or windows you no longer need, then reload this page.`,
      'address',
    );
  }
  add(byUser, viewer.userId, 1);
  if (address !== null) add(byAddress, address, 1);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      add(byUser, viewer.userId, -1);
      if (address !== null) add(byAddress, address, -1);
    },
  };
}

/**
 * Not a rate: a place frees when one of the caller's streams ends, not after a time, so there is no
 * retryAfterSeconds; `extensions.limit` says which cap refused it.
 */
const tooManySubscriptions = (message: string, limit: 'user' | 'address') =>
  new GraphQLError(message, { extensions: { code: 'TOO_MANY_REQUESTS', limit } });
