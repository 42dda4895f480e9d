CREATE TABLE "model_outputs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"model_id" uuid NOT NULL,
	"variable_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"forecast_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model_variables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"model_id" uuid NOT NULL,
	"name" text NOT NULL,
	"group" text NOT NULL,
	"input_type" text NOT NULL,
	"decimal_places" smallint DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"segments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"name" text NOT NULL,
	"model_type" text DEFAULT 'standard' NOT NULL,
	"start_month" char(7) NOT NULL,
	"end_month" char(7) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "model_outputs" ADD CONSTRAINT "model_outputs_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_outputs" ADD CONSTRAINT "model_outputs_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_outputs" ADD CONSTRAINT "model_outputs_variable_id_model_variables_id_fk" FOREIGN KEY ("variable_id") REFERENCES "public"."model_variables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_outputs" ADD CONSTRAINT "model_outputs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_outputs" ADD CONSTRAINT "model_outputs_forecast_id_forecasts_id_fk" FOREIGN KEY ("forecast_id") REFERENCES "public"."forecasts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_variables" ADD CONSTRAINT "model_variables_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_variables" ADD CONSTRAINT "model_variables_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "model_outputs_model_idx" ON "model_outputs" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "model_outputs_variable_idx" ON "model_outputs" USING btree ("variable_id");--> statement-breakpoint
CREATE INDEX "model_variables_model_idx" ON "model_variables" USING btree ("model_id","created_at");--> statement-breakpoint
CREATE INDEX "model_variables_entity_idx" ON "model_variables" USING btree ("entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "model_variables_name_key" ON "model_variables" USING btree ("model_id",lower("name"));--> statement-breakpoint
CREATE INDEX "models_entity_idx" ON "models" USING btree ("entity_id","created_at");