import { PRODUCT_NAME } from '@keel/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { integrationsPageUrl, OAUTH_STATE_TTL_MS } from '../modules/accounting';
import { escapeHtml, prefersHtml } from './htmlPage';
import { sendProblem } from './problem';

/** What a program is told (the page says the same at more length). */
export const BROWSER_MISMATCH_DETAIL =
  'This QuickBooks connection was not started in this browser, so nothing was connected.';

const TTL_MINUTES = OAUTH_STATE_TTL_MS / 60_000;

/**
 * The QuickBooks callback's answer to a browser that did not start the flow: 403, a page for a person
 * and the problem for a program. Not a redirect into the app: this browser may be signed out, or signed
 * in to another company, whose settings page would wrongly say its own connection failed. The page
 * names no company and repeats nothing from the address; the address itself holds no secret that
 * still works (the state was spent, the code never exchanged).
 */
export function sendQuickbooksBrowserMismatch(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<Config, 'APP_URL'>,
): FastifyReply {
  reply.header('cache-control', 'no-store');
  if (!prefersHtml(request)) return sendProblem(reply, 403, BROWSER_MISMATCH_DETAIL);
  return reply.status(403).type('text/html; charset=utf-8').send(browserMismatchPage(config));
}

function browserMismatchPage(config: Pick<Config, 'APP_URL'>): string {
  const product = escapeHtml(PRODUCT_NAME);
  const integrations = escapeHtml(integrationsPageUrl(config, {}));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>QuickBooks Online was not connected - ${product}</title>
<style>
body { font-family: Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f4f6f8; color: #1a1b1e; margin: 0; line-height: 1.5; }
main { max-width: 34rem; margin: 12vh auto; background: #fff; border: 1px solid #dee2e6; border-radius: 8px; padding: 2rem 2.25rem; }
h1 { font-size: 1.375rem; margin: 0 0 1rem; font-weight: 650; }
p { margin: 0 0 1rem; }
.note { background: #fff8e6; border-left: 3px solid #f59f00; padding: .75rem 1rem; border-radius: 4px; font-size: .9375rem; }
a.button { display: inline-block; background: #0a6c93; color: #fff; text-decoration: none; font-weight: 600; padding: .5rem 1.25rem; border-radius: 8px; }
a.button:focus-visible { outline: 3px solid #72aec7; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>QuickBooks Online was not connected</h1>
<p>This browser did not start this connection, so ${product} connected nothing.</p>
<p>A QuickBooks connection can only be finished in the browser where Connect was clicked, once, within ${TTL_MINUTES} minutes. This one was started in another browser or on another device, or it was already finished or has expired here.</p>
<p>To connect QuickBooks Online, sign in to ${product} in this browser, open Settings, then Integrations, and click Connect.</p>
<p class="note">If someone sent you a link to connect your QuickBooks company, do not use it, and do not send anyone the address of this page.</p>
<p><a class="button" href="${integrations}">Go to Integrations</a></p>
</main>
</body>
</html>
`;
}
