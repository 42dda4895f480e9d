import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { invites, memberships, users } from '../../db/schema';
import { type ClientInfo, recordAuthEvent } from './audit';
import { hashPassword } from './passwords';
import { reserveAddressAttempt } from './reserveAddressAttempt';
import { findUserByEmail, issueSession, normalizeEmail, type Throttled, type UserRow } from './service';
import { hashSecret } from './tokens';
import { isUniqueViolation } from './uniqueViolation';

export const EMAIL_TAKEN = 'has already been taken';

/** An invite_token that opens no invitation: the sign-up is refused, nothing is created. */
export const INVITATION_INVALID = 'is invalid, was already used, or was sent to another email address';

/** Thrown inside the sign-up transaction to roll the new user back when the invitation does not match. */
class InvitationInvalid extends Error {}

export type SignUpInput = { email: string; password: string; name: string; inviteToken: string | null };

export type SignUpResult =
  | { ok: true; user: UserRow; accessToken: string; joinedEntityId: string | null }
  | { ok: false; kind: 'invalid'; messages: Record<string, string[]> }
  | ({ ok: false } & Throttled);

/**
 * POST /api/v1/users: creates the user with an argon2id password hash and signs them in. A matching,
 * unaccepted invite for the same email makes them a member of its entity, in the same transaction; an
 * invite_token that matches none refuses the sign-up (INVITATION_INVALID) and creates nothing, so a
 * person who followed a stale link learns it instead of landing in an empty account.
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
          inviteToken: input.inviteToken,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!user) throw new Error('users insert returned nothing');
      const joinedEntityId = input.inviteToken
        ? await acceptInvite(tx, clock, user, input.inviteToken)
        : null;
      if (input.inviteToken && joinedEntityId === null) throw new InvitationInvalid();
      await recordAuthEvent(tx, clock, {
        type: 'user.signup',
        userId: user.id,
        email,
        client,
        details: { method: 'password', joinedEntityId },
      });
      const session = await issueSession(tx, clock, config, user, client, 'signup');
      return { ok: true as const, user, accessToken: session.accessToken, joinedEntityId };
    });
  } catch (error) {
    if (error instanceof InvitationInvalid)
      return { ok: false, kind: 'invalid', messages: { invitation: [INVITATION_INVALID] } };
    // Two sign-ups with one email at once: the unique index decides, the loser hears 'taken'.
    if (isUniqueViolation(error)) return taken;
    throw error;
  }
}

/**
 * Joins the entity of the unaccepted invite whose token this is, when it was sent to this email.
 * Returns the entity joined, or null when the token matches no such invite.
 */
async function acceptInvite(
  tx: Tx,
  clock: Clock,
  user: UserRow,
  inviteToken: string,
): Promise<string | null> {
  const now = clock.now();
  const [invite] = await tx
    .update(invites)
    .set({ acceptedAt: now, recipientId: user.id, updatedAt: now })
    .where(
      and(
        eq(invites.tokenHash, hashSecret(inviteToken)),
        sql`lower(trim(${invites.email})) = ${user.email}`,
        isNull(invites.acceptedAt),
      ),
    )
    .returning();
  if (!invite) return null;
  await tx
    .insert(memberships)
    .values({ entityId: invite.entityId, userId: user.id, role: invite.role, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  return invite.entityId;
}
