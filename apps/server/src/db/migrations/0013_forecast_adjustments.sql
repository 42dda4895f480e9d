ALTER TABLE "forecasts" ADD COLUMN "kind" text DEFAULT 'forecast' NOT NULL;--> statement-breakpoint
CREATE INDEX "forecasts_adjustment_idx" ON "forecasts" USING btree ("entity_id","account_id","start_month") WHERE "forecasts"."kind" = 'adjustment';--> statement-breakpoint
-- The old inline cell edit booked a nameless, memo-less, one-month fixed forecast of the difference per
-- edit ('No description' in the drawer). Those become the cell's adjustments, named as such; an
-- account-month holding several is folded into one by its next inline edit (setForecastCell).
UPDATE "forecasts" f SET "kind" = 'adjustment'
FROM "transactions" t
WHERE t."id" = f."transaction_id" AND t."name" = '' AND t."memo" = ''
  AND f."recurring" = 'none' AND f."calculation_type" = 'fixed';--> statement-breakpoint
UPDATE "transactions" t SET "name" = 'Adjustment'
FROM "forecasts" f
WHERE f."transaction_id" = t."id" AND f."kind" = 'adjustment' AND t."name" = '';--> statement-breakpoint
UPDATE "entries" e SET "name" = 'Adjustment'
FROM "forecasts" f
WHERE f."transaction_id" = e."transaction_id" AND f."kind" = 'adjustment' AND e."name" = '';
