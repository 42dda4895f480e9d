import { describe, expect, it } from 'vitest';
import { useWebAppServer } from '../test/harness';

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
