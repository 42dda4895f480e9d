import { formatCents } from '@keel/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BankAccountView,
  deposit,
  openDepositAccount,
  runBankMirror,
} from '../../../test/bankingTestKit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledgerTestKit';
import { queryRows } from '../../db/queryRows';
import { depositAccounts, taxDocuments } from '../../db/schema';
import { documentsOf, getWithQuery, moveClock, pdfTextOf } from './documents.testkit';
import { DOCUMENT_MESSAGES } from './documentsDownloads';
import { fileDueTaxDocuments, INTEREST_REPORTING_THRESHOLD_CENTS } from './taxDocuments';

/**
 * Tax documents: the BankMirror job (its month-end settlement) files a Form 1099-INT per deposit account
 * for each complete calendar year whose interest reached $10, and the Documents page lists and downloads
 * the filed ones; reading the page files nothing. Three companies open accounts in March 2025: one with
 * $100,000, one with $300 (under the threshold for the year), and one whose account closes in August.
 */

let t: TestApp;
type Company = { fixture: LedgerFixture; account: BankAccountView };
let payer: Company;
let saver: Company;
let closer: Company;

async function company(name: string, cents: number): Promise<Company> {
  const fixture = await createLedgerFixture(t, name);
  const account = await openDepositAccount(fixture);
  await deposit(t, account.id, cents, '2025-03-05');
  return { fixture, account };
}

/** The interest credited to the account in the year, summed from the bank's postings. */
async function interestIn(account: BankAccountView, year: number): Promise<number> {
  const [row] = await queryRows<{ cents: string }>(
    t.db,
    sql`SELECT coalesce(sum(amount), 0)::text AS cents FROM bank_postings
        WHERE deposit_account_id = ${account.id}::uuid AND kind = 'interest'
          AND date BETWEEN make_date(${year}::int, 1, 1) AND make_date(${year}::int, 12, 31)`,
  );
  return Number(row?.cents);
}

async function taxDocumentsOf({ fixture }: Company) {
  return (await documentsOf(fixture)).accounts.flatMap((account) => account.taxDocuments);
}

function downloadDocument(params: Record<string, string>) {
  return getWithQuery(t, '/api/v1/account/document', params);
}

beforeAll(async () => {
  t = await createTestApp();
  await moveClock(t, '2025-03-05T15:00:00.000Z');
  payer = await company('Interest Payer Co', 10_000_000);
  saver = await company('Small Saver Co', 30_000);
  closer = await company('Closing Co', 10_000_000);
  // The closing company's account earns through July, then closes.
  await moveClock(t, '2025-08-06T15:00:00.000Z', closer.fixture);
  await runBankMirror(t, closer.fixture.entityId);
  await t.db
    .update(depositAccounts)
    .set({ status: 'closed' })
    .where(eq(depositAccounts.id, closer.account.id));
});
afterAll(() => t.close());

describe('filing Forms 1099-INT', () => {
  it('files nothing while the year is not over', async () => {
    await moveClock(t, '2025-12-20T15:00:00.000Z', payer.fixture);
    expect(await runBankMirror(t, payer.fixture.entityId)).toMatchObject({ taxDocuments: 0 });
    expect(await taxDocumentsOf(payer)).toEqual([]);
    expect(await interestIn(payer.account, 2025)).toBeGreaterThan(INTEREST_REPORTING_THRESHOLD_CENTS);
  });

  it("files one per account for the complete year, its amount the year's interest, once", async () => {
    await moveClock(t, '2026-01-02T15:00:00.000Z', payer.fixture, saver.fixture, closer.fixture);
    // The job's month-end settlement files (bankMirror.test.ts shows a read files nothing).
    for (const { fixture } of [payer, saver, closer]) await runBankMirror(t, fixture.entityId);
    const [filed, ...others] = await taxDocumentsOf(payer);

    expect(others).toEqual([]);
    expect(filed).toMatchObject({
      accountId: payer.account.id,
      type: '1099-INT',
      year: 2025,
      name: 'Form 1099-INT',
      status: 'filed',
      amount: await interestIn(payer.account, 2025),
      filedAt: '2026-01-02T15:00:00.000Z',
    });
    // Ten months of 2% on $100,000: about $1,650.
    expect(filed?.amount).toBeGreaterThan(1_600_00);
    expect(filed?.amount).toBeLessThan(1_700_00);
    // Reading again, mirroring again or filing again files nothing twice.
    expect(await taxDocumentsOf(payer)).toEqual([filed]);
    expect(await runBankMirror(t, payer.fixture.entityId)).toMatchObject({ taxDocuments: 0 });
    expect(await fileDueTaxDocuments(t.db, t.clock, payer.fixture.entityId)).toBe(0);
  });

  it('files none for a year whose interest stayed under $10, and files a closed account’s year', async () => {
    expect(await taxDocumentsOf(saver)).toEqual([]);
    const saved = await interestIn(saver.account, 2025);
    expect(saved).toBeGreaterThan(0);
    expect(saved).toBeLessThan(INTEREST_REPORTING_THRESHOLD_CENTS);

    const [closed] = await taxDocumentsOf(closer);
    expect(closed).toMatchObject({
      year: 2025,
      status: 'filed',
      amount: await interestIn(closer.account, 2025),
    });
    // March to July only: five months of 2% on $100,000.
    expect(closed?.amount).toBeGreaterThan(700_00);
    expect(closed?.amount).toBeLessThan(900_00);
  });
});

describe('GET /api/v1/account/document', () => {
  it('sends a filed 1099-INT as a PDF with the year’s interest, the account and the business’s EIN', async () => {
    await moveClock(t, '2026-11-18T15:00:00.000Z', payer.fixture, saver.fixture);
    await runBankMirror(t, payer.fixture.entityId);
    const { fileToken, accounts } = await documentsOf(payer.fixture);
    // 2026 is not over: still the one document.
    expect(accounts[0]?.taxDocuments.map((document) => document.year)).toEqual([2025]);
    const filed = accounts[0]?.taxDocuments[0];
    const response = await downloadDocument({
      accountId: payer.account.id,
      id: filed?.id ?? '',
      token: fileToken.token,
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="keel-1099-int-${payer.account.accountNumber.slice(-4)}-2025.pdf"`,
    );
    const { text } = await pdfTextOf(response);
    expect(text).toContain('Form 1099-INT');
    expect(text).toContain('Tax year 2025');
    expect(text).toContain(`1 Interest income ${formatCents(filed?.amount ?? 0)}`);
    expect(text).toContain('Interest Payer Co');
    expect(text).toContain('1 Market St');
    // The business's EIN (the application's, bankingTestKit), never the owner's SSN in any form.
    expect(text).toContain('98-7654321');
    expect(text).not.toContain('***-**-');
    expect(text).not.toContain('123456789');
    expect(text).toContain(payer.account.accountNumber);
  });

  it('serves filed documents only: a void one is not found', async () => {
    const [voided] = await t.db
      .insert(taxDocuments)
      .values({
        entityId: payer.fixture.entityId,
        depositAccountId: payer.account.id,
        type: '1099-INT',
        year: 2024,
        name: 'Form 1099-INT',
        status: 'void',
        amount: 12_34,
      })
      .returning();
    const { fileToken, accounts } = await documentsOf(payer.fixture);
    expect(accounts[0]?.taxDocuments.map((document) => [document.year, document.status])).toEqual([
      [2025, 'filed'],
      [2024, 'void'],
    ]);
    const response = await downloadDocument({
      accountId: payer.account.id,
      id: voided?.id ?? '',
      token: fileToken.token,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe(DOCUMENT_MESSAGES.documentNotFound);
  });

  it("answers another company's tax document 404, whichever account it is asked under", async () => {
    const filed = (await taxDocumentsOf(payer)).find((document) => document.status === 'filed');
    // A token each: a download spends it.
    const saverToken = async () => (await documentsOf(saver.fixture)).fileToken.token;
    const underTheirAccount = await downloadDocument({
      accountId: payer.account.id,
      id: filed?.id ?? '',
      token: await saverToken(),
    });
    expect(underTheirAccount.statusCode).toBe(404);
    expect(underTheirAccount.json().detail).toBe(DOCUMENT_MESSAGES.accountNotFound);
    const underOwnAccount = await downloadDocument({
      accountId: saver.account.id,
      id: filed?.id ?? '',
      token: await saverToken(),
    });
    expect(underOwnAccount.statusCode).toBe(404);
    expect(underOwnAccount.json().detail).toBe(DOCUMENT_MESSAGES.documentNotFound);
    for (const response of [underTheirAccount, underOwnAccount]) {
      expect(response.body).not.toContain('Interest Payer');
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('refuses malformed parameters with 400 naming the parameter, before looking at the token', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ id: '00000000-0000-4000-8000-000000000001', token: 'x' }, 'accountId is required'],
      [
        { accountId: 'nope', id: '00000000-0000-4000-8000-000000000001', token: 'x' },
        'accountId must be a UUID',
      ],
      [{ accountId: payer.account.id, id: '42', token: 'x' }, 'id must be a UUID'],
      [{ accountId: payer.account.id, id: '00000000-0000-4000-8000-000000000001' }, 'token is required'],
    ];
    for (const [params, detail] of cases) {
      const response = await downloadDocument(params);
      expect(response.statusCode, detail).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, detail });
    }
  });
});
