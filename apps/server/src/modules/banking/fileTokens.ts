import { roleCan } from '@keel/domain';
import { and, eq, lt } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { fileTokens, memberships } from '../../db/schema';
import { hashSecret, newSecret } from '../auth/tokens';

/**
 * File download tokens (spec §2 '/documents … needs a file download token', §7 GET /api/v1/file_tokens).
 * A statement or tax document link is opened by the browser itself, which sends no bearer header, so the
 * link carries one of these instead. The rules:
 *
 * - Made for one user and one company (the Documents page's): a token opens that company's files only,
 *   also for a user who is a member of several.
 * - Lives FILE_TOKEN_LIFETIME_MS (5 minutes): long enough to pick an account and a month and click, short
 *   enough that a link copied from the address bar or a proxy log soon opens nothing. The page asks for a
 *   fresh one when its token is near the end (apps/web features/documents).
 * - Not spent by a download: the page's statement and tax document links share one token, and a second
 *   click on the same link works.
 * - Checked again at every download: the user must still be a member whose role reads the books, so
 *   removing someone from the company closes their links at once.
 * - Only the token's SHA-256 is stored (a database leak gives no working link). Expired rows are deleted
 *   whenever a new token is issued.
 */

export const FILE_TOKEN_LIFETIME_MS = 5 * 60 * 1000;

/** Longer than any token issueFileToken makes (43 characters): anything longer is refused unread. */
const FILE_TOKEN_LENGTH_MAX = 128;

export type IssuedFileToken = {
  token: string;
  expiresAt: Date;
  /** Seconds the token lives: the client counts from when it received it, not from its own clock. */
  expiresIn: number;
};

/** A new download token for the user and company (the caller checked the user may read its books). */
export async function issueFileToken(
  db: Db | Tx,
  clock: Clock,
  holder: { entityId: string; userId: string },
): Promise<IssuedFileToken> {
  const now = clock.now();
  await db.delete(fileTokens).where(lt(fileTokens.expiresAt, now));
  const token = newSecret();
  const expiresAt = new Date(now.getTime() + FILE_TOKEN_LIFETIME_MS);
  await db.insert(fileTokens).values({
    entityId: holder.entityId,
    userId: holder.userId,
    tokenHash: hashSecret(token),
    expiresAt,
    createdAt: now,
  });
  return { token, expiresAt, expiresIn: FILE_TOKEN_LIFETIME_MS / 1000 };
}

export type FileTokenCheck =
  | { ok: true; entityId: string; userId: string }
  | { ok: false; reason: 'invalid' | 'expired' };

/**
 * What a download token allows: the company whose files it opens, for a user who may still read them;
 * 'expired' once its time is up, 'invalid' for an unknown token or a holder no longer allowed.
 */
export async function checkFileToken(db: Db | Tx, clock: Clock, token: string): Promise<FileTokenCheck> {
  if (token === '' || token.length > FILE_TOKEN_LENGTH_MAX) return { ok: false, reason: 'invalid' };
  const [row] = await db
    .select({
      entityId: fileTokens.entityId,
      userId: fileTokens.userId,
      expiresAt: fileTokens.expiresAt,
      role: memberships.role,
    })
    .from(fileTokens)
    .leftJoin(
      memberships,
      and(eq(memberships.entityId, fileTokens.entityId), eq(memberships.userId, fileTokens.userId)),
    )
    .where(eq(fileTokens.tokenHash, hashSecret(token)))
    .limit(1);
  if (!row) return { ok: false, reason: 'invalid' };
  if (row.expiresAt.getTime() <= clock.now().getTime()) return { ok: false, reason: 'expired' };
  if (!row.role || !roleCan(row.role, 'read')) return { ok: false, reason: 'invalid' };
  return { ok: true, entityId: row.entityId, userId: row.userId };
}
