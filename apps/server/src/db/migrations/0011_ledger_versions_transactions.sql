-- The transactions list's counts are kept with the ledger version too (modules/reports/reportCache.ts):
-- renaming a transaction or writing entries without their rollups must raise it as well.
CREATE TRIGGER transactions_ledger_version_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keel_bump_ledger_version();
--> statement-breakpoint
CREATE TRIGGER transactions_ledger_version_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keel_bump_ledger_version();
--> statement-breakpoint
CREATE TRIGGER transactions_ledger_version_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keel_bump_ledger_version();
--> statement-breakpoint
CREATE TRIGGER entries_ledger_version_insert AFTER INSERT ON entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keel_bump_ledger_version();
--> statement-breakpoint
CREATE TRIGGER entries_ledger_version_update AFTER UPDATE ON entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keel_bump_ledger_version();
--> statement-breakpoint
CREATE TRIGGER entries_ledger_version_delete AFTER DELETE ON entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keel_bump_ledger_version();
