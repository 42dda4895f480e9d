CREATE TABLE "bank_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_link_id" text NOT NULL,
	"access_token_sealed" text,
	"institution_id" text NOT NULL,
	"institution_name" text NOT NULL,
	"state" text DEFAULT 'connected' NOT NULL,
	"error_type" text,
	"error_code" text,
	"error_message" text,
	"display_message" text,
	"sync_cursor" text,
	"last_synced_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imported_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"linked_account_id" uuid NOT NULL,
	"provider_transaction_id" text NOT NULL,
	"replaces_provider_transaction_id" text,
	"pending" boolean NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"amount" bigint NOT NULL,
	"fingerprint" text NOT NULL,
	"details" jsonb,
	"transaction_id" uuid,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "linked_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"link_id" uuid,
	"provider" text NOT NULL,
	"institution_id" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"name" text NOT NULL,
	"official_name" text,
	"mask" text,
	"account_type" text NOT NULL,
	"subtype" text,
	"current_balance" bigint,
	"available_balance" bigint,
	"balances_updated_at" timestamp with time zone,
	"ledger_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_aggregator_links" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"institution_id" text NOT NULL,
	"access_token_hash" text,
	"error_code" text,
	"created_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_links" ADD CONSTRAINT "bank_links_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_links" ADD CONSTRAINT "bank_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_transactions" ADD CONSTRAINT "imported_transactions_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_transactions" ADD CONSTRAINT "imported_transactions_linked_account_id_linked_accounts_id_fk" FOREIGN KEY ("linked_account_id") REFERENCES "public"."linked_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_transactions" ADD CONSTRAINT "imported_transactions_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linked_accounts" ADD CONSTRAINT "linked_accounts_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linked_accounts" ADD CONSTRAINT "linked_accounts_link_id_bank_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."bank_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linked_accounts" ADD CONSTRAINT "linked_accounts_ledger_account_id_accounts_id_fk" FOREIGN KEY ("ledger_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_links_entity_idx" ON "bank_links" USING btree ("entity_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_links_provider_link_key" ON "bank_links" USING btree ("provider","provider_link_id");--> statement-breakpoint
CREATE UNIQUE INDEX "imported_transactions_provider_key" ON "imported_transactions" USING btree ("linked_account_id","provider_transaction_id");--> statement-breakpoint
CREATE INDEX "imported_transactions_fingerprint_idx" ON "imported_transactions" USING btree ("linked_account_id","fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "linked_accounts_provider_account_key" ON "linked_accounts" USING btree ("link_id","provider_account_id") WHERE "linked_accounts"."link_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "linked_accounts_entity_idx" ON "linked_accounts" USING btree ("entity_id","provider","institution_id");