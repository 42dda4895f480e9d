-- Banking pages read what the last mirror of the bank stored: when each deposit account was last
-- brought up to date by the scheduled job, and the error of its last failed attempt.
ALTER TABLE "deposit_accounts" ADD COLUMN "mirrored_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "deposit_accounts" ADD COLUMN "mirror_error" text;
