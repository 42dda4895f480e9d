import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

const webDist = mkdtempSync(join(tmpdir(), 'keel-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Keel</title>');
writeFileSync(join(webDist, 'app.js'), 'console.log("keel")');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers client-side routes with index.html', async () => {
    for (const url of ['/financial', '/settings/team/member?id=1', '/no/such/page']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Keel</title>');
    }
  });

  it('serves built files as they are', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app.js' });
    expect(response.body).toBe('console.log("keel")');
  });

  it('answers unknown API paths with a REST 404 problem, not the page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      status: 404,
      type: 'not_found',
      title: 'Not Found',
      detail: 'No route for GET /api/v1/nothing',
    });
  });

  it('sets security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/financial' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
