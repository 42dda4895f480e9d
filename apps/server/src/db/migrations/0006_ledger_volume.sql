CREATE TABLE "entity_ledger_volumes" (
	"entity_id" uuid PRIMARY KEY NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "entity_ledger_volume_exact" CHECK ("entity_ledger_volumes"."gross_cents" <= 9007199254740991)
);
--> statement-breakpoint
ALTER TABLE "entity_ledger_volumes" ADD CONSTRAINT "entity_ledger_volumes_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Keeps entity_ledger_volumes.gross_cents = sum(abs(amount)) of the entity's entries, one statement at
-- a time (transition tables: a bulk insert of a million entries costs one aggregate). A statement that
-- would pass the check fails, and its transaction with it.
CREATE FUNCTION keel_track_ledger_volume() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO entity_ledger_volumes AS v (entity_id, gross_cents)
      SELECT entity_id, sum(abs(amount)) FROM new_rows GROUP BY entity_id ORDER BY entity_id
    ON CONFLICT (entity_id) DO UPDATE SET gross_cents = v.gross_cents + excluded.gross_cents;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE entity_ledger_volumes v SET gross_cents = v.gross_cents - d.gross
      FROM (SELECT entity_id, sum(abs(amount)) AS gross FROM old_rows GROUP BY entity_id) d
      WHERE v.entity_id = d.entity_id;
  ELSE
    -- Moves and renames leave amounts alone: no change, no row lock.
    INSERT INTO entity_ledger_volumes AS v (entity_id, gross_cents)
      SELECT entity_id, sum(change) FROM (
        SELECT entity_id, abs(amount) AS change FROM new_rows
        UNION ALL
        SELECT entity_id, -abs(amount) FROM old_rows) c
      GROUP BY entity_id HAVING sum(change) <> 0 ORDER BY entity_id
    ON CONFLICT (entity_id) DO UPDATE SET gross_cents = v.gross_cents + excluded.gross_cents;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER entries_ledger_volume_insert AFTER INSERT ON entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keel_track_ledger_volume();
--> statement-breakpoint
CREATE TRIGGER entries_ledger_volume_delete AFTER DELETE ON entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keel_track_ledger_volume();
--> statement-breakpoint
CREATE TRIGGER entries_ledger_volume_update AFTER UPDATE ON entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keel_track_ledger_volume();
--> statement-breakpoint
INSERT INTO entity_ledger_volumes (entity_id, gross_cents)
  SELECT entity_id, sum(abs(amount)) FROM entries GROUP BY entity_id;
