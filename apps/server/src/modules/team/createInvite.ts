import {
  INVITE_TTL_DAYS,
  type InviteForm,
  inviteFormSchema,
  OPEN_INVITES_MAX,
  type Role,
  TEAM_MESSAGES,
} from '@keel/domain';
import { and, count, eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { entities, invites, memberships, users } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { badInput, tooManyRequests } from '../../errors';
import { parseArgs } from '../../graphql/parseInput';
import type { EmailProvider } from '../../providers';
import { type ClientInfo, recordAuthEvent } from '../auth/audit';
import { releaseAttempt, reserveAttempt } from '../auth/throttle';
import { hashSecret, newSecret } from '../auth/tokens';
import { isUniqueViolation } from '../auth/uniqueViolation';
import { inviteEmail } from './inviteEmail';
import { lockTeam } from './lockTeam';
import { findInvite, type InviteView, inviteStatus, isOpenInvite } from './teamRows';

const DAY_MS = 86_400_000;

/**
 * createInvite (spec §7): invites a person to the company as admin or bookkeeper and emails them a
 * sign-up link carrying the invitation's token (only its SHA-256 is stored; the link works once, for
 * 14 days). An invitation sent by someone other than the owner needs another owner's or admin's
 * approval before the person joins (requireApproval). Refused: a person already on the team, an email
 * with an open invitation (an expired one is replaced), more than 100 open invitations, more than 30
 * invitation emails an hour from one company.
 */
export async function createInvite(
  deps: { db: Db; clock: Clock; config: Config; email: EmailProvider },
  input: { entityId: string; sender: { id: string; role: Role }; client: ClientInfo; form: unknown },
): Promise<InviteView> {
  const { db, clock } = deps;
  const form = parseArgs(inviteFormSchema, input.form);
  const throttle = [{ scope: 'invite_entity' as const, key: input.entityId }];
  const allowed = await reserveAttempt(db, clock, throttle);
  if (!allowed.allowed) throw tooManyRequests(TEAM_MESSAGES.tooManyInviteEmails, allowed.retryAfterSeconds);
  const token = newSecret();
  let created: Awaited<ReturnType<typeof insertInvite>>;
  try {
    created = await writeTransaction(db, (tx) => insertInvite(tx, clock, input, form, token));
  } catch (error) {
    // Nothing was sent: the attempt does not count against the company's hourly emails.
    await releaseAttempt(db, throttle);
    if (isUniqueViolation(error)) throw badInput(TEAM_MESSAGES.alreadyInvited, 'email');
    throw error;
  }
  await deps.email.send(
    inviteEmail({
      invite: created.invite,
      token,
      appUrl: deps.config.APP_URL,
      companyName: created.companyName,
      senderName: created.senderName,
    }),
  );
  const view = await findInvite(db, created.invite.id);
  if (!view) throw new Error('Invitation vanished after it was made');
  return view;
}

async function insertInvite(
  tx: Tx,
  clock: Clock,
  input: { entityId: string; sender: { id: string; role: Role }; client: ClientInfo },
  form: InviteForm,
  token: string,
) {
  await lockTeam(tx, input.entityId);
  const [member] = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.entityId, input.entityId), eq(users.email, form.email)));
  if (member) throw badInput(TEAM_MESSAGES.alreadyMember, 'email');
  const [open] = await tx
    .select({ n: count() })
    .from(invites)
    .where(and(eq(invites.entityId, input.entityId), isOpenInvite));
  if ((open?.n ?? 0) >= OPEN_INVITES_MAX) throw badInput(TEAM_MESSAGES.tooManyInvites);
  const now = clock.now();
  const [invited] = await tx
    .select()
    .from(invites)
    .where(and(eq(invites.entityId, input.entityId), eq(invites.email, form.email), isOpenInvite));
  if (invited && inviteStatus(invited, now) !== 'expired')
    throw badInput(TEAM_MESSAGES.alreadyInvited, 'email');
  // An expired link to the same person is replaced by the new one.
  if (invited) await tx.delete(invites).where(eq(invites.id, invited.id));
  const [invite] = await tx
    .insert(invites)
    .values({
      entityId: input.entityId,
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.email,
      role: form.role,
      tokenHash: hashSecret(token),
      senderId: input.sender.id,
      requireApproval: input.sender.role !== 'owner',
      expiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * DAY_MS),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!invite) throw new Error('invites insert returned nothing');
  const [names] = await tx
    .select({ companyName: entities.name, senderName: users.name, senderEmail: users.email })
    .from(entities)
    .innerJoin(users, eq(users.id, input.sender.id))
    .where(eq(entities.id, input.entityId));
  await recordAuthEvent(tx, clock, {
    type: 'invite.created',
    userId: input.sender.id,
    entityId: input.entityId,
    email: form.email,
    client: input.client,
    details: { inviteId: invite.id, role: form.role, requireApproval: invite.requireApproval },
  });
  return { invite, companyName: names?.companyName ?? '', senderName: names?.senderName ?? '' };
}
