import type { Plugin } from 'graphql-yoga';

/**
 * A subscription answered to a client that does not accept a stream (`Accept: application/json`):
 * Yoga answers 406 but leaves the subscription's iterator open, so its realtime subscriber would stay
 * for good. This ends it. (Subscriptions are served over SSE: `Accept: text/event-stream`.) Runs after
 * Yoga's own result processors have chosen, or not, how to answer.
 */
export function useSubscriptionStreams(): Plugin {
  return {
    onResultProcess({ result, resultProcessor }) {
      if (resultProcessor || !result || typeof result !== 'object' || !(Symbol.asyncIterator in result)) {
        return;
      }
      const iterator = (result as AsyncIterable<unknown>)[Symbol.asyncIterator]();
      iterator.return?.();
    },
  };
}
