import pg from 'pg';
import type { Db } from '../db/client';
import { decodeRealtimeMessage, publishInTx } from './publishInTx';
import { REALTIME_CHANNEL, type Realtime, type RealtimeLog, silentRealtimeLog } from './realtime';
import { createTopicHub, type TopicHubLimits } from './topicHub';

type PostgresRealtimeOptions = TopicHubLimits & {
  /** The server's address: one connection of this process LISTENs on it, apart from the pool. */
  url: string;
  /** The pool messages are published through. */
  db: Db;
  log?: RealtimeLog;
  /** The first wait before reconnecting, doubled on each failure up to `maxReconnectDelayMs`. */
  minReconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
};

/** How the LISTEN connection names itself in pg_stat_activity (tests find it there to cut it). */
export const REALTIME_APPLICATION_NAME = 'keel-realtime';

/**
 * Realtime over a PostgreSQL server: LISTEN on one dedicated `pg.Client` per process (a pooled
 * connection would be handed to queries, and its LISTEN lost), NOTIFY through the pool. Every process
 * hears every message on the one channel and hands it to its own subscribers of the message's topic.
 *
 * When the connection drops (a server restart, a network cut; TCP keep-alive finds a silent peer), it
 * is opened again after a back-off (250 ms doubling to 10 s, with jitter) and LISTENs again;
 * subscriptions stay open throughout and hear what is published after the reconnect. Resolves once the
 * first LISTEN is in place, so a subscriber that opens after it hears everything published after.
 */
export async function createPostgresRealtime(options: PostgresRealtimeOptions): Promise<Realtime> {
  const log = options.log ?? silentRealtimeLog;
  const minDelay = options.minReconnectDelayMs ?? 250;
  const maxDelay = options.maxReconnectDelayMs ?? 10_000;
  const hub = createTopicHub(options);
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    const next = new pg.Client({
      connectionString: options.url,
      application_name: REALTIME_APPLICATION_NAME,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    next.on('notification', (message) => {
      if (message.channel !== REALTIME_CHANNEL || !message.payload) return;
      const envelope = decodeRealtimeMessage(message.payload);
      if (envelope) hub.deliver(envelope.topic, envelope.payload);
    });
    // Without a listener an 'error' event would crash the process.
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, null));
    try {
      await next.connect();
      await next.query(`LISTEN ${REALTIME_CHANNEL}`);
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    failures = 0;
  };

  const lost = (which: pg.Client, error: Error | null) => {
    if (which !== client) return;
    client = null;
    which.end().catch(() => undefined);
    if (closed) return;
    log.warn({ err: error ?? undefined }, 'Realtime connection lost; reconnecting');
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (closed || timer) return;
    const delay = Math.min(maxDelay, minDelay * 2 ** failures) * (0.75 + Math.random() * 0.5);
    failures += 1;
    timer = setTimeout(() => {
      timer = undefined;
      connect().catch((error: unknown) => {
        log.error({ err: error }, 'Realtime could not reconnect; trying again');
        scheduleReconnect();
      });
    }, delay);
    timer.unref();
  };

  await connect();

  return {
    publish: (topic, payload) => publishInTx(options.db, topic, payload),
    subscribe: (topic, signal) => hub.subscribe(topic, signal),
    async close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      hub.close();
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    },
    get subscriberCount() {
      return hub.size;
    },
  };
}
