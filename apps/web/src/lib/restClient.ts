import { getAccessToken } from './authToken';
import { notifyUnauthenticated } from './unauthenticated';

/** A refused REST call. `detail` is what to show: the problem detail (spec §8) or the server's message. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly detail: string;

  constructor(status: number, body: unknown) {
    const detail = readDetail(body) ?? `Request failed (${status})`;
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.detail = detail;
  }
}

function readDetail(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  for (const field of ['detail', 'error', 'message']) {
    const value = record[field];
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}

type RestRequest = {
  method?: 'GET' | 'POST' | 'DELETE';
  /** JSON body. */
  json?: unknown;
  /** Form body (application/x-www-form-urlencoded), as the Google sign-in routes expect. */
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /**
   * Sends the bearer token; a 401 then ends the session (spec §8). The sign-in calls are not
   * authenticated: their 401 means a wrong password or code, shown on the form.
   */
  authenticated?: boolean;
};

/** Calls a REST route of the API and returns its JSON reply, or throws ApiError. */
export async function requestJson<T>(path: string, request: RestRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let body: string | undefined;
  if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  }
  if (request.authenticated) {
    const token = getAccessToken();
    if (token) headers.authorization = `Bearer ${token}`;
  }

  const response = await fetch(path, {
    method: request.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    credentials: 'same-origin',
  });
  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { detail: text };
    }
  }
  if (!response.ok) {
    if (response.status === 401 && request.authenticated) notifyUnauthenticated();
    throw new ApiError(response.status, parsed);
  }
  return parsed as T;
}

/** What to show for a failed call: the API's detail, or a plain fallback for anything else. */
export function describeError(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) return error.status >= 500 ? fallback : error.detail;
  return fallback;
}
