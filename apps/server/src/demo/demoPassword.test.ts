import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../../test/authKit';
import { createTestApp, type TestApp } from '../../test/harness';
import { secretBoxOf } from '../secrets/secretBox';
import { DEMO_COMPANY_NAME, DEMO_OWNER, DEMO_PASSWORD, DEMO_USERS } from './demoUsers';
import { seedDemoIfEmpty } from './seedDemo';

/**
 * A demo on a production server (a staging one, SEED_DEMO=true) is seeded with the operator's
 * DEMO_PASSWORD, as main.ts seeds it: the published password, which the README prints, opens nothing.
 * config.test.ts has the refusals (no DEMO_PASSWORD, the published one, beside a live bank).
 */

const STAGING_PASSWORD = 'correct staging horse';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { NODE_ENV: 'production', SEED_DEMO: 'true', DEMO_PASSWORD: STAGING_PASSWORD },
  });
});
afterAll(() => t.close());

const signIn = (email: string, password: string) =>
  postJson(t, '/api/v1/auth/login', { email, password, grant_type: 'password' });

describe('the demo in production', () => {
  it("signs its users in with the operator's password only, and tells start-up nothing to print of it", async () => {
    expect(t.config).toMatchObject({ SEED_DEMO: true, DEMO_PASSWORD: STAGING_PASSWORD });
    const login = await seedDemoIfEmpty(t.db, t.clock, secretBoxOf(t.config), {
      password: t.config.DEMO_PASSWORD ?? '',
    });
    expect(login).toEqual({ entityName: DEMO_COMPANY_NAME, email: DEMO_OWNER.email, password: null });
    for (const user of [DEMO_OWNER, DEMO_USERS[1]]) {
      const email = user?.email ?? '';
      const chosen = await signIn(email, STAGING_PASSWORD);
      expect(chosen.statusCode).toBe(200);
      expect(chosen.json().auth.access_token).toEqual(expect.any(String));
      const published = await signIn(email, DEMO_PASSWORD);
      expect(published.statusCode).toBe(401);
      expect(published.json().auth ?? null).toBeNull();
    }
  });
});
