DROP INDEX "rules_entity_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "forecasts_transaction_idx" ON "forecasts" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "rules_entity_idx" ON "rules" USING btree ("entity_id","from_account_id");