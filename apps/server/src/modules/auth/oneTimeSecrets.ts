import { timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { userSecrets } from '../../db/schema';
import { hashSecret, newSecret } from './tokens';

export type SecretPurpose = (typeof userSecrets.$inferSelect)['purpose'];
type UserSecretRow = typeof userSecrets.$inferSelect;

/** How long each kind of one-time secret lives. */
export const SECRET_TTL_MS: Record<SecretPurpose, number> = {
  password_reset: 2 * 3_600_000,
  sms_code: 5 * 60_000,
  sms_enrolment: 10 * 60_000,
  login_csrf: 10 * 60_000,
  email_verification: 24 * 3_600_000,
};

/**
 * Issues a one-time secret for a user and returns it; only its hash is stored. With `replaceOlder`,
 * the user's earlier unused secrets of the same purpose stop working.
 */
export async function issueUserSecret(
  db: Db | Tx,
  clock: Clock,
  userId: string,
  purpose: SecretPurpose,
  options: { secret?: string; replaceOlder?: boolean } = {},
): Promise<{ secret: string; id: string }> {
  const now = clock.now();
  if (options.replaceOlder) await retireUserSecrets(db, clock, userId, purpose);
  const secret = options.secret ?? newSecret();
  const [row] = await db
    .insert(userSecrets)
    .values({
      userId,
      purpose,
      secretHash: hashSecret(secret),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SECRET_TTL_MS[purpose]),
    })
    .returning({ id: userSecrets.id });
  if (!row) throw new Error('user_secrets insert returned nothing');
  return { secret, id: row.id };
}

/** The user's secret of this purpose whose hash matches, in whatever state (used, expired), or null. */
export async function findUserSecret(
  db: Db | Tx,
  userId: string,
  purpose: SecretPurpose,
  secret: string,
): Promise<UserSecretRow | null> {
  const rows = await db
    .select()
    .from(userSecrets)
    .where(
      and(
        eq(userSecrets.userId, userId),
        eq(userSecrets.purpose, purpose),
        eq(userSecrets.secretHash, hashSecret(secret)),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Whether a secret row can still be used at this moment. */
export function isSecretLive(row: UserSecretRow, clock: Clock): boolean {
  return row.usedAt === null && row.expiresAt.getTime() > clock.now().getTime();
}

/** The user's newest unused, unexpired secret of this purpose, or null. */
export async function findLatestLiveSecret(
  db: Db | Tx,
  clock: Clock,
  userId: string,
  purpose: SecretPurpose,
): Promise<UserSecretRow | null> {
  const rows = await db
    .select()
    .from(userSecrets)
    .where(
      and(
        eq(userSecrets.userId, userId),
        eq(userSecrets.purpose, purpose),
        isNull(userSecrets.usedAt),
        gt(userSecrets.expiresAt, clock.now()),
      ),
    )
    .orderBy(desc(userSecrets.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

/** Whether the secret matches the row's hash, compared in constant time. */
export function secretMatches(row: UserSecretRow, secret: string): boolean {
  const expected = Buffer.from(row.secretHash, 'hex');
  const actual = Buffer.from(hashSecret(secret), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Marks a secret used, only if it is still live. Returns false when another request used it first
 * (or it expired meanwhile): the single-use guarantee rests on this conditional update.
 */
export async function consumeUserSecret(db: Db | Tx, clock: Clock, secretId: string): Promise<boolean> {
  const now = clock.now();
  const rows = await db
    .update(userSecrets)
    .set({ usedAt: now })
    .where(and(eq(userSecrets.id, secretId), isNull(userSecrets.usedAt), gt(userSecrets.expiresAt, now)))
    .returning({ id: userSecrets.id });
  return rows.length > 0;
}

/** Marks every unused secret of this purpose used, so none of them works any more. */
export async function retireUserSecrets(
  db: Db | Tx,
  clock: Clock,
  userId: string,
  purpose: SecretPurpose,
): Promise<void> {
  await db
    .update(userSecrets)
    .set({ usedAt: clock.now() })
    .where(and(eq(userSecrets.userId, userId), eq(userSecrets.purpose, purpose), isNull(userSecrets.usedAt)));
}

/**
 * How many secrets of a purpose the user was issued in the last hour, spent or not: the per-user
 * limit on mailed links (reset links, confirmation links) counts these.
 */
export async function countSecretsIssuedLastHour(
  db: Db | Tx,
  clock: Clock,
  userId: string,
  purpose: SecretPurpose,
): Promise<number> {
  const since = new Date(clock.now().getTime() - 3_600_000);
  const [row] = await db
    .select({ n: count() })
    .from(userSecrets)
    .where(
      and(eq(userSecrets.userId, userId), eq(userSecrets.purpose, purpose), gt(userSecrets.createdAt, since)),
    );
  return row?.n ?? 0;
}
