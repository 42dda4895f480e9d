/**
 * Sends the browser to another site (a provider's consent screen): the page is left, not routed.
 * One function so tests can stand in for it (jsdom does not navigate).
 */
export function leaveForUrl(url: string): void {
  window.location.assign(url);
}
