import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

/** Production posture: what NODE_ENV=production changes, and who may call /graphql from a page. */

const INTROSPECTION = '{ __schema { types { name } } }';
const TYPE_QUERY = '{ __type(name: "Entry") { fields { name } } }';

async function getGraphiql(t: TestApp) {
  return t.app.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html' } });
}

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', APP_URL: 'https://app.keel.example' } });
  });
  afterAll(() => t.close());

  it('refuses introspection with a coded error', async () => {
    for (const query of [INTROSPECTION, TYPE_QUERY]) {
      const result = await t.graphql(query);
      expect(result.data).toBeUndefined();
      expect(result.errors?.[0]).toMatchObject({
        message: expect.stringContaining('introspection'),
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      });
    }
    // __typename is not introspection of the schema: clients rely on it.
    expect((await t.graphql('{ __typename }')).data).toEqual({ __typename: 'Query' });
  });

  it('serves no GraphiQL page', async () => {
    const response = await getGraphiql(t);
    expect(response.body.toLowerCase()).not.toContain('graphiql');
    expect(response.headers['content-type'] ?? '').not.toContain('text/html');
  });

  it('does not suggest field names, which would spell out the schema bit by bit', async () => {
    const result = await t.graphql('{ entitie { id } }');
    expect(result.errors?.[0]?.message).not.toContain('Did you mean');
  });

  it("lets APP_URL's pages call /graphql with credentials, and no other origin", async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/graphql',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
    const own = await preflight('https://app.keel.example');
    expect(own.headers['access-control-allow-origin']).toBe('https://app.keel.example');
    expect(own.headers['access-control-allow-credentials']).toBe('true');
    const stranger = await preflight('https://evil.example');
    expect(stranger.headers['access-control-allow-origin']).not.toBe('https://evil.example');
    expect(stranger.headers['access-control-allow-origin']).not.toBe('*');

    const post = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ query: '{ today }' }),
    });
    expect(post.headers['access-control-allow-origin']).not.toBe('https://evil.example');
    expect(post.headers['access-control-allow-origin']).not.toBe('*');
  });
});

describe('settings', () => {
  it('turns introspection and GraphiQL on in production when GRAPHQL_INTROSPECTION=true', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'true' } });
    try {
      expect((await t.graphql(INTROSPECTION)).errors).toBeUndefined();
      expect((await getGraphiql(t)).body.toLowerCase()).toContain('graphiql');
    } finally {
      await t.close();
    }
  });

  it('keeps introspection off in every mode unless GRAPHQL_INTROSPECTION=true, as npm start runs', async () => {
    const npmStart = await createTestApp({ env: { NODE_ENV: 'development', DEV_ROUTES: undefined } });
    try {
      expect((await npmStart.graphql(INTROSPECTION)).errors?.[0]?.extensions?.code).toBe(
        'GRAPHQL_VALIDATION_FAILED',
      );
      expect((await getGraphiql(npmStart)).body.toLowerCase()).not.toContain('graphiql');
    } finally {
      await npmStart.close();
    }
    const development = await createTestApp({
      env: { NODE_ENV: 'development', GRAPHQL_INTROSPECTION: 'true' },
    });
    try {
      expect((await development.graphql(INTROSPECTION)).errors).toBeUndefined();
    } finally {
      await development.close();
    }
  });

  it('allows the origins of CORS_ORIGINS too', async () => {
    const t = await createTestApp({
      env: {
        APP_URL: 'https://app.keel.example',
        CORS_ORIGINS: 'https://admin.keel.example, http://localhost:5173',
      },
    });
    try {
      for (const origin of ['https://admin.keel.example', 'http://localhost:5173']) {
        const response = await t.app.inject({
          method: 'OPTIONS',
          url: '/graphql',
          headers: { origin, 'access-control-request-method': 'POST' },
        });
        expect(response.headers['access-control-allow-origin'], origin).toBe(origin);
      }
    } finally {
      await t.close();
    }
  });
});
