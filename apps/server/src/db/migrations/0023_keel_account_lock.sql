-- Keel's own deposit accounts are kept by the bank: the actual entries on their bookkeeping
-- accounts (deposit_accounts.ledger_account_id) are the bank's postings, booked by modules/banking as
-- transactions of source 'keel_bank'. Nothing else may book an actual on such an account, and those
-- entries may not move off it or change amount or date, so the account's balance in the books always
-- equals the bank's ledger. Forecasts on it stay free. Statement-level triggers (one check per
-- statement, however many rows), raising a check violation named keel_account_entries_from_bank that
-- the API answers as a coded BAD_USER_INPUT.
CREATE FUNCTION keel_account_entries_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM new_rows n
    JOIN deposit_accounts d ON d.ledger_account_id = n.account_id
    JOIN transactions t ON t.id = n.transaction_id
    WHERE n.scenario = 'actual' AND t.source IS DISTINCT FROM 'keel_bank'
  ) THEN
    RAISE EXCEPTION 'only the bank books actual entries on a Keel account'
      USING ERRCODE = '23514', CONSTRAINT = 'keel_account_entries_from_bank';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION keel_account_entries_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM old_rows o
    JOIN new_rows n ON n.id = o.id
    JOIN deposit_accounts d ON d.ledger_account_id IN (o.account_id, n.account_id)
    WHERE (o.scenario = 'actual' OR n.scenario = 'actual')
      AND (o.account_id <> n.account_id OR o.amount <> n.amount OR o.date <> n.date OR o.scenario <> n.scenario)
  ) THEN
    RAISE EXCEPTION 'entries the bank booked on a Keel account cannot be moved or changed'
      USING ERRCODE = '23514', CONSTRAINT = 'keel_account_entries_from_bank';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE INDEX deposit_accounts_ledger_account_idx ON deposit_accounts (ledger_account_id);
--> statement-breakpoint
CREATE TRIGGER keel_account_entries_inserted AFTER INSERT ON entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keel_account_entries_inserted();
--> statement-breakpoint
CREATE TRIGGER keel_account_entries_updated AFTER UPDATE ON entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keel_account_entries_updated();
