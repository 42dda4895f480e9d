import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useSubscription } from '@apollo/client/react';
import { useMemo, useRef, useState } from 'react';
import {
  SUBSCRIPTION_CONNECTION_CONTEXT,
  type SubscriptionConnection,
  type SubscriptionConnectionListener,
} from './sseLink';

type LiveSubscriptionOptions<TData, TVariables extends OperationVariables> = {
  variables: TVariables;
  skip?: boolean;
  /** Each event, as it arrives (its data is in the cache already: JobStatus and the like merge by id). */
  onData?: (data: TData) => void;
  /**
   * The subscription is set up (first time) or back after a drop. Events of the gap are not replayed,
   * so this is where the caller asks for the current state again.
   */
  onConnected?: (reconnected: boolean) => void;
};

/**
 * A subscription over the SSE link (sseLink.ts) that says whether it is live: `live` is false until the
 * server has set it up, while it is down between retries, and for good once the server refused it;
 * a page polls its query only while it is not live.
 */
export function useLiveSubscription<TData, TVariables extends OperationVariables>(
  document: TypedDocumentNode<TData, TVariables>,
  { variables, skip = false, onData, onConnected }: LiveSubscriptionOptions<TData, TVariables>,
): { live: boolean; connection: SubscriptionConnection | 'ended' } {
  const [connection, setConnection] = useState<SubscriptionConnection | 'ended'>('connecting');
  const onDataRef = useRef(onData);
  onDataRef.current = onData;
  const onConnectedRef = useRef(onConnected);
  onConnectedRef.current = onConnected;

  // One listener for the subscription's life: the context is read once, when it is made.
  const context = useMemo(() => {
    const listener: SubscriptionConnectionListener = (next) => {
      setConnection(next);
      if (next === 'connected' || next === 'reconnected') onConnectedRef.current?.(next === 'reconnected');
    };
    // Not shared with another subscriber of the same document: each hears its own connection.
    return { [SUBSCRIPTION_CONNECTION_CONTEXT]: listener, queryDeduplication: false };
  }, []);

  useSubscription(document, {
    variables,
    skip,
    context,
    ignoreResults: true,
    onData: ({ data }) => {
      if (data.data) onDataRef.current?.(data.data as TData);
    },
    onError: (error) => {
      console.error('A live update subscription ended', error);
      setConnection('ended');
    },
    onComplete: () => setConnection('ended'),
  });

  const live = !skip && (connection === 'connected' || connection === 'reconnected');
  return { live, connection };
}
