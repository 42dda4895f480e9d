import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { preparedPerDatabase } from '../../db/preparedPerDatabase';
import { accessTokens, users } from '../../db/schema';
import type { Viewer } from '../../graphql/context';
import { publishAccessChange } from '../../realtime/accessEvents';

/** SHA-256 hex of a secret: what the database keeps instead of the secret itself. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A new random secret, URL-safe, 256 bits. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Issues an access token for a user; only its hash is stored. */
export async function issueAccessToken(
  db: Db | Tx,
  clock: Clock,
  userId: string,
  ttlHours: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecret();
  const expiresAt = new Date(clock.now().getTime() + ttlHours * 3_600_000);
  await db
    .insert(accessTokens)
    .values({ userId, tokenHash: hashSecret(token), expiresAt, createdAt: clock.now() });
  return { token, expiresAt };
}

/** The live token of a hash and its user: read by every signed-in request, so prepared once. */
const liveTokenViewer = preparedPerDatabase((db) =>
  db
    .select({ tokenId: accessTokens.id, userId: users.id, email: users.email })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('keel_live_token_viewer'),
);

/** The viewer a bearer token stands for, or null when it is unknown, revoked or expired. */
export async function authenticateToken(db: Db, clock: Clock, token: string): Promise<Viewer | null> {
  if (!token || token.length > 200) return null;
  const rows = await liveTokenViewer(db).execute({ tokenHash: hashSecret(token), now: clock.now() });
  return rows[0] ?? null;
}

/** The bearer token of an Authorization header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** Revokes every live token of a user (after a password change: every session must sign in again). */
export async function revokeAllAccessTokens(db: Db | Tx, clock: Clock, userId: string): Promise<number> {
  const revoked = await db
    .update(accessTokens)
    .set({ revokedAt: clock.now() })
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)))
    .returning({ id: accessTokens.id });
  // Live subscriptions of the revoked tokens end on commit (they read their token again).
  if (revoked.length > 0) await publishAccessChange(db, userId, null);
  return revoked.length;
}

/**
 * Revokes every live token of a user but one (after a password change: every other session must sign
 * in again; the one that changed it signs out by itself).
 */
export async function revokeOtherAccessTokens(
  db: Db | Tx,
  clock: Clock,
  userId: string,
  keepTokenId: string,
): Promise<number> {
  const revoked = await db
    .update(accessTokens)
    .set({ revokedAt: clock.now() })
    .where(
      and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt), ne(accessTokens.id, keepTokenId)),
    )
    .returning({ id: accessTokens.id });
  if (revoked.length > 0) await publishAccessChange(db, userId, null);
  return revoked.length;
}
