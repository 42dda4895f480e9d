import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps, users } from './auth';

/**
 * A user's personal information beyond the user row (spec §3 Person, /settings): the physical address,
 * in the United States. The name and the phone live on `users`; the mailing address is not collected
 * (spec §5: it must be null). One row per user, made on the first save.
 */
export const people = pgTable('people', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  streetLine1: text('street_line1').notNull(),
  streetLine2: text('street_line2'),
  city: text('city').notNull(),
  /** Two-letter USPS code. */
  state: text('state').notNull(),
  /** Five digits. */
  postalCode: text('postal_code').notNull(),
  /** ISO 3166 code; always 'US' (spec §2 'country fixed United States'). */
  country: text('country').notNull().default('US'),
  ...timestamps,
});
