import { profileFormSchema } from '@keel/domain';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { people, users } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { unauthenticated } from '../../errors';
import { parseArgs } from '../../graphql/parseInput';
import { type ClientInfo, recordAuthEvent } from '../auth/audit';
import { type PersonView, personOf } from './personRows';

/**
 * updateTprimePerson (spec §7), the personal information of /settings: the full name, the phone (a
 * United States mobile number, stored E.164; blank removes it) and the physical address in the United
 * States; the email is read-only and the mailing address must be null (spec §5). The name and phone go
 * on the user, the address on its person row, in one transaction. The phone here is the profile's:
 * two-factor codes keep going to the phone proven at enrolment.
 */
export async function updatePerson(
  db: Db,
  clock: Clock,
  userId: string,
  input: unknown,
  client: ClientInfo,
): Promise<PersonView> {
  const form = parseArgs(profileFormSchema, input);
  return writeTransaction(db, async (tx) => {
    const now = clock.now();
    const [user] = await tx
      .update(users)
      .set({ name: form.name, phoneNumber: form.phoneNumber, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw unauthenticated();
    const address = { ...form.physicalAddress, country: 'US', updatedAt: now };
    const [row] = await tx
      .insert(people)
      .values({ userId, ...address, createdAt: now })
      .onConflictDoUpdate({ target: people.userId, set: address })
      .returning();
    await recordAuthEvent(tx, clock, {
      type: 'profile.updated',
      userId,
      email: user.email,
      client,
      details: { fields: ['name', 'phoneNumber', 'physicalAddress'] },
    });
    return personOf(user, row ?? null);
  });
}
