import { ApolloClient, gql, InMemoryCache, type TypedDocumentNode } from '@apollo/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createSseLink,
  MAX_RETRY_DELAY_MS,
  retryDelayMs,
  SUBSCRIPTION_CONNECTION_CONTEXT,
  type SubscriptionConnection,
} from './sseLink';

type Ticked = { ticked: { __typename: 'Tick'; id: string; n: number } };
const TICKED: TypedDocumentNode<Ticked, { entityId: string }> = gql`
  subscription Ticked($entityId: ID!) {
    ticked(entityId: $entityId) {
      id
      n
    }
  }
`;

const encoder = new TextEncoder();

/** One SSE response the fake server holds open: what was asked, and a pen to write events with. */
type Connection = {
  url: string;
  headers: Record<string, string>;
  body: { query: string; variables: Record<string, unknown>; operationName?: string };
  signal: AbortSignal;
  write(text: string): void;
  next(data: unknown): void;
  complete(): void;
  /** The connection breaks (the network, or the server process gone). */
  drop(): void;
};

/**
 * A GraphQL Yoga stand-in: each POST answers an event stream (after the ':' ping Yoga starts with)
 * that the test writes to, or the status the test queued (`refuse`).
 */
function fakeSseServer() {
  const connections: Connection[] = [];
  const refusals: number[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const status = refusals.shift();
    if (status) return new Response('refused', { status });
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    const signal = init?.signal as AbortSignal;
    let open = true;
    signal.addEventListener('abort', () => {
      if (open) controller.error(new DOMException('The operation was aborted.', 'AbortError'));
      open = false;
    });
    const write = (text: string) => {
      if (open) controller.enqueue(encoder.encode(text));
    };
    connections.push({
      url: String(input),
      headers: init?.headers as Record<string, string>,
      body: JSON.parse(String(init?.body)),
      signal,
      write,
      next: (data) => write(`event: next\ndata: ${JSON.stringify(data)}\n\n`),
      complete: () => {
        write('event: complete\ndata:\n\n');
        if (open) controller.close();
        open = false;
      },
      drop: () => {
        if (open) controller.error(new TypeError('network error'));
        open = false;
      },
    });
    write(':\n\n');
    return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  return {
    fetchFn,
    connections,
    refuse: (status: number) => refusals.push(status),
    connection: (index: number) => {
      const found = connections[index];
      if (!found) throw new Error(`No connection ${index}`);
      return found;
    },
  };
}

function subscribeThroughLink({
  token = 'token-a',
  onUnauthenticated = () => undefined,
}: {
  token?: string;
  onUnauthenticated?: () => void;
} = {}) {
  const server = fakeSseServer();
  let currentToken = token;
  const client = new ApolloClient({
    link: createSseLink({
      url: '/graphql',
      headers: () => ({ authorization: `Bearer ${currentToken}` }),
      onUnauthenticated,
      fetchFn: server.fetchFn as unknown as typeof fetch,
      retryDelay: () => 5,
    }),
    cache: new InMemoryCache(),
  });
  const connectionStates: SubscriptionConnection[] = [];
  const results: unknown[] = [];
  const errors: unknown[] = [];
  let completed = false;
  const subscription = client
    .subscribe({
      query: TICKED,
      variables: { entityId: 'e1' },
      context: {
        [SUBSCRIPTION_CONNECTION_CONTEXT]: (state: SubscriptionConnection) => connectionStates.push(state),
      },
    })
    .subscribe({
      next: (result) => {
        if (result.error) errors.push(result.error);
        else results.push(result.data);
      },
      error: (error) => errors.push(error),
      complete: () => {
        completed = true;
      },
    });
  return {
    server,
    client,
    connectionStates,
    results,
    errors,
    isCompleted: () => completed,
    unsubscribe: () => subscription.unsubscribe(),
    setToken: (next: string) => {
      currentToken = next;
    },
  };
}

const tick = (n: number) => ({ data: { ticked: { __typename: 'Tick', id: 't1', n } } });

afterEach(() => {
  vi.useRealTimers();
});

describe('createSseLink', () => {
  it('posts the subscription with the bearer token and Accept: text/event-stream, and hands on each event', async () => {
    const live = subscribeThroughLink();
    await vi.waitFor(() => expect(live.server.connections).toHaveLength(1));
    const connection = live.server.connection(0);
    expect(connection.url).toBe('/graphql');
    expect(connection.headers).toMatchObject({
      accept: 'text/event-stream',
      authorization: 'Bearer token-a',
    });
    expect(connection.body).toMatchObject({ operationName: 'Ticked', variables: { entityId: 'e1' } });
    expect(connection.body.query).toContain('ticked(entityId: $entityId)');
    await vi.waitFor(() => expect(live.connectionStates).toEqual(['connecting', 'connected']));

    connection.next(tick(1));
    // An event split across chunks, and Yoga's keep-alive comments between events.
    const second = `event: next\ndata: ${JSON.stringify(tick(2))}\n\n`;
    connection.write(second.slice(0, 9));
    connection.write(second.slice(9));
    connection.write(':\n\n');
    connection.next(tick(3));
    await vi.waitFor(() =>
      expect(live.results).toEqual([
        { ticked: { __typename: 'Tick', id: 't1', n: 1 } },
        { ticked: { __typename: 'Tick', id: 't1', n: 2 } },
        { ticked: { __typename: 'Tick', id: 't1', n: 3 } },
      ]),
    );
    // Written to the cache by id, as any answer.
    expect((live.client.cache.extract() as Record<string, unknown>)['Tick:t1']).toMatchObject({ n: 3 });
    live.unsubscribe();
  });

  it('reconnects after a drop, with the token of that moment, and says it is down and then reconnected', async () => {
    const live = subscribeThroughLink();
    await vi.waitFor(() => expect(live.connectionStates).toEqual(['connecting', 'connected']));
    live.server.connection(0).next(tick(1));
    await vi.waitFor(() => expect(live.results).toHaveLength(1));

    live.setToken('token-b');
    live.server.connection(0).drop();
    await vi.waitFor(() => expect(live.server.connections).toHaveLength(2));
    expect(live.server.connection(1).headers).toMatchObject({ authorization: 'Bearer token-b' });
    await vi.waitFor(() =>
      expect(live.connectionStates).toEqual(['connecting', 'connected', 'down', 'reconnected']),
    );
    live.server.connection(1).next(tick(2));
    await vi.waitFor(() => expect(live.results).toHaveLength(2));
    expect(live.errors).toEqual([]);
    expect(live.isCompleted()).toBe(false);
    live.unsubscribe();
  });

  it('keeps retrying while the server is unreachable, then reconnects', async () => {
    const live = subscribeThroughLink();
    await vi.waitFor(() => expect(live.connectionStates).toEqual(['connecting', 'connected']));
    live.server.refuse(502);
    live.server.refuse(503);
    live.server.refuse(502);
    live.server.connection(0).drop();
    // Three refused attempts (no stream), then a fourth that connects.
    await vi.waitFor(() => expect(live.server.fetchFn).toHaveBeenCalledTimes(5));
    await vi.waitFor(() => expect(live.connectionStates.at(-1)).toBe('reconnected'));
    expect(live.connectionStates.filter((state) => state === 'down').length).toBeGreaterThanOrEqual(3);
    live.unsubscribe();
  });

  it('subscribes again when the server ends the stream without being asked (a restart)', async () => {
    const live = subscribeThroughLink();
    await vi.waitFor(() => expect(live.connectionStates).toEqual(['connecting', 'connected']));
    live.server.connection(0).next(tick(1));
    live.server.connection(0).complete();
    await vi.waitFor(() => expect(live.server.connections).toHaveLength(2));
    await vi.waitFor(() => expect(live.connectionStates.at(-1)).toBe('reconnected'));
    expect(live.connectionStates).toEqual(['connecting', 'connected', 'down', 'connecting', 'reconnected']);
    live.server.connection(1).next(tick(2));
    await vi.waitFor(() => expect(live.results).toHaveLength(2));
    expect(live.isCompleted()).toBe(false);
    live.unsubscribe();
  });

  it('ends with the refusal when the server answers errors only (no access), without retrying', async () => {
    const live = subscribeThroughLink();
    await vi.waitFor(() => expect(live.server.connections).toHaveLength(1));
    live.server.connection(0).next({
      errors: [{ message: 'Entity not found', extensions: { code: 'NOT_FOUND' } }],
    });
    live.server.connection(0).complete();
    await vi.waitFor(() => expect(live.isCompleted()).toBe(true));
    expect(String(live.errors[0])).toContain('Entity not found');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(live.server.connections).toHaveLength(1);
  });

  it('retries a subscription the server was too busy to set up', async () => {
    const live = subscribeThroughLink();
    await vi.waitFor(() => expect(live.server.connections).toHaveLength(1));
    live.server.connection(0).next({
      errors: [{ message: 'Too many live connections', extensions: { code: 'SERVICE_UNAVAILABLE' } }],
    });
    live.server.connection(0).complete();
    await vi.waitFor(() => expect(live.server.connections).toHaveLength(2));
    expect(live.errors).toEqual([]);
    live.unsubscribe();
  });

  it('ends the session on a 401 instead of retrying', async () => {
    const onUnauthenticated = vi.fn();
    const server = fakeSseServer();
    server.refuse(401);
    const client = new ApolloClient({
      link: createSseLink({
        url: '/graphql',
        headers: () => ({}),
        onUnauthenticated,
        fetchFn: server.fetchFn as unknown as typeof fetch,
        retryDelay: () => 5,
      }),
      cache: new InMemoryCache(),
    });
    const errors: unknown[] = [];
    client.subscribe({ query: TICKED, variables: { entityId: 'e1' } }).subscribe({
      next: (result) => errors.push(result.error),
    });
    await vi.waitFor(() => expect(onUnauthenticated).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(server.fetchFn).toHaveBeenCalledTimes(1);
  });

  it('closes the connection when the page unsubscribes', async () => {
    const live = subscribeThroughLink();
    await vi.waitFor(() => expect(live.connectionStates).toEqual(['connecting', 'connected']));
    const { signal } = live.server.connection(0);
    expect(signal.aborted).toBe(false);
    live.unsubscribe();
    expect(signal.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(live.server.connections).toHaveLength(1);
    expect(live.connectionStates).toEqual(['connecting', 'connected']);
  });
});

describe('retryDelayMs', () => {
  it('doubles from 1 s up to 30 s, plus less than 1 s at random', () => {
    const none = () => 0;
    expect([0, 1, 2, 3, 4, 5, 6, 12].map((attempt) => retryDelayMs(attempt, none))).toEqual([
      1000,
      2000,
      4000,
      8000,
      16_000,
      MAX_RETRY_DELAY_MS,
      MAX_RETRY_DELAY_MS,
      MAX_RETRY_DELAY_MS,
    ]);
    expect(retryDelayMs(0, () => 0.999)).toBe(1999);
  });
});
