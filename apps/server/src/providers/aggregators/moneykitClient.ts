import { EXPIRED_ACCESS_TOKEN, type MoneykitErrorBody, moneykitFailure } from './moneykitErrors';

export type MoneykitSettings = {
  clientId: string;
  clientSecret: string;
  /** MoneyKit's API, or a proxy or local simulation of it (MONEYKIT_BASE_URL). */
  baseUrl: string;
  /** The longest one request may take, in milliseconds (default 30 s). */
  timeoutMs?: number;
  /** The HTTP client (default: the global fetch). */
  fetch?: typeof fetch;
};

export type MoneykitRequest = {
  query?: Record<string, string | number | null | undefined>;
  body?: unknown;
  signal?: AbortSignal | undefined;
};

export type MoneykitClient = {
  /** The answer's JSON (undefined for an empty answer), or the refusal (moneykitErrors.ts). */
  request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, request?: MoneykitRequest): Promise<T>;
};

/** A token is renewed this long before MoneyKit says it expires, so none expires in flight. */
const RENEW_BEFORE_MS = 60_000;

type CachedToken = { value: string; expiresAt: number };

/**
 * MoneyKit's REST API over fetch (MoneyKit publishes no official Node SDK; the shapes follow its public
 * API reference, api.moneykit.com). Authentication is OAuth client credentials: POST /auth/token with
 * the client id and secret (form-encoded, grant_type=client_credentials) gives a short-lived bearer
 * token, kept until a minute before its `expires_in` and shared by concurrent requests; a request
 * refused with api_error.auth.expired_access_token gets a new token and is sent once more.
 */
export function createMoneykitClient(settings: MoneykitSettings): MoneykitClient {
  const send = settings.fetch ?? fetch;
  const base = settings.baseUrl.replace(/\/+$/, '');
  const timeoutMs = settings.timeoutMs ?? 30_000;
  let token: CachedToken | null = null;
  let pending: Promise<CachedToken> | null = null;

  const signalFor = (signal: AbortSignal | undefined) =>
    signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);

  const readBody = async (response: Response): Promise<unknown> => {
    const text = await response.text();
    if (text.trim() === '') return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  };

  const fetchToken = async (): Promise<CachedToken> => {
    const response = await send(`${base}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
      }).toString(),
      signal: signalFor(undefined),
    });
    const body = await readBody(response);
    if (!response.ok) {
      throw moneykitFailure(response.status, (body ?? null) as MoneykitErrorBody | null, 'POST /auth/token');
    }
    const { access_token: value, expires_in: expiresIn } = (body ?? {}) as {
      access_token?: unknown;
      expires_in?: unknown;
    };
    if (typeof value !== 'string' || typeof expiresIn !== 'number') {
      throw new Error('MoneyKit answered /auth/token without an access token');
    }
    return { value, expiresAt: Date.now() + expiresIn * 1000 };
  };

  /** A token valid for a while yet: the cached one, or one fetched (once for all who wait). */
  const bearer = async (): Promise<string> => {
    if (token && token.expiresAt - RENEW_BEFORE_MS > Date.now()) return token.value;
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    token = await pending;
    return token.value;
  };

  const urlOf = (path: string, query: MoneykitRequest['query']) => {
    const url = new URL(`${base}${path}`);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== null && value !== undefined) url.searchParams.set(key, String(value));
    }
    return url.toString();
  };

  return {
    async request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, request: MoneykitRequest = {}) {
      const what = `${method} ${path}`;
      for (let attempt = 0; ; attempt++) {
        request.signal?.throwIfAborted();
        const used = await bearer();
        let response: Response;
        try {
          response = await send(urlOf(path, request.query), {
            method,
            headers: {
              authorization: `Bearer ${used}`,
              accept: 'application/json',
              ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
            signal: signalFor(request.signal),
          });
        } catch (error) {
          // The caller's abort as the caller's reason; a timeout or the network as it is.
          request.signal?.throwIfAborted();
          throw error;
        }
        const body = await readBody(response);
        if (response.ok) return body as T;
        const error = (body ?? null) as MoneykitErrorBody | null;
        if (response.status === 401 && error?.error_code === EXPIRED_ACCESS_TOKEN && attempt === 0) {
          if (token?.value === used) token = null;
          continue;
        }
        throw moneykitFailure(response.status, error, what);
      }
    },
  };
}
