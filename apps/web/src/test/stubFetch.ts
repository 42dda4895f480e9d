import { vi } from 'vitest';

/** A request the app sent: its address and its JSON body ({} without one). */
export type SentRequest = { url: string; body: Record<string, unknown> };

/**
 * Stubs the global fetch (undo with vi.unstubAllGlobals): every request is answered with
 * `answer(request)` as JSON, status 200 unless it says otherwise. Returns the requests sent, in order.
 */
export function stubFetch(answer: (sent: SentRequest) => { status?: number; json: unknown }): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = { url: String(input), body: JSON.parse(String(init?.body ?? '{}')) };
      sent.push(request);
      const { status = 200, json } = answer(request);
      return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}
