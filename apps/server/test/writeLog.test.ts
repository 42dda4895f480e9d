import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/queryRows';
import { users } from '../src/db/schema';
import { createTestApp, type TestApp } from './harness';
import { startWriteLog, stopWriteLog, writeMark, writesSince } from './writeLog';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The tables, functions and triggers of the public schema, as one line. */
async function structure(): Promise<string> {
  const [row] = await queryRows<{ names: string }>(
    t.db,
    sql`SELECT string_agg(name, ',' ORDER BY name) AS names FROM (
          SELECT 'table ' || tablename AS name FROM pg_tables WHERE schemaname = 'public'
          UNION ALL SELECT 'function ' || proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                    WHERE n.nspname = 'public'
          UNION ALL SELECT 'trigger ' || tgname || ' on ' || tgrelid::regclass::text FROM pg_trigger
                    WHERE NOT tgisinternal) AS names`,
  );
  return row?.names ?? '';
}

describe('the test write log', () => {
  it('lists every kind of write since a mark, none that was rolled back, and none of the tables it ignores', async () => {
    const migrated = await structure();
    await startWriteLog(t.db);
    const start = await writeMark(t.db);
    expect(await writesSince(t.db, start)).toEqual([]);

    await t.db.insert(users).values([
      { email: 'one@log.test', name: 'One', passwordHash: 'x' },
      { email: 'two@log.test', name: 'Two', passwordHash: 'x' },
    ]);
    await t.db.execute(sql`UPDATE users SET name = name WHERE email = 'one@log.test'`);
    await t.db.execute(sql`DELETE FROM users WHERE email = 'two@log.test'`);
    await t.db.execute(sql`TRUNCATE auth_throttles`);
    expect(await writesSince(t.db, start)).toEqual([
      'auth_throttles TRUNCATE ×1',
      'users DELETE ×1',
      'users INSERT ×2',
      // A row written again with the values it had is a write all the same.
      'users UPDATE ×1',
    ]);
    expect(await writesSince(t.db, start, ['users'])).toEqual(['auth_throttles TRUNCATE ×1']);

    const afterWrites = await writeMark(t.db);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(users).values({ email: 'gone@log.test', name: 'Gone', passwordHash: 'x' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // An update that matches no row writes nothing.
    await t.db.execute(sql`UPDATE users SET name = 'Nobody' WHERE email = 'nobody@log.test'`);
    expect(await writesSince(t.db, afterWrites)).toEqual([]);

    await stopWriteLog(t.db);
    expect(await structure()).toBe(migrated);
  });
});
