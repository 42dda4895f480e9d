import { roleCan } from '@keel/domain';
import { and, eq, lt } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { fileTokens, memberships } from '../../db/schema';
import { hashSecret, newSecret } from '../auth/tokens';

/**
 * File download tokens (spec §2 '/documents … needs a file download token', §7 GET /api/v1/file_tokens).
 * A statement or tax document link is opened by the browser itself, which sends no bearer header, so the
 * link carries one of these in its query string instead. Whatever holds a URL may keep it (a proxy's
 * log, the browser's download list), so a token is worth one download and no more:
 *
 * - Made for one user and one company: a token opens that company's files only, also for a user who is
 *   a member of several.
 * - Single use: the first request that presents it spends it, whatever the answer (a refused request
 *   has put it in a URL all the same). Spending is one DELETE … RETURNING, so two requests racing with
 *   one token get one download.
 * - Lives FILE_TOKEN_LIFETIME_MS (60 s): the web app asks for one when a download is clicked and opens
 *   the link at once, so a minute covers a slow network and nothing more.
 * - Checked again at the download: the user must still be a member whose role reads the books.
 * - Only the token's SHA-256 is stored (a database leak gives no working link). Expired rows are deleted
 *   whenever a new token is issued.
 */

export const FILE_TOKEN_LIFETIME_MS = 60 * 1000;

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

type FileTokenCheck =
  | { ok: true; entityId: string; userId: string }
  | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Spends a download token and says what it allowed: the company whose files it opens, for a user who
 * may still read them; 'expired' once its time was up, 'invalid' for an unknown or already spent token
 * or a holder no longer allowed. Either way the token opens nothing afterwards.
 */
export async function spendFileToken(db: Db | Tx, clock: Clock, token: string): Promise<FileTokenCheck> {
  if (token === '' || token.length > FILE_TOKEN_LENGTH_MAX) return { ok: false, reason: 'invalid' };
  const [spent] = await db
    .delete(fileTokens)
    .where(eq(fileTokens.tokenHash, hashSecret(token)))
    .returning({ entityId: fileTokens.entityId, userId: fileTokens.userId, expiresAt: fileTokens.expiresAt });
  if (!spent) return { ok: false, reason: 'invalid' };
  if (spent.expiresAt.getTime() <= clock.now().getTime()) return { ok: false, reason: 'expired' };
  const [membership] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.entityId, spent.entityId), eq(memberships.userId, spent.userId)))
    .limit(1);
  if (!membership || !roleCan(membership.role, 'read')) return { ok: false, reason: 'invalid' };
  return { ok: true, entityId: spent.entityId, userId: spent.userId };
}
