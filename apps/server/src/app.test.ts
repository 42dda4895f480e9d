import { describe, expect, it } from 'vitest';
import { createTestApp, useWebAppServer } from '../test/harness';

const server = useWebAppServer({
  'index.html': '<!doctype html><title>Keel</title>',
  'app.js': 'console.log("keel")',
});

describe('serving the web app', () => {
  it('answers client-side routes with index.html', async () => {
    for (const url of ['/financial', '/settings/team/member?id=1', '/no/such/page']) {
      const response = await server().app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Keel</title>');
    }
  });

  it('serves built files as they are', async () => {
    const response = await server().app.inject({ method: 'GET', url: '/app.js' });
    expect(response.body).toBe('console.log("keel")');
  });

  it('answers unknown API paths with a REST 404 problem, not the page', async () => {
    const response = await server().app.inject({ method: 'GET', url: '/api/v1/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      status: 404,
      type: 'not_found',
      title: 'Not Found',
      detail: 'No route for GET /api/v1/nothing',
    });
  });

  it('sets security headers', async () => {
    const response = await server().app.inject({ method: 'GET', url: '/financial' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

/** The policy's sources for one directive, e.g. `sourcesOf(policy, 'frame-src')`. */
function sourcesOf(policy: string, directive: string): string[] {
  const found = policy.split(';').find((part) => part.trim().startsWith(`${directive} `));
  return found ? found.trim().split(/\s+/).slice(1) : [];
}

describe('the content security policy', () => {
  it('names no bank aggregator while both are the sandboxes (the default)', async () => {
    const response = await server().app.inject({ method: 'GET', url: '/financial' });
    expect(response.headers['content-security-policy']).toBe(
      [
        "default-src 'self'",
        "base-uri 'self'",
        "font-src 'self' https: data:",
        "form-action 'self'",
        "frame-ancestors 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "script-src 'self' https://accounts.google.com",
        "script-src-attr 'none'",
        "style-src 'self' 'unsafe-inline' https://accounts.google.com",
        'upgrade-insecure-requests',
        "frame-src 'self' https://accounts.google.com",
        "connect-src 'self' https://accounts.google.com",
      ].join(';'),
    );
  });

  it("lets the page open Plaid Link and MoneyKit Connect when the server's keys turn them on", async () => {
    const live = await createTestApp({
      env: {
        PLAID_CLIENT_ID: 'keel-plaid-client',
        PLAID_SECRET: 'keel-plaid-secret',
        MONEYKIT_CLIENT_ID: 'keel-moneykit-client',
        MONEYKIT_CLIENT_SECRET: 'keel-moneykit-secret',
      },
    });
    try {
      expect(live.providers.aggregators.plaid.kind).toBe('live');
      expect(live.providers.aggregators.moneykit.kind).toBe('live');
      const response = await live.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
      const policy = String(response.headers['content-security-policy']);
      expect(sourcesOf(policy, 'default-src')).toEqual(["'self'", 'https://cdn.plaid.com']);
      expect(sourcesOf(policy, 'script-src')).toEqual([
        "'self'",
        'https://accounts.google.com',
        'https://cdn.plaid.com',
      ]);
      expect(sourcesOf(policy, 'frame-src')).toEqual([
        "'self'",
        'https://accounts.google.com',
        'https://cdn.plaid.com',
        'https://connect.moneykit.com',
      ]);
      // PLAID_ENV defaults to sandbox: Link talks to Plaid's sandbox API.
      expect(sourcesOf(policy, 'connect-src')).toEqual([
        "'self'",
        'https://accounts.google.com',
        'https://sandbox.plaid.com',
      ]);
      expect(sourcesOf(policy, 'script-src')).not.toContain("'unsafe-inline'");
    } finally {
      await live.close();
    }
  });
});
