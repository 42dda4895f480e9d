CREATE TABLE "entity_ledger_versions" (
	"entity_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Raises entity_ledger_versions.version once per statement for every entity the statement touched in
-- a table the report reads (transition tables: a bulk write costs one aggregate). The row stays locked
-- until the transaction ends, so versions of one entity are raised in commit order.
CREATE FUNCTION keel_bump_ledger_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO entity_ledger_versions AS v (entity_id, version)
      SELECT DISTINCT entity_id, 1 FROM new_rows ORDER BY entity_id
    ON CONFLICT (entity_id) DO UPDATE SET version = v.version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO entity_ledger_versions AS v (entity_id, version)
      SELECT DISTINCT entity_id, 1 FROM old_rows ORDER BY entity_id
    ON CONFLICT (entity_id) DO UPDATE SET version = v.version + 1;
  ELSE
    INSERT INTO entity_ledger_versions AS v (entity_id, version)
      SELECT entity_id, 1 FROM (SELECT entity_id FROM new_rows UNION SELECT entity_id FROM old_rows) touched
      ORDER BY entity_id
    ON CONFLICT (entity_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER monthly_rollups_ledger_version_insert AFTER INSERT ON monthly_rollups
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keel_bump_ledger_version();
--> statement-breakpoint
CREATE TRIGGER monthly_rollups_ledger_version_update AFTER UPDATE ON monthly_rollups
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keel_bump_ledger_version();
--> statement-breakpoint
CREATE TRIGGER monthly_rollups_ledger_version_delete AFTER DELETE ON monthly_rollups
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keel_bump_ledger_version();
--> statement-breakpoint
CREATE TRIGGER accounts_ledger_version_insert AFTER INSERT ON accounts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keel_bump_ledger_version();
--> statement-breakpoint
CREATE TRIGGER accounts_ledger_version_update AFTER UPDATE ON accounts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keel_bump_ledger_version();
--> statement-breakpoint
CREATE TRIGGER accounts_ledger_version_delete AFTER DELETE ON accounts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keel_bump_ledger_version();
--> statement-breakpoint
CREATE TRIGGER reports_ledger_version_insert AFTER INSERT ON reports
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keel_bump_ledger_version();
--> statement-breakpoint
CREATE TRIGGER reports_ledger_version_update AFTER UPDATE ON reports
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keel_bump_ledger_version();
--> statement-breakpoint
CREATE TRIGGER reports_ledger_version_delete AFTER DELETE ON reports
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keel_bump_ledger_version();
--> statement-breakpoint
CREATE TRIGGER report_line_items_ledger_version_insert AFTER INSERT ON report_line_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keel_bump_ledger_version();
--> statement-breakpoint
CREATE TRIGGER report_line_items_ledger_version_update AFTER UPDATE ON report_line_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keel_bump_ledger_version();
--> statement-breakpoint
CREATE TRIGGER report_line_items_ledger_version_delete AFTER DELETE ON report_line_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keel_bump_ledger_version();
