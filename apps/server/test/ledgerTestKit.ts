import type { Role } from '@keel/domain';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client';
import { queryRows } from '../src/db/queryRows';
import { accounts, memberships, monthlyRollups, reports, transactions } from '../src/db/schema';
import { createEntity } from '../src/modules/entities/service';
import { insertEntries } from '../src/modules/ledger/entries';
import type { TestApp } from './harness';
import { createSignedInUser } from './users';

/** Test support for the ledger suites: an entity with its default chart, members, imports and counts. */

let emailCounter = 0;

export type LedgerFixture = Awaited<ReturnType<typeof createLedgerFixture>>;

export async function createLedgerFixture(t: TestApp, name = 'Acme') {
  emailCounter += 1;
  const owner = await createSignedInUser(
    t,
    `owner${emailCounter}@${name.toLowerCase().replace(/\W/g, '')}.test`,
  );
  const entity = await createEntity(t.db, t.clock, owner.user.id, name);
  const [report] = await t.db.select().from(reports).where(eq(reports.entityId, entity.id));
  if (!report) throw new Error('no default report');
  const fixture = {
    owner,
    entityId: entity.id,
    reportId: report.id,
    /** The id of the entity's account with this name (the first, if several). */
    async account(accountName: string): Promise<string> {
      const [row] = await t.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.entityId, entity.id), eq(accounts.name, accountName)))
        .orderBy(accounts.createdAt)
        .limit(1);
      if (!row) throw new Error(`No account ${accountName}`);
      return row.id;
    },
    /** A new account under the account `parentId`, made as the owner; returns its id. */
    async createAccount(accountName: string, parentId: string): Promise<string> {
      const result = await t.graphql<{ createAccount: { id: string } }>(
        'mutation($e: ID!, $p: ID!, $n: String!) { createAccount(entityId: $e, parentId: $p, name: $n) { id } }',
        { e: entity.id, p: parentId, n: accountName },
        owner.token,
      );
      expect(result.errors).toBeUndefined();
      if (!result.data) throw new Error('createAccount answered no data');
      return result.data.createAccount.id;
    },
    /** Sends an operation as the owner. */
    gql<T = Record<string, unknown>>(
      query: string,
      variables: Record<string, unknown> = {},
      token = owner.token,
    ) {
      return t.graphql<T>(query, variables, token);
    },
    /** A new member of this entity with the role; returns their token. */
    async member(role: Role): Promise<string> {
      const user = await createSignedInUser(
        t,
        `${role}${++emailCounter}@${name.toLowerCase().replace(/\W/g, '')}.test`,
      );
      await t.db.insert(memberships).values({ entityId: entity.id, userId: user.user.id, role });
      return user.token;
    },
  };
  return fixture;
}

/** An imported transaction (as a bank link would write it), with rollups kept exact. Returns entry ids. */
export async function insertImportedTransaction(
  db: Db,
  entityId: string,
  transaction: { date: string; name: string; memo?: string; legs: { accountId: string; amount: number }[] },
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(transactions)
      .values({ entityId, transactionType: 'Imported', name: transaction.name, date: transaction.date })
      .returning();
    if (!row) throw new Error('no transaction');
    const inserted = await insertEntries(
      tx,
      transaction.legs.map((leg) => ({
        entityId,
        transactionId: row.id,
        accountId: leg.accountId,
        amount: leg.amount,
        date: transaction.date,
        name: transaction.name,
        memo: transaction.memo ?? '',
        scenario: 'actual' as const,
      })),
      null,
      new Date(),
    );
    return inserted.map((entry) => entry.id);
  });
}

/** Row counts and the entry total of an entity: 'nothing changed' compares two of these. */
export async function ledgerSnapshot(db: Db, entityId: string) {
  const [row] = await queryRows<Record<string, string | number>>(
    db,
    sql`SELECT
      (SELECT count(*) FROM accounts WHERE entity_id = ${entityId}::uuid)::int AS accounts,
      (SELECT count(*) FROM transactions WHERE entity_id = ${entityId}::uuid)::int AS transactions,
      (SELECT count(*) FROM entries WHERE entity_id = ${entityId}::uuid)::int AS entries,
      (SELECT count(*) FROM forecasts WHERE entity_id = ${entityId}::uuid)::int AS forecasts,
      (SELECT count(*) FROM rules WHERE entity_id = ${entityId}::uuid)::int AS rules,
      (SELECT count(*) FROM entry_changes WHERE entity_id = ${entityId}::uuid)::int AS changes,
      (SELECT coalesce(sum(abs(amount)), 0) FROM entries WHERE entity_id = ${entityId}::uuid)::text AS gross,
      (SELECT string_agg(account_id || ':' || scenario || ':' || month || ':' || amount, ',' ORDER BY account_id, scenario, month)
         FROM monthly_rollups WHERE entity_id = ${entityId}::uuid AND amount <> 0) AS rollups,
      (SELECT string_agg(id || ':' || account_id || ':' || amount || ':' || date || ':' || name || ':' || memo, ',' ORDER BY id)
         FROM entries WHERE entity_id = ${entityId}::uuid) AS entry_rows,
      (SELECT string_agg(id || ':' || name || ':' || ancestry, ',' ORDER BY id)
         FROM accounts WHERE entity_id = ${entityId}::uuid) AS account_rows`,
  );
  return row;
}

/**
 * (account, scenario, month) cells where the rollup differs from a recount of the entries; zero cells
 * are the same as absent ones.
 */
export async function rollupMismatches(db: Db, entityId: string) {
  return queryRows<{ account_id: string; scenario: string; month: string; rolled: string; counted: string }>(
    db,
    sql`WITH recount AS (
          SELECT account_id, scenario, to_char(date, 'YYYY-MM') AS month, sum(amount) AS amount
          FROM entries WHERE entity_id = ${entityId}::uuid GROUP BY 1, 2, 3),
        rolled AS (
          SELECT account_id, scenario, month, amount FROM monthly_rollups WHERE entity_id = ${entityId}::uuid)
        SELECT coalesce(r.account_id, c.account_id) AS account_id, coalesce(r.scenario, c.scenario) AS scenario,
               coalesce(r.month, c.month) AS month, r.amount::text AS rolled, c.amount::text AS counted
        FROM recount c FULL OUTER JOIN rolled r
          ON r.account_id = c.account_id AND r.scenario = c.scenario AND r.month = c.month
        WHERE coalesce(r.amount, 0) <> coalesce(c.amount, 0)`,
  );
}

/** The books are exact: every rollup equals a recount of the entries, and every transaction balances. */
export async function expectBooksExact(db: Db, entityId: string) {
  expect(await rollupMismatches(db, entityId)).toEqual([]);
  expect(await unbalancedTransactions(db, entityId)).toEqual([]);
}

/** Transactions whose entries do not sum to zero. */
export async function unbalancedTransactions(db: Db, entityId: string) {
  return queryRows<{ transaction_id: string; total: string }>(
    db,
    sql`SELECT transaction_id, sum(amount)::text AS total FROM entries
        WHERE entity_id = ${entityId}::uuid GROUP BY transaction_id HAVING sum(amount) <> 0`,
  );
}

/** An account's forecast rollups by month (cents), months at zero left out. */
export async function forecastRollupsOf(db: Db, entityId: string, accountId: string) {
  const rows = await db
    .select({ month: monthlyRollups.month, amount: monthlyRollups.amount })
    .from(monthlyRollups)
    .where(
      and(
        eq(monthlyRollups.entityId, entityId),
        eq(monthlyRollups.accountId, accountId),
        eq(monthlyRollups.scenario, 'forecast'),
      ),
    )
    .orderBy(monthlyRollups.month);
  return Object.fromEntries(rows.filter((row) => row.amount !== 0).map((row) => [row.month, row.amount]));
}

/**
 * An account's row of the Report query over 2026-01 to 2027-12 (actuals through 2026-11, the test
 * clock's month): its figures by column key, in cents.
 */
export async function reportRowOf(fixture: LedgerFixture, accountId: string) {
  const result = await fixture.gql<{
    report: { lineItems: { accountId: string | null; values: { key: string; amount: number }[] }[] };
  }>(
    `query($e: ID!) { report(entityId: $e, startMonth: "2026-01", endMonth: "2027-12", actualsEndMonth: "2026-11") {
      lineItems { accountId values { key amount } } } }`,
    { e: fixture.entityId },
  );
  if (result.errors || !result.data) throw new Error(`Report failed: ${JSON.stringify(result.errors)}`);
  const row = result.data.report.lineItems.find((line) => line.accountId === accountId);
  return Object.fromEntries((row?.values ?? []).map((value) => [value.key, value.amount]));
}
