CREATE TABLE "people" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"street_line1" text NOT NULL,
	"street_line2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "reauthenticated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "otp_phone_number" text;--> statement-breakpoint
-- Sign-in codes kept going to the phone they went to before: the sms method's phone is now its own.
UPDATE "users" SET "otp_phone_number" = "phone_number" WHERE "otp_method" = 'sms';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "otp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "otp_pending_phone_number" text;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
-- Invitations sent before links expired get the 14 days from their sending.
UPDATE "invites" SET "expires_at" = "created_at" + interval '14 days', "email" = lower(trim("email"));--> statement-breakpoint
ALTER TABLE "invites" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
-- One open invitation per email per company: of older duplicates only the newest stays.
DELETE FROM "invites" AS older USING "invites" AS newer
WHERE older."entity_id" = newer."entity_id" AND older."email" = newer."email"
  AND (older."accepted_at" IS NULL OR (older."require_approval" AND older."approved_at" IS NULL))
  AND (newer."accepted_at" IS NULL OR (newer."require_approval" AND newer."approved_at" IS NULL))
  AND (older."created_at", older."id") < (newer."created_at", newer."id");--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invites_open_email_key" ON "invites" USING btree ("entity_id","email") WHERE "invites"."accepted_at" IS NULL OR ("invites"."require_approval" AND "invites"."approved_at" IS NULL);--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "invite_token";