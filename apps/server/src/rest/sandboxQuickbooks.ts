import { PRODUCT_NAME } from '@keel/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../appDeps';
import { quickbooksRedirectUri } from '../modules/accounting';
import { AccountingError, type SandboxAccountingControls } from '../providers/accounting';
import { QUICKBOOKS_SCOPE, SANDBOX_AUTHORIZE_PATH } from '../providers/accounting/sandbox';
import { isFeatureOff, sendFeatureUnavailable } from './featureUnavailable';
import { escapeHtml } from './htmlPage';
import { readBodyFields } from './requestInput';

/** The consent page's title (what Intuit's screen says, for the sandbox). */
export const SANDBOX_CONSENT_TITLE = `Connect ${PRODUCT_NAME} to QuickBooks Online (sandbox)`;

const text = (max: number) => z.string().min(1).max(max);

const authorizeSchema = z.object({
  client_id: text(200),
  response_type: text(20),
  scope: text(500),
  redirect_uri: text(2_000),
  state: z.string().regex(/^[A-Za-z0-9._~-]{16,256}$/),
});

const decisionSchema = authorizeSchema.extend({
  decision: z.enum(['connect', 'cancel']),
  realm_id: z.string().max(64).optional(),
});

type AuthorizeRequest = z.infer<typeof authorizeSchema>;

/** Keeps only text values sent once (a repeated parameter counts as absent). */
function singleValues(input: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries((input ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'string') fields[key] = value;
  }
  return fields;
}

/** Why the request cannot be shown a consent page (no redirect then: the redirect URI may be anyone's). */
function requestProblem(
  deps: AppDeps,
  sandbox: SandboxAccountingControls,
  request: AuthorizeRequest,
): string | null {
  if (request.client_id !== sandbox.clientId) return 'The client_id is not this app’s.';
  if (request.response_type !== 'code') return 'The response_type must be code.';
  if (!request.scope.split(' ').includes(QUICKBOOKS_SCOPE))
    return `The scope must include ${QUICKBOOKS_SCOPE}.`;
  if (request.redirect_uri !== quickbooksRedirectUri(deps.config))
    return 'The redirect_uri is not this app’s callback.';
  return null;
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; background: #f4f5f8; color: #1f2430; margin: 0; }
main { max-width: 28rem; margin: 4rem auto; background: #fff; border-radius: 8px; padding: 2rem; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
h1 { font-size: 1.25rem; margin-top: 0; }
fieldset { border: 1px solid #d5d8e0; border-radius: 6px; margin: 1rem 0; }
label { display: block; padding: .25rem 0; }
.actions { display: flex; gap: .75rem; justify-content: flex-end; }
button { font: inherit; padding: .5rem 1.25rem; border-radius: 6px; border: 1px solid #2ca01c; cursor: pointer; }
button[value="connect"] { background: #2ca01c; color: #fff; }
button[value="cancel"] { background: #fff; color: #2ca01c; }
.note { color: #5c6270; font-size: .875rem; }
</style>
</head>
<body><main>
<h1>${escapeHtml(title)}</h1>
${body}
</main></body>
</html>
`;
}

function consentPage(sandbox: SandboxAccountingControls, request: AuthorizeRequest): string {
  const hidden = (['client_id', 'response_type', 'scope', 'redirect_uri', 'state'] as const)
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(request[name])}">`)
    .join('\n');
  const companies = sandbox
    .companies()
    .map(
      (company, index) =>
        `<label><input type="radio" name="realm_id" value="${escapeHtml(company.realmId)}"${index === 0 ? ' checked' : ''}> ${escapeHtml(company.companyName)}</label>`,
    )
    .join('\n');
  return page(
    SANDBOX_CONSENT_TITLE,
    `<p>${escapeHtml(PRODUCT_NAME)} would like to read the chart of accounts and the transactions of your QuickBooks company.</p>
<form method="post" action="${SANDBOX_AUTHORIZE_PATH}">
${hidden}
<fieldset><legend>Company</legend>
${companies}
</fieldset>
<div class="actions">
<button type="submit" name="decision" value="cancel">Cancel</button>
<button type="submit" name="decision" value="connect">Connect</button>
</div>
</form>
<p class="note">This is ${escapeHtml(PRODUCT_NAME)}’s built-in QuickBooks Online sandbox: a simulated company file, no Intuit account.</p>`,
  );
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

const refusal = (reply: FastifyReply, detail: string) =>
  sendPage(reply, 400, page('QuickBooks could not be connected', `<p>${escapeHtml(detail)}</p>`));

/** The redirect URI with the outcome in its query (it has none of its own: it is this app's callback). */
const redirectWith = (redirectUri: string, query: Record<string, string>) =>
  `${redirectUri}?${new URLSearchParams(query)}`;

/**
 * The QuickBooks sandbox's consent screen (what Intuit's appcenter page is for the real service), only
 * while the accounting provider is the sandbox (always, for now):
 *
 * - GET /api/sandbox/quickbooks/authorize?client_id&response_type=code&scope&redirect_uri&state: a
 *   server-rendered page (no script; every value escaped) titled SANDBOX_CONSENT_TITLE, offering the
 *   sandbox's company files, with Connect and Cancel, a plain form posting to the same path. A request
 *   whose client_id, redirect_uri (it must be this app's callback), scope or state is not right gets a
 *   400 page and no redirect.
 * - POST the same path (form-encoded, the page's fields and `decision`): Connect sends the browser (303)
 *   to the redirect URI with `code`, `state` and `realmId`; Cancel with `error=access_denied&state`.
 *
 * On a server without QuickBooks (DISABLED_FEATURES) both answer the 501 problem 'QuickBooks is not set
 * up on this server'.
 */
export function registerSandboxQuickbooksRoutes(app: FastifyInstance, deps: AppDeps) {
  if (isFeatureOff(deps.config, 'quickbooks')) {
    app.route({
      url: SANDBOX_AUTHORIZE_PATH,
      method: ['GET', 'POST'],
      handler: (_request, reply) => sendFeatureUnavailable(reply, 'quickbooks'),
    });
    return;
  }
  const sandbox = deps.providers.accounting.sandbox;
  if (!sandbox) return;

  app.get(SANDBOX_AUTHORIZE_PATH, async (request, reply) => {
    const parsed = authorizeSchema.safeParse(singleValues(request.query));
    if (!parsed.success)
      return refusal(reply, 'The authorization request is missing a parameter or has a malformed one.');
    const problem = requestProblem(deps, sandbox, parsed.data);
    if (problem) return refusal(reply, problem);
    return sendPage(reply, 200, consentPage(sandbox, parsed.data));
  });

  app.post(SANDBOX_AUTHORIZE_PATH, async (request, reply) => {
    const body = await readBodyFields(request, reply, ['urlencoded']);
    if (!body) return reply;
    const parsed = decisionSchema.safeParse(singleValues(body));
    if (!parsed.success) return refusal(reply, 'The consent form is missing a field or has a malformed one.');
    const problem = requestProblem(deps, sandbox, parsed.data);
    if (problem) return refusal(reply, problem);
    const { redirect_uri: redirectUri, state } = parsed.data;
    reply.header('cache-control', 'no-store');
    if (parsed.data.decision === 'cancel') {
      return reply.redirect(redirectWith(redirectUri, { error: 'access_denied', state }), 303);
    }
    const realmId = parsed.data.realm_id ?? sandbox.companies()[0]?.realmId ?? '';
    try {
      const code = await sandbox.grantCode({ realmId, redirectUri, at: deps.clock.now() });
      return reply.redirect(redirectWith(redirectUri, { code, state, realmId }), 303);
    } catch (error) {
      if (!(error instanceof AccountingError)) throw error;
      return refusal(reply, 'There is no such company in the QuickBooks sandbox.');
    }
  });
}
