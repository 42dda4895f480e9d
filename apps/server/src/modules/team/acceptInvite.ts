import { TEAM_MESSAGES } from '@keel/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { entities, invites, memberships } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { apiError } from '../../errors';
import { type ClientInfo, recordAuthEvent } from '../auth/audit';
import { markEmailVerified } from '../auth/markEmailVerified';
import { hashSecret } from '../auth/tokens';
import { lockTeam } from './lockTeam';

/** What following an invitation did: joined the company, or waits for an owner's or admin's approval. */
export type InviteAcceptance = { entityId: string; status: 'joined' | 'awaiting_approval' };

/**
 * Whether the token opens an invitation sent to this email that can still be accepted (not accepted,
 * not expired). Sign-up asks before it looks at the email's account, so a stranger's guess at a token
 * learns nothing about who has an account.
 */
export async function isInviteOpenFor(tx: Tx, clock: Clock, token: string, email: string): Promise<boolean> {
  const [open] = await tx
    .select({ id: invites.id })
    .from(invites)
    .where(
      and(
        eq(invites.tokenHash, hashSecret(token)),
        eq(invites.email, email),
        isNull(invites.acceptedAt),
        gt(invites.expiresAt, clock.now()),
      ),
    );
  return open !== undefined;
}

/**
 * Accepts the invitation whose token this is, for this user, inside the caller's transaction: only a
 * sent invitation (not accepted before), not expired, sent to this user's email. Without an approval
 * to wait for (or approved already), the user becomes a member with the invitation's role; otherwise
 * the invitation waits for one (approveInvite). The token came by email to that address, so holding
 * it proves the address: the user's email becomes verified either way. Null when the token opens no
 * such invitation.
 */
export async function acceptInviteToken(
  tx: Tx,
  clock: Clock,
  user: { id: string; email: string },
  token: string,
  client: ClientInfo,
): Promise<InviteAcceptance | null> {
  const [found] = await tx
    .select({ entityId: invites.entityId })
    .from(invites)
    .where(eq(invites.tokenHash, hashSecret(token)));
  if (!found) return null;
  await lockTeam(tx, found.entityId);
  const now = clock.now();
  const [invite] = await tx
    .update(invites)
    .set({ acceptedAt: now, recipientId: user.id, updatedAt: now })
    .where(
      and(
        eq(invites.tokenHash, hashSecret(token)),
        eq(invites.email, user.email),
        isNull(invites.acceptedAt),
        gt(invites.expiresAt, now),
      ),
    )
    .returning();
  if (!invite) return null;
  await markEmailVerified(tx, clock, user.id);
  const joins = !invite.requireApproval || invite.approvedAt !== null;
  if (joins) {
    await tx
      .insert(memberships)
      .values({
        entityId: invite.entityId,
        userId: user.id,
        role: invite.role,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
  }
  await recordAuthEvent(tx, clock, {
    type: 'invite.accepted',
    userId: user.id,
    entityId: invite.entityId,
    email: user.email,
    client,
    details: { inviteId: invite.id, role: invite.role, joined: joins },
  });
  return { entityId: invite.entityId, status: joins ? 'joined' : 'awaiting_approval' };
}

/**
 * acceptInvite(token): a signed-in person follows an invitation sent to their email (people who
 * already have an account cannot sign up with the link). The company and whether they joined it.
 */
export async function acceptInvite(
  db: Db,
  clock: Clock,
  user: { id: string; email: string },
  token: string,
  client: ClientInfo,
): Promise<InviteAcceptance & { entityName: string }> {
  return writeTransaction(db, async (tx) => {
    const accepted = await acceptInviteToken(tx, clock, user, token, client);
    if (!accepted) throw apiError('NOT_FOUND', TEAM_MESSAGES.inviteInvalid);
    const [entity] = await tx
      .select({ name: entities.name })
      .from(entities)
      .where(eq(entities.id, accepted.entityId));
    return { ...accepted, entityName: entity?.name ?? '' };
  });
}
