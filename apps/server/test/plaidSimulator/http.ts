import type { IncomingMessage, ServerResponse } from 'node:http';
import { PlaidErrorType } from 'plaid';
import type { z } from 'zod';
import { invalidApiKeys, invalidRequest, notFound, PlaidSimulatorError, plaidError } from './errors';
import { newRequestId, type PlaidState } from './state';

// HTTP: credentials, bodies, routing, validation, injected failures and the request log.

const MAX_BODY_BYTES = 1024 * 1024;

export type JsonObject = Record<string, unknown>;

/** One request as received: its path, its body (the secret left out) and Plaid-Version header. */
export type RecordedPlaidRequest = { path: string; body: JsonObject; plaidVersion: string | null };

/** An endpoint: its body schema and what it answers (request_id is added to every answer). */
export type PlaidRoute = { schema: z.ZodType; handle: (state: PlaidState, body: never) => JsonObject };

export type PlaidSimulation = {
  state: PlaidState;
  routes: Map<string, PlaidRoute>;
  requests: RecordedPlaidRequest[];
  /** Refusals to answer the next calls of a path with, first in first out. */
  failures: Map<string, PlaidSimulatorError[]>;
};

export async function servePlaidRequest(
  simulation: PlaidSimulation,
  req: IncomingMessage,
  res: ServerResponse,
) {
  const path = new URL(req.url ?? '/', 'http://simulator.invalid').pathname;
  const text = await readBody(req);
  try {
    const body = parseBody(text);
    simulation.requests.push({
      path,
      body: Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'secret')),
      plaidVersion: headerOf(req, 'plaid-version'),
    });
    const route = req.method === 'POST' ? simulation.routes.get(path) : undefined;
    if (!route) throw notFound(path);
    checkCredentials(simulation.state, req, body);
    const injected = simulation.failures.get(path)?.shift();
    if (injected) throw injected;
    const { client_id: _id, secret: _secret, ...input } = body;
    const answer = route.handle(simulation.state, parseInput(route.schema, input) as never);
    send(res, 200, { ...answer, request_id: newRequestId() });
  } catch (error) {
    if (!(error instanceof PlaidSimulatorError)) throw error;
    send(res, error.status, error.body);
  }
}

/** Plaid takes its keys in the body (client_id, secret) or as PLAID-CLIENT-ID and PLAID-SECRET headers. */
function checkCredentials(state: PlaidState, req: IncomingMessage, body: JsonObject) {
  const clientId = typeof body.client_id === 'string' ? body.client_id : headerOf(req, 'plaid-client-id');
  const secret = typeof body.secret === 'string' ? body.secret : headerOf(req, 'plaid-secret');
  const missing = [clientId ? null : 'client_id', secret ? null : 'secret'].filter(Boolean);
  if (missing.length > 0) {
    throw invalidRequest(
      'MISSING_FIELDS',
      `the following required fields are missing: ${missing.join(', ')}`,
    );
  }
  if (clientId !== state.clientId || secret !== state.secret) throw invalidApiKeys();
}

/** The body as the schema reads it, or Plaid's INVALID_REQUEST naming the fields. */
function parseInput(schema: z.ZodType, body: JsonObject): unknown {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const unknown = issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key].join('.')) : [],
  );
  if (unknown.length > 0) {
    throw invalidRequest(
      'UNKNOWN_FIELDS',
      `the following fields are not recognized by this endpoint: ${unknown.join(', ')}`,
    );
  }
  const missing = issues.flatMap((issue) =>
    issue.code === 'invalid_type' && issue.input === undefined ? [issue.path.join('.')] : [],
  );
  if (missing.length > 0) {
    throw invalidRequest(
      'MISSING_FIELDS',
      `the following required fields are missing: ${missing.join(', ')}`,
    );
  }
  const first = issues[0];
  throw invalidRequest(
    'INVALID_FIELD',
    `${first?.path.join('.') || 'body'} ${first?.message ?? 'is invalid'}`,
  );
}

function parseBody(text: string | null): JsonObject {
  if (text === null) throw plaidError(413, PlaidErrorType.InvalidRequest, 'INVALID_BODY', 'body too large');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalidRequest('INVALID_BODY', 'body could not be parsed as JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidRequest('INVALID_BODY', 'body must be a JSON object');
  }
  return body as JsonObject;
}

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

export function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
}
