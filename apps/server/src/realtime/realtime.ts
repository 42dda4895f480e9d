/** A JSON value: what travels between server processes. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * Publish/subscribe across every server process of one database: a message published on a
 * topic reaches every subscriber of that topic in every process, GraphQL subscriptions among them.
 *
 * Delivery is at most once and nothing is stored: a subscriber hears what is published while it
 * listens, in the order each process published it; a message published while a process's connection is
 * being re-established is lost for that process. Whoever needs the current state reads it from the
 * database (the jobs page asks `entityJobs`, then listens).
 *
 * Implementations: createPostgresRealtime (LISTEN/NOTIFY on one dedicated connection per process) and
 * createPgliteRealtime (the embedded database's own LISTEN/NOTIFY); openRealtime picks one.
 */
export type Realtime = {
  /**
   * Publishes at once (not inside any transaction). Refuses a message whose JSON, with its topic, is
   * NOTIFY_PAYLOAD_MAX_BYTES or more (RealtimePayloadTooLarge): publish ids and small facts, not rows.
   * To publish only if a transaction commits, use `publishInTx(tx, topic, payload)`.
   */
  publish(topic: string, payload: JsonValue): Promise<void>;
  /**
   * The messages of one topic from now on, until `signal` aborts, the iterator's `return()` is called or
   * the realtime closes. Each subscriber buffers at most SUBSCRIBER_BUFFER_MAX messages it has not read:
   * past that the oldest is dropped (a slow reader loses intermediate updates, never the latest).
   * Refused with RealtimeBusy beyond MAX_SUBSCRIBERS open subscriptions in this process. Given several
   * topics, one subscription hears all of them, in the order their messages arrive (a live stream
   * hears its company's topic and its viewer's access changes as one subscriber).
   */
  subscribe(topic: string | readonly string[], signal?: AbortSignal): AsyncIterableIterator<JsonValue>;
  /** Ends every subscription and stops listening. */
  close(): Promise<void>;
  /** Subscriptions open in this process. */
  readonly subscriberCount: number;
};

/** The one NOTIFY channel; the topic travels inside the payload. */
export const REALTIME_CHANNEL = 'keel_events';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more (its default build). */
export const NOTIFY_PAYLOAD_MAX_BYTES = 7_999;

/** Messages a subscriber may leave unread before the oldest is dropped. */
export const SUBSCRIBER_BUFFER_MAX = 100;

/** Open subscriptions per process (each is an SSE connection, or a job runner's own). */
export const MAX_SUBSCRIBERS = 10_000;

/** Topic names: short, printable, no spaces (`entity-jobs:<uuid>`). */
export const TOPIC_PATTERN = /^[\w:.-]{1,200}$/;

/** A message too large for NOTIFY; nothing was published. */
export class RealtimePayloadTooLarge extends Error {
  constructor(
    readonly topic: string,
    readonly bytes: number,
  ) {
    super(
      `A realtime message on ${topic} is ${bytes} bytes; at most ${NOTIFY_PAYLOAD_MAX_BYTES} (publish ids, not rows)`,
    );
    this.name = 'RealtimePayloadTooLarge';
  }
}

/** This process has as many open subscriptions as it allows; none was opened. */
export class RealtimeBusy extends Error {
  constructor() {
    super(`This server has ${MAX_SUBSCRIBERS} live subscriptions open; try again shortly`);
    this.name = 'RealtimeBusy';
  }
}

/** Where realtime reports connection trouble (pino's logger fits). */
export type RealtimeLog = {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export const silentRealtimeLog: RealtimeLog = { warn: () => undefined, error: () => undefined };
