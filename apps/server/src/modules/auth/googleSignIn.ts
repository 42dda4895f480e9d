import { personNameSchema } from '@keel/domain';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { GoogleIdentity } from '../../providers';
import { secretBoxOf } from '../../secrets/secretBox';
import { accountClaimedEmail, googleLinkedEmail } from './accountEmails';
import { type ClientInfo, recordAuthEvent } from './audit';
import { claimUnverifiedAccount } from './claimUnverifiedAccount';
import type { AccountTaskDeps } from './emailVerification';
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
 * POST /api/v1/auth/google-sign-in. A user found by subject signs in. A user found by verified email
 * is joined to the Google subject, so later sign-ins match by subject even if the address changes:
 * - its address confirmed: it keeps its password and sessions; the owner is told by email;
 * - never confirmed: Google has just proven the address, and whoever created the account may have
 *   been a stranger holding it in wait, so the account passes to the Google user (claimUnverifiedAccount:
 *   no password, no second factor, every session revoked) and the owner is told what was removed.
 */
export async function signInWithGoogle(
  deps: AccountTaskDeps,
  identity: GoogleIdentity,
  client: ClientInfo,
): Promise<SignedIn | OtpRequired | { kind: 'not_found'; email: string }> {
  const { db, clock, config } = deps;
  const user = await findUserForGoogle(db, identity);
  if (!user) return { kind: 'not_found', email: normalizeEmail(identity.email) };
  const joined = user.googleSubject === null ? await joinGoogle(deps, user, identity, client) : user;
  return beginSession(db, clock, config, joined, client, 'google');
}

async function joinGoogle(
  deps: AccountTaskDeps,
  user: UserRow,
  identity: GoogleIdentity,
  client: ClientInfo,
): Promise<UserRow> {
  const { db, clock, config, mailer, tasks } = deps;
  const { joined, notice } = await db.transaction(async (tx) => {
    const claimed =
      user.emailVerifiedAt === null
        ? await claimUnverifiedAccount(
            tx,
            clock,
            user,
            { passwordHash: null, googleSubject: identity.subject },
            'google',
            client,
          )
        : null;
    if (claimed) {
      const message = accountClaimedEmail({
        to: claimed.user.email,
        proof: 'google',
        appUrl: config.APP_URL,
        revokedSessions: claimed.revokedSessions,
      });
      return { joined: claimed.user, notice: message };
    }
    const [linked] = await tx
      .update(users)
      .set({ googleSubject: identity.subject, updatedAt: clock.now() })
      .where(and(eq(users.id, user.id), isNull(users.googleSubject)))
      .returning();
    await recordAuthEvent(tx, clock, { type: 'google.linked', userId: user.id, email: user.email, client });
    return { joined: linked ?? user, notice: googleLinkedEmail({ to: user.email }) };
  });
  tasks.run('google sign-in notice', () => mailer.send(notice));
  return joined;
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
        // Google verified the address (checked above).
        .values({
          email,
          name,
          googleSubject: identity.subject,
          emailVerifiedAt: now,
          createdAt: now,
          updatedAt: now,
        })
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
