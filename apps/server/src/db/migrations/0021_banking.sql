CREATE TABLE "bank_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"decline_reason" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"tin_sealed" text NOT NULL,
	"tin_last4" char(4) NOT NULL,
	"address" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"posting_id" uuid NOT NULL,
	"deposit_account_id" uuid,
	"bank_account" text,
	"amount" bigint NOT NULL,
	CONSTRAINT "bank_ledger_entries_one_side" CHECK (("bank_ledger_entries"."deposit_account_id" IS NULL) <> ("bank_ledger_entries"."bank_account" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "bank_postings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"deposit_account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"description" text NOT NULL,
	"amount" bigint NOT NULL,
	"transfer_id" uuid,
	"transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"deposit_account_id" uuid NOT NULL,
	"rail" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"send_on" date NOT NULL,
	"vendor_id" uuid,
	"recipient_name" text NOT NULL,
	"recipient_routing_number" char(9) NOT NULL,
	"recipient_account_number_sealed" text NOT NULL,
	"recipient_account_last4" text NOT NULL,
	"recipient_account_type" text,
	"recipient_address" jsonb,
	"recipient_bank" jsonb,
	"memo" text DEFAULT '' NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"settle_at" timestamp with time zone NOT NULL,
	"will_return" boolean DEFAULT false NOT NULL,
	"return_at" timestamp with time zone,
	"return_reason" text,
	"posted_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transfers_amount_positive" CHECK ("bank_transfers"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "deposit_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"application_id" uuid,
	"provider" text NOT NULL,
	"name" text NOT NULL,
	"account_number" text NOT NULL,
	"routing_number" char(9) NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"apy_basis_points" integer NOT NULL,
	"interest_carry" bigint DEFAULT 0 NOT NULL,
	"interest_through" char(7),
	"ledger_account_id" uuid NOT NULL,
	"opened_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"company_name" text,
	"notes" text,
	"vendor_type" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_applications" ADD CONSTRAINT "bank_applications_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_applications" ADD CONSTRAINT "bank_applications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_ledger_entries" ADD CONSTRAINT "bank_ledger_entries_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_ledger_entries" ADD CONSTRAINT "bank_ledger_entries_posting_id_bank_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."bank_postings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_ledger_entries" ADD CONSTRAINT "bank_ledger_entries_deposit_account_id_deposit_accounts_id_fk" FOREIGN KEY ("deposit_account_id") REFERENCES "public"."deposit_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_postings" ADD CONSTRAINT "bank_postings_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_postings" ADD CONSTRAINT "bank_postings_deposit_account_id_deposit_accounts_id_fk" FOREIGN KEY ("deposit_account_id") REFERENCES "public"."deposit_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_postings" ADD CONSTRAINT "bank_postings_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_deposit_account_id_deposit_accounts_id_fk" FOREIGN KEY ("deposit_account_id") REFERENCES "public"."deposit_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_accounts" ADD CONSTRAINT "deposit_accounts_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_accounts" ADD CONSTRAINT "deposit_accounts_application_id_bank_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."bank_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_accounts" ADD CONSTRAINT "deposit_accounts_ledger_account_id_accounts_id_fk" FOREIGN KEY ("ledger_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_applications_entity_idx" ON "bank_applications" USING btree ("entity_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_applications_one_approved_key" ON "bank_applications" USING btree ("entity_id") WHERE "bank_applications"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "bank_ledger_entries_posting_idx" ON "bank_ledger_entries" USING btree ("posting_id");--> statement-breakpoint
CREATE INDEX "bank_ledger_entries_account_idx" ON "bank_ledger_entries" USING btree ("deposit_account_id");--> statement-breakpoint
CREATE INDEX "bank_postings_account_date_idx" ON "bank_postings" USING btree ("deposit_account_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfers_idempotency_key" ON "bank_transfers" USING btree ("entity_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "bank_transfers_entity_idx" ON "bank_transfers" USING btree ("entity_id","created_at");--> statement-breakpoint
CREATE INDEX "bank_transfers_account_day_idx" ON "bank_transfers" USING btree ("deposit_account_id","rail","send_on");--> statement-breakpoint
CREATE INDEX "bank_transfers_due_idx" ON "bank_transfers" USING btree ("settle_at") WHERE "bank_transfers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "deposit_accounts_entity_idx" ON "deposit_accounts" USING btree ("entity_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_accounts_number_key" ON "deposit_accounts" USING btree ("routing_number","account_number");--> statement-breakpoint
CREATE INDEX "vendors_entity_idx" ON "vendors" USING btree ("entity_id","name");--> statement-breakpoint
-- Double entry: the legs of every bank posting sum to zero, checked when the transaction commits.
CREATE FUNCTION bank_posting_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT coalesce(sum(amount), 0) FROM bank_ledger_entries WHERE posting_id = NEW.posting_id) <> 0 THEN
    RAISE EXCEPTION 'bank posting % does not balance', NEW.posting_id USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER bank_ledger_entries_balanced AFTER INSERT OR UPDATE ON bank_ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bank_posting_balanced();
