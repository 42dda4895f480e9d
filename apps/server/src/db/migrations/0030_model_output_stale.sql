-- A model output whose cells fail keeps its last good figures and is marked stale
-- (why, which months, since when); a model keeps the names of its deleted variables, so a failure
-- naming one says which.
ALTER TABLE "model_outputs" ADD COLUMN "stale_reason" text;--> statement-breakpoint
ALTER TABLE "model_outputs" ADD COLUMN "stale_months" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "model_outputs" ADD COLUMN "stale_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "deleted_variable_names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The report answers (the grid, the Runway card) show the stale marks, and are kept while the ledger
-- version stands: a change to an output raises it, as a change to its forecast does.
CREATE TRIGGER model_outputs_ledger_version_update AFTER UPDATE ON model_outputs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keel_bump_ledger_version();
--> statement-breakpoint
CREATE TRIGGER model_outputs_ledger_version_delete AFTER DELETE ON model_outputs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keel_bump_ledger_version();
