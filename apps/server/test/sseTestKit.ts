import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { TestApp } from './harness';

/** One GraphQL answer carried by an SSE `next` event. */
export type SseResult = {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
};

/** A GraphQL subscription over SSE, as a browser's fetch would hold it. */
export type SseSubscription = {
  status: number;
  headers: Headers;
  /** The next `next` event's answer; rejects after `timeoutMs` (default 2 s) or when the stream ended. */
  next(timeoutMs?: number): Promise<SseResult>;
  /** Resolves when the server ends the stream (`complete`, or the connection closes). */
  ended: Promise<void>;
  /** Disconnects, as a closed tab does. */
  close(): void;
};

/** Makes the test app listen on a free port of this machine (once) and answers its base URL. */
export async function listenOnce(t: TestApp): Promise<string> {
  const address = t.app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  return t.app.listen({ port: 0, host: '127.0.0.1' });
}

/**
 * Subscribes over SSE (POST /graphql, `Accept: text/event-stream`, Yoga's distinct-connections mode)
 * and resolves once the response's headers arrived: the subscription is set up then (access checked,
 * subscribed to its topic), so what is published after it is heard. One connection of its own (no
 * keep-alive pool), destroyed by `close()`, as a closed tab's.
 */
export async function openSse(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown>,
  token?: string,
  /** More request headers (X-Forwarded-For, to come from another address under TRUST_PROXY). */
  headers: Record<string, string> = {},
): Promise<SseSubscription> {
  const body = JSON.stringify({ query, variables });
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = httpRequest(`${baseUrl}/graphql`, {
      method: 'POST',
      agent: false,
      headers: {
        accept: 'text/event-stream',
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end(body);
  });
  const results: SseResult[] = [];
  const waiting: { resolve(result: SseResult): void; reject(error: Error): void }[] = [];
  let finished = false;
  let endStream: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => {
    endStream = resolve;
  });
  const finish = () => {
    if (finished) return;
    finished = true;
    for (const waiter of waiting.splice(0)) waiter.reject(new Error('The SSE stream ended'));
    endStream();
  };
  const deliver = (result: SseResult) => {
    const waiter = waiting.shift();
    if (waiter) waiter.resolve(result);
    else results.push(result);
  };

  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let cut = buffer.indexOf('\n\n');
    while (cut >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      cut = buffer.indexOf('\n\n');
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: ?(.*)$/m.exec(block)?.[1] ?? '';
      if (event === 'next') deliver(JSON.parse(data) as SseResult);
      if (event === 'complete') finish();
    }
  });
  response.once('end', finish);
  response.once('close', finish);
  response.once('error', finish);

  return {
    status: response.statusCode ?? 0,
    headers: new Headers(
      Object.entries(response.headers).flatMap(([name, value]) =>
        value === undefined
          ? []
          : [[name, Array.isArray(value) ? value.join(', ') : value] as [string, string]],
      ),
    ),
    next(timeoutMs = 2_000) {
      const queued = results.shift();
      if (queued) return Promise.resolve(queued);
      if (finished) return Promise.reject(new Error('The SSE stream ended'));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          const index = waiting.indexOf(waiter);
          if (index >= 0) waiting.splice(index, 1);
          reject(new Error(`No SSE event within ${timeoutMs} ms`));
        }, timeoutMs);
        const waiter = {
          resolve: (result: SseResult) => {
            clearTimeout(timer);
            resolve(result);
          },
          reject: (error: Error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        waiting.push(waiter);
      });
    },
    ended,
    close: () => {
      response.destroy();
      finish();
    },
  };
}

/** Waits until `check` holds, polling every 10 ms, or fails after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Not so within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
