import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import {
  expiredAccessToken,
  MoneykitSimulatorError,
  moneykitError,
  notFound,
  unauthorized,
  validationError,
} from './errors';
import { ACCESS_TOKEN_TTL_S, type MoneykitState, newSecretToken } from './state';

// HTTP: the bearer token, bodies (JSON, and the form of /auth/token), routing with path ids,
// validation, injected failures and the request log.

const MAX_BODY_BYTES = 1024 * 1024;

export type RecordedMoneykitRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** The bearer token sent, or null. */
  bearer: string | null;
};

export type MoneykitRouteRequest<B = unknown> = {
  params: string[];
  query: URLSearchParams;
  body: B;
};

export type MoneykitRoute = {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  /** The body's schema (POST); its answer's status (default 200). */
  schema?: z.ZodType;
  status?: number;
  handle: (state: MoneykitState, request: MoneykitRouteRequest<never>) => unknown;
};

export type MoneykitSimulation = {
  state: MoneykitState;
  routes: MoneykitRoute[];
  requests: RecordedMoneykitRequest[];
  /** `METHOD /path-template` → refusals to answer its next calls with, first in first out. */
  failures: Map<string, MoneykitSimulatorError[]>;
  /** Access tokens issued so far. */
  tokensIssued: number;
};

/** `'/links/:id/accounts'` matches `/links/mk_1/accounts`, the id becoming params[0]. */
export function route(
  method: MoneykitRoute['method'],
  template: string,
  handle: MoneykitRoute['handle'],
  options: { schema?: z.ZodType; status?: number } = {},
): MoneykitRoute & { template: string } {
  return {
    method,
    pattern: new RegExp(`^${template.replace(/:[a-z_]+/g, '([^/]+)')}$`),
    handle,
    template,
    ...options,
  };
}

export async function serveMoneykitRequest(
  simulation: MoneykitSimulation,
  req: IncomingMessage,
  res: ServerResponse,
) {
  const url = new URL(req.url ?? '/', 'http://simulator.invalid');
  const method = req.method ?? 'GET';
  const text = await readBody(req);
  const authorization = headerOf(req, 'authorization');
  const bearer = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : null;
  try {
    const body = parseBody(text, headerOf(req, 'content-type'));
    simulation.requests.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      bearer,
    });
    if (method === 'POST' && url.pathname === '/auth/token') {
      send(res, 200, issueAccessToken(simulation, req, body));
      return;
    }
    checkBearer(simulation.state, bearer);
    for (const candidate of simulation.routes as (MoneykitRoute & { template: string })[]) {
      const match = candidate.method === method ? candidate.pattern.exec(url.pathname) : null;
      if (!match) continue;
      const injected = simulation.failures.get(`${method} ${candidate.template}`)?.shift();
      if (injected) throw injected;
      const params = match.slice(1).map((segment) => decodeURIComponent(segment));
      const input = candidate.schema ? parseInput(candidate.schema, body) : body;
      const answer = candidate.handle(simulation.state, {
        params,
        query: url.searchParams,
        body: input as never,
      });
      send(res, candidate.status ?? 200, answer);
      return;
    }
    throw notFound(`${method} ${url.pathname}`);
  } catch (error) {
    if (!(error instanceof MoneykitSimulatorError)) throw error;
    send(res, error.status, error.body);
  }
}

/** POST /auth/token: client credentials in the form (or HTTP Basic), grant_type=client_credentials. */
function issueAccessToken(simulation: MoneykitSimulation, req: IncomingMessage, body: unknown) {
  const form = (body ?? {}) as Record<string, unknown>;
  const basic = headerOf(req, 'authorization')?.match(/^Basic (.+)$/)?.[1];
  const [basicId, basicSecret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
  const clientId = typeof form.client_id === 'string' ? form.client_id : basicId;
  const clientSecret = typeof form.client_secret === 'string' ? form.client_secret : basicSecret;
  if (form.grant_type !== 'client_credentials') {
    throw moneykitError(
      400,
      'api_error.auth.unsupported_grant_type',
      'Only client_credentials is supported.',
    );
  }
  const { state } = simulation;
  if (clientId !== state.clientId || clientSecret !== state.clientSecret) throw unauthorized();
  simulation.tokensIssued += 1;
  const token = newSecretToken('mk_at_');
  state.accessTokens.set(token, state.now().getTime() + ACCESS_TOKEN_TTL_S * 1000);
  return { access_token: token, token_type: 'bearer', expires_in: ACCESS_TOKEN_TTL_S };
}

function checkBearer(state: MoneykitState, bearer: string | null) {
  const expiresAt = bearer ? state.accessTokens.get(bearer) : undefined;
  if (expiresAt === undefined) throw unauthorized();
  if (expiresAt <= state.now().getTime()) throw expiredAccessToken();
}

/** The body as the schema reads it, or FastAPI's 422 naming every wrong field. */
function parseInput(schema: z.ZodType, body: unknown): unknown {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  throw validationError(
    result.error.issues.flatMap((issue) => {
      const loc = ['body', ...issue.path.map((part) => (typeof part === 'number' ? part : String(part)))];
      if (issue.code === 'unrecognized_keys') {
        return issue.keys.map((key) => ({
          loc: [...loc, key],
          msg: 'extra fields not permitted',
          type: 'value_error.extra',
        }));
      }
      const missing = issue.code === 'invalid_type' && issue.input === undefined;
      return [
        {
          loc,
          msg: missing ? 'field required' : issue.message,
          type: missing ? 'value_error.missing' : 'value_error',
        },
      ];
    }),
  );
}

function parseBody(text: string | null, contentType: string | null): unknown {
  if (text === null) throw moneykitError(413, 'api_error.request_too_large', 'The body is over 1 MB.');
  if (text.trim() === '') return undefined;
  if (contentType?.startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    return JSON.parse(text);
  } catch {
    throw validationError([
      { loc: ['body'], msg: 'Expecting value: invalid JSON', type: 'value_error.jsondecode' },
    ]);
  }
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
  if (body === undefined || status === 204) {
    res.writeHead(status).end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
}
