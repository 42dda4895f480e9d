-- Sending money with review: a transfer above the company's approval threshold waits for a second
-- approver ('awaiting_approval'); a transfer not yet handed to the bank can be cancelled ('canceled').
-- Keel hands each transfer to the bank from an outbox (the transfer row itself): `hand_over_at` is when
-- it is due there, `handed_over_at` when the bank took it. Transfers that exist were handed over when sent.
ALTER TABLE "entities" ADD COLUMN "transfer_approval_threshold" bigint;
--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_transfer_approval_threshold_positive" CHECK ("transfer_approval_threshold" IS NULL OR "transfer_approval_threshold" > 0);
--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "hand_over_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "handed_over_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "hand_over_attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "hand_over_error" text;
--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "approved_by" uuid REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "approved_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "canceled_by" uuid REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "canceled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "cancel_reason" text;
--> statement-breakpoint
UPDATE "bank_transfers" SET "handed_over_at" = "created_at", "hand_over_at" = "created_at";
--> statement-breakpoint
CREATE INDEX "bank_transfers_hand_over_idx" ON "bank_transfers" ("hand_over_at") WHERE "status" = 'pending' AND "handed_over_at" IS NULL;
