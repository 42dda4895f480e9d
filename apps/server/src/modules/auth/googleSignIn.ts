import { personNameSchema } from '@keel/domain';
import { eq, or } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { GoogleIdentity } from '../../providers';
import { secretBoxOf } from '../../secrets/secretBox';
import { type ClientInfo, recordAuthEvent } from './audit';
import {
  beginSession,
  completeSignIn,
  findUserByEmail,
  issueSession,
  normalizeEmail,
  type OtpRequired,
  type SignedIn,
  signInFailure,
  type Throttled,
  throttledSignIn,
  type UserRow,
} from './service';
import { checkSecondFactor, hasTwoFactor } from './twoFactor';
import { isUniqueViolation } from './uniqueViolation';

/** The user a Google identity stands for: by its subject, else by its email when Google verified it. */
async function findUserForGoogle(db: Db, identity: GoogleIdentity): Promise<UserRow | null> {
  const email = normalizeEmail(identity.email);
  const rows = await db
    .select()
    .from(users)
    .where(
      identity.emailVerified
        ? or(eq(users.googleSubject, identity.subject), eq(users.email, email))
        : eq(users.googleSubject, identity.subject),
    );
  const bySubject = rows.find((user) => user.googleSubject === identity.subject);
  // A user already linked to another Google account is not taken over by this one.
  const byEmail = rows.find((user) => user.email === email && user.googleSubject === null);
  return bySubject ?? byEmail ?? null;
}

/**
 * POST /api/v1/auth/google-sign-in. A user found by verified email is linked to the Google subject,
 * so later sign-ins match by subject even if the address changes.
 */
export async function signInWithGoogle(
  db: Db,
  clock: Clock,
  config: Config,
  identity: GoogleIdentity,
  client: ClientInfo,
): Promise<SignedIn | OtpRequired | { kind: 'not_found'; email: string }> {
  const user = await findUserForGoogle(db, identity);
  if (!user) return { kind: 'not_found', email: normalizeEmail(identity.email) };
  let linked = user;
  if (user.googleSubject === null) {
    const [updated] = await db
      .update(users)
      .set({ googleSubject: identity.subject, updatedAt: clock.now() })
      .where(eq(users.id, user.id))
      .returning();
    linked = updated ?? user;
  }
  return beginSession(db, clock, config, linked, client, 'google');
}

/**
 * POST /api/v1/auth/google-sign-up: a new user with no password, known by the Google subject. Refused
 * when the email is taken (they should sign in) or Google has not verified it.
 */
export async function signUpWithGoogle(
  db: Db,
  clock: Clock,
  config: Config,
  identity: GoogleIdentity,
  client: ClientInfo,
): Promise<SignedIn | { kind: 'taken'; email: string } | { kind: 'unverified'; email: string }> {
  const email = normalizeEmail(identity.email);
  if (!identity.emailVerified) return { kind: 'unverified', email };
  if ((await findUserByEmail(db, email)) || (await findUserForGoogle(db, identity)))
    return { kind: 'taken', email };
  // Google's display name, cut to what the sign-up form allows; the email when it has no letters to keep.
  const parsedName = personNameSchema.safeParse(identity.name.slice(0, 100));
  const name = parsedName.success ? parsedName.data : email;
  try {
    return await db.transaction(async (tx) => {
      const now = clock.now();
      const [user] = await tx
        .insert(users)
        .values({ email, name, googleSubject: identity.subject, createdAt: now, updatedAt: now })
        .returning();
      if (!user) throw new Error('users insert returned nothing');
      await recordAuthEvent(tx, clock, {
        type: 'user.signup',
        userId: user.id,
        email,
        client,
        details: { method: 'google' },
      });
      return issueSession(tx, clock, config, user, client, 'signup');
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: 'taken', email };
    throw error;
  }
}

/**
 * POST /api/v1/auth/verify-otp-google: the code step after a Google sign-in of a two-factor user. The
 * Google credential is verified again, so it stands in for the password of verify-otp; wrong codes
 * count against the login rate limits of the user's email like wrong passwords.
 */
export async function signInWithGoogleOtp(
  db: Db,
  clock: Clock,
  config: Config,
  identity: GoogleIdentity,
  code: string,
  client: ClientInfo,
): Promise<SignedIn | { kind: 'invalid' } | Throttled> {
  const user = await findUserForGoogle(db, identity);
  const email = user?.email ?? normalizeEmail(identity.email);
  return throttledSignIn(db, clock, email, client, async () => {
    const fail = signInFailure(db, clock, email, user, client);
    if (!user || user.googleSubject !== identity.subject || !hasTwoFactor(user)) {
      return fail('google_otp_user');
    }
    const factor = await checkSecondFactor(db, clock, secretBoxOf(config), user, code);
    if (!factor.valid) return fail('google_otp_code');
    const signedIn = await completeSignIn(db, clock, config, user, client, 'google_otp', factor);
    return signedIn ?? fail('google_otp_used');
  });
}
