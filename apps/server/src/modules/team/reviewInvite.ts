import { TEAM_MESSAGES } from '@keel/domain';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { entities, invites, memberships, users } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { apiError, badInput } from '../../errors';
import type { EmailProvider } from '../../providers';
import { type ClientInfo, recordAuthEvent } from '../auth/audit';
import { inviteApprovedEmail, inviteDeclinedEmail } from './inviteEmail';
import { lockTeam } from './lockTeam';
import { inviteNotFound } from './teamErrors';
import { findInvite, type InviteRow, type InviteView, inviteStatus } from './teamRows';

type Reviewer = { id: string; client: ClientInfo };

/**
 * The invitation locked for a change, once the team is locked: it must still be open (sent, or
 * waiting for an approval); a finished one is not found, as it is no longer listed.
 */
async function lockOpenInvite(tx: Tx, clock: Clock, invite: InviteRow): Promise<InviteRow> {
  await lockTeam(tx, invite.entityId);
  const [locked] = await tx.select().from(invites).where(eq(invites.id, invite.id)).for('update');
  if (!locked || inviteStatus(locked, clock.now()) === 'accepted') throw inviteNotFound();
  return locked;
}

/**
 * The Approve action of an invitation that needs one (spec §4 'Invite'): an owner or admin other than
 * its sender (two people agree on who joins) approves it. When the person has signed up already they
 * join now, with the invitation's role, and are told by email once it is committed; otherwise they
 * join as soon as they sign up with the link (the invitation email they have says so).
 * An expired link cannot be approved (it would let no one in): remove it and invite again.
 */
export async function approveInvite(
  deps: { db: Db; clock: Clock; email: EmailProvider; appUrl: string },
  invite: InviteRow,
  reviewer: Reviewer,
): Promise<{ invite: InviteView; memberId: string | null }> {
  const { db, clock } = deps;
  const result = await writeTransaction(db, async (tx) => {
    const locked = await lockOpenInvite(tx, clock, invite);
    if (!locked.requireApproval) throw badInput(TEAM_MESSAGES.approvalNotNeeded, 'id');
    if (locked.approvedAt !== null) throw badInput(TEAM_MESSAGES.alreadyApproved, 'id');
    if (locked.senderId === reviewer.id) throw apiError('FORBIDDEN', TEAM_MESSAGES.approveOwnInvite);
    const status = inviteStatus(locked, clock.now());
    if (status === 'expired') throw badInput('This invitation has expired: remove it and invite again', 'id');
    const now = clock.now();
    await tx
      .update(invites)
      .set({ approvedAt: now, approverId: reviewer.id, updatedAt: now })
      .where(eq(invites.id, locked.id));
    let memberId: string | null = null;
    if (status === 'awaiting_approval' && locked.recipientId) {
      const [member] = await tx
        .insert(memberships)
        .values({
          entityId: locked.entityId,
          userId: locked.recipientId,
          role: locked.role,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [memberships.entityId, memberships.userId],
          // Already a member some other way: the membership stays as it is.
          set: { updatedAt: now },
        })
        .returning({ id: memberships.id });
      memberId = member?.id ?? null;
    }
    await recordAuthEvent(tx, clock, {
      type: 'invite.approved',
      userId: reviewer.id,
      entityId: locked.entityId,
      email: locked.email,
      client: reviewer.client,
      details: { inviteId: locked.id, role: locked.role, joined: memberId !== null },
    });
    if (!memberId || !locked.recipientId) return { memberId, notice: null };
    const [row] = await tx
      .select({ email: users.email, companyName: entities.name })
      .from(users)
      .innerJoin(entities, eq(entities.id, locked.entityId))
      .where(eq(users.id, locked.recipientId));
    const notice = row
      ? { to: row.email, companyName: row.companyName, firstName: locked.firstName, role: locked.role }
      : null;
    return { memberId, notice };
  });
  if (result.notice) await deps.email.send(inviteApprovedEmail({ ...result.notice, appUrl: deps.appUrl }));
  const view = await findInvite(db, invite.id);
  if (!view) throw inviteNotFound();
  return { invite: view, memberId: result.memberId };
}

/**
 * The Decline action of an invitation that needs approval, and Remove of any open invitation: it is
 * deleted and its link stops working. A person who signed up with it and waited for approval is told by
 * email (they keep their account, without the company).
 */
export async function removeInvite(
  deps: { db: Db; clock: Clock; email: EmailProvider },
  invite: InviteRow,
  reviewer: Reviewer,
  action: 'declined' | 'deleted',
): Promise<string> {
  const { db, clock } = deps;
  const notice = await writeTransaction(db, async (tx) => {
    const locked = await lockOpenInvite(tx, clock, invite);
    if (action === 'declined' && !locked.requireApproval)
      throw badInput(TEAM_MESSAGES.approvalNotNeeded, 'id');
    await tx.delete(invites).where(eq(invites.id, locked.id));
    await recordAuthEvent(tx, clock, {
      type: action === 'declined' ? 'invite.declined' : 'invite.deleted',
      userId: reviewer.id,
      entityId: locked.entityId,
      email: locked.email,
      client: reviewer.client,
      details: { inviteId: locked.id, role: locked.role, accepted: locked.acceptedAt !== null },
    });
    if (locked.acceptedAt === null || !locked.recipientId) return null;
    const [row] = await tx
      .select({ email: users.email, companyName: entities.name })
      .from(users)
      .innerJoin(entities, eq(entities.id, locked.entityId))
      .where(eq(users.id, locked.recipientId));
    return row ? { to: row.email, companyName: row.companyName, firstName: locked.firstName } : null;
  });
  if (notice) await deps.email.send(inviteDeclinedEmail(notice));
  return invite.id;
}
