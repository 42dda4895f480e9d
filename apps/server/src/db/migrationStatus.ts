import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, migrationsFolder } from './client';
import { queryRows } from './queryRows';

/** How far the database's schema is: the migrations this build has, and whether all are applied. */
type MigrationStatus = {
  /** The newest migration this build knows (its tag in meta/_journal.json). */
  head: string;
  /** Migrations the database has recorded as applied. */
  applied: number;
  /** Every migration of this build is applied (a database ahead of this build counts too). */
  atHead: boolean;
};

type JournalEntry = { tag: string; when: number };

let journal: JournalEntry[] | undefined;

/** The migrations of this build, oldest first (drizzle-kit's journal). */
export function readMigrationJournal(): JournalEntry[] {
  journal ??= (
    JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    }
  ).entries;
  return journal;
}

/**
 * Reads drizzle's own record of applied migrations (`drizzle.__drizzle_migrations`, one row per
 * migration, `created_at` = the journal's `when`): the database is at head when its newest applied
 * migration is this build's newest or later, the rule drizzle's migrator itself applies. A database
 * never migrated has no such table: 0 applied.
 */
export async function readMigrationStatus(db: Db): Promise<MigrationStatus> {
  const entries = readMigrationJournal();
  const newest = entries[entries.length - 1];
  if (!newest) throw new Error('The build has no migrations');
  const [table] = await queryRows<{ exists: boolean }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS exists`,
  );
  if (!table?.exists) return { head: newest.tag, applied: 0, atHead: false };
  const [row] = await queryRows<{ applied: number | string; last: number | string | null }>(
    db,
    sql`SELECT count(*) AS applied, max(created_at) AS last FROM drizzle.__drizzle_migrations`,
  );
  const last = row?.last === null || row?.last === undefined ? null : Number(row.last);
  return {
    head: newest.tag,
    applied: Number(row?.applied ?? 0),
    atHead: last !== null && last >= newest.when,
  };
}
