import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import type { SimulatorState } from './state';

// HTTP: the request log, routing, errors, idempotency, and reading and writing bodies.

const MAX_BODY_BYTES = 1024 * 1024;

export type RecordedRequest = { method: string; path: string; idempotencyKey: string | null };

/**
 * Whether the bank answers: `down` answers every request 503 (Increase unavailable), `held` keeps every
 * request waiting until the promise settles (a slow Increase); both count the requests they affected.
 */
export type Availability = { down: boolean; held: Promise<void> | null; waiting: number };

/** One simulator's bank, its endpoints, the answers kept per idempotency key, and its request log. */
export type Simulation = {
  apiKey: string;
  state: SimulatorState;
  routes: Route[];
  answered: Map<string, StoredAnswer>;
  requests: RecordedRequest[];
  availability: Availability;
};

export async function serveRequest(simulation: Simulation, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://simulator.invalid');
  const method = req.method ?? 'GET';
  const idempotencyKey = headerOf(req, 'idempotency-key');
  simulation.requests.push({ method, path: url.pathname, idempotencyKey });
  const text = await readBody(req);
  const { availability } = simulation;
  if (availability.held) {
    availability.waiting += 1;
    await availability.held;
    availability.waiting -= 1;
  }
  if (availability.down) {
    // The SDK retries a 503; told to retry at once, an outage fails a call in milliseconds, not seconds.
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after-ms': '5' }).end(
      JSON.stringify({
        status: 503,
        type: 'internal_server_error',
        title: 'Service unavailable',
        detail: 'Increase is temporarily unavailable.',
      }),
    );
    return;
  }
  if (req.headers.authorization !== `Bearer ${simulation.apiKey}`) {
    send(res, unauthorized(req.headers.authorization !== undefined));
    return;
  }
  send(
    res,
    answerRequest(simulation, { method, path: url.pathname, query: url.searchParams, text, idempotencyKey }),
  );
}

/** Answers an authenticated request; a POST with an Idempotency-Key is answered once per key. */
function answerRequest(simulation: Simulation, incoming: IncomingRequest): Answer {
  if (incoming.text === null) {
    return errorAnswer(413, 'malformed_request_error', 'Request body too large', 'The limit is 1 MB.');
  }
  try {
    const body = parseJsonBody(incoming.text);
    const run = () => dispatch(simulation.routes, simulation.state, { ...incoming, body });
    if (incoming.method !== 'POST' || incoming.idempotencyKey === null) return run();
    // Keys belong to an API key, as at Increase.
    const key = `${simulation.apiKey} ${incoming.idempotencyKey}`;
    const fingerprint = `${incoming.method} ${incoming.path} ${canonicalJson(body)}`;
    return answerOnce(simulation.answered, key, fingerprint, run);
  } catch (error) {
    if (error instanceof SimulatorError) return error.answer;
    throw error;
  }
}

export type JsonObject = Record<string, unknown>;
type IncomingRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The body's text, or null when it is over MAX_BODY_BYTES. */
  text: string | null;
  idempotencyKey: string | null;
};
export type RouteRequest = {
  params: Array<string | undefined>;
  body: JsonObject;
  query: URLSearchParams;
  idempotencyKey: string | null;
};
export type Route = {
  method: string;
  pattern: RegExp;
  handle: (state: SimulatorState, request: RouteRequest) => unknown;
};
/** A response, its body already serialized (a replay answers the same bytes). */
type Answer = { status: number; json: string; replayed?: boolean };
type StoredAnswer = { fingerprint: string; answer: Answer };
type FieldError = { field: string; message: string };

/** `'/accounts/:id/balance'` matches `/accounts/account_1/balance`, the id becoming params[0]. */
export function route(method: string, template: string, handle: Route['handle']): Route {
  return { method, pattern: new RegExp(`^${template.replace(/:[a-z_]+/g, '([^/]+)')}$`), handle };
}

function dispatch(
  routes: Route[],
  state: SimulatorState,
  request: Omit<IncomingRequest, 'text'> & { body: JsonObject },
): Answer {
  for (const candidate of routes) {
    const match = candidate.method === request.method ? candidate.pattern.exec(request.path) : null;
    const params = match ? decodeSegments(match.slice(1)) : null;
    if (!params) continue;
    return { status: 200, json: JSON.stringify(candidate.handle(state, { ...request, params })) };
  }
  return errorAnswer(
    404,
    'api_method_not_found_error',
    'API method not found',
    `No ${request.method} ${request.path}.`,
  );
}

/** The path's ids, or null when one is not valid percent-encoding (no route matches it). */
function decodeSegments(segments: string[]): string[] | null {
  try {
    return segments.map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}

/** Answers a POST once per idempotency key; a stored answer must come from the same request. */
function answerOnce(
  answered: Map<string, StoredAnswer>,
  key: string,
  fingerprint: string,
  run: () => Answer,
): Answer {
  const stored = answered.get(key);
  if (stored && stored.fingerprint !== fingerprint) {
    const resourceId = (JSON.parse(stored.answer.json) as { id?: unknown }).id;
    return withBody(409, {
      status: 409,
      type: 'idempotency_key_already_used_error',
      title: 'Idempotency key already used',
      detail: 'This Idempotency-Key was used with a different request.',
      resource_id: typeof resourceId === 'string' ? resourceId : null,
    });
  }
  if (stored) return { ...stored.answer, replayed: true };
  const answer = run();
  // Only successes are kept: a refused request may be retried under its key once fixed.
  if (answer.status < 300) answered.set(key, { fingerprint, answer });
  return answer;
}

class SimulatorError extends Error {
  constructor(readonly answer: Answer) {
    super(answer.json);
  }
}

function withBody(status: number, body: JsonObject): Answer {
  return { status, json: JSON.stringify(body) };
}

export function errorAnswer(status: number, type: string, title: string, detail: string | null): Answer {
  return withBody(status, { status, type, title, detail });
}

function unauthorized(hadHeader: boolean): Answer {
  return withBody(401, {
    status: 401,
    type: 'invalid_api_key_error',
    title: 'Invalid API key',
    detail: hadHeader ? 'The API key is not valid.' : 'Send Authorization: Bearer <API key>.',
    reason: hadHeader ? 'no_credential' : 'no_header',
  });
}

export function invalidParameters(errors: FieldError[]): SimulatorError {
  const detail = errors.map((error) => `${error.field} ${error.message}`).join('; ');
  return new SimulatorError(
    withBody(400, {
      status: 400,
      type: 'invalid_parameters_error',
      title: 'Invalid parameters',
      detail,
      errors,
    }),
  );
}

export function invalidParameter(field: string, message: string): SimulatorError {
  return invalidParameters([{ field, message }]);
}

/** The object with this id, or a 404 `object_not_found_error`. */
export function found<T>(objects: Map<string, T>, id: string | undefined, noun: string): T {
  const object = id === undefined ? undefined : objects.get(id);
  if (object === undefined) {
    throw new SimulatorError(
      errorAnswer(404, 'object_not_found_error', 'Object not found', `No ${noun} ${id}.`),
    );
  }
  return object;
}

/** The body as the schema reads it, or a 400 naming every wrong field. */
export function parseInput<T>(schema: z.ZodType<T>, body: JsonObject): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw invalidParameters(
    result.error.issues.flatMap((issue) => {
      const path = issue.path.map(String);
      if (issue.code === 'unrecognized_keys') {
        return issue.keys.map((key) => ({ field: [...path, key].join('.'), message: 'is not a parameter' }));
      }
      return [{ field: path.join('.') || 'body', message: issue.message }];
    }),
  );
}

function parseJsonBody(text: string): JsonObject {
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new SimulatorError(
      errorAnswer(400, 'malformed_request_error', 'Malformed request', 'The body is not JSON.'),
    );
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new SimulatorError(
      errorAnswer(400, 'malformed_request_error', 'Malformed request', 'The body must be a JSON object.'),
    );
  }
  return body as JsonObject;
}

/** JSON with object keys sorted, so two bodies that differ only in key order are the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
}

/** The body's text, or null when it is over MAX_BODY_BYTES (the rest is read and dropped). */
async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size <= MAX_BODY_BYTES) chunks.push(buffer);
  }
  return size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8');
}

export function send(res: ServerResponse, answer: Answer) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (answer.replayed) headers['idempotent-replayed'] = 'true';
  res.writeHead(answer.status, headers).end(answer.json);
}

function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
}
