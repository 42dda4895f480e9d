import {
  type JsonValue,
  MAX_SUBSCRIBERS,
  RealtimeBusy,
  SUBSCRIBER_BUFFER_MAX,
  TOPIC_PATTERN,
} from './realtime';

/**
 * One process's subscribers, by topic: what both Realtime implementations hand incoming messages to.
 * Subscriptions live here, not on the database connection, so they outlast a reconnect.
 */
type TopicHub = {
  /** The messages of one topic, or of several in the order they arrive, as one subscriber. */
  subscribe(topics: string | readonly string[], signal?: AbortSignal): AsyncIterableIterator<JsonValue>;
  /** Hands a message to every open subscriber of its topic. */
  deliver(topic: string, payload: JsonValue): void;
  /** Ends every subscription; later subscriptions end at once. */
  close(): void;
  readonly size: number;
};

export type TopicHubLimits = { maxBuffered?: number; maxSubscribers?: number };

type Subscriber = {
  topics: readonly string[];
  /** Messages not read yet, oldest first, at most maxBuffered. */
  queue: JsonValue[];
  /** Readers waiting for the next message (a `next()` called on an empty queue). */
  waiting: ((result: IteratorResult<JsonValue>) => void)[];
  ended: boolean;
};

const DONE: IteratorResult<JsonValue> = { done: true, value: undefined };

/**
 * The iterators are plain objects, not async generators: `return()` must end a subscription at once,
 * even while a `next()` waits (a generator would queue the return behind that next, so a client that
 * disconnects from a quiet topic would never be let go).
 */
export function createTopicHub(limits: TopicHubLimits = {}): TopicHub {
  const maxBuffered = limits.maxBuffered ?? SUBSCRIBER_BUFFER_MAX;
  const maxSubscribers = limits.maxSubscribers ?? MAX_SUBSCRIBERS;
  const byTopic = new Map<string, Set<Subscriber>>();
  let size = 0;
  let closed = false;

  const end = (subscriber: Subscriber) => {
    if (subscriber.ended) return;
    subscriber.ended = true;
    subscriber.queue.length = 0;
    let removed = false;
    for (const topic of subscriber.topics) {
      const set = byTopic.get(topic);
      if (set?.delete(subscriber)) {
        removed = true;
        if (set.size === 0) byTopic.delete(topic);
      }
    }
    if (removed) size -= 1;
    for (const resolve of subscriber.waiting.splice(0)) resolve(DONE);
  };

  return {
    subscribe(topicOrTopics, signal) {
      const topics = [...new Set(typeof topicOrTopics === 'string' ? [topicOrTopics] : topicOrTopics)];
      const invalid = topics.find((topic) => !TOPIC_PATTERN.test(topic));
      if (invalid !== undefined || topics.length === 0) {
        throw new Error(`Not a realtime topic: ${JSON.stringify(invalid ?? topicOrTopics)}`);
      }
      const subscriber: Subscriber = { topics, queue: [], waiting: [], ended: closed };
      if (!subscriber.ended && !signal?.aborted) {
        if (size >= maxSubscribers) throw new RealtimeBusy();
        for (const topic of topics) {
          let set = byTopic.get(topic);
          if (!set) {
            set = new Set();
            byTopic.set(topic, set);
          }
          set.add(subscriber);
        }
        size += 1;
        signal?.addEventListener('abort', () => end(subscriber), { once: true });
      } else {
        subscriber.ended = true;
      }
      const iterator: AsyncIterableIterator<JsonValue> = {
        next() {
          const value = subscriber.queue.shift();
          if (value !== undefined) return Promise.resolve({ done: false, value });
          if (subscriber.ended) return Promise.resolve(DONE);
          return new Promise((resolve) => subscriber.waiting.push(resolve));
        },
        return() {
          end(subscriber);
          return Promise.resolve(DONE);
        },
        throw(error?: unknown) {
          end(subscriber);
          return Promise.reject(error);
        },
        [Symbol.asyncIterator]() {
          return iterator;
        },
      };
      return iterator;
    },
    deliver(topic, payload) {
      const set = byTopic.get(topic);
      if (!set) return;
      for (const subscriber of set) {
        const reader = subscriber.waiting.shift();
        if (reader) {
          reader({ done: false, value: payload });
          continue;
        }
        subscriber.queue.push(payload);
        if (subscriber.queue.length > maxBuffered) subscriber.queue.shift();
      }
    },
    close() {
      closed = true;
      for (const set of [...byTopic.values()]) for (const subscriber of [...set]) end(subscriber);
    },
    get size() {
      return size;
    },
  };
}
