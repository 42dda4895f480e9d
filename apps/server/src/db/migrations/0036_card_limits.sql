-- Cards in reach: each card's daily and monthly spending limits (cents; NULL = no limit), and its charges,
-- approved or declined at authorization. A charge's day and month are the company's (its time zone at the
-- moment of the authorization), so the limits count the company's days, not UTC's.
ALTER TABLE "cards" ADD COLUMN "daily_limit" bigint;
--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "monthly_limit" bigint;
--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_daily_limit_positive" CHECK ("daily_limit" IS NULL OR "daily_limit" > 0);
--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_monthly_limit_positive" CHECK ("monthly_limit" IS NULL OR "monthly_limit" > 0);
--> statement-breakpoint
CREATE TABLE "card_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_id" uuid NOT NULL REFERENCES "cards"("id") ON DELETE CASCADE,
	"entity_id" uuid NOT NULL REFERENCES "entities"("id") ON DELETE CASCADE,
	"provider_authorization_id" text,
	"merchant" text NOT NULL,
	"amount" bigint NOT NULL,
	"day" date NOT NULL,
	"month" char(7) NOT NULL,
	"status" text NOT NULL,
	"decline_reason" text,
	"authorized_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_transactions_amount_positive" CHECK ("amount" > 0),
	CONSTRAINT "card_transactions_status" CHECK ("status" IN ('approved', 'declined')),
	CONSTRAINT "card_transactions_decline_reason" CHECK (("status" = 'declined') = ("decline_reason" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "card_transactions_card_idx" ON "card_transactions" ("card_id", "authorized_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "card_transactions_spend_idx" ON "card_transactions" ("card_id", "month", "day") WHERE "status" = 'approved';
--> statement-breakpoint
CREATE UNIQUE INDEX "card_transactions_provider_key" ON "card_transactions" ("card_id", "provider_authorization_id");
