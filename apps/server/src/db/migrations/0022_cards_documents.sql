CREATE TABLE "card_reveal_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"deposit_account_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_card_id" text NOT NULL,
	"card_type" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"last4" char(4) NOT NULL,
	"expiration_month" integer NOT NULL,
	"expiration_year" integer NOT NULL,
	"pan_sealed" text NOT NULL,
	"cvv_sealed" text NOT NULL,
	"pin_hash" text,
	"activated_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_expiration_month" CHECK ("cards"."expiration_month" BETWEEN 1 AND 12)
);
--> statement-breakpoint
CREATE TABLE "file_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"deposit_account_id" uuid NOT NULL,
	"type" text NOT NULL,
	"year" integer NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"filed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_reveal_tokens" ADD CONSTRAINT "card_reveal_tokens_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_reveal_tokens" ADD CONSTRAINT "card_reveal_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_deposit_account_id_deposit_accounts_id_fk" FOREIGN KEY ("deposit_account_id") REFERENCES "public"."deposit_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_tokens" ADD CONSTRAINT "file_tokens_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_tokens" ADD CONSTRAINT "file_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_deposit_account_id_deposit_accounts_id_fk" FOREIGN KEY ("deposit_account_id") REFERENCES "public"."deposit_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_reveal_tokens_hash_key" ON "card_reveal_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "cards_entity_idx" ON "cards" USING btree ("entity_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_provider_card_key" ON "cards" USING btree ("provider","provider_card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "file_tokens_hash_key" ON "file_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "file_tokens_expiry_idx" ON "file_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_account_type_year_key" ON "tax_documents" USING btree ("deposit_account_id","type","year");