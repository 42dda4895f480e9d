import { randomUUID } from 'node:crypto';
import { DEPOSIT_ACCOUNT_ENTRIES_LOCKED } from '@keel/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDepositAccount } from './bankingTestKit';
import { createTestApp, type TestApp } from './harness';
import { createLedgerFixture, type LedgerFixture } from './ledgerTestKit';
import { captureLog, LEVEL, type LogLine } from './observabilityTestKit';

/**
 * One log line per request, with what it was about and nothing of what it carried; expected refusals
 * never as errors, and no error with a statement's parameters.
 */

const log = captureLog();
let t: TestApp;
let acme: LedgerFixture;
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'trace' }, logStream: log.stream });
  acme = await createLedgerFixture(t, 'Logged Co');
});
afterAll(() => t.close());

/** The lines about one request: those carrying its id. */
const linesOf = (requestId: unknown): LogLine[] => log.lines().filter((line) => line.reqId === requestId);
const completed = (requestId: unknown) =>
  linesOf(requestId).filter((line) => line.msg === 'request completed');

const BOOK = `mutation Book($e: ID!, $a: ID!, $d: Date!, $m: Cents!, $n: String) {
  createUserTransaction(entityId: $e, accountId: $a, date: $d, amount: $m, name: $n) { id } }`;

describe('the request line', () => {
  it('is one line per request: its id (sent back too), method, path, route, status, time, user, company and operation', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql?debug=1',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${acme.owner.token}` },
      payload: JSON.stringify({
        query: 'query Reports($e: ID!) { reports(entityId: $e) { id } }',
        variables: { e: acme.entityId },
      }),
    });
    expect(response.statusCode).toBe(200);
    const requestId = response.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const lines = completed(requestId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: LEVEL.info,
      method: 'POST',
      path: '/graphql',
      route: '/graphql',
      status: 200,
      userId: acme.owner.user.id,
      entityId: acme.entityId,
      operation: 'Reports',
    });
    expect(lines[0]?.ms).toEqual(expect.any(Number));
    expect(lines[0]).not.toHaveProperty('errors');
  });

  it("names the company of a REST route that takes one, and a refused operation's error codes", async () => {
    const fileToken = await t.app.inject({
      method: 'GET',
      url: `/api/v1/file_tokens?entity_id=${acme.entityId}`,
      headers: { authorization: `Bearer ${acme.owner.token}` },
    });
    expect(fileToken.statusCode).toBe(200);
    expect(completed(fileToken.headers['x-request-id'])[0]).toMatchObject({
      path: '/api/v1/file_tokens',
      route: '/api/v1/file_tokens',
      userId: acme.owner.user.id,
      entityId: acme.entityId,
    });

    const foreign = await acme.gql('query Reports($e: ID!) { reports(entityId: $e) { id } }', {
      e: randomUUID(),
    });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const line = log.lines().findLast((entry) => entry.operation === 'Reports');
    expect(line).toMatchObject({ level: LEVEL.info, userId: acme.owner.user.id, errors: ['NOT_FOUND'] });
    expect(line).not.toHaveProperty('entityId');
  });

  it('never holds a query string, an Authorization header, a cookie or a reveal token', async () => {
    const secret = `Zx9${randomUUID().replaceAll('-', '')}`;
    const response = await t.app.inject({
      method: 'GET',
      url: `/password/update?email=ada%40example.com&token=${secret}`,
      headers: {
        authorization: `Bearer ${secret}a`,
        cookie: `g_csrf_token=${secret}b`,
        'x-reveal-token': `${secret}c`,
      },
    });
    expect(log.text()).not.toContain(secret);
    expect(log.text()).not.toContain('ada%40example.com');
    expect(completed(response.headers['x-request-id'])[0]).toMatchObject({
      path: '/password/update',
      status: 404,
    });
  });

  it('keeps the X-Request-ID of a trusted proxy when well formed, and ignores it otherwise', async () => {
    const proxied = await createTestApp({
      env: { LOG_LEVEL: 'info', TRUST_PROXY: 'true', JOB_WORKER: 'false' },
    });
    try {
      const given = '0123456789abcdef0123456789abcdef';
      const kept = await proxied.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': given },
      });
      expect(kept.headers['x-request-id']).toBe(given);
      for (const bad of ['short', 'has spaces in it', `${'x'.repeat(200)}`, '{"level":60}']) {
        const replaced = await proxied.app.inject({
          method: 'GET',
          url: '/healthz',
          headers: { 'x-request-id': bad },
        });
        expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
    } finally {
      await proxied.close();
    }
    const direct = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': '0123456789abcdef0123456789abcdef' },
    });
    expect(direct.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('redacts credentials a call site logs by mistake', async () => {
    t.app.log.info(
      {
        authorization: 'Bearer leaked-1',
        headers: { cookie: 'session=leaked-2', 'set-cookie': 'session=leaked-3' },
        user: { password: 'leaked-4', token: 'leaked-5', accessToken: 'leaked-6' },
      },
      'a careless line',
    );
    const line = log.lines().findLast((entry) => entry.msg === 'a careless line');
    expect(line).toMatchObject({
      authorization: '[redacted]',
      headers: { cookie: '[redacted]', 'set-cookie': '[redacted]' },
      user: { password: '[redacted]', token: '[redacted]', accessToken: '[redacted]' },
    });
    expect(log.text()).not.toMatch(/leaked-\d/);
  });

  it('is debug for health, readiness and metrics, and info for a refused metrics call', async () => {
    const ids: unknown[] = [];
    for (const url of ['/healthz', '/readyz', '/metrics']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      ids.push(response.headers['x-request-id']);
    }
    for (const id of ids) {
      const lines = linesOf(id);
      expect(lines).toHaveLength(1);
      expect(lines[0]?.level).toBe(LEVEL.debug);
    }
    const refused = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(refused.statusCode).toBe(404);
    expect(completed(refused.headers['x-request-id'])[0]).toMatchObject({ level: LEVEL.info, status: 404 });
  });
});

describe('errors in the log', () => {
  it("logs a refused booking on a deposit account as the refusal it is: no error line, no statement's parameters", async () => {
    const account = await openDepositAccount(acme);
    const name = `Refused booking ${randomUUID()}`;
    log.clear();
    const result = await acme.gql(BOOK, {
      e: acme.entityId,
      a: account.ledgerAccountId,
      d: '2026-11-10',
      m: 4_217_531,
      n: name,
    });
    expect(result.errors?.[0]).toMatchObject({
      message: DEPOSIT_ACCOUNT_ENTRIES_LOCKED,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const lines = log.lines();
    expect(lines.filter((line) => line.level >= LEVEL.warn)).toEqual([]);
    expect(lines.find((line) => line.operation === 'Book')).toMatchObject({
      level: LEVEL.info,
      errors: ['BAD_USER_INPUT'],
    });
    expect(log.text()).not.toContain(name);
    expect(log.text()).not.toContain('4217531');
    expect(log.text()).not.toContain('params:');
  });

  it('logs an unexpected failure once, at error, with its statement and without its parameters', async () => {
    const broken = await createTestApp({
      env: { LOG_LEVEL: 'trace', JOB_WORKER: 'false' },
      logStream: log.stream,
    });
    try {
      const fixture = await createLedgerFixture(broken, 'Broken Books');
      const expense = await fixture.account('Expense');
      // Something no request can cause: a table gone from under the server.
      await broken.db.execute(sql`ALTER TABLE entries RENAME TO entries_elsewhere`);
      const name = `Lost entry ${randomUUID()}`;
      log.clear();
      const result = await fixture.gql(BOOK, {
        e: fixture.entityId,
        a: expense,
        d: '2026-11-10',
        m: 9_876_543,
        n: name,
      });
      expect(result.errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
      const errors = log.lines().filter((line) => line.level >= LEVEL.error);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({
        msg: 'Unexpected error in a GraphQL request',
        err: { message: expect.stringMatching(/^Failed query: (insert into|select)/) },
      });
      expect(log.text()).not.toContain(name);
      expect(log.text()).not.toContain('9876543');
      expect(log.text()).not.toContain('params:');
      expect(log.lines().find((line) => line.operation === 'Book')).toMatchObject({
        level: LEVEL.info,
        errors: ['INTERNAL_SERVER_ERROR'],
      });
      await broken.db.execute(sql`ALTER TABLE entries_elsewhere RENAME TO entries`);
    } finally {
      await broken.close();
    }
  });
});
