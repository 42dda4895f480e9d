import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { acceptInviteToken, type InviteAcceptance } from '../team/acceptInvite';
import { type ClientInfo, recordAuthEvent } from './audit';
import { hashPassword } from './passwords';
import { reserveAddressAttempt } from './reserveAddressAttempt';
import { findUserByEmail, issueSession, normalizeEmail, type Throttled, type UserRow } from './service';
import { isUniqueViolation } from './uniqueViolation';

export const EMAIL_TAKEN = 'has already been taken';

/**
 * An invite_token that opens no invitation (unknown, expired, used, or sent to another email): the
 * sign-up is refused, nothing is created. The web app's sign-up page shows it as sent.
 */
export const INVITATION_INVALID = 'is invalid, was already used, or was sent to another email address';

/** Thrown inside the sign-up transaction to roll the new user back when the invitation does not match. */
class InvitationInvalid extends Error {}

export type SignUpInput = { email: string; password: string; name: string; inviteToken: string | null };

export type SignUpResult =
  | { ok: true; user: UserRow; accessToken: string; invitation: InviteAcceptance | null }
  | { ok: false; kind: 'invalid'; messages: Record<string, string[]> }
  | ({ ok: false } & Throttled);

/**
 * POST /api/v1/users: creates the user with an argon2id password hash and signs them in. A matching,
 * unaccepted, unexpired invite for the same email makes them a member of its entity, in the same
 * transaction (or, when it needs approval, leaves it waiting for an owner or admin: see
 * modules/team/acceptInvite.ts); an invite_token that matches none refuses the sign-up
 * (INVITATION_INVALID) and creates nothing, so a person who followed a stale link learns it instead of
 * landing in an empty account. The token itself is never stored (the invite keeps its hash).
 * Every attempt counts against the client address's sign-up limit (taken emails too: each one tells
 * whether an email has an account); past it, nothing is looked up or written.
 */
export async function signUp(
  db: Db,
  clock: Clock,
  config: Config,
  input: SignUpInput,
  client: ClientInfo,
): Promise<SignUpResult> {
  const allowed = await reserveAddressAttempt(db, clock, 'signup_address', client);
  if (!allowed.allowed) return { ok: false, kind: 'throttled', retryAfterSeconds: allowed.retryAfterSeconds };
  const email = normalizeEmail(input.email);
  const taken = { ok: false as const, kind: 'invalid' as const, messages: { email: [EMAIL_TAKEN] } };
  if (await findUserByEmail(db, email)) return taken;
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const now = clock.now();
      const [user] = await tx
        .insert(users)
        .values({
          email,
          name: input.name,
          passwordHash,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!user) throw new Error('users insert returned nothing');
      const invitation = input.inviteToken
        ? await acceptInviteToken(tx, clock, user, input.inviteToken, client)
        : null;
      if (input.inviteToken && invitation === null) throw new InvitationInvalid();
      await recordAuthEvent(tx, clock, {
        type: 'user.signup',
        userId: user.id,
        email,
        client,
        details: { method: 'password', invitation },
      });
      const session = await issueSession(tx, clock, config, user, client, 'signup');
      return { ok: true as const, user, accessToken: session.accessToken, invitation };
    });
  } catch (error) {
    if (error instanceof InvitationInvalid)
      return { ok: false, kind: 'invalid', messages: { invitation: [INVITATION_INVALID] } };
    // Two sign-ups with one email at once: the unique index decides, the loser hears 'taken'.
    if (isUniqueViolation(error)) return taken;
    throw error;
  }
}
