/**
 * The production smoke journey's HTTP client and its PASS/FAIL lines. Everything goes over HTTP, as a
 * browser's calls would: the servers under test are the compiled ones, in processes of their own.
 */

/** Which server answered, from the header the smoke run's nginx adds (`$upstream_addr`). */
const UPSTREAM_HEADER = 'x-keel-upstream';

type Answer<T> = { status: number; body: T; upstream: string | null; headers: Headers };

type CallOptions = { token?: string; json?: unknown; accept?: string };

/** One HTTP request; the answer's body parsed as JSON when it is JSON. */
export async function call<T = Record<string, unknown>>(
  method: 'GET' | 'POST',
  url: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const response = await fetch(url, {
    method,
    headers: {
      // A connection per request, as nginx makes to the servers: when nginx reloads (server A taken
      // out of its upstream), its old worker closes kept-alive connections, and a request written
      // down one in that instant would fail for reasons of this client, not of Keel.
      connection: 'close',
      ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.accept ? { accept: options.accept } : {}),
    },
    ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
  });
  const type = response.headers.get('content-type') ?? '';
  const body = (type.includes('json') ? await response.json() : await response.text()) as T;
  return {
    status: response.status,
    body,
    upstream: response.headers.get(UPSTREAM_HEADER),
    headers: response.headers,
  };
}

type GraphqlBody<T> = { data?: T | null; errors?: { message: string; extensions?: { code?: string } }[] };

/** A GraphQL operation that must be answered 200 without errors: its data, and which server answered. */
export async function graphql<T>(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown>,
  token: string,
): Promise<{ data: T; upstream: string | null }> {
  const answer = await call<GraphqlBody<T>>('POST', `${baseUrl}/graphql`, {
    token,
    json: { query, variables },
  });
  if (answer.status !== 200 || answer.body.errors || !answer.body.data) {
    throw new Error(`GraphQL answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 500)}`);
  }
  return { data: answer.body.data, upstream: answer.upstream };
}

/** Throws unless `condition` holds; the message says what was seen instead. */
export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Waits until `done` answers true, polling every `everyMs`, or throws after `timeoutMs`. */
export async function waitUntil(
  what: string,
  done: () => Promise<boolean> | boolean,
  timeoutMs: number,
  everyMs = 50,
): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await done()) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** A step failed; the journey stops there (later steps build on earlier ones). */
export class StepFailed extends Error {}

/**
 * Runs one step of the journey and prints `PASS  name (detail)` or `FAIL  name: why`. A step's value
 * may be a `{ detail }` to print beside its name.
 */
export async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const value = await run();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const detail =
      value && typeof value === 'object' && 'detail' in value && typeof value.detail === 'string'
        ? `: ${value.detail}`
        : '';
    console.log(`PASS  ${name}${detail} [${seconds} s]`);
    return value;
  } catch (error) {
    console.log(`FAIL  ${name}: ${error instanceof Error ? error.message : String(error)}`);
    throw new StepFailed(name);
  }
}
