import { INVITE_TTL_DAYS } from '@keel/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { invites, people, users } from '../db/schema';
import { hashSecret, newSecret } from '../modules/auth/tokens';

/** The demo owner's personal information (/settings): a phone and an address in the United States. */
export const DEMO_OWNER_PROFILE = {
  phoneNumber: '+14155550134',
  address: {
    streetLine1: '500 Howard St',
    streetLine2: 'Suite 300',
    city: 'San Francisco',
    state: 'CA',
    postalCode: '94105',
  },
} as const;

/**
 * The demo company's one pending invitation: sent by an admin, so it waits for the owner's Approve or
 * Decline (spec §4). No one has its link (its token is random and was never sent): it is there to show
 * the approval flow; invite someone from the team page to follow a link.
 */
export const DEMO_PENDING_INVITE = {
  firstName: 'Jordan',
  lastName: 'Lee',
  email: 'jordan@acme-robotics.test',
  role: 'bookkeeper',
  senderEmail: 'admin@acme-robotics.test',
} as const;

/**
 * The demo company's team beyond its members (made with them): the owner's profile and one pending
 * invitation. Idempotent: a profile already there and an invitation to that email (in any state) are
 * left as they are, so running it again, or on a database whose demo was edited, changes nothing.
 */
export async function seedDemoTeam(db: Db | Tx, clock: Clock, input: { entityId: string; ownerId: string }) {
  const now = clock.now();
  await db
    .update(users)
    .set({ phoneNumber: DEMO_OWNER_PROFILE.phoneNumber, updatedAt: now })
    .where(and(eq(users.id, input.ownerId), isNull(users.phoneNumber)));
  await db
    .insert(people)
    .values({
      userId: input.ownerId,
      ...DEMO_OWNER_PROFILE.address,
      country: 'US',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const [invited] = await db
    .select({ id: invites.id })
    .from(invites)
    .where(and(eq(invites.entityId, input.entityId), eq(invites.email, DEMO_PENDING_INVITE.email)));
  if (invited) return;
  const [sender] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_PENDING_INVITE.senderEmail));
  await db.insert(invites).values({
    entityId: input.entityId,
    firstName: DEMO_PENDING_INVITE.firstName,
    lastName: DEMO_PENDING_INVITE.lastName,
    email: DEMO_PENDING_INVITE.email,
    role: DEMO_PENDING_INVITE.role,
    tokenHash: hashSecret(newSecret()),
    senderId: sender?.id ?? null,
    requireApproval: true,
    expiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000),
    createdAt: now,
    updatedAt: now,
  });
}
