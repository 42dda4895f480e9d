import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { accounts, entries, transactions } from '../src/db/schema';

export type TestTransaction = {
  date: string;
  name?: string;
  /** 'forecast' entries are booked as a 'Budget' transaction, as forecasts are. */
  scenario?: 'actual' | 'forecast';
  /** Raw debit-positive cents by account path; they should sum to zero. */
  entries: Record<string, number>;
};

type TestLedger = {
  /** Account paths below the default roots, parents before children: 'Expense/Payroll/Salaries'. */
  accounts: readonly string[];
  transactions: readonly TestTransaction[];
};

/**
 * Writes a ledger straight into the tables, for report tests and golden companies: accounts under the
 * entity's default roots (each taking its root's type, group and sign), transactions with their
 * entries, then the entity's monthly rollups recomputed from every entry by one GROUP BY. Returns every
 * account id by path, roots included. The ledger's own writes keep rollups current; this helper is
 * independent of them on purpose, so report tests check reports against entries alone.
 */
export async function insertTestLedger(
  db: Db,
  entityId: string,
  ledger: TestLedger,
): Promise<Map<string, string>> {
  const roots = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.entityId, entityId), isNull(accounts.parentId)));
  const byPath = new Map(roots.map((root) => [root.name, root]));
  for (const [index, path] of ledger.accounts.entries()) {
    const cut = path.lastIndexOf('/');
    const parent = byPath.get(path.slice(0, cut));
    if (cut < 0 || !parent) throw new Error(`No parent account for ${path}`);
    const [created] = await db
      .insert(accounts)
      .values({
        entityId,
        parentId: parent.id,
        ancestry: `${parent.ancestry}${parent.id}/`,
        name: path.slice(cut + 1),
        accountType: parent.accountType,
        accountGroup: parent.accountGroup,
        sign: parent.sign,
        isMutable: true,
        sortOrder: index,
      })
      .returning();
    if (!created) throw new Error(`Account insert returned nothing for ${path}`);
    byPath.set(path, created);
  }
  const idOf = (path: string) => {
    const account = byPath.get(path);
    if (!account) throw new Error(`Unknown account ${path}`);
    return account.id;
  };
  for (const transaction of ledger.transactions) {
    const scenario = transaction.scenario ?? 'actual';
    const [created] = await db
      .insert(transactions)
      .values({
        entityId,
        transactionType: scenario === 'forecast' ? 'Budget' : 'UserTransaction',
        name: transaction.name ?? '',
        date: transaction.date,
      })
      .returning({ id: transactions.id });
    if (!created) throw new Error('Transaction insert returned nothing');
    const rows = Object.entries(transaction.entries).map(([path, amount]) => ({
      entityId,
      transactionId: created.id,
      accountId: idOf(path),
      amount,
      date: transaction.date,
      name: transaction.name ?? '',
      scenario,
    }));
    if (rows.length > 0) await db.insert(entries).values(rows);
  }
  await rollUpEntity(db, entityId);
  return new Map([...byPath].map(([path, account]) => [path, account.id]));
}

/** Recomputes an entity's monthly rollups from its entries. */
async function rollUpEntity(db: Db, entityId: string): Promise<void> {
  await db.execute(sql`DELETE FROM monthly_rollups WHERE entity_id = ${entityId}::uuid`);
  await db.execute(sql`
    INSERT INTO monthly_rollups (entity_id, account_id, scenario, month, amount)
    SELECT entity_id, account_id, scenario, to_char(date, 'YYYY-MM'), sum(amount)
    FROM entries
    WHERE entity_id = ${entityId}::uuid
    GROUP BY entity_id, account_id, scenario, to_char(date, 'YYYY-MM')`);
}
