import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { createLedgerFixture, type LedgerFixture } from '../../test/ledgerTestKit';
import { idempotentRequests, transactions } from '../db/schema';
import { IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENCY_REPLAY_LIMIT_BYTES, replayableResponse } from './idempotency';

/**
 * Idempotency keys: a client that gave up waiting and sends a mutation again with the same
 * key must get the first answer, not a second booking.
 */
let t: TestApp;
let acme: LedgerFixture;
let rent: string;
let banks: string;

const CREATE_TRANSACTION = `mutation Book($entityId: ID!, $accountId: ID!, $againstId: ID, $amount: Cents!, $name: String) {
  createUserTransaction(entityId: $entityId, accountId: $accountId, againstId: $againstId, date: "2026-11-10", amount: $amount, name: $name) {
    id amount name transactionId
  }
}`;

type Sent = { token?: string; key?: string; origin?: string };

function send(query: string, variables: Record<string, unknown>, options: Sent = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${options.token ?? acme.owner.token}`,
      ...(options.key === undefined ? {} : { 'idempotency-key': options.key }),
      ...(options.origin ? { origin: options.origin } : {}),
    },
    payload: JSON.stringify({ query, variables }),
  });
}

function book(name: string, key: string | undefined, options: Sent & { amount?: number } = {}) {
  const variables = { entityId: acme.entityId, accountId: rent, againstId: banks, amount: 1234, name };
  return send(CREATE_TRANSACTION, { ...variables, amount: options.amount ?? 1234 }, { ...options, key });
}

/** Transactions of the test entity with this name: how many times a booking landed. */
async function bookings(name: string): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(transactions)
    .where(and(eq(transactions.entityId, acme.entityId), eq(transactions.name, name)));
  return row?.n ?? 0;
}

async function keyRow(key: string, userId = acme.owner.user.id) {
  const [row] = await t.db
    .select()
    .from(idempotentRequests)
    .where(and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.key, key)));
  return row;
}

function errorOf(response: LightMyRequestResponse) {
  return response.json<{ errors?: { message: string; extensions?: Record<string, unknown> }[] }>()
    .errors?.[0];
}

function booked(response: LightMyRequestResponse) {
  return response.json<{ data?: { createUserTransaction: { id: string } } }>().data?.createUserTransaction;
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await createLedgerFixture(t, 'Idempotent');
  banks = await acme.account('Banks');
  rent = await acme.account('Expense');
});

afterAll(async () => {
  await t?.close();
});

describe('idempotency keys', () => {
  it('books once and answers a retry with the same key with the first answer', async () => {
    const first = await book('retried', 'retry-1');
    expect(first.statusCode).toBe(200);
    expect(booked(first)).toBeDefined();
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const second = await book('retried', 'retry-1');
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.body).toBe(first.body);
    expect(await bookings('retried')).toBe(1);
    expect(await keyRow('retry-1')).toMatchObject({ status: 'done', responseStatus: 200 });
  });

  it('of two requests sent at once with one key, exactly one books', async () => {
    for (let round = 0; round < 6; round += 1) {
      const name = `concurrent-${round}`;
      const answers = await Promise.all([book(name, `race-${round}`), book(name, `race-${round}`)]);
      const successes = answers.filter((answer) => answer.statusCode === 200 && booked(answer));
      expect(successes.length).toBeGreaterThanOrEqual(1);
      for (const answer of answers) {
        if (answer.statusCode === 409) {
          expect(errorOf(answer)?.extensions?.code).toBe('IDEMPOTENCY_IN_PROGRESS');
          expect(errorOf(answer)?.message).toBe('This request is still being processed. Try again shortly.');
          expect(answer.headers['retry-after']).toBe('1');
        } else {
          expect(answer.body).toBe(successes[0]?.body);
        }
      }
      expect(await bookings(name)).toBe(1);
      const retry = await book(name, `race-${round}`);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body).toBe(successes[0]?.body);
    }
  });

  it('answers 409 with Retry-After while the first request with the key is still running', async () => {
    const first = await book('still running', 'running-key');
    // As the row stands between the claim and the answer of the first request.
    await t.db
      .update(idempotentRequests)
      .set({ status: 'pending', response: null, responseStatus: null, completedAt: null })
      .where(eq(idempotentRequests.key, 'running-key'));
    const retry = await book('still running', 'running-key');
    expect(retry.statusCode).toBe(409);
    expect(retry.headers['retry-after']).toBe('1');
    expect(errorOf(retry)).toEqual({
      message: 'This request is still being processed. Try again shortly.',
      extensions: { code: 'IDEMPOTENCY_IN_PROGRESS' },
    });
    expect(await bookings('still running')).toBe(1);
    expect(booked(first)).toBeDefined();
  });

  it('refuses a key reused for a different request with 422 and writes nothing', async () => {
    await book('reused', 'reuse-1', { amount: 100 });
    const other = await book('reused', 'reuse-1', { amount: 200 });
    expect(other.statusCode).toBe(422);
    expect(errorOf(other)).toEqual({
      message: 'This idempotency key was used for a different request',
      extensions: { code: 'IDEMPOTENCY_KEY_REUSED' },
    });
    const renamed = await book('reused again', 'reuse-1', { amount: 100 });
    expect(renamed.statusCode).toBe(422);
    expect(await bookings('reused')).toBe(1);
    expect(await bookings('reused again')).toBe(0);
  });

  it('keeps the keys of different users apart', async () => {
    const bookkeeper = await acme.member('bookkeeper');
    const mine = await book('two users', 'shared-key');
    const theirs = await book('two users', 'shared-key', { token: bookkeeper });
    expect(booked(mine)).toBeDefined();
    expect(booked(theirs)).toBeDefined();
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(booked(theirs)?.id).not.toBe(booked(mine)?.id);
    expect(await bookings('two users')).toBe(2);
  });

  it('leaves queries alone, even with a key a mutation would refuse', async () => {
    for (const key of ['query-key', 'not a valid key']) {
      const first = await send('{ me { id } }', {}, { key });
      const second = await send('{ me { id } }', {}, { key });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ data: { me: { id: acme.owner.user.id } } });
      expect(second.headers['idempotent-replayed']).toBeUndefined();
      expect(await keyRow(key)).toBeUndefined();
    }
  });

  it('refuses a malformed key with a coded error naming the header, and writes nothing', async () => {
    for (const key of ['', 'x'.repeat(129), 'has space', 'ünïcode', 'a/b', 'a,b']) {
      const response = await book('malformed', key);
      expect(response.statusCode, key).toBe(400);
      expect(errorOf(response)?.extensions, key).toEqual({
        code: 'BAD_USER_INPUT',
        header: 'Idempotency-Key',
      });
      expect(errorOf(response)?.message).toContain('Idempotency-Key');
    }
    expect(await bookings('malformed')).toBe(0);
    const longest = await book('longest key', `A-z_0:9.${'k'.repeat(120)}`);
    expect(booked(longest)).toBeDefined();
  });

  it('runs a request again once its key expired', async () => {
    await book('expiring', 'expiring-key');
    const stale = new Date(t.clock.now().getTime() - IDEMPOTENCY_KEY_TTL_MS - 1);
    await t.db
      .update(idempotentRequests)
      .set({ createdAt: stale })
      .where(eq(idempotentRequests.key, 'expiring-key'));
    const again = await book('expiring', 'expiring-key');
    expect(booked(again)).toBeDefined();
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await bookings('expiring')).toBe(2);
    // The new run holds the key now.
    const third = await book('expiring', 'expiring-key');
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(third.body).toBe(again.body);
    expect(await bookings('expiring')).toBe(2);
  });

  it('releases the key of a request refused before it ran, so a corrected retry runs', async () => {
    const refused = await book('corrected', 'fix-me', { amount: 'lots' as unknown as number });
    expect(errorOf(refused)?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await keyRow('fix-me')).toBeUndefined();
    const corrected = await book('corrected', 'fix-me');
    expect(booked(corrected)).toBeDefined();
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();

    // Without a live token the key is not claimed at all; the resolver refuses the request.
    const signedOut = await book('signed out', 'no-viewer', { token: 'not-a-token' });
    expect(errorOf(signedOut)?.extensions?.code).toBe('UNAUTHENTICATED');
    const [row] = await t.db
      .select({ n: count() })
      .from(idempotentRequests)
      .where(eq(idempotentRequests.key, 'no-viewer'));
    expect(row?.n).toBe(0);
  });

  it('stores the answer of a request that ran and failed, and replays it', async () => {
    const foreign = '00000000-0000-4000-8000-000000000000';
    const first = await send(
      CREATE_TRANSACTION,
      { entityId: foreign, accountId: rent, againstId: banks, amount: 5, name: 'foreign' },
      { key: 'failed-run' },
    );
    expect(errorOf(first)?.extensions?.code).toBe('NOT_FOUND');
    const second = await send(
      CREATE_TRANSACTION,
      { entityId: foreign, accountId: rent, againstId: banks, amount: 5, name: 'foreign' },
      { key: 'failed-run' },
    );
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
  });

  it('keeps answers up to 256 KB (UTF-8 bytes) for replay', () => {
    const type = 'application/json';
    expect(IDEMPOTENCY_REPLAY_LIMIT_BYTES).toBe(262_144);
    const atLimit = 'x'.repeat(IDEMPOTENCY_REPLAY_LIMIT_BYTES);
    expect(replayableResponse(type, atLimit)).toEqual({ contentType: type, body: atLimit });
    expect(replayableResponse(type, `${atLimit}x`)).toBeNull();
    // 'é' is two bytes: half the limit in characters is the whole limit in bytes.
    expect(replayableResponse(type, 'é'.repeat(IDEMPOTENCY_REPLAY_LIMIT_BYTES / 2 + 1))).toBeNull();
  });

  it('answers a key whose answer was too large to keep with a coded error, without running again', async () => {
    await book('large', 'large-answer');
    await t.db
      .update(idempotentRequests)
      .set({ response: null })
      .where(eq(idempotentRequests.key, 'large-answer'));
    const retry = await book('large', 'large-answer');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(errorOf(retry)?.extensions?.code).toBe('IDEMPOTENCY_RESPONSE_UNAVAILABLE');
    expect(await bookings('large')).toBe(1);
  });

  it('gives its early answers the CORS headers of the allowed origin, and allows the header', async () => {
    const origin = 'http://localhost:3000';
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/graphql',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, idempotency-key',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('idempotency-key');

    await book('cors', 'cors-key', { origin });
    const replay = await book('cors', 'cors-key', { origin });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.headers['access-control-allow-origin']).toBe(origin);
    expect(String(replay.headers['access-control-expose-headers'])).toContain('Idempotent-Replayed');
    const reused = await book('cors', 'cors-key', { origin, amount: 99 });
    expect(reused.statusCode).toBe(422);
    expect(reused.headers['access-control-allow-origin']).toBe(origin);
  });

  it('deletes expired keys now and then', async () => {
    const stale = new Date(t.clock.now().getTime() - IDEMPOTENCY_KEY_TTL_MS - 60_000);
    await t.db.insert(idempotentRequests).values([
      { userId: acme.owner.user.id, key: 'old-1', requestHash: 'x', status: 'done', createdAt: stale },
      { userId: acme.owner.user.id, key: 'old-2', requestHash: 'x', status: 'pending', createdAt: stale },
    ]);
    // Cleanups run at most once a minute; the clock moves past the last one.
    t.clock.advance(61_000);
    await book('cleanup', 'cleanup-key');
    await t.app.backgroundTasks.drain();
    expect(await keyRow('old-1')).toBeUndefined();
    expect(await keyRow('old-2')).toBeUndefined();
    expect(await keyRow('cleanup-key')).toMatchObject({ status: 'done' });
    expect(await keyRow('retry-1')).toMatchObject({ status: 'done' });
  });
});
