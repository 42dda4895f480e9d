import { addMonths, monthBounds } from '@keel/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACH,
  achRequest,
  type BankAccountView,
  deposit,
  openDepositAccount,
} from '../../../test/bankingTestKit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledgerTestKit';
import { queryRows } from '../../db/queryRows';
import {
  DOCUMENTS,
  documentsOf,
  figureAfter,
  getWithQuery,
  mirrorNow,
  moveClock,
  pdfTextOf,
} from './documents.testkit';
import { DOCUMENT_MESSAGES } from './documentsDownloads';

/**
 * The Documents page's server side: Documents(entityId), and the statement download, whose figures come
 * from the bank's ledger. A company opens its account in June 2026 and has deposits, ACH payments and
 * interest through October; the clock then stands in November, so June (the opening month) to October
 * have statements.
 */

let t: TestApp;
let company: LedgerFixture;
let account: BankAccountView;

/** Wednesday 18 November 2026, 15:00 UTC: the suite's today. */
const TODAY = '2026-11-18T15:00:00.000Z';
/** From June, the opening (partial) month, to October. */
const STATEMENT_MONTHS = ['2026-10', '2026-09', '2026-08', '2026-07', '2026-06'];

beforeAll(async () => {
  t = await createTestApp();
  await moveClock(t, '2026-06-10T15:00:00.000Z');
  company = await createLedgerFixture(t, 'Statement Co');
  account = await openDepositAccount(company);
  await deposit(t, account.id, 5_000_000, '2026-06-10', 'Seed round tranche');
  await moveClock(t, '2026-07-08T15:00:00.000Z', company);
  await deposit(t, account.id, 250_000, '2026-07-08', 'Stripe payout');
  await company.gql(
    ACH,
    achRequest(company, account.id, 'statement-ach-1', { amt: 400_000, d: '2026-07-08' }),
  );
  await moveClock(t, '2026-08-12T15:00:00.000Z', company);
  await company.gql(
    ACH,
    achRequest(company, account.id, 'statement-ach-2', { amt: 125_000, d: '2026-08-12' }),
  );
  await deposit(t, account.id, 90_000, '2026-08-12', 'Refund');
  await moveClock(t, '2026-09-16T15:00:00.000Z', company);
  await deposit(t, account.id, 1_000_000, '2026-09-16', 'Stripe payout');
  await moveClock(t, TODAY, company);
  await mirrorNow(t, company.entityId);
});
afterAll(() => t.close());

async function statement(month: string, params: Record<string, string | string[]> = {}) {
  const { fileToken } = await documentsOf(company);
  return getWithQuery(t, '/api/v1/account/statement', {
    account_id: account.id,
    month,
    token: fileToken.token,
    ...params,
  });
}

/** The account's balance at the end of the day, by the bank's ledger and by the company's books. */
async function balancesAt(day: string) {
  const [row] = await queryRows<{ ledger: string; books: string }>(
    t.db,
    sql`SELECT
      (SELECT coalesce(sum(l.amount), 0) FROM bank_ledger_entries l JOIN bank_postings p ON p.id = l.posting_id
         WHERE l.deposit_account_id = ${account.id}::uuid AND p.date <= ${day}::date)::text AS ledger,
      (SELECT coalesce(sum(e.amount), 0) FROM entries e
         WHERE e.account_id = ${account.ledgerAccountId}::uuid AND e.date <= ${day}::date)::text AS books`,
  );
  return { ledger: Number(row?.ledger), books: Number(row?.books) };
}

/** The month's postings on the account, as the bank booked them. */
async function postingsIn(month: string) {
  const { firstDay, lastDay } = monthBounds(month);
  return queryRows<{ description: string; amount: string }>(
    t.db,
    sql`SELECT description, amount::text FROM bank_postings
        WHERE deposit_account_id = ${account.id}::uuid AND date BETWEEN ${firstDay}::date AND ${lastDay}::date`,
  );
}

describe('Documents(entityId)', () => {
  it('lists each deposit account with its statement months, newest first, and a five-minute download token', async () => {
    const documents = await documentsOf(company);

    expect(documents.entityId).toBe(company.entityId);
    expect(documents.accounts).toHaveLength(1);
    expect(documents.accounts[0]).toMatchObject({
      id: account.id,
      accountNumber: account.accountNumber,
      statementMonths: STATEMENT_MONTHS,
      taxDocuments: [],
    });
    expect(documents.fileToken.token).toMatch(/^[\w-]{43}$/);
    expect(documents.fileToken.expiresIn).toBe(60);
    expect(Date.parse(documents.fileToken.expiresAt)).toBe(Date.parse(TODAY) + 60_000);
    // A token each time the page loads; only their hashes are kept.
    const again = await documentsOf(company);
    expect(again.fileToken.token).not.toBe(documents.fileToken.token);
    const stored = await queryRows<{ token_hash: string }>(
      t.db,
      sql`SELECT token_hash FROM file_tokens WHERE entity_id = ${company.entityId}::uuid`,
    );
    expect(stored.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(stored)).not.toContain(documents.fileToken.token);
  });

  it('answers a company without a deposit account with no accounts and still a token', async () => {
    const other = await createLedgerFixture(t, 'No Account Co');
    const documents = await documentsOf(other);
    expect(documents.accounts).toEqual([]);
    expect(documents.fileToken.token).toBeTruthy();
  });

  it('refuses a card-only member and a member of another company', async () => {
    const cardOnly = await company.member('card_only');
    const outsider = await createLedgerFixture(t, 'Outsider Co');
    const refused = await company.gql(DOCUMENTS, { e: company.entityId }, cardOnly);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const foreign = await outsider.gql(DOCUMENTS, { e: company.entityId });
    expect(foreign.errors?.[0]).toMatchObject({
      message: 'Entity not found',
      extensions: { code: 'NOT_FOUND' },
    });
  });
});

describe('GET /api/v1/account/statement', () => {
  it('sends the month as a PDF attachment named after the account and month, never cached', async () => {
    const response = await statement('2026-10');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="keel-statement-${account.accountNumber.slice(-4)}-2026-10.pdf"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const { text } = await pdfTextOf(response);
    expect(text).toContain('Account Statement');
    expect(text).toContain('October 1, 2026 – October 31, 2026');
    expect(text).toContain('Statement Co');
    expect(text).toContain('1 Market St');
    expect(text).toContain('San Francisco, CA 94105');
    // The full account and routing numbers, as bank statements print them.
    const [numbers] = await queryRows<{ account_number: string; routing_number: string }>(
      t.db,
      sql`SELECT account_number, routing_number FROM deposit_accounts WHERE id = ${account.id}::uuid`,
    );
    expect(account.accountNumber).toMatch(/^\*{8}/);
    expect(text).toContain(numbers?.account_number);
    expect(text).toContain(numbers?.routing_number);
    expect(text).not.toContain(account.accountNumber);
  });

  it("totals each month's activity, closes where the next month opens, at the ledger's month-end balance", async () => {
    const figures = new Map<string, { opening: number; closing: number }>();
    for (const month of STATEMENT_MONTHS) {
      const response = await statement(month);
      expect(response.statusCode, response.body).toBe(200);
      const { text } = await pdfTextOf(response);
      const opening = figureAfter(text, 'Opening balance');
      const credits = figureAfter(text, 'Deposits and credits');
      const debits = figureAfter(text, 'Withdrawals and debits');
      const closing = figureAfter(text, 'Closing balance');
      const postings = await postingsIn(month);

      // The month's activity, summed here from the bank's postings.
      const amounts = postings.map((posting) => Number(posting.amount));
      expect(credits).toBe(amounts.filter((a) => a > 0).reduce((sum, a) => sum + a, 0));
      expect(debits).toBe(amounts.filter((a) => a < 0).reduce((sum, a) => sum + a, 0));
      expect(opening + credits + debits).toBe(closing);
      expect(figureAfter(text, 'Interest earned')).toBeGreaterThan(0);
      for (const posting of postings) expect(text).toContain(posting.description);
      // Opening is the balance at the end of the month before, closing the balance at month end: by
      // the bank's ledger and by the company's books alike.
      const previousEnd = monthBounds(addMonths(month, -1)).lastDay;
      expect(await balancesAt(previousEnd)).toEqual({ ledger: opening, books: opening });
      expect(await balancesAt(monthBounds(month).lastDay)).toEqual({ ledger: closing, books: closing });
      figures.set(month, { opening, closing });
    }
    for (const month of STATEMENT_MONTHS.slice(1)) {
      expect(figures.get(addMonths(month, 1))?.opening, month).toBe(figures.get(month)?.closing);
    }
    // July: the deposit of 8 July, the ACH that posted on 9 July, and July's interest.
    const { text: july } = await pdfTextOf(await statement('2026-07'));
    expect(figureAfter(july, 'Deposits and credits')).toBeGreaterThan(250_000);
    expect(figureAfter(july, 'Withdrawals and debits')).toBe(-400_000);
    // June, the opening month: the first deposit and June's interest, from a zero opening balance.
    const { text: june } = await pdfTextOf(await statement('2026-06'));
    expect(figureAfter(june, 'Opening balance')).toBe(0);
    expect(june).toContain('Seed round tranche');
    const juneInterest = (await postingsIn('2026-06')).find(
      (posting) => posting.description === 'Interest paid',
    );
    expect(figureAfter(june, 'Interest earned')).toBe(Number(juneInterest?.amount));
    // October had only its interest.
    const october = await postingsIn('2026-10');
    expect(october.map((posting) => posting.description)).toEqual(['Interest paid']);
  });

  it('refuses malformed parameters with 400 naming the parameter', async () => {
    const cases: [Record<string, string | string[]>, string][] = [
      [{ account_id: '' }, 'account_id is required'],
      [{ account_id: 'not-a-uuid' }, 'account_id must be a UUID'],
      [{ account_id: [account.id, account.id] }, 'account_id must be given once'],
      [{ month: '' }, 'month is required'],
      [{ month: '2026-13' }, 'month must be a month as YYYY-MM'],
      [{ month: '2026-1' }, 'month must be a month as YYYY-MM'],
      [{ month: '2026-10-01' }, 'month must be a month as YYYY-MM'],
      [{ month: ['2026-10', '2026-09'] }, 'month must be given once'],
      [{ token: '' }, 'token is required'],
    ];
    for (const [params, detail] of cases) {
      const response = await statement('2026-10', params);
      expect(response.statusCode, detail).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, type: 'bad_request', detail });
    }
  });

  it("refuses a month outside the account's statement months", async () => {
    for (const month of ['2026-11', '2026-05', '2027-01', '1999-12']) {
      const response = await statement(month);
      expect(response.statusCode, month).toBe(400);
      expect(response.json().detail).toBe(
        'month must be a statement month of this account: 2026-06 to 2026-10',
      );
    }
    const fresh = await createLedgerFixture(t, 'Fresh Co');
    const freshAccount = await openDepositAccount(fresh);
    const { fileToken } = await documentsOf(fresh);
    const response = await getWithQuery(t, '/api/v1/account/statement', {
      account_id: freshAccount.id,
      month: '2026-10',
      token: fileToken.token,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(DOCUMENT_MESSAGES.noStatements);
  });

  it('answers an unknown account 404 and an unknown token 401, revealing nothing', async () => {
    const unknown = await statement('2026-10', { account_id: '00000000-0000-4000-8000-000000000001' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Account not found');
    const forged = await statement('2026-10', { token: 'x'.repeat(43) });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().detail).toBe(DOCUMENT_MESSAGES.tokenInvalid);
    const huge = await statement('2026-10', { token: 'x'.repeat(5000) });
    expect(huge.statusCode).toBe(401);
    for (const response of [unknown, forged, huge]) {
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.body).not.toContain('Statement Co');
      expect(response.body).not.toContain(account.accountNumber.slice(-4));
    }
  });
  it('answers a browser that opened a refused link with a page leading back to Documents, not JSON', async () => {
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/v1/account/statement?account_id=${account.id}&month=2026-10&token=${'x'.repeat(43)}`,
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.headers['content-type']).toContain('text/html');
    expect(forged.body).toContain(DOCUMENT_MESSAGES.tokenInvalid);
    expect(forged.body).toContain('href="/documents"');
    expect(forged.body).not.toContain(account.accountNumber.slice(-4));
  });
});
