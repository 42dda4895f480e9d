-- An account a person adds stays in the report while empty, until they hide it.
-- Accounts that exist already keep today's rule (hidden while empty unless 'Empty Accounts' is on):
-- nothing records which of them a person added.
ALTER TABLE "accounts" ADD COLUMN "shown_when_empty" boolean DEFAULT false NOT NULL;
