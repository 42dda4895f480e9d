import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../appDeps';
import { createContext, isUuid } from '../graphql/context';
import { requestFactsOf } from '../http/requestFacts';
import {
  type BankingDeps,
  type DownloadAnswer,
  downloadStatement,
  downloadTaxDocument,
  issueFileToken,
  type QueryValue,
} from '../modules/banking';
import { secretBoxOf } from '../secrets/secretBox';
import { featureUnavailableProblem, isFeatureOff, sendFeatureUnavailable } from './featureUnavailable';
import { escapeHtml, prefersHtml } from './htmlPage';
import { sendProblem } from './problem';
import { clientOf } from './requestInput';
import { requireRestViewer } from './viewer';

type Query = Record<string, QueryValue>;

/**
 * The Documents page's REST routes (spec §7):
 *
 * - GET /api/v1/file_tokens?entity_id= (bearer): a file download token for the viewer and the company
 *   `entity_id` names, `{ token, expires_at, expires_in }`: single use, for a minute. The web app asks
 *   for one each time a download is clicked. The spec's call sends no parameters; ours
 *   names the company because a token opens one company's files (modules/banking/fileTokens.ts), and a
 *   user may belong to several. Needs 'read' on it: another company's id answers 404 'Entity not found',
 *   as the entity guard does, and a card-only member 403.
 * - GET /api/v1/account/statement?account_id=&month=YYYY-MM&token= and
 *   GET /api/v1/account/document?accountId=&id=&token=: the PDFs, authorised by the token alone, since the
 *   browser opens these links itself (a real download: the file under its name, where the browser saves
 *   files) and sends no bearer header. The token is spent by that one request
 *   (modules/banking/documentsDownloads.ts), so the URL is worthless once used.
 *
 * Nothing here is cached by the browser or a proxy (Cache-Control: no-store): a token answer is a
 * secret, and a statement holds the company's figures. On a server without banking each answers the
 * 501 problem 'Banking is not set up on this server' (featureUnavailable.ts), before anything is read.
 */
export async function registerAccountDocumentRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Querystring: Query }>('/api/v1/file_tokens', async (request, reply) => {
    const viewer = await requireRestViewer(request, reply, deps);
    if (!viewer) return reply;
    reply.header('cache-control', 'no-store');
    if (isFeatureOff(deps.config, 'banking')) return sendFeatureUnavailable(reply, 'banking');
    const entityId = request.query.entity_id;
    if (entityId === undefined || entityId === '') return sendProblem(reply, 400, 'entity_id is required');
    if (typeof entityId !== 'string') return sendProblem(reply, 400, 'entity_id must be given once');
    if (!isUuid(entityId)) return sendProblem(reply, 400, 'entity_id must be a UUID');
    const ctx = createContext({
      ...deps,
      viewer,
      client: clientOf(request),
      requestFacts: requestFactsOf(request),
    });
    // A refusal (403 FORBIDDEN, 404 'Entity not found') answers through the app's error handler.
    await ctx.requireEntity(entityId, 'read');
    const issued = await issueFileToken(deps.db, deps.clock, { entityId, userId: viewer.userId });
    return {
      token: issued.token,
      expires_at: issued.expiresAt.toISOString(),
      expires_in: issued.expiresIn,
    };
  });

  app.get<{ Querystring: Query }>('/api/v1/account/statement', async (request, reply) =>
    isFeatureOff(deps.config, 'banking')
      ? sendBankingUnavailable(request, reply)
      : sendDownload(request, reply, await downloadStatement(bankingDepsOf(deps), request.query)),
  );

  app.get<{ Querystring: Query }>('/api/v1/account/document', async (request, reply) =>
    isFeatureOff(deps.config, 'banking')
      ? sendBankingUnavailable(request, reply)
      : sendDownload(request, reply, await downloadTaxDocument(bankingDepsOf(deps), request.query)),
  );
}

/** A download on a server without banking: the 501 problem, or for a person's browser the same words as a page. */
function sendBankingUnavailable(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.header('cache-control', 'no-store');
  if (!prefersHtml(request)) return sendFeatureUnavailable(reply, 'banking');
  const { status, detail } = featureUnavailableProblem('banking');
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(downloadRefusedPage(detail, { retry: false }));
}

/** The banking services' dependencies, for a request (the secret box is made on first use, not at start). */
const bankingDepsOf = (deps: AppDeps): BankingDeps => ({
  db: deps.db,
  clock: deps.clock,
  banking: deps.providers.banking,
  secrets: secretBoxOf(deps.config),
});

/**
 * The PDF as an attachment under its file name, or the refusal: a problem (spec §8) for a program, and
 * for a person whose browser opened the link (an expired link opened later, say) a short page saying
 * what happened and leading back to /documents, not raw JSON.
 */
function sendDownload(request: FastifyRequest, reply: FastifyReply, answer: DownloadAnswer): FastifyReply {
  reply.header('cache-control', 'no-store');
  if (!answer.ok) {
    if (!prefersHtml(request)) return sendProblem(reply, answer.status, answer.detail);
    return reply
      .status(answer.status)
      .type('text/html; charset=utf-8')
      .send(downloadRefusedPage(answer.detail));
  }
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${answer.filename}"`)
    .send(Buffer.from(answer.bytes));
}

/** `retry`: the link may work again once fetched anew (every refusal but a server without banking). */
function downloadRefusedPage(detail: string, { retry } = { retry: true }): string {
  const text = escapeHtml(detail);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Download not available - Keel</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:560px;margin:15vh auto;padding:0 24px;color:#1a1b1e}
a{color:#0b6e99}</style></head><body><h1>Download not available</h1><p>${text}</p>
${retry ? '<p>Each download link works once, for a minute. <a href="/documents">Go back to Documents</a> and download it again.</p>\n' : ''}</body></html>`;
}
