CREATE TABLE "sandbox_payment_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"metadata_entity_id" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payment_customers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"client_secret" text NOT NULL,
	"status" text NOT NULL,
	"last_error_code" text,
	"last_error_message" text,
	"card_brand" text,
	"card_last4" char(4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_prices" (
	"id" text PRIMARY KEY NOT NULL,
	"product_name" text NOT NULL,
	"product_description" text,
	"unit_amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"recurring_interval" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"price_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"status" text NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"card_brand" text,
	"card_last4" char(4),
	"canceled_at" timestamp with time zone,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payment_subscriptions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_customer_id" text NOT NULL,
	"provider_subscription_id" text NOT NULL,
	"status" text NOT NULL,
	"product_name" text NOT NULL,
	"product_description" text,
	"unit_amount" bigint NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"recurring_interval" text DEFAULT 'month' NOT NULL,
	"basis_month" char(7) NOT NULL,
	"basis_expense" bigint NOT NULL,
	"client_secret" text,
	"card_brand" text,
	"card_last4" char(4),
	"current_period_end" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD CONSTRAINT "sandbox_payment_intents_subscription_id_sandbox_payment_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."sandbox_payment_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payment_subscriptions" ADD CONSTRAINT "sandbox_payment_subscriptions_customer_id_sandbox_payment_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."sandbox_payment_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payment_subscriptions" ADD CONSTRAINT "sandbox_payment_subscriptions_price_id_sandbox_payment_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."sandbox_payment_prices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payment_intents_client_secret_key" ON "sandbox_payment_intents" USING btree ("client_secret");--> statement-breakpoint
CREATE INDEX "sandbox_payment_intents_subscription_idx" ON "sandbox_payment_intents" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_entity_idx" ON "subscriptions" USING btree ("entity_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_id_key" ON "subscriptions" USING btree ("provider","provider_subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_open_key" ON "subscriptions" USING btree ("entity_id") WHERE "subscriptions"."status" NOT IN ('canceled', 'incomplete_expired');