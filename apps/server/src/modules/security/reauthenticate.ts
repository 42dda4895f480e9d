import { REAUTHENTICATION_MINUTES, TWO_FACTOR_MESSAGES } from '@keel/domain';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { accessTokens } from '../../db/schema';
import { apiError, badInput, tooManyRequests, unauthenticated } from '../../errors';
import type { Viewer } from '../../graphql/context';
import { type ClientInfo, recordAuthEvent } from '../auth/audit';
import { releaseLoginAttempt, reserveLoginAttempt } from '../auth/loginThrottle';
import { verifyPassword } from '../auth/passwords';
import { findUserById, type UserRow } from '../auth/service';

/**
 * Checks the signed-in user's password again, under the sign-in rate limits (a wrong one counts as a
 * failed sign-in of that email from that address, so a stolen session cannot be used to guess it), and
 * marks this session as re-authenticated: for 15 minutes it may change two-factor settings.
 * BAD_USER_INPUT on `password` when wrong; TOO_MANY_REQUESTS past the limits.
 */
export async function reauthenticate(
  db: Db,
  clock: Clock,
  viewer: Viewer,
  password: string,
  client: ClientInfo,
): Promise<UserRow> {
  if (password === '') throw badInput(TWO_FACTOR_MESSAGES.passwordRequired, 'password');
  const user = await findUserById(db, viewer.userId);
  if (!user) throw unauthenticated();
  const reservation = await reserveLoginAttempt(db, clock, user.email, client);
  if (!reservation.allowed)
    throw tooManyRequests(TWO_FACTOR_MESSAGES.tooManyAttempts, reservation.retryAfterSeconds);
  if (!(await verifyPassword(user.passwordHash, password))) {
    await recordAuthEvent(db, clock, {
      type: 'login.failed',
      userId: user.id,
      email: user.email,
      client,
      details: { step: 'reauthenticate' },
    });
    throw badInput(TWO_FACTOR_MESSAGES.passwordInvalid, 'password');
  }
  await releaseLoginAttempt(db, reservation);
  await db.transaction(async (tx) => {
    await tx
      .update(accessTokens)
      .set({ reauthenticatedAt: clock.now() })
      .where(eq(accessTokens.id, viewer.tokenId));
    await recordAuthEvent(tx, clock, {
      type: 'two_factor.reauthenticated',
      userId: user.id,
      email: user.email,
      client,
    });
  });
  return user;
}

/** FORBIDDEN unless this session re-entered the password within the last 15 minutes. */
export async function requireRecentReauthentication(db: Db, clock: Clock, viewer: Viewer): Promise<void> {
  const [token] = await db
    .select({ at: accessTokens.reauthenticatedAt })
    .from(accessTokens)
    .where(eq(accessTokens.id, viewer.tokenId));
  const since = token?.at ? clock.now().getTime() - token.at.getTime() : Infinity;
  if (!(since >= 0 && since <= REAUTHENTICATION_MINUTES * 60_000)) {
    throw apiError('FORBIDDEN', TWO_FACTOR_MESSAGES.reauthenticate);
  }
}
