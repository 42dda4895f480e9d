import { ApolloLink } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { act } from '@testing-library/react';
import { Observable, type Subscriber } from 'rxjs';
import {
  SUBSCRIPTION_CONNECTION_CONTEXT,
  type SubscriptionConnection,
  type SubscriptionConnectionListener,
} from '../lib/sseLink';

type LiveSubscriber = {
  operationName: string;
  variables: Record<string, unknown>;
  observer: Subscriber<ApolloLink.Result>;
  listener: SubscriptionConnectionListener | undefined;
};

/**
 * Test support (test code only): queries and mutations answered by MockLink's mocks, subscriptions held
 * open for the test to drive as the SSE link would: connect them, push events, drop and reconnect.
 */
export function createLiveTestLink(mocks: MockLink.MockedResponse[]) {
  const subscribers: LiveSubscriber[] = [];
  const subscriptionLink = new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        const subscriber: LiveSubscriber = {
          operationName: operation.operationName ?? '',
          variables: operation.variables,
          observer,
          listener: operation.getContext()[SUBSCRIPTION_CONNECTION_CONTEXT] as
            | SubscriptionConnectionListener
            | undefined,
        };
        subscribers.push(subscriber);
        subscriber.listener?.('connecting');
        return () => {
          subscribers.splice(subscribers.indexOf(subscriber), 1);
        };
      }),
  );
  const link = ApolloLink.split(
    (operation) => operation.operationType === 'subscription',
    subscriptionLink,
    new MockLink(mocks),
  );
  const of = (operationName: string) => subscribers.filter((s) => s.operationName === operationName);
  const tell = (operationName: string, connection: SubscriptionConnection) =>
    act(() => {
      for (const subscriber of of(operationName)) subscriber.listener?.(connection);
    });
  /**
   * Connected (or back): the page then reads its state again; this waits until those answers are in,
   * so an event pushed next is not undone by an answer read before it (as a real server's would be).
   */
  const connectAndSettle = async (operationName: string, connection: SubscriptionConnection) => {
    tell(operationName, connection);
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
  };
  return {
    link,
    /** The open subscriptions of that operation. */
    subscribers: of,
    connect: (operationName: string) => connectAndSettle(operationName, 'connected'),
    drop: (operationName: string) => tell(operationName, 'down'),
    reconnect: (operationName: string) => connectAndSettle(operationName, 'reconnected'),
    /** An event, to every open subscription of that operation. */
    push: (operationName: string, data: Record<string, unknown>) =>
      act(() => {
        for (const subscriber of of(operationName)) subscriber.observer.next({ data });
      }),
  };
}
