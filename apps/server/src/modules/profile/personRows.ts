import { PROFILE_COUNTRY, splitPersonName } from '@keel/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { people, type users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;
type PersonRow = typeof people.$inferSelect;

export type AddressView = {
  streetLine1: string;
  streetLine2: string | null;
  city: string;
  state: string;
  postalCode: string;
  country: string;
};

/** Spec §3 Person, as the profile keeps it: the user's name and phone, and their physical address. */
export type PersonView = {
  userId: string;
  firstName: string;
  middleName: string | null;
  lastName: string | null;
  suffix: string | null;
  name: string;
  email: string;
  phoneNumber: string | null;
  physicalAddress: AddressView | null;
};

export async function findPersonRow(db: Db | Tx, userId: string): Promise<PersonRow | null> {
  const [row] = await db.select().from(people).where(eq(people.userId, userId));
  return row ?? null;
}

/** The person a user is: their name split into its parts, their phone and their address (null until saved). */
export function personOf(
  user: Pick<UserRow, 'id' | 'name' | 'email' | 'phoneNumber'>,
  row: PersonRow | null,
): PersonView {
  return {
    userId: user.id,
    ...splitPersonName(user.name),
    suffix: null,
    name: user.name,
    email: user.email,
    phoneNumber: user.phoneNumber,
    physicalAddress: row
      ? {
          streetLine1: row.streetLine1,
          streetLine2: row.streetLine2,
          city: row.city,
          state: row.state,
          postalCode: row.postalCode,
          country: row.country === PROFILE_COUNTRY.code ? PROFILE_COUNTRY.name : row.country,
        }
      : null,
  };
}
