CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"progress" integer,
	"message" text,
	"error" text,
	"checkpoint" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"dedupe_key" text,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"created_by" uuid,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_progress_range" CHECK ("jobs"."progress" IS NULL OR "jobs"."progress" BETWEEN 0 AND 100),
	CONSTRAINT "jobs_attempts_range" CHECK ("jobs"."attempts" >= 0 AND "jobs"."max_attempts" BETWEEN 1 AND 100)
);
--> statement-breakpoint
ALTER TABLE "bank_applications" ADD COLUMN "provider_entity_id" text;--> statement-breakpoint
ALTER TABLE "bank_postings" ADD COLUMN "provider_transaction_id" text;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "provider_transfer_id" text;--> statement-breakpoint
ALTER TABLE "deposit_accounts" ADD COLUMN "provider_account_id" text;--> statement-breakpoint
ALTER TABLE "deposit_accounts" ADD COLUMN "provider_account_number_id" text;--> statement-breakpoint
ALTER TABLE "deposit_accounts" ADD COLUMN "provider_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposit_accounts" ADD COLUMN "provider_cursor" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_entity_idx" ON "jobs" USING btree ("entity_id","queued_at");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" IN ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_active_dedupe_key" ON "jobs" USING btree ("entity_id","dedupe_key") WHERE "jobs"."status" IN ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "bank_postings_provider_transaction_key" ON "bank_postings" USING btree ("deposit_account_id","provider_transaction_id");