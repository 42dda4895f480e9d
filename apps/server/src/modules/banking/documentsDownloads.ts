import { FILED_TAX_DOCUMENT_STATUS, isCalendarMonth, PRODUCT_SLUG } from '@keel/domain';
import { isUuid } from '../../graphql/context';
import { entityToday } from '../entities/timeZone';
import type { BankingDeps } from './bankingDeps';
import { BANKING_MESSAGES } from './bankingErrors';
import { enqueueBankMirror } from './bankMirrorJob';
import { type DepositAccountRow, findDepositAccount } from './depositAccounts';
import { loadDocumentHolder } from './documentsHolder';
import { loadStatement, statementMonthsOf } from './documentsStatement';
import { spendFileToken } from './fileTokens';
import { renderStatementPdf } from './pdf/statementPdf';
import { renderTaxDocumentPdf } from './pdf/taxDocumentPdf';
import { findTaxDocument, INTEREST_TAX_DOCUMENT_TYPE } from './taxDocuments';

/**
 * The two downloads of the Documents page (spec §7 GET /api/v1/account/statement and
 * /api/v1/account/document), for the REST routes (rest/accountDocuments.ts) to send. The link's file
 * token authorises (fileTokens.ts), once: it is spent as soon as the request arrives, whatever the
 * answer, since the request has carried it in a URL either way. The answer then follows this order, so
 * it reveals no more than the caller may know: the parameters' shape (400, naming the parameter), then
 * the token (401), then the account, which must belong to the token's company (404, the same for another
 * company's and an unknown one), then the document or month (404 or 400).
 */

export const DOCUMENT_MESSAGES = {
  tokenExpired: 'This download link has expired: download the file again from Documents',
  tokenInvalid: 'This download link was already used or is not valid: download the file again from Documents',
  accountNotFound: BANKING_MESSAGES.accountNotFound,
  documentNotFound: 'Document not found',
  statementPending:
    "This month's statement is being prepared: the bank is crediting its interest. Try again in a minute",
  noStatements:
    'This account has no statements yet: the first covers the month it opened, once that month is over',
} as const;

export type DownloadedFile = { ok: true; filename: string; bytes: Uint8Array };
export type DownloadRefusal = { ok: false; status: 400 | 401 | 404 | 503; detail: string };
export type DownloadAnswer = DownloadedFile | DownloadRefusal;

/** A query parameter as Fastify parses it: a string, several strings when repeated, or absent. */
export type QueryValue = string | string[] | undefined;

const refuse = (status: DownloadRefusal['status'], detail: string): DownloadRefusal => ({
  ok: false,
  status,
  detail,
});

/** The parameter's one value, or the 400 naming it: absent, repeated, or not of its shape. */
function readParam(
  name: string,
  value: QueryValue,
  shape?: { test: (value: string) => boolean; says: string },
): string | DownloadRefusal {
  if (value === undefined || value === '') return refuse(400, `${name} is required`);
  if (typeof value !== 'string') return refuse(400, `${name} must be given once`);
  if (shape && !shape.test(value)) return refuse(400, `${name} must be ${shape.says}`);
  return value;
}

const UUID_SHAPE = { test: isUuid, says: 'a UUID' };
const MONTH_SHAPE = { test: isCalendarMonth, says: 'a month as YYYY-MM' };

/** Whose files a spent token opens. */
type TokenOpener = { entityId: string };

/**
 * Spends the token the request presents (each of them, when the parameter is repeated) and answers whose
 * files it opens, or the refusal: 400 when it is missing or repeated, 401 when it is unknown, spent or
 * expired, or its holder may no longer read the books.
 */
async function spendPresentedToken(
  deps: BankingDeps,
  value: QueryValue,
): Promise<TokenOpener | DownloadRefusal> {
  if (value === undefined || value === '') return refuse(400, 'token is required');
  if (typeof value !== 'string') {
    for (const token of value) await spendFileToken(deps.db, deps.clock, token);
    return refuse(400, 'token must be given once');
  }
  const check = await spendFileToken(deps.db, deps.clock, value);
  if (check.ok) return { entityId: check.entityId };
  return refuse(
    401,
    check.reason === 'expired' ? DOCUMENT_MESSAGES.tokenExpired : DOCUMENT_MESSAGES.tokenInvalid,
  );
}

/** The token's company's deposit account `accountId`, or the 404 to answer. */
async function authorisedAccount(
  deps: BankingDeps,
  opener: TokenOpener,
  accountId: string,
): Promise<DepositAccountRow | DownloadRefusal> {
  const account = await findDepositAccount(deps.db, accountId);
  if (!account || account.entityId !== opener.entityId) return refuse(404, DOCUMENT_MESSAGES.accountNotFound);
  return account;
}

const isRefusal = (value: unknown): value is DownloadRefusal =>
  typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false;

const last4 = (account: DepositAccountRow) => account.accountNumber.slice(-4);

/**
 * Whether the bank has closed the month on the account, so its statement is final: the month's interest
 * is credited (the sandbox's interest_through has reached it), or the account is closed, or (a real
 * bank, which credits interest itself) the last mirror ran after the month was over.
 */
function statementMonthClosed(
  account: Pick<DepositAccountRow, 'status' | 'interestThrough' | 'providerAccountId' | 'mirroredAt'>,
  month: string,
): boolean {
  if (account.status === 'closed') return true;
  if (account.interestThrough !== null && account.interestThrough >= month) return true;
  if (!account.providerAccountId || !account.mirroredAt) return false;
  return account.mirroredAt.toISOString().slice(0, 7) > month;
}

/**
 * GET /api/v1/account/statement?account_id=&month=YYYY-MM&token=: the month's statement as a PDF. The
 * month must be one of the account's statement months (from the month it opened to last month). It is
 * read from what the BankMirror job stored, never settled here: a month the bank has not closed on the
 * account yet (statementMonthClosed: its interest not yet credited, in the minute after it ended) answers
 * 503 'being prepared' and asks for a mirror, so no statement is ever served without its interest.
 */
export async function downloadStatement(
  deps: BankingDeps,
  query: { account_id?: QueryValue; month?: QueryValue; token?: QueryValue },
): Promise<DownloadAnswer> {
  const opener = await spendPresentedToken(deps, query.token);
  const accountId = readParam('account_id', query.account_id, UUID_SHAPE);
  if (isRefusal(accountId)) return accountId;
  const month = readParam('month', query.month, MONTH_SHAPE);
  if (isRefusal(month)) return month;
  if (isRefusal(opener)) return opener;
  const account = await authorisedAccount(deps, opener, accountId);
  if (isRefusal(account)) return account;
  const months = statementMonthsOf(account, (await entityToday(deps.db, deps.clock, account.entityId)).today);
  if (months.length === 0) return refuse(400, DOCUMENT_MESSAGES.noStatements);
  if (!months.includes(month)) {
    return refuse(400, `month must be a statement month of this account: ${months.at(-1)} to ${months[0]}`);
  }
  if (!statementMonthClosed(account, month)) {
    await enqueueBankMirror(deps.db, account.entityId);
    return refuse(503, DOCUMENT_MESSAGES.statementPending);
  }
  const holder = await loadDocumentHolder(deps.db, account);
  const bytes = await renderStatementPdf(await loadStatement(deps.db, account, holder, month));
  return { ok: true, filename: `${PRODUCT_SLUG}-statement-${last4(account)}-${month}.pdf`, bytes };
}

/**
 * GET /api/v1/account/document?accountId=&id=&token=: a filed tax document of the account as a PDF
 * (spec §4: only filed ones are shown, so only filed ones are served; the others answer 404).
 */
export async function downloadTaxDocument(
  deps: BankingDeps,
  query: { accountId?: QueryValue; id?: QueryValue; token?: QueryValue },
): Promise<DownloadAnswer> {
  const opener = await spendPresentedToken(deps, query.token);
  const accountId = readParam('accountId', query.accountId, UUID_SHAPE);
  if (isRefusal(accountId)) return accountId;
  const id = readParam('id', query.id, UUID_SHAPE);
  if (isRefusal(id)) return id;
  if (isRefusal(opener)) return opener;
  const account = await authorisedAccount(deps, opener, accountId);
  if (isRefusal(account)) return account;
  const document = await findTaxDocument(deps.db, account.id, id);
  if (
    !document ||
    document.status !== FILED_TAX_DOCUMENT_STATUS ||
    document.type !== INTEREST_TAX_DOCUMENT_TYPE
  ) {
    return refuse(404, DOCUMENT_MESSAGES.documentNotFound);
  }
  const holder = await loadDocumentHolder(deps.db, account, deps.secrets);
  const bytes = await renderTaxDocumentPdf({
    year: document.year,
    recipient: { name: holder.name, addressLines: holder.addressLines, ein: holder.ein },
    account: { name: account.name, accountNumber: account.accountNumber },
    interestPaidCents: document.amount,
    ...(document.filedAt ? { issuedAt: document.filedAt.toISOString() } : {}),
  });
  const type = document.type.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return { ok: true, filename: `${PRODUCT_SLUG}-${type}-${last4(account)}-${document.year}.pdf`, bytes };
}
