import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Config } from '../../config';
import { quickbooksRedirectUri } from './quickbooksUrls';

/**
 * What ties a QuickBooks authorization to the browser that asked for it. The callback arrives as a
 * plain navigation with no bearer token, so a state alone would let any browser holding the consent
 * link finish the flow into the asker's company. Instead createQuickbooksConnection makes a random
 * binding, gives it to the asking browser only, in an HttpOnly cookie on the answer to its signed-in
 * call, and derives the state from it; the callback finishes only where the cookie's binding derives
 * the state it brings.
 *
 * The state is a one-way hash of the binding, so the URLs the state travels through (the consent
 * screen's address, the callback's, a referrer, Intuit's logs) reveal nothing that would make the
 * cookie, and nothing new is stored. Each flow has a cookie of its own (named after its state), so
 * connecting two companies from two tabs at once works.
 */

/** How long the browser has to come back from QuickBooks' consent screen (the state and its cookie). */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

const BINDING = /^[A-Za-z0-9_-]{43}$/;
/** Keeps a state derived for this purpose from ever equalling a hash made for another. */
const STATE_LABEL = 'keel quickbooks oauth state\0';
/** Enough of the state to tell one flow's cookie from another's (96 bits). */
const NAME_CHARS = 16;

export type QuickbooksBrowserBinding = {
  /** The cookie's value: 32 random bytes, base64url. Never in a URL, never logged. */
  binding: string;
  /** The OAuth `state`: derived from the binding. */
  state: string;
};

export function newQuickbooksBrowserBinding(): QuickbooksBrowserBinding {
  const binding = randomBytes(32).toString('base64url');
  return { binding, state: quickbooksStateOf(binding) };
}

/** The state a binding stands behind: the base64url SHA-256 of the binding, labelled. */
function quickbooksStateOf(binding: string): string {
  return createHash('sha256').update(`${STATE_LABEL}${binding}`).digest('base64url');
}

/** Whether the binding a browser sent is the one the state was derived from. */
export function isQuickbooksStateBoundTo(state: string, binding: string | undefined): boolean {
  if (binding === undefined || !BINDING.test(binding)) return false;
  const expected = Buffer.from(quickbooksStateOf(binding));
  const given = Buffer.from(state);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

type QuickbooksBindingCookie = { name: string; options: CookieSerializeOptions };

/**
 * The cookie that carries a flow's binding. HttpOnly: no script, ours or injected, reads it.
 * SameSite=Lax, not Strict: with Intuit the callback is a top-level navigation from another site, on
 * which a Strict cookie is not sent (the sandbox's consent page is on our own site, so it would not
 * show the difference). Lax still keeps it off every cross-site subrequest and POST. Sent only to the
 * callback's path, for as long as the state lives. Secure, under the `__Secure-` prefix (which a plain
 * HTTP page cannot set), when the app is served over HTTPS.
 */
export function quickbooksBindingCookie(
  config: Pick<Config, 'APP_URL'>,
  state: string,
): QuickbooksBindingCookie {
  const callback = new URL(quickbooksRedirectUri(config));
  const secure = callback.protocol === 'https:';
  return {
    name: `${secure ? '__Secure-' : ''}keel_qbo_${state.slice(0, NAME_CHARS)}`,
    options: {
      path: callback.pathname,
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: OAUTH_STATE_TTL_MS / 1000,
    },
  };
}
