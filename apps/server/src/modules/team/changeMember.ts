import { memberFormSchema, TEAM_MESSAGES } from '@keel/domain';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { memberships } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { badInput } from '../../errors';
import { parseArgs } from '../../graphql/parseInput';
import { publishAccessChange } from '../../realtime/accessEvents';
import { type ClientInfo, recordAuthEvent } from '../auth/audit';
import { lockTeam } from './lockTeam';
import { memberNotFound } from './teamErrors';
import { findMember, type MemberView } from './teamRows';

type Actor = { id: string; client: ClientInfo };

/** The member locked for a change, once the team is locked; the owner is never changed from the team list. */
async function lockEditableMember(tx: Tx, member: MemberView, ownerMessage: string): Promise<MemberView> {
  await lockTeam(tx, member.entityId);
  const locked = await findMember(tx, member.id, true);
  if (!locked) throw memberNotFound();
  if (locked.role === 'owner') throw badInput(ownerMessage, 'id');
  return locked;
}

/**
 * updateMember (spec §7): a member's role becomes admin or bookkeeper (spec §6: the only choices).
 * The owner's role cannot be changed (spec §6). Card-only and custom members can be given either.
 */
export async function updateMemberRole(
  db: Db,
  clock: Clock,
  member: MemberView,
  input: { role: unknown },
  actor: Actor,
): Promise<MemberView> {
  const { role } = parseArgs(memberFormSchema, input);
  return writeTransaction(db, async (tx) => {
    const locked = await lockEditableMember(tx, member, TEAM_MESSAGES.ownerNotEditable);
    if (locked.role === role) return locked;
    const now = clock.now();
    await tx.update(memberships).set({ role, updatedAt: now }).where(eq(memberships.id, locked.id));
    // Their live streams read their access again on commit: a role that may not read ends them.
    await publishAccessChange(tx, locked.userId, locked.entityId);
    await recordAuthEvent(tx, clock, {
      type: 'member.role_changed',
      userId: actor.id,
      entityId: locked.entityId,
      email: locked.user.email,
      client: actor.client,
      details: { memberId: locked.id, from: locked.role, to: role },
    });
    return { ...locked, role, updatedAt: now };
  });
}

/**
 * deleteMember (spec §7): the person leaves the company's team and loses access at once (every request
 * checks membership, and their live subscriptions of the company end when the removal commits). The
 * owner cannot be removed. Their account and their other companies stay.
 */
export async function deleteMember(db: Db, clock: Clock, member: MemberView, actor: Actor): Promise<string> {
  return writeTransaction(db, async (tx) => {
    const locked = await lockEditableMember(tx, member, TEAM_MESSAGES.ownerNotRemovable);
    await tx.delete(memberships).where(eq(memberships.id, locked.id));
    // Their live streams of the company end on commit, on every server.
    await publishAccessChange(tx, locked.userId, locked.entityId);
    await recordAuthEvent(tx, clock, {
      type: 'member.removed',
      userId: actor.id,
      entityId: locked.entityId,
      email: locked.user.email,
      client: actor.client,
      details: { memberId: locked.id, role: locked.role },
    });
    return locked.id;
  });
}
