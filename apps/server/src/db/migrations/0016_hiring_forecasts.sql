CREATE TABLE "hiring_settings" (
	"entity_id" uuid PRIMARY KEY NOT NULL,
	"salaries_account_id" uuid,
	"contractors_account_id" uuid,
	"taxes_account_id" uuid,
	"benefits_account_id" uuid,
	"employer_tax_basis_points" integer DEFAULT 0 NOT NULL,
	"benefits_basis_points" integer DEFAULT 0 NOT NULL,
	"salaries_forecast_id" uuid,
	"contractors_forecast_id" uuid,
	"taxes_forecast_id" uuid,
	"benefits_forecast_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hiring_settings_percents" CHECK ("hiring_settings"."employer_tax_basis_points" BETWEEN 0 AND 10000 AND "hiring_settings"."benefits_basis_points" BETWEEN 0 AND 10000)
);
--> statement-breakpoint
ALTER TABLE "hiring_settings" ADD CONSTRAINT "hiring_settings_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hiring_settings" ADD CONSTRAINT "hiring_settings_salaries_account_id_accounts_id_fk" FOREIGN KEY ("salaries_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hiring_settings" ADD CONSTRAINT "hiring_settings_contractors_account_id_accounts_id_fk" FOREIGN KEY ("contractors_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hiring_settings" ADD CONSTRAINT "hiring_settings_taxes_account_id_accounts_id_fk" FOREIGN KEY ("taxes_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hiring_settings" ADD CONSTRAINT "hiring_settings_benefits_account_id_accounts_id_fk" FOREIGN KEY ("benefits_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hiring_settings" ADD CONSTRAINT "hiring_settings_salaries_forecast_id_forecasts_id_fk" FOREIGN KEY ("salaries_forecast_id") REFERENCES "public"."forecasts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hiring_settings" ADD CONSTRAINT "hiring_settings_contractors_forecast_id_forecasts_id_fk" FOREIGN KEY ("contractors_forecast_id") REFERENCES "public"."forecasts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hiring_settings" ADD CONSTRAINT "hiring_settings_taxes_forecast_id_forecasts_id_fk" FOREIGN KEY ("taxes_forecast_id") REFERENCES "public"."forecasts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hiring_settings" ADD CONSTRAINT "hiring_settings_benefits_forecast_id_forecasts_id_fk" FOREIGN KEY ("benefits_forecast_id") REFERENCES "public"."forecasts"("id") ON DELETE set null ON UPDATE no action;