import type { LightMyRequestResponse } from 'fastify';
import { runBankMirror } from '../../../test/bankingTestKit';
import type { TestApp } from '../../../test/harness';
import type { LedgerFixture } from '../../../test/ledgerTestKit';
import { secretBoxOf } from '../../secrets/secretBox';
import { issueAccessToken } from '../auth/tokens';
import { mirrorBank } from './bankMirrorJob';
import { type PdfText, readPdfText } from './pdf/pdfText.testkit';

/** Test support for the Documents suites (test code only): the query, downloads, and reading figures. */

export const DOCUMENTS = `query($e: ID!) { documents(entityId: $e) {
  entityId fileToken { token expiresAt expiresIn }
  accounts { id name accountNumber currentBalance statementMonths
    taxDocuments { id accountId type year name status amount filedAt } } } }`;

type DocumentsAnswer = {
  entityId: string;
  fileToken: { token: string; expiresAt: string; expiresIn: number };
  accounts: {
    id: string;
    name: string;
    accountNumber: string;
    currentBalance: number;
    statementMonths: string[];
    taxDocuments: {
      id: string;
      accountId: string;
      type: string;
      year: number;
      name: string;
      status: string;
      amount: number;
      filedAt: string | null;
    }[];
  }[];
};

/** Documents(entityId) as the fixture's owner (or `token`'s user); throws on errors. */
export async function documentsOf(fixture: LedgerFixture, token?: string): Promise<DocumentsAnswer> {
  const result = await fixture.gql<{ documents: DocumentsAnswer }>(DOCUMENTS, { e: fixture.entityId }, token);
  if (!result.data) throw new Error(`documents: ${JSON.stringify(result.errors)}`);
  return result.data.documents;
}

/**
 * Moves the clock, gives the companies' owners fresh access tokens (test tokens live 24 hours) and runs
 * their bank mirror, as the scheduled BankMirror job would within a minute (reads do not settle).
 */
export async function moveClock(t: TestApp, at: string, ...fixtures: LedgerFixture[]): Promise<void> {
  t.clock.set(new Date(at));
  for (const fixture of fixtures) {
    fixture.owner.token = (await issueAccessToken(t.db, t.clock, fixture.owner.user.id, 24)).token;
    await runBankMirror(t, fixture.entityId);
  }
}

/**
 * What the BankMirror job does for the company at the clock's now (credits the months that are over,
 * files the Forms 1099-INT due): statements are served only for months the bank has closed.
 */
export async function mirrorNow(t: TestApp, entityId: string): Promise<void> {
  await mirrorBank(
    { db: t.db, clock: t.clock, banking: t.providers.banking, secrets: secretBoxOf(t.config) },
    entityId,
  );
}

/** A GET of the API with these query parameters (a list repeats the parameter), no bearer header. */
export function getWithQuery(
  t: TestApp,
  path: string,
  params: Record<string, string | string[]>,
  token?: string,
): Promise<LightMyRequestResponse> {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, item);
  }
  return t.app.inject({
    method: 'GET',
    url: `${path}?${search}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** A downloaded PDF's text (pdf.js wants a plain Uint8Array, not the response's Buffer). */
export function pdfTextOf(response: LightMyRequestResponse): Promise<PdfText> {
  return readPdfText(new Uint8Array(response.rawPayload));
}

/** '$1,234.56' → 123456, '-$12.00' → -1200. */
function parseMoney(text: string): number {
  const match = /^(-?)\$([\d,]+)\.(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`Not an amount: ${text}`);
  const cents = Number(match[2]?.replace(/,/g, '')) * 100 + Number(match[3]);
  return match[1] === '-' ? -cents : cents;
}

/**
 * The amount a PDF's text shows right after `label` ('Opening balance $1,234.56'), in cents: the first
 * such place (the statement's summary comes before its table).
 */
export function figureAfter(text: string, label: string): number {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`(?:^|[ \n])${escaped} (-?\\$[\\d,]+\\.\\d{2})(?=[ \n]|$)`).exec(text);
  if (!match?.[1]) throw new Error(`No '${label} $…' in:\n${text}`);
  return parseMoney(match[1]);
}
