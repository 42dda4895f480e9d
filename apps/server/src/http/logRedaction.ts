/**
 * What keeps secrets out of the log (the rule: no token, password or email address in any log line).
 * Call sites log identifiers, not input; what they cannot choose is the text of a library's error, so
 * errors go through `serializeLogError`, which keeps only fields known to hold no values and scrubs
 * the message; `LOG_REDACT_PATHS` catches a header or credential field logged by mistake.
 */

/** Fields pino replaces with '[redacted]' wherever they appear at the top level or one level down. */
export const LOG_REDACT_PATHS = [
  'authorization',
  'cookie',
  '["set-cookie"]',
  'password',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'secret',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'headers["x-reveal-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-reveal-token"]',
  'res.headers["set-cookie"]',
  '*.authorization',
  '*.cookie',
  '*["set-cookie"]',
  '*.password',
  '*.token',
  '*.accessToken',
  '*.access_token',
  '*.refreshToken',
  '*.refresh_token',
  '*.secret',
];

export const REDACTED = '[redacted]';

const EMAIL =
  /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9-]+)+/g;
/** A long run of URL-safe characters: how Keel's and vendors' tokens look (base64url, hex). */
const OPAQUE_RUN = /[A-Za-z0-9_-]{24,}/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Drizzle's DrizzleQueryError message ends with the statement's parameters: the values written. */
const DRIZZLE_PARAMS = /\nparams: [\s\S]*$/;

/** A run that looks random (letters and at least two digits), not a UUID or a SQL name. */
const looksLikeToken = (run: string) => !UUID.test(run) && /\d.*\d/.test(run) && /[A-Za-z]/.test(run);

/**
 * Text from outside Keel's own code (an error's message, a library's message) with what could be a
 * secret taken out: a SQL statement's parameters, email addresses and token-like runs.
 */
export function scrubLogText(text: string): string {
  return text
    .replace(DRIZZLE_PARAMS, '')
    .replace(EMAIL, '[email]')
    .replace(OPAQUE_RUN, (run) => (looksLikeToken(run) ? REDACTED : run));
}

/**
 * Fields of an error that name things and never hold values: node-postgres' and PGlite's SQLSTATE,
 * severity and the schema object involved. Left out on purpose: `detail` ('Key (email)=(…) already
 * exists', 'Failing row contains (…)'), `where`, `hint`, `internalQuery`, and Drizzle's and PGlite's
 * `query`/`params` (the message keeps the statement, without its parameters).
 */
const NAMING_FIELDS = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;

/** How deep causes are followed (an error wrapping an error wrapping …). */
const MAX_CAUSE_DEPTH = 5;
const MAX_MESSAGE = 4_000;

type SerializedError = {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
};

/**
 * pino's `err` serializer: the error's type, scrubbed message and stack, its naming fields, a GraphQL
 * error's path and code, and its causes the same way. Nothing else of the error object is written.
 */
export function serializeLogError(error: unknown): SerializedError {
  return serializeAt(error, 0);
}

function serializeAt(error: unknown, depth: number): SerializedError {
  if (!(error instanceof Error)) {
    const message = typeof error === 'string' ? scrubLogText(error).slice(0, MAX_MESSAGE) : '';
    return { type: typeof error, message, stack: '' };
  }
  const type = error.constructor?.name || error.name || 'Error';
  const message = scrubLogText(messageOf(error)).slice(0, MAX_MESSAGE);
  const stack = typeof error.stack === 'string' ? stackOf(error.stack) : '';
  const serialized: SerializedError = { type, message, stack };
  const fields = error as unknown as Record<string, unknown>;
  for (const field of NAMING_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' || typeof value === 'number')
      serialized[field] = scrubLogText(String(value));
  }
  const path = fields.path;
  if (Array.isArray(path)) serialized.path = path.join('.');
  const extensions = fields.extensions as Record<string, unknown> | undefined;
  if (typeof extensions?.code === 'string') serialized.code = extensions.code;
  if (depth < MAX_CAUSE_DEPTH) {
    const cause = fields.originalError ?? fields.cause;
    if (cause !== undefined && cause !== null && cause !== error) {
      serialized.cause = serializeAt(cause, depth + 1);
    }
    if (error instanceof AggregateError) {
      serialized.errors = error.errors.slice(0, 10).map((inner: unknown) => serializeAt(inner, depth + 1));
    }
  }
  return serialized;
}

/** The message, with a failed Drizzle statement's written from its parts (without the parameters). */
function messageOf(error: Error): string {
  const { query, params } = error as Error & { query?: unknown; params?: unknown };
  if (typeof query === 'string' && Array.isArray(params) && error.message.startsWith('Failed query: ')) {
    return `Failed query: ${query}`;
  }
  return error.message;
}

/**
 * The stack's frames. Its first lines repeat the message, unscrubbed (a failed statement's parameters
 * among them), and the message is logged beside it already, so they are left out.
 */
function stackOf(stack: string): string {
  const frames = stack.indexOf('\n    at ');
  return frames < 0 ? '' : scrubLogText(stack.slice(frames + 1)).slice(0, MAX_MESSAGE);
}

/** pino's `req` serializer, should a line log a request: its method and path, never its query string. */
export function serializeLogRequest(request: { method?: string; url?: string }) {
  return { method: request.method, url: pathOf(request.url ?? '') };
}

/** The longest path logged; the rest of a longer one is cut. */
const MAX_PATH = 300;

/** A URL's path, without its query string (password reset and invitation links carry tokens there). */
export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return scrubLogText(end < 0 ? url : url.slice(0, end)).slice(0, MAX_PATH);
}
