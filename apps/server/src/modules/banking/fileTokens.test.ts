import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BankAccountView, deposit, openDepositAccount } from '../../../test/bankingTestKit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledgerTestKit';
import { queryRows } from '../../db/queryRows';
import { memberships } from '../../db/schema';
import { hashSecret } from '../auth/tokens';
import { documentsOf, getWithQuery, moveClock } from './documents.testkit';
import { DOCUMENT_MESSAGES } from './documentsDownloads';
import { FILE_TOKEN_LIFETIME_MS } from './fileTokens';

/**
 * File download tokens: GET /api/v1/file_tokens hands them out to whoever reads the company's books;
 * a token opens one of that company's files, once, within a minute, and nothing of another company's.
 */

let t: TestApp;
let acme: { fixture: LedgerFixture; account: BankAccountView };
let globex: { fixture: LedgerFixture; account: BankAccountView };

/** Wednesday 18 November 2026, 15:00 UTC. */
const TODAY = '2026-11-18T15:00:00.000Z';

/** A company whose account opened in September, so October has a statement. */
async function companyWithStatement(name: string) {
  await moveClock(t, '2026-09-09T15:00:00.000Z');
  const fixture = await createLedgerFixture(t, name);
  const account = await openDepositAccount(fixture);
  await deposit(t, account.id, 3_000_000, '2026-09-10');
  await moveClock(t, TODAY, fixture);
  return { fixture, account };
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await companyWithStatement('Acme Files');
  globex = await companyWithStatement('Globex Files');
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(new Date(TODAY)));

function fileToken(entityId: string | string[] | undefined, bearer?: string) {
  return getWithQuery(
    t,
    '/api/v1/file_tokens',
    entityId === undefined ? {} : { entity_id: entityId },
    bearer,
  );
}

function october(accountId: string, token: string) {
  return getWithQuery(t, '/api/v1/account/statement', { account_id: accountId, month: '2026-10', token });
}

/** A new token of the fixture's owner (or `bearer`'s user), from Documents(entityId). */
async function newToken(fixture: LedgerFixture, bearer?: string): Promise<string> {
  return (await documentsOf(fixture, bearer)).fileToken.token;
}

const storedTokens = async (token: string) =>
  (
    await queryRows<{ count: number }>(
      t.db,
      sql`SELECT count(*)::int AS count FROM file_tokens WHERE token_hash = ${hashSecret(token)}`,
    )
  )[0]?.count;

describe('GET /api/v1/file_tokens', () => {
  it('gives a reader of the company a one-minute token, keeping only its SHA-256', async () => {
    const response = await fileToken(acme.fixture.entityId, acme.fixture.owner.token);

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json() as { token: string; expires_at: string; expires_in: number };
    expect(body.token).toMatch(/^[\w-]{43}$/);
    expect(body.expires_in).toBe(60);
    expect(Date.parse(body.expires_at)).toBe(Date.parse(TODAY) + FILE_TOKEN_LIFETIME_MS);
    const rows = await queryRows<{ token_hash: string; user_id: string }>(
      t.db,
      sql`SELECT token_hash, user_id::text FROM file_tokens WHERE entity_id = ${acme.fixture.entityId}::uuid`,
    );
    expect(rows).toContainEqual({ token_hash: hashSecret(body.token), user_id: acme.fixture.owner.user.id });
    expect(JSON.stringify(rows)).not.toContain(body.token);
    expect((await october(acme.account.id, body.token)).statusCode).toBe(200);
    // A bookkeeper reads the books, so gets one too.
    const bookkeeper = await acme.fixture.member('bookkeeper');
    expect((await fileToken(acme.fixture.entityId, bookkeeper)).statusCode).toBe(200);
  });

  it('refuses the signed out (401), bad parameters (400), a card-only member (403) and another company (404)', async () => {
    const cases: [Awaited<ReturnType<typeof fileToken>>, number, string][] = [
      [await fileToken(acme.fixture.entityId), 401, 'Attempted API request without login'],
      [await fileToken(undefined, acme.fixture.owner.token), 400, 'entity_id is required'],
      [await fileToken('acme', acme.fixture.owner.token), 400, 'entity_id must be a UUID'],
      [
        await fileToken([acme.fixture.entityId, acme.fixture.entityId], acme.fixture.owner.token),
        400,
        'entity_id must be given once',
      ],
      [
        await fileToken(acme.fixture.entityId, await acme.fixture.member('card_only')),
        403,
        'You do not have permission to do that',
      ],
      [await fileToken(globex.fixture.entityId, acme.fixture.owner.token), 404, 'Entity not found'],
    ];
    for (const [response, status, detail] of cases) {
      expect(response.statusCode, detail).toBe(status);
      expect(response.json()).toMatchObject({ status, detail });
      expect(response.body).not.toContain('Globex');
    }
  });
});

describe('a file token', () => {
  it('opens one download, then is refused as spent: the link it made is worth nothing once used', async () => {
    const token = await newToken(acme.fixture);

    const first = await october(acme.account.id, token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(await storedTokens(token)).toBe(0);
    const again = await october(acme.account.id, token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ status: 401, detail: DOCUMENT_MESSAGES.tokenInvalid });
    expect(again.headers['content-type']).toContain('application/problem+json');
    // A browser that opens the used link again is told so on a page, and led back to Documents.
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/v1/account/statement?account_id=${acme.account.id}&month=2026-10&token=${token}`,
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(opened.statusCode).toBe(401);
    expect(opened.headers['content-type']).toContain('text/html');
    expect(opened.body).toContain('was already used');
    expect(opened.body).toContain('href="/documents"');
  });

  it('is spent by a statement and a tax document alike, and by a request refused for its other parameters', async () => {
    const forTaxDocument = await newToken(acme.fixture);
    const unknownDocument = await getWithQuery(t, '/api/v1/account/document', {
      accountId: acme.account.id,
      id: '00000000-0000-4000-8000-000000000001',
      token: forTaxDocument,
    });
    expect(unknownDocument.statusCode).toBe(404);
    expect((await october(acme.account.id, forTaxDocument)).statusCode).toBe(401);

    const withBadMonth = await newToken(acme.fixture);
    const badMonth = await getWithQuery(t, '/api/v1/account/statement', {
      account_id: acme.account.id,
      month: 'October',
      token: withBadMonth,
    });
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().detail).toBe('month must be a month as YYYY-MM');
    expect(await storedTokens(withBadMonth)).toBe(0);
    expect((await october(acme.account.id, withBadMonth)).statusCode).toBe(401);

    const [one, two] = [await newToken(acme.fixture), await newToken(acme.fixture)];
    const repeated = await getWithQuery(t, '/api/v1/account/statement', {
      account_id: acme.account.id,
      month: '2026-10',
      token: [one, two],
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().detail).toBe('token must be given once');
    expect([await storedTokens(one), await storedTokens(two)]).toEqual([0, 0]);
  });

  it('gives one download when two requests race with one token', async () => {
    const token = await newToken(acme.fixture);
    const answers = await Promise.all([october(acme.account.id, token), october(acme.account.id, token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('opens a download until a minute has passed, then is refused as expired', async () => {
    const lastMoment = await newToken(acme.fixture);
    const late = await newToken(acme.fixture);

    t.clock.advance(FILE_TOKEN_LIFETIME_MS - 1000);
    expect((await october(acme.account.id, lastMoment)).statusCode).toBe(200);
    t.clock.advance(1000);
    const expired = await october(acme.account.id, late);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ status: 401, detail: DOCUMENT_MESSAGES.tokenExpired });
    expect(expired.headers['content-type']).toContain('application/problem+json');
    expect(await storedTokens(late)).toBe(0);
  });

  it("is refused for another company's account, as an unknown account is, in both directions", async () => {
    for (const [accountId, token] of [
      [globex.account.id, await newToken(acme.fixture)],
      [acme.account.id, await newToken(globex.fixture)],
    ] as const) {
      const response = await october(accountId, token);
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe(DOCUMENT_MESSAGES.accountNotFound);
      expect(response.body).not.toMatch(/Acme|Globex/);
    }
    expect((await october(globex.account.id, await newToken(globex.fixture))).statusCode).toBe(200);
  });

  it('stops working when its holder leaves the company', async () => {
    const bookkeeper = await acme.fixture.member('bookkeeper');
    expect((await october(acme.account.id, await newToken(acme.fixture, bookkeeper))).statusCode).toBe(200);
    const issued = await newToken(acme.fixture, bookkeeper);

    const [row] = await queryRows<{ user_id: string }>(
      t.db,
      sql`SELECT user_id::text FROM file_tokens WHERE token_hash = ${hashSecret(issued)}`,
    );
    await t.db
      .delete(memberships)
      .where(
        and(eq(memberships.entityId, acme.fixture.entityId), eq(memberships.userId, row?.user_id ?? '')),
      );
    const refused = await october(acme.account.id, issued);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toBe(DOCUMENT_MESSAGES.tokenInvalid);
  });

  it('is deleted, with every other expired token, once a new token is issued', async () => {
    const old = await newToken(globex.fixture);
    t.clock.advance(FILE_TOKEN_LIFETIME_MS + 1);
    await newToken(acme.fixture);
    const [left] = await queryRows<{ expired: number; old: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM file_tokens WHERE expires_at < ${t.clock.now().toISOString()}::timestamptz) AS expired,
                 (SELECT count(*)::int FROM file_tokens WHERE token_hash = ${hashSecret(old)}) AS old`,
    );
    expect(left).toEqual({ expired: 0, old: 0 });
  });
});
