-- Percentage forecasts: a share of another report line, month by month.
ALTER TABLE "forecasts" ADD COLUMN "source_account_id" uuid;--> statement-breakpoint
ALTER TABLE "forecasts" ADD COLUMN "share_ppm" integer;--> statement-breakpoint
ALTER TABLE "forecasts" ADD CONSTRAINT "forecasts_source_account_id_accounts_id_fk" FOREIGN KEY ("source_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;