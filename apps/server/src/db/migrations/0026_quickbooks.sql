CREATE TABLE "quickbooks_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"realm_id" text NOT NULL,
	"qbo_account_id" text NOT NULL,
	"name" text NOT NULL,
	"account_type" text NOT NULL,
	"account_sub_type" text,
	"classification" text NOT NULL,
	"current_balance" bigint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"parent_qbo_account_id" text,
	"sync_token" text NOT NULL,
	"ledger_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quickbooks_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"realm_id" text NOT NULL,
	"company_name" text NOT NULL,
	"access_token_sealed" text,
	"refresh_token_sealed" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"status" text DEFAULT 'connected' NOT NULL,
	"sandbox" boolean DEFAULT true NOT NULL,
	"connected_at" timestamp with time zone NOT NULL,
	"last_synced_at" timestamp with time zone,
	"sync_cursor" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quickbooks_oauth_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nonce_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quickbooks_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"realm_id" text NOT NULL,
	"qbo_type" text NOT NULL,
	"qbo_id" text NOT NULL,
	"sync_token" text NOT NULL,
	"transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_quickbooks_companies" (
	"realm_id" text PRIMARY KEY NOT NULL,
	"history_start" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_quickbooks_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"code_used_at" timestamp with time zone,
	"access_token_hash" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_hash" text,
	"refresh_token_expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quickbooks_accounts" ADD CONSTRAINT "quickbooks_accounts_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quickbooks_accounts" ADD CONSTRAINT "quickbooks_accounts_ledger_account_id_accounts_id_fk" FOREIGN KEY ("ledger_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quickbooks_connections" ADD CONSTRAINT "quickbooks_connections_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quickbooks_connections" ADD CONSTRAINT "quickbooks_connections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quickbooks_oauth_states" ADD CONSTRAINT "quickbooks_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quickbooks_oauth_states" ADD CONSTRAINT "quickbooks_oauth_states_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quickbooks_transactions" ADD CONSTRAINT "quickbooks_transactions_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quickbooks_transactions" ADD CONSTRAINT "quickbooks_transactions_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_quickbooks_grants" ADD CONSTRAINT "sandbox_quickbooks_grants_realm_id_sandbox_quickbooks_companies_realm_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."sandbox_quickbooks_companies"("realm_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quickbooks_accounts_qbo_key" ON "quickbooks_accounts" USING btree ("entity_id","realm_id","qbo_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quickbooks_connections_entity_key" ON "quickbooks_connections" USING btree ("entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quickbooks_oauth_states_nonce_key" ON "quickbooks_oauth_states" USING btree ("nonce_hash");--> statement-breakpoint
CREATE INDEX "quickbooks_oauth_states_entity_idx" ON "quickbooks_oauth_states" USING btree ("entity_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quickbooks_transactions_qbo_key" ON "quickbooks_transactions" USING btree ("entity_id","realm_id","qbo_type","qbo_id");--> statement-breakpoint
CREATE INDEX "quickbooks_transactions_transaction_idx" ON "quickbooks_transactions" USING btree ("transaction_id") WHERE "quickbooks_transactions"."transaction_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_quickbooks_grants_code_key" ON "sandbox_quickbooks_grants" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_quickbooks_grants_access_key" ON "sandbox_quickbooks_grants" USING btree ("access_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_quickbooks_grants_refresh_key" ON "sandbox_quickbooks_grants" USING btree ("refresh_token_hash");--> statement-breakpoint
CREATE INDEX "sandbox_quickbooks_grants_realm_idx" ON "sandbox_quickbooks_grants" USING btree ("realm_id");