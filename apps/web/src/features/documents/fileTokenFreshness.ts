/**
 * When the Documents page's file download token needs replacing. The server says how many seconds a
 * token lives (expiresIn, 5 minutes); the page counts them from when the token arrived, by its own
 * clock, since the browser's clock and the server's may disagree by any amount.
 */

/** A token with less than this left is replaced before a download: the click, the request and the
 * server's checks all fit well within it. */
export const FILE_TOKEN_REFRESH_MARGIN_MS = 60_000;

export type HeldFileToken = { token: string; expiresAtMs: number };

/** The token as held from `receivedAtMs` (the browser's clock), living `expiresInSeconds`. */
export function holdFileToken(token: string, expiresInSeconds: number, receivedAtMs: number): HeldFileToken {
  return { token, expiresAtMs: receivedAtMs + expiresInSeconds * 1000 };
}

/** Whether the token still has more than the margin left at `nowMs`. */
export function isFileTokenFresh(held: HeldFileToken, nowMs: number): boolean {
  return held.expiresAtMs - nowMs > FILE_TOKEN_REFRESH_MARGIN_MS;
}
