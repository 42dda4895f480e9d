/**
 * The benches' GraphQL client: a call that must be answered, and subscriptions over SSE read as a
 * browser's fetch does (Yoga's distinct-connections mode).
 */

// biome-ignore lint/suspicious/noExplicitAny: the benches read a few fields of untyped answers
export type GqlData = Record<string, any>;

/** A GraphQL subscription over SSE (Yoga's distinct-connections mode), read as a browser's fetch does. */
type SseSubscription = { next(timeoutMs: number): Promise<{ data?: unknown }>; close(): void };

export async function openSse(
  origin: string,
  query: string,
  variables: Record<string, unknown>,
  token: string,
): Promise<SseSubscription> {
  const abort = new AbortController();
  const response = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: {
      accept: 'text/event-stream',
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ query, variables }),
    signal: abort.signal,
  });
  if (response.status !== 200 || !response.body)
    throw new Error(`The subscription was refused: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const ready: { data?: unknown }[] = [];
  let buffer = '';
  const read = async (): Promise<void> => {
    const chunk = await reader.read();
    if (chunk.done) throw new Error('The SSE stream ended');
    buffer += chunk.value;
    for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = /^data: ?(.*)$/m.exec(block)?.[1];
      if (/^event: next$/m.test(block) && data) ready.push(JSON.parse(data) as { data?: unknown });
    }
  };
  return {
    async next(timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      while (ready.length === 0) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`No SSE event within ${timeoutMs} ms`)),
            Math.max(1, deadline - performance.now()),
          );
        });
        try {
          await Promise.race([read(), late]);
        } finally {
          clearTimeout(timer);
        }
      }
      return ready.shift() as { data?: unknown };
    },
    close: () => abort.abort(),
  };
}

/** When (performance.now()) the subscription brought an answer that `match`es. */
export async function heard(
  subscription: SseSubscription,
  since: number,
  match: (data: GqlData) => boolean,
  timeoutMs = 5_000,
): Promise<number> {
  for (;;) {
    const left = since + timeoutMs - performance.now();
    const result = await subscription.next(Math.max(1, left));
    if (result.data && match(result.data as GqlData)) return performance.now();
  }
}

type Answer = { errors?: unknown[]; data?: Record<string, unknown> };

/** A refused or empty answer stops the bench: it would pass for a fast one. */
export async function answered(url: string, headers: Record<string, string>, body: string, name: string) {
  const response = await fetch(url, { method: 'POST', headers, body });
  const answer = (await response.json()) as Answer;
  if (answer.errors || !answer.data)
    throw new Error(`${name} was not answered: ${JSON.stringify(answer.errors)}`);
  return answer;
}
