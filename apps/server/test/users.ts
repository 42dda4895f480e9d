import { users } from '../src/db/schema';
import { issueAccessToken } from '../src/modules/auth/tokens';
import type { TestApp } from './harness';

/** A user with a live access token, made directly in the database (no password sign-in). */
export async function createSignedInUser(t: TestApp, email: string, name = email.split('@')[0] ?? email) {
  const [user] = await t.db
    .insert(users)
    .values({ email: email.toLowerCase(), name, emailVerifiedAt: t.clock.now() })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  const { token } = await issueAccessToken(t.db, t.clock, user.id, 24);
  return { user, token };
}
