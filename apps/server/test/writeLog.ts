import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { queryRows } from '../src/db/queryRows';
import { settleReplyTasks } from '../src/modules/assistant/replyTasks';

/**
 * A log of every row written to any table of a test's database, so a test can say "this call wrote
 * nothing" in one read, however large the books are.
 *
 * `startWriteLog` puts a trigger on every table that records each row inserted, updated or deleted
 * (and each truncate) in `test_write_log`; `writesSince(mark)` lists what was written after a
 * `writeMark`. A write the call rolled back took its log rows with it, as it left nothing else.
 *
 * It is stronger than comparing snapshots of chosen tables of one company before and after (what the
 * authorization matrix and the input fuzz did): every table and every company is watched, and a row
 * written again with the same values counts. And cheaper: the snapshots grew with the books and took
 * 40 s of the matrix's 106 s on PGlite, in the run that timed them.
 */
export async function startWriteLog(db: Db): Promise<void> {
  await db.execute(
    sql`CREATE TABLE test_write_log (id bigserial PRIMARY KEY, table_name text NOT NULL, operation text NOT NULL)`,
  );
  await db.execute(sql`
    CREATE FUNCTION test_log_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO test_write_log (table_name, operation) VALUES (TG_TABLE_NAME, TG_OP);
        RETURN NULL;
      END $$`);
  await db.execute(sql`
    DO $$
      DECLARE t record;
      BEGIN
        FOR t IN SELECT schemaname, tablename FROM pg_tables
                 WHERE schemaname NOT IN ('pg_catalog', 'information_schema') AND tablename <> 'test_write_log'
        LOOP
          EXECUTE format('CREATE TRIGGER test_log_rows AFTER INSERT OR UPDATE OR DELETE ON %I.%I
                          FOR EACH ROW EXECUTE FUNCTION test_log_write()', t.schemaname, t.tablename);
          EXECUTE format('CREATE TRIGGER test_log_truncate AFTER TRUNCATE ON %I.%I
                          FOR EACH STATEMENT EXECUTE FUNCTION test_log_write()', t.schemaname, t.tablename);
        END LOOP;
      END $$`);
}

/**
 * Takes the triggers, the function and the log away, leaving the database's structure as the
 * migrations made it (so the PGlite pool can hand the database to the next file).
 */
export async function stopWriteLog(db: Db): Promise<void> {
  await db.execute(sql`DROP TABLE test_write_log`);
  await db.execute(sql`DROP FUNCTION test_log_write() CASCADE`);
}

/** A place in the write log: what was written after it is what `writesSince` lists. */
export type WriteMark = number;

/**
 * Where the log ends now, once the assistant's replies started before it have been stored: a reply is
 * written in the background after the call that asked for it has answered, and its write must not be
 * counted as the next call's (the input fuzz saw one in a refused call's writes).
 */
export async function writeMark(db: Db): Promise<WriteMark> {
  await settleReplyTasks(db);
  const [row] = await queryRows<{ last: string }>(
    db,
    sql`SELECT coalesce(max(id), 0)::text AS last FROM test_write_log`,
  );
  return Number(row?.last ?? 0);
}

/**
 * What was written since `mark`, one line per table and kind of write ("entries INSERT ×2"), leaving
 * out the tables in `ignoring`: [] for nothing.
 */
export async function writesSince(
  db: Db,
  mark: WriteMark,
  ignoring: readonly string[] = [],
): Promise<string[]> {
  const rows = await queryRows<{ write: string }>(
    db,
    sql`SELECT table_name || ' ' || operation || ' ×' || count(*) AS write FROM test_write_log
        WHERE id > ${mark} AND NOT (table_name = ANY(${sql.param([...ignoring])}::text[]))
        GROUP BY table_name, operation ORDER BY table_name, operation`,
  );
  return rows.map((row) => row.write);
}
