import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { eventually } from '../../test/sseTestKit';
import { queryRows } from '../db/queryRows';
import { REALTIME_APPLICATION_NAME } from './createPostgresRealtime';
import { publishInTx } from './publishInTx';
import { type JsonValue, NOTIFY_PAYLOAD_MAX_BYTES, RealtimeBusy, RealtimePayloadTooLarge } from './realtime';
import { createTopicHub } from './topicHub';

/** Reads what a subscription hears into an array, as it arrives. */
function hear(iterator: AsyncIterableIterator<JsonValue>) {
  const heard: JsonValue[] = [];
  const done = (async () => {
    for await (const value of iterator) heard.push(value);
  })();
  return { heard, done };
}

describe('the topic hub (one process)', () => {
  it('keeps at most its buffer of unread messages per subscriber, dropping the oldest', async () => {
    const hub = createTopicHub({ maxBuffered: 3 });
    const slow = hub.subscribe('t');
    for (let n = 1; n <= 5; n += 1) hub.deliver('t', n);
    const read = [await slow.next(), await slow.next(), await slow.next()].map((result) => result.value);
    expect(read).toEqual([3, 4, 5]);
    hub.deliver('t', 6);
    expect((await slow.next()).value).toBe(6);
  });

  it('ends a subscription at once on return, abort or close, even while it waits', async () => {
    const hub = createTopicHub();
    const returned = hub.subscribe('t');
    const waiting = returned.next();
    await returned.return?.();
    expect(await waiting).toEqual({ done: true, value: undefined });

    const controller = new AbortController();
    const aborted = hub.subscribe('t', controller.signal);
    const waitingToo = aborted.next();
    controller.abort();
    expect(await waitingToo).toMatchObject({ done: true });

    const open = hub.subscribe('t');
    expect(hub.size).toBe(1);
    hub.close();
    expect(await open.next()).toMatchObject({ done: true });
    expect(hub.size).toBe(0);
    expect(await hub.subscribe('t').next()).toMatchObject({ done: true });
  });

  it('delivers only the topic subscribed to, and refuses subscriptions past its limit', async () => {
    const hub = createTopicHub({ maxSubscribers: 2 });
    const a = hub.subscribe('a');
    hub.subscribe('b');
    expect(() => hub.subscribe('c')).toThrow(RealtimeBusy);
    hub.deliver('b', 'for b');
    hub.deliver('a', 'for a');
    expect((await a.next()).value).toBe('for a');
    expect(() => hub.subscribe('not a topic!')).toThrow(/topic/);
  });

  it('hears several topics as one subscriber, counted once and let go of all at once', async () => {
    const hub = createTopicHub({ maxSubscribers: 1 });
    const both = hub.subscribe(['a', 'b', 'a']);
    expect(hub.size).toBe(1);
    expect(() => hub.subscribe('c')).toThrow(RealtimeBusy);
    hub.deliver('b', 'from b');
    hub.deliver('c', 'from c');
    hub.deliver('a', 'from a');
    expect([(await both.next()).value, (await both.next()).value]).toEqual(['from b', 'from a']);
    await both.return?.();
    expect(hub.size).toBe(0);
    hub.deliver('a', 'after');
    expect(await both.next()).toMatchObject({ done: true });
    expect(() => hub.subscribe(['a', 'not a topic!'])).toThrow(/topic/);
    expect(hub.size).toBe(0);
  });
});

describe('realtime on the database', () => {
  let t: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { JOB_WORKER: 'false' } });
    second = await createTestApp({ sharedWith: t, env: { JOB_WORKER: 'false' } });
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it("delivers a message published by one server to the other's subscribers of its topic", async () => {
    const controller = new AbortController();
    const there = hear(second.app.realtime.subscribe('news', controller.signal));
    const other = hear(second.app.realtime.subscribe('other', controller.signal));
    const here = hear(t.app.realtime.subscribe('news', controller.signal));
    await t.app.realtime.publish('news', { n: 1, text: 'héllo' });
    await eventually(() => there.heard.length === 1 && here.heard.length === 1);
    expect(there.heard).toEqual([{ n: 1, text: 'héllo' }]);
    expect(other.heard).toEqual([]);
    controller.abort();
    await Promise.all([there.done, other.done, here.done]);
    expect(second.app.realtime.subscriberCount).toBe(0);
  });

  it('publishes in a transaction on commit only', async () => {
    const controller = new AbortController();
    const there = hear(second.app.realtime.subscribe('tx-news', controller.signal));
    await t.db
      .transaction(async (tx) => {
        await publishInTx(tx, 'tx-news', 'rolled back');
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await t.db.transaction(async (tx) => {
      await publishInTx(tx, 'tx-news', 'committed');
      // Not yet: delivery waits for the commit.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(there.heard).toEqual([]);
    });
    await eventually(() => there.heard.length === 1);
    expect(there.heard).toEqual(['committed']);
    controller.abort();
  });

  it("refuses a message over NOTIFY's limit, publishing nothing", async () => {
    const controller = new AbortController();
    const there = hear(second.app.realtime.subscribe('big', controller.signal));
    const tooBig = 'x'.repeat(NOTIFY_PAYLOAD_MAX_BYTES);
    await expect(t.app.realtime.publish('big', tooBig)).rejects.toThrow(RealtimePayloadTooLarge);
    await expect(t.db.transaction((tx) => publishInTx(tx, 'big', tooBig))).rejects.toThrow(/at most 7999/);
    // Multi-byte characters count as bytes: 3,000 × 3 bytes is too much too.
    await expect(t.app.realtime.publish('big', '€'.repeat(3_000))).rejects.toThrow(RealtimePayloadTooLarge);
    await t.app.realtime.publish('big', 'x'.repeat(NOTIFY_PAYLOAD_MAX_BYTES - 40));
    await eventually(() => there.heard.length === 1);
    controller.abort();
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'keeps its subscribers through a lost connection, and delivers again once reconnected',
    async () => {
      const controller = new AbortController();
      const there = hear(second.app.realtime.subscribe('after-cut', controller.signal));
      // Cut every LISTEN connection of this database (both servers'), as a server restart would.
      const cut = await queryRows<{ cut: boolean }>(
        t.db,
        sql`SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity
            WHERE application_name = ${REALTIME_APPLICATION_NAME} AND datname = current_database()`,
      );
      expect(cut.length).toBeGreaterThanOrEqual(2);
      // Messages published while the connection is down are lost; keep publishing until one arrives.
      let sent = 0;
      await eventually(async () => {
        sent += 1;
        await t.app.realtime.publish('after-cut', sent);
        await new Promise((resolve) => setTimeout(resolve, 50));
        return there.heard.length > 0;
      }, 10_000);
      expect(second.app.realtime.subscriberCount).toBe(1);
      controller.abort();
    },
  );
});
