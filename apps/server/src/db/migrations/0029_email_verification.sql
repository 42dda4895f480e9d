ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- Accounts whose address was already proven: linked to Google (which vouched for it), joined by an
-- invitation sent to it, or given a new password through a reset link mailed to it. The others must
-- confirm their address (a link is mailed when they next sign in with their password).
UPDATE "users" SET "email_verified_at" = now()
WHERE "google_subject" IS NOT NULL
  OR "id" IN (SELECT "recipient_id" FROM "invites" WHERE "accepted_at" IS NOT NULL AND "recipient_id" IS NOT NULL)
  OR "id" IN (
    SELECT "user_id" FROM "audit_events"
    WHERE "type" = 'password.updated' AND "details"->>'via' = 'reset_token' AND "user_id" IS NOT NULL
  );
