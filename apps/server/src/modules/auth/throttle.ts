import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { authThrottles } from '../../db/schema';

/**
 * Rate limits kept in `auth_throttles`: one counter row per scope and key. An attempt is *reserved*
 * before the work it guards (a password check, a sign-up, a reset email) by one atomic upsert per scope;
 * concurrent requests for one key serialise on that row's lock, so no more attempts get through than
 * the limit, however many arrive at once.
 */

export type ThrottleScope = (typeof authThrottles.$inferSelect)['scope'];

/** One counter an attempt adds to: the scope (what is limited) and the key (whose attempts). */
export type ThrottleHit = { scope: ThrottleScope; key: string };

/**
 * How a scope limits attempts.
 * - `limit`: attempts counted before refusals start.
 * - `windowMs` and `forgets`: when the count starts again. 'after_window': `windowMs` after the count's
 *   first attempt, on a fixed schedule; counters shared by everyone behind one address use it, so a
 *   busy office always gets below them again. 'after_quiet': `windowMs` after the last counted attempt;
 *   one account's counters use it, so an attacker who keeps trying keeps the count alive.
 * - `backoff`: past the limit, one more attempt whenever `startMs` × 2^(attempts past the limit) has
 *   passed since the last counted attempt, up to `maxMs`.
 */
type ThrottleRule = {
  limit: number;
  windowMs: number;
  forgets: 'after_window' | 'after_quiet';
  backoff?: { startMs: number; maxMs: number };
};

const MINUTE = 60_000;

const THROTTLE_RULES: Record<ThrottleScope, ThrottleRule> = {
  /** One email from one address: 5 failed sign-ins, then wait until 15 minutes have passed since the last. */
  login_email_address: { limit: 5, windowMs: 15 * MINUTE, forgets: 'after_quiet' },
  /**
   * One email from anywhere: a higher ceiling (20), so strangers elsewhere cannot cheaply lock the owner
   * out, then one attempt per back-off (30 s, doubling, at most 15 minutes).
   */
  login_email: {
    limit: 20,
    windowMs: 15 * MINUTE,
    forgets: 'after_quiet',
    backoff: { startMs: 30_000, maxMs: 15 * MINUTE },
  },
  /** One address, whatever the emails: 20 failed sign-ins per 15 minutes. */
  login_address: { limit: 20, windowMs: 15 * MINUTE, forgets: 'after_window' },
  /** One address: 10 sign-ups per hour. */
  signup_address: { limit: 10, windowMs: 60 * MINUTE, forgets: 'after_window' },
  /** One address: 10 password-reset requests per hour. */
  reset_address: { limit: 10, windowMs: 60 * MINUTE, forgets: 'after_window' },
  /** One address: 10 requests for a new email-confirmation link per hour. */
  verification_address: { limit: 10, windowMs: 60 * MINUTE, forgets: 'after_window' },
  /**
   * One account's 'someone tried to sign up with your address' emails: 3 per hour, so sign-ups with a
   * known address cannot flood its mailbox.
   */
  signup_notice_user: { limit: 3, windowMs: 60 * MINUTE, forgets: 'after_window' },
  /**
   * One user's wrong codes while enrolling a second factor: 5, then wait until 15 minutes have passed
   * since the last (a 6-digit code must not be guessable by trying).
   */
  two_factor_user: { limit: 5, windowMs: 15 * MINUTE, forgets: 'after_quiet' },
  /** Text messages to one user's phones (sign-in and enrolment codes): 10 per hour; they cost money. */
  sms_user: { limit: 10, windowMs: 60 * MINUTE, forgets: 'after_window' },
  /** Invitation emails from one company: 30 per hour, so the team page cannot be used to send spam. */
  invite_entity: { limit: 30, windowMs: 60 * MINUTE, forgets: 'after_window' },
  /** Questions one user asks 'Ask Keel AI': 20 a minute (each may cost a model's tokens). */
  assistant_user: { limit: 20, windowMs: MINUTE, forgets: 'after_window' },
};

/** A row whose last attempt is older than the longest window counts for nothing: it can go. */
const PRUNE_AFTER_MS = Math.max(...Object.values(THROTTLE_RULES).map((rule) => rule.windowMs));
/** Rows removed per reservation: more than any reservation adds (3), so the table cannot grow without bound. */
const PRUNE_BATCH = 50;

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

class Refused extends Error {
  constructor(readonly retryAfterMs: number) {
    super('throttled');
  }
}

/**
 * Counts one attempt on every counter, all or nothing, in one short transaction: when any scope refuses,
 * nothing is counted and the answer says how many seconds until every refusing scope allows again.
 */
export async function reserveAttempt(db: Db, clock: Clock, hits: ThrottleHit[]): Promise<ThrottleDecision> {
  const now = clock.now();
  try {
    await db.transaction(async (tx) => {
      let refused = false;
      let retryAfterMs = 0;
      // Scopes in one fixed order, so two reservations never wait on each other's rows in a circle.
      for (const hit of sortedHits(hits)) {
        if (await countHit(tx, now, hit)) continue;
        refused = true;
        retryAfterMs = Math.max(retryAfterMs, await msUntilAllowed(tx, now, hit));
      }
      if (refused) throw new Refused(retryAfterMs);
    });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(error.retryAfterMs / 1000)) };
  }
  await pruneThrottles(db, now);
  return { allowed: true };
}

/**
 * Gives back an attempt that turned out not to be a failure (a sign-in that succeeded): one hit off
 * each counter, and the counters in `resetScopes` start again from nothing.
 */
export async function releaseAttempt(
  db: Db,
  hits: ThrottleHit[],
  resetScopes: ThrottleScope[] = [],
): Promise<void> {
  for (const hit of sortedHits(hits)) {
    const row = and(eq(authThrottles.scope, hit.scope), eq(authThrottles.key, hit.key));
    if (resetScopes.includes(hit.scope)) {
      await db.delete(authThrottles).where(row);
    } else {
      await db
        .update(authThrottles)
        .set({ hits: sql`greatest(${authThrottles.hits} - 1, 0)` })
        .where(row);
    }
  }
}

const SCOPE_ORDER = Object.keys(THROTTLE_RULES) as ThrottleScope[];

function sortedHits(hits: ThrottleHit[]): ThrottleHit[] {
  return [...hits].sort(
    (a, b) => SCOPE_ORDER.indexOf(a.scope) - SCOPE_ORDER.indexOf(b.scope) || a.key.localeCompare(b.key),
  );
}

/**
 * One atomic upsert: a new counter starts at 1; an existing one restarts at 1 when its window is over,
 * else adds 1 when the rule still allows another attempt. Returns false (nothing changed) when refused.
 */
async function countHit(tx: Tx, now: Date, hit: ThrottleHit): Promise<boolean> {
  const rule = THROTTLE_RULES[hit.scope];
  const at = sql`${now.toISOString()}::timestamptz`;
  const windowStart =
    rule.forgets === 'after_window' ? authThrottles.windowStartedAt : authThrottles.lastHitAt;
  const expired = sql`${windowStart} <= ${new Date(now.getTime() - rule.windowMs).toISOString()}::timestamptz`;
  const backoffOver = rule.backoff
    ? sql`${authThrottles.lastHitAt} + least(${rule.backoff.startMs}::float8 * power(2, least(${authThrottles.hits} - ${rule.limit}, 30)), ${rule.backoff.maxMs}::float8) * interval '1 millisecond' <= ${at}`
    : sql`false`;
  const rows = await tx
    .insert(authThrottles)
    .values({ scope: hit.scope, key: hit.key, windowStartedAt: now, hits: 1, lastHitAt: now })
    .onConflictDoUpdate({
      target: [authThrottles.scope, authThrottles.key],
      set: {
        windowStartedAt: sql`case when ${expired} then ${at} else ${authThrottles.windowStartedAt} end`,
        hits: sql`case when ${expired} then 1 else ${authThrottles.hits} + 1 end`,
        lastHitAt: at,
      },
      setWhere: sql`(${expired}) or ${authThrottles.hits} < ${rule.limit} or (${backoffOver})`,
    })
    .returning({ hits: authThrottles.hits });
  return rows.length > 0;
}

/** How long until the refusing counter allows an attempt: the end of its window, or of its back-off. */
async function msUntilAllowed(tx: Tx, now: Date, hit: ThrottleHit): Promise<number> {
  const rule = THROTTLE_RULES[hit.scope];
  const [row] = await tx
    .select()
    .from(authThrottles)
    .where(and(eq(authThrottles.scope, hit.scope), eq(authThrottles.key, hit.key)));
  if (!row) return 0;
  const windowStart = rule.forgets === 'after_window' ? row.windowStartedAt : row.lastHitAt;
  let allowedAt = windowStart.getTime() + rule.windowMs;
  if (rule.backoff && row.hits >= rule.limit) {
    const backoffMs = Math.min(
      rule.backoff.startMs * 2 ** Math.min(row.hits - rule.limit, 30),
      rule.backoff.maxMs,
    );
    allowedAt = Math.min(allowedAt, row.lastHitAt.getTime() + backoffMs);
  }
  return allowedAt - now.getTime();
}

/**
 * Deletes a small batch of counters nobody has touched for longer than any window: they would count
 * for nothing. Rows another request holds are skipped, so pruning never waits.
 */
async function pruneThrottles(db: Db, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - PRUNE_AFTER_MS);
  const stale = db
    .select({ scope: authThrottles.scope, key: authThrottles.key })
    .from(authThrottles)
    .where(lte(authThrottles.lastHitAt, cutoff))
    .orderBy(authThrottles.lastHitAt)
    .limit(PRUNE_BATCH)
    .for('update', { skipLocked: true });
  await db
    .delete(authThrottles)
    .where(
      and(
        inArray(sql`(${authThrottles.scope}, ${authThrottles.key})`, stale),
        lte(authThrottles.lastHitAt, cutoff),
      ),
    );
}
