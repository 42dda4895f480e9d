import { APPLICATION_MESSAGES, TWO_FACTOR_MESSAGES } from '@keel/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxOf } from '../../../test/authKit';
import {
  APPLY,
  applicant,
  applicantAddress,
  type BankAccountView,
  deposit,
  openDepositAccount,
} from '../../../test/bankingTestKit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledgerTestKit';
import { queryRows } from '../../db/queryRows';
import { auditEvents, bankApplications, depositAccounts, users } from '../../db/schema';
import { hashPassword } from '../auth/passwords';
import { documentsOf, getWithQuery, mirrorNow, moveClock, pdfTextOf } from './documents.testkit';
import { EIN_NOT_ON_FILE } from './pdf/taxDocumentPdf';

/**
 * A deposit account's details: the full account number revealed after the password (with its audit
 * event, its rate limit and its roles), the business's EIN on the application and the 1099-INT, the
 * approval email, and statements for every month from the one the account opened in, carrying the full
 * account and routing numbers.
 */

let t: TestApp;
const PASSWORD = 'correct horse battery';
const REVEAL = `mutation($a: ID!, $p: String!) {
  revealAccountNumber(accountId: $a, password: $p) { accountId accountNumber routingNumber } }`;

type Reveal = { revealAccountNumber: { accountId: string; accountNumber: string; routingNumber: string } };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.set(new Date('2026-11-18T15:00:00.000Z'));
});

/** The deposit account's row: its full numbers, as the bank gave them. */
async function storedAccount(id: string) {
  const [row] = await t.db.select().from(depositAccounts).where(eq(depositAccounts.id, id));
  if (!row) throw new Error('no deposit account');
  return row;
}

async function givePassword(userId: string) {
  await t.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, userId));
}

describe('revealAccountNumber', () => {
  let company: LedgerFixture;
  let account: BankAccountView;

  beforeAll(async () => {
    company = await createLedgerFixture(t, 'Reveal Co');
    await givePassword(company.owner.user.id);
    account = await openDepositAccount(company);
  });

  it('answers the full account and routing numbers after the password, and records who saw which account', async () => {
    const stored = await storedAccount(account.id);
    expect(account.accountNumber).toMatch(/^\*{8}\d{4}$/);

    const result = await company.gql<Reveal>(REVEAL, { a: account.id, p: PASSWORD });

    expect(result.errors).toBeUndefined();
    expect(result.data?.revealAccountNumber).toEqual({
      accountId: account.id,
      accountNumber: stored.accountNumber,
      routingNumber: stored.routingNumber,
    });
    expect(stored.accountNumber).toMatch(/^\d{9,17}$/);
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.type, 'account_number.revealed'), eq(auditEvents.entityId, company.entityId)),
      );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      userId: company.owner.user.id,
      details: { accountId: account.id, last4: stored.accountNumber.slice(-4) },
    });
    expect(events[0]?.createdAt.toISOString()).toBe('2026-11-18T15:00:00.000Z');
    // The number itself is in no audit event.
    const [leak] = await queryRows<{ n: string }>(
      t.db,
      sql`SELECT count(*)::text AS n FROM audit_events WHERE details::text LIKE ${`%${stored.accountNumber}%`}`,
    );
    expect(leak?.n).toBe('0');
  });

  it('refuses a missing or wrong password on `password`, revealing nothing, then rate-limits', async () => {
    const fixture = await createLedgerFixture(t, 'Guess Co');
    await givePassword(fixture.owner.user.id);
    const keel = await openDepositAccount(fixture);
    const stored = await storedAccount(keel.id);

    const empty = await fixture.gql<Reveal>(REVEAL, { a: keel.id, p: '' });
    expect(empty.errors?.[0]).toMatchObject({
      message: TWO_FACTOR_MESSAGES.passwordRequired,
      extensions: { code: 'BAD_USER_INPUT', field: 'password' },
    });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await fixture.gql<Reveal>(REVEAL, { a: keel.id, p: 'not my password' });
      expect(wrong.data?.revealAccountNumber ?? null).toBeNull();
      expect(wrong.errors?.[0]).toMatchObject({
        message: TWO_FACTOR_MESSAGES.passwordInvalid,
        extensions: { code: 'BAD_USER_INPUT', field: 'password' },
      });
      expect(JSON.stringify(wrong)).not.toContain(stored.accountNumber);
    }
    // Past the sign-in limits even the right password waits.
    const throttled = await fixture.gql<Reveal>(REVEAL, { a: keel.id, p: PASSWORD });
    expect(throttled.errors?.[0]).toMatchObject({
      message: TWO_FACTOR_MESSAGES.tooManyAttempts,
      extensions: { code: 'TOO_MANY_REQUESTS' },
    });
    const failures = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.type, 'login.failed'), eq(auditEvents.userId, fixture.owner.user.id)));
    expect(failures).toHaveLength(5);
    const reveals = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.type, 'account_number.revealed'), eq(auditEvents.entityId, fixture.entityId)),
      );
    expect(reveals).toEqual([]);
  });

  it('lets the roles that read the books reveal it; card-only members and other companies may not', async () => {
    const stored = await storedAccount(account.id);
    const bookkeeper = await company.member('bookkeeper');
    const bookkeeperId = await userIdOf(bookkeeper);
    await givePassword(bookkeeperId);
    const asBookkeeper = await company.gql<Reveal>(REVEAL, { a: account.id, p: PASSWORD }, bookkeeper);
    expect(asBookkeeper.data?.revealAccountNumber.accountNumber).toBe(stored.accountNumber);

    const cardOnly = await company.member('card_only');
    await givePassword(await userIdOf(cardOnly));
    const refused = await company.gql<Reveal>(REVEAL, { a: account.id, p: PASSWORD }, cardOnly);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const outsider = await createLedgerFixture(t, 'Outsider Co');
    await givePassword(outsider.owner.user.id);
    const foreign = await outsider.gql<Reveal>(REVEAL, { a: account.id, p: PASSWORD });
    expect(foreign.errors?.[0]).toMatchObject({ message: 'Account not found' });
    const unknown = await company.gql<Reveal>(REVEAL, { a: 'not-a-uuid', p: PASSWORD });
    expect(unknown.errors?.[0]).toMatchObject({ message: 'Account not found' });
    for (const answer of [refused, foreign, unknown]) {
      expect(JSON.stringify(answer)).not.toContain(stored.accountNumber);
    }
  });
});

async function userIdOf(token: string): Promise<string> {
  const result = await t.graphql<{ me: { id: string } }>('query { me { id } }', {}, token);
  const id = result.data?.me.id;
  if (!id) throw new Error(`me: ${JSON.stringify(result.errors)}`);
  return id;
}

describe("the application's EIN and the approval email", () => {
  it('seals the EIN, keeps its last 4, and emails the applicant that the account is open', async () => {
    const company = await createLedgerFixture(t, 'Ein Co');
    const result = await company.gql<{
      createTprimeApplication: {
        application: { id: string; status: string; einLast4: string | null };
        account: BankAccountView;
      };
    }>(
      `mutation($e: ID!, $p: ApplicationPersonInput!, $a: AddressInput!) {
        createTprimeApplication(entityId: $e, person: $p, address: $a, acknowledgedAgreements: true) {
          application { id status einLast4 } account { id name accountNumber } } }`,
      {
        e: company.entityId,
        p: applicant({ email: 'founder@ein.test', ein: '12-3456789' }),
        a: applicantAddress,
      },
    );
    expect(result.errors).toBeUndefined();
    const { application, account } = result.data?.createTprimeApplication ?? {};
    expect(application).toMatchObject({ status: 'approved', einLast4: '6789' });
    const [row] = await t.db
      .select()
      .from(bankApplications)
      .where(eq(bankApplications.id, application?.id ?? ''));
    expect(row?.einLast4).toBe('6789');
    expect(row?.einSealed).toBeTruthy();
    expect(row?.einSealed).not.toContain('123456789');

    const stored = await storedAccount(account?.id ?? '');
    const mail = await outboxOf(t, 'founder@ein.test');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Your Keel Checking account is open');
    expect(mail[0]?.body).toContain(`Keel Checking ${account?.accountNumber} is open`);
    expect(mail[0]?.body).toContain(
      'open Keel Checking and choose Show to see the full account and routing numbers',
    );
    expect(mail[0]?.body).not.toContain(stored.accountNumber);
  });

  it('refuses a missing or malformed EIN on person.ein with its message, storing and sending nothing', async () => {
    const company = await createLedgerFixture(t, 'Bad Ein Co');
    const cases: [unknown, string][] = [
      [undefined, APPLICATION_MESSAGES.einRequired],
      ['12345678', APPLICATION_MESSAGES.einLength],
      ['12-34567a9', APPLICATION_MESSAGES.einNumeric],
      ['001234567', APPLICATION_MESSAGES.einInvalid],
    ];
    for (const [ein, message] of cases) {
      const person = applicant({ email: 'refused@ein.test', ein });
      const result = await company.gql(APPLY, {
        e: company.entityId,
        p: person,
        a: applicantAddress,
        ack: true,
      });
      expect(result.errors?.[0], String(ein)).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT', field: 'person.ein' },
      });
    }
    const rows = await t.db
      .select()
      .from(bankApplications)
      .where(eq(bankApplications.entityId, company.entityId));
    expect(rows).toEqual([]);
    expect(await outboxOf(t, 'refused@ein.test')).toEqual([]);
  });

  it('sends no email for a declined application', async () => {
    const company = await createLedgerFixture(t, 'Declined Co');
    const result = await company.gql<{ createTprimeApplication: { application: { status: string } } }>(
      APPLY,
      {
        e: company.entityId,
        p: applicant({ email: 'declined@ein.test', tin: '000000000' }),
        a: applicantAddress,
        ack: true,
      },
    );
    expect(result.data?.createTprimeApplication.application.status).toBe('declined');
    expect(await outboxOf(t, 'declined@ein.test')).toEqual([]);
  });
});

describe('statements from the opening month, and the 1099-INT with the EIN', () => {
  let company: LedgerFixture;
  let account: BankAccountView;

  beforeAll(async () => {
    await moveClock(t, '2025-06-10T15:00:00.000Z');
    company = await createLedgerFixture(t, 'First Month Co');
    account = await openDepositAccount(company);
    await deposit(t, account.id, 5_000_000, '2025-06-10', 'Opening deposit');
  });
  beforeEach(async () => {
    await moveClock(t, '2026-02-18T15:00:00.000Z', company);
    await mirrorNow(t, company.entityId);
  });

  async function download(path: string, params: Record<string, string>) {
    const { fileToken } = await documentsOf(company);
    return getWithQuery(t, path, { ...params, token: fileToken.token });
  }

  it("lists the opening month, and its statement has the month's interest and the full numbers", async () => {
    const documents = await documentsOf(company);
    const months = documents.accounts[0]?.statementMonths ?? [];
    expect(months.at(-1)).toBe('2025-06');
    expect(months[0]).toBe('2026-01');
    expect(months).toHaveLength(8);

    const stored = await storedAccount(account.id);
    const [interest] = await queryRows<{ cents: string }>(
      t.db,
      sql`SELECT coalesce(sum(amount), 0)::text AS cents FROM bank_postings
          WHERE deposit_account_id = ${account.id}::uuid AND kind = 'interest'
            AND date BETWEEN '2025-06-01' AND '2025-06-30'`,
    );
    expect(Number(interest?.cents)).toBeGreaterThan(0);

    const response = await download('/api/v1/account/statement', {
      account_id: account.id,
      month: '2025-06',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { text } = await pdfTextOf(response);
    expect(text).toContain('June 1, 2025 – June 30, 2025');
    expect(text).toContain('Opening deposit');
    expect(text).toContain('First Month Co');
    expect(text).toMatch(new RegExp(`Account number\\n(?:.*\\n)?${stored.accountNumber}\\n`));
    expect(text).toMatch(new RegExp(`Routing number\\n${stored.routingNumber}\\n`));
    expect(text).not.toContain('********');
    const cents = Number(interest?.cents);
    const dollars = `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
    expect(text).toContain(`Interest earned ${dollars}`);
  });

  it("prints the company's EIN as XX-XXXXXXX on the 1099-INT, and 'not on file' for an application without one", async () => {
    const documents = await documentsOf(company);
    const form = documents.accounts[0]?.taxDocuments.find((document) => document.year === 2025);
    expect(form?.status).toBe('filed');
    const response = await download('/api/v1/account/document', {
      accountId: account.id,
      id: form?.id ?? '',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { text } = await pdfTextOf(response);
    expect(text).toContain('First Month Co');
    expect(text).toContain("RECIPIENT'S TIN (EIN)");
    expect(text).toContain('98-7654321');
    expect(text).not.toMatch(/\*\*\*-\*\*-\d{4}/);

    // An application made before the EIN was asked.
    await t.db
      .update(bankApplications)
      .set({ einSealed: null, einLast4: null })
      .where(eq(bankApplications.entityId, company.entityId));
    const without = await download('/api/v1/account/document', { accountId: account.id, id: form?.id ?? '' });
    const { text: old } = await pdfTextOf(without);
    expect(old).toContain(EIN_NOT_ON_FILE);
    expect(old).not.toMatch(/\*\*\*-\*\*-\d{4}/);
    expect(old).not.toContain('6789');
  });
});
