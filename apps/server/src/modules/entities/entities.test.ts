import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createSignedInUser } from '../../../test/users';
import { accounts, entities, memberships, reports } from '../../db/schema';
import { createEntity } from './service';

let t: TestApp;
let alice: Awaited<ReturnType<typeof createSignedInUser>>;
let bob: Awaited<ReturnType<typeof createSignedInUser>>;
let acmeId: string;
let bobcoId: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createSignedInUser(t, 'alice@example.com', 'Alice');
  bob = await createSignedInUser(t, 'bob@example.com', 'Bob');
  acmeId = (await createEntity(t.db, t.clock, alice.user.id, 'Acme')).id;
  bobcoId = (await createEntity(t.db, t.clock, bob.user.id, 'Bobco')).id;
});
afterAll(async () => {
  await t.close();
});

const entityCount = async () => (await t.db.select({ n: count() }).from(entities))[0]?.n;

describe('GraphQL entities', () => {
  it('lists only the entities the viewer is a member of', async () => {
    const result = await t.graphql<{ entities: { id: string; name: string }[] }>(
      '{ entities { id name } }',
      {},
      alice.token,
    );
    expect(result.data?.entities).toEqual([{ id: acmeId, name: 'Acme' }]);
  });

  it('answers the Header query with me, entities, the entity and today', async () => {
    const result = await t.graphql<{
      me: { email: string; showFeatureFlags: boolean };
      entity: { name: string; apiFlags: { qbo: boolean }; hasKeelAccounts: boolean };
      today: string;
    }>(
      `query Header($entityId: ID!) {
        me { id name email showFeatureFlags otpModuleEnabled otpMethod }
        entities { id name }
        entity(id: $entityId) { id name demo apiFlags { qbo finch } hasKeelAccounts }
        today
      }`,
      { entityId: acmeId },
      alice.token,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.me).toMatchObject({ email: 'alice@example.com', showFeatureFlags: false });
    expect(result.data?.entity).toEqual({
      id: acmeId,
      name: 'Acme',
      demo: false,
      apiFlags: { qbo: false, finch: false },
      hasKeelAccounts: false,
    });
    expect(result.data?.today).toBe('2026-11-22');
  });

  it('lands a member on the company they opened last, across sign-ins; the richest the first time', async () => {
    const carol = await createSignedInUser(t, 'carol@example.com', 'Carol');
    const small = (await createEntity(t.db, t.clock, carol.user.id, 'Small Co')).id;
    const rich = (await createEntity(t.db, t.clock, carol.user.id, 'Rich Co')).id;
    const [banks] = await t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.entityId, rich));
    const booked = await t.graphql(
      `mutation($e: ID!, $a: ID!) { createUserTransaction(entityId: $e, accountId: $a, date: "2026-11-02", amount: 5000) { id } }`,
      { e: rich, a: banks?.id },
      carol.token,
    );
    expect(booked.errors).toBeUndefined();
    const landing = async (token = carol.token) =>
      (await t.graphql<{ me: { defaultEntityId: string } }>('{ me { defaultEntityId } }', {}, token)).data?.me
        .defaultEntityId;
    expect(await landing()).toBe(rich);

    const opened = await t.graphql(
      'mutation($e: ID!) { openEntity(entityId: $e) }',
      { e: small },
      carol.token,
    );
    expect(opened).toEqual({ data: { openEntity: true } });
    expect(await landing()).toBe(small);
    // The choice is the server's, so a new session (another device, after signing out) sees it too;
    // the latest opening wins.
    t.clock.advance(1_000);
    await t.graphql('mutation($e: ID!) { openEntity(entityId: $e) }', { e: rich }, carol.token);
    expect(await landing()).toBe(rich);

    // Another company's entity: not found, and nothing changes.
    const foreign = await t.graphql(
      'mutation($e: ID!) { openEntity(entityId: $e) }',
      { e: bobcoId },
      carol.token,
    );
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await landing()).toBe(rich);
  });

  it('tells each member their role; a card-only member opens the company but not its books', async () => {
    const cara = await createSignedInUser(t, 'cara@example.com', 'Cara Card');
    await t.db.insert(memberships).values({ entityId: acmeId, userId: cara.user.id, role: 'card_only' });
    const header = `query($id: ID!) { entity(id: $id) { name viewerRole } entities { name viewerRole } }`;
    const asOwner = await t.graphql<{ entity: { viewerRole: string } }>(header, { id: acmeId }, alice.token);
    expect(asOwner.data?.entity.viewerRole).toBe('owner');
    const asCard = await t.graphql<{
      entity: { name: string; viewerRole: string };
      entities: { name: string; viewerRole: string }[];
    }>(header, { id: acmeId }, cara.token);
    expect(asCard.errors).toBeUndefined();
    expect(asCard.data?.entity).toEqual({ name: 'Acme', viewerRole: 'card_only' });
    expect(asCard.data?.entities).toEqual([{ name: 'Acme', viewerRole: 'card_only' }]);
    const opened = await t.graphql(
      'mutation($e: ID!) { openEntity(entityId: $e) }',
      { e: acmeId },
      cara.token,
    );
    expect(opened.errors).toBeUndefined();
    const books = await t.graphql(
      'query($e: ID!) { report(entityId: $e) { id } }',
      { e: acmeId },
      cara.token,
    );
    expect(books.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('refuses another company with the same answer as an unknown id', async () => {
    const foreign = await t.graphql(`{ entity(id: "${bobcoId}") { name } }`, {}, alice.token);
    const unknown = await t.graphql(
      '{ entity(id: "00000000-0000-4000-8000-000000000000") { name } }',
      {},
      alice.token,
    );
    const malformed = await t.graphql('{ entity(id: "not-an-id") { name } }', {}, alice.token);
    for (const result of [foreign, unknown, malformed]) {
      expect(result.data).toBeNull();
      expect(result.errors?.[0]).toMatchObject({
        message: 'Entity not found',
        extensions: { code: 'NOT_FOUND' },
      });
    }
  });

  it('is UNAUTHENTICATED without a token or with an unknown one', async () => {
    for (const token of [undefined, 'not-a-real-token']) {
      const result = await t.graphql('{ entities { id } }', {}, token);
      expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
  });

  it('creates an entity owned by the viewer with its default chart and report', async () => {
    const result = await t.graphql<{ createEntity: { id: string; name: string } }>(
      'mutation($name: String!) { createEntity(name: $name) { id name } }',
      { name: '  Carol Co  ' },
      alice.token,
    );
    const created = result.data?.createEntity;
    expect(created?.name).toBe('Carol Co');
    const id = created?.id ?? '';
    const [membership] = await t.db.select().from(memberships).where(eq(memberships.entityId, id));
    expect(membership).toMatchObject({ userId: alice.user.id, role: 'owner' });
    const roots = await t.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.entityId, id));
    expect(roots.map((root) => root.name).sort()).toEqual(
      ['Banks', 'Credit Cards', 'Expense', 'Income', 'Investments', 'Loans', 'Other'].sort(),
    );
    const [report] = await t.db.select().from(reports).where(eq(reports.entityId, id));
    expect(report?.name).toBe('Financial Report');
  });

  it('refuses a blank or oversized entity name and creates nothing', async () => {
    const before = await entityCount();
    for (const name of ['', '   ', 'x'.repeat(121)]) {
      const result = await t.graphql(
        'mutation($name: String!) { createEntity(name: $name) { id } }',
        { name },
        alice.token,
      );
      expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    const wrongType = await t.graphql(
      'mutation($name: String!) { createEntity(name: $name) { id } }',
      { name: 42 },
      alice.token,
    );
    expect(wrongType.errors?.length).toBeGreaterThan(0);
    expect(await entityCount()).toBe(before);
  });
});

describe('REST /api/v1/entities', () => {
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  it('lists the viewer’s entities', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/entities', headers: auth(bob.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json().entities.map((e: { name: string }) => e.name)).toEqual(['Bobco']);
  });

  it('answers 401 without a live token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/entities' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      status: 401,
      type: 'unauthorized',
      title: 'Unauthorized',
      detail: 'Attempted API request without login',
    });
  });

  it('creates an entity from a multipart body', async () => {
    const boundary = '----keel';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nDelta Dynamics\r\n--${boundary}--\r\n`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/entities',
      headers: { ...auth(bob.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().entity).toMatchObject({
      name: 'Delta Dynamics',
      demo: false,
      apiFlags: { qbo: false },
    });
  });

  it('creates an entity from JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/entities',
      headers: auth(bob.token),
      payload: { entity: { name: 'Echo LLC' } },
    });
    expect(response.statusCode).toBe(201);
  });

  it('refuses bad input with a clear message and creates nothing', async () => {
    const before = await entityCount();
    const cases = [
      { payload: {}, detail: 'Name is required' },
      { payload: { name: '   ' }, detail: 'Name is required' },
      { payload: { name: 12 }, detail: 'Name must be text' },
      { payload: { name: 'x'.repeat(500) }, detail: 'Name must be at most 120 characters' },
    ];
    for (const { payload, detail } of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/entities',
        headers: auth(bob.token),
        payload,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toBe(detail);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/entities',
      headers: { ...auth(bob.token), 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: 400, title: 'Bad Request' });
    const unauthenticated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/entities',
      payload: { name: 'Nope' },
    });
    expect(unauthenticated.statusCode).toBe(401);
    expect(await entityCount()).toBe(before);
  });
});
