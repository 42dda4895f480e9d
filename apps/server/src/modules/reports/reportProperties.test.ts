import { addMonths, type MonthKey } from '@keel/domain';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { insertTestLedger, type TestTransaction } from '../../../test/insertTestLedger';
import { createSignedInUser } from '../../../test/users';
import { accounts, entries } from '../../db/schema';
import { createEntity } from '../entities/service';

const ROOTS = ['Income', 'Expense', 'Banks', 'Credit Cards', 'Investments', 'Loans', 'Other'];

/**
 * A random ledger: sub-accounts up to three levels under random roots, balanced transactions of both
 * scenarios between random accounts (roots included, so parents get figures of their own) from
 * mid-2024 to mid-2027, and a random range with its cutoff inside 2025-2026.
 */
const ledgerArbitrary = fc
  .record({
    parents: fc.array(fc.nat(), { minLength: 1, maxLength: 10 }),
    transactions: fc.array(
      fc.record({
        debit: fc.nat(),
        credit: fc.nat(),
        month: fc.integer({ min: 0, max: 36 }),
        day: fc.integer({ min: 1, max: 28 }),
        forecast: fc.boolean(),
        cents: fc.integer({ min: 1, max: 2_000_000 }),
      }),
      { minLength: 1, maxLength: 40 },
    ),
    start: fc.integer({ min: 0, max: 12 }),
    cutoff: fc.integer({ min: 0, max: 12 }),
    tail: fc.integer({ min: 0, max: 14 }),
  })
  .map((raw) => {
    const paths = [...ROOTS];
    const sub: string[] = [];
    raw.parents.forEach((pick, i) => {
      const candidates = paths.filter((path) => path.split('/').length <= 3);
      const parent = candidates[pick % candidates.length] ?? 'Expense';
      const path = `${parent}/Account ${i}`;
      paths.push(path);
      sub.push(path);
    });
    const transactions: TestTransaction[] = raw.transactions.map((tx) => {
      const debit = paths[tx.debit % paths.length] ?? 'Expense';
      let credit = paths[tx.credit % paths.length] ?? 'Banks';
      if (credit === debit) credit = debit === 'Banks' ? 'Income' : 'Banks';
      const month = addMonths('2024-06', tx.month);
      return {
        date: `${month}-${String(tx.day).padStart(2, '0')}`,
        scenario: tx.forecast ? 'forecast' : 'actual',
        entries: { [debit]: tx.cents, [credit]: -tx.cents },
      };
    });
    const startMonth = addMonths('2025-01', raw.start);
    const actualsEndMonth = addMonths(startMonth, raw.cutoff);
    const endMonth = addMonths(actualsEndMonth, raw.tail);
    return { accounts: sub, transactions, startMonth, actualsEndMonth, endMonth };
  });

type Row = {
  id: string;
  parentId: string | null;
  accountId: string | null;
  itemType: string;
  name: string;
  isLeaf: boolean;
  cumulative: boolean;
  amount: number;
  columnValues: number[];
};
type Column = { key: string; period: string; months: MonthKey[] };

const REPORT = `query($entityId: ID!, $start: MonthKey!, $end: MonthKey!, $actualsEnd: MonthKey!) {
  report(entityId: $entityId, startMonth: $start, endMonth: $end, actualsEndMonth: $actualsEnd) {
    columns { key period months }
    lineItems { id parentId accountId itemType name isLeaf cumulative amount columnValues }
  }
}`;

let t: TestApp;
let owner: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createSignedInUser(t, 'properties@example.com');
});
afterAll(async () => {
  await t.close();
});

describe('report over random ledgers', () => {
  it('matches a recount from entries in every cell, and every tree and expression invariant', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(ledgerArbitrary, async (ledger) => {
        run += 1;
        const entityId = (await createEntity(t.db, t.clock, owner.user.id, `Random ${run}`)).id;
        await insertTestLedger(t.db, entityId, ledger);
        const result = await t.graphql<{ report: { columns: Column[]; lineItems: Row[] } }>(
          REPORT,
          { entityId, start: ledger.startMonth, end: ledger.endMonth, actualsEnd: ledger.actualsEndMonth },
          owner.token,
        );
        expect(result.errors).toBeUndefined();
        const { columns, lineItems } = result.data?.report ?? { columns: [], lineItems: [] };
        const allColumns = [
          ...columns,
          { key: 'amount', period: 'total', months: columns.at(-1)?.months ?? [] },
        ];
        const cells = (row: Row) => [...row.columnValues, row.amount];

        // The ledger as stored: entries with their account's sign, group and ancestry (no rollups).
        const chart = await t.db.select().from(accounts).where(eq(accounts.entityId, entityId));
        const booked = await t.db.select().from(entries).where(eq(entries.entityId, entityId));
        const byId = new Map(chart.map((account) => [account.id, account]));
        const recount = (accountIds: ReadonlySet<string>, months: readonly MonthKey[]) => {
          const last = months.at(-1) ?? '';
          let total = 0;
          for (const entry of booked) {
            const account = byId.get(entry.accountId);
            if (!account || !accountIds.has(account.id)) continue;
            const month = entry.date.slice(0, 7);
            const counts =
              account.accountGroup !== null
                ? entry.scenario === 'actual'
                  ? month <= last && month <= ledger.actualsEndMonth
                  : month > ledger.actualsEndMonth && month <= last
                : months.includes(month) &&
                  entry.scenario === (month <= ledger.actualsEndMonth ? 'actual' : 'forecast');
            if (counts) total += entry.amount * account.sign;
          }
          return total;
        };
        const subtree = (accountId: string) =>
          new Set(
            chart.filter((a) => a.id === accountId || a.ancestry.includes(`/${accountId}/`)).map((a) => a.id),
          );

        for (const row of lineItems) {
          if (row.accountId === null || row.itemType === 'Expression' || row.itemType === 'Section') continue;
          const scope = row.isLeaf ? new Set([row.accountId]) : subtree(row.accountId);
          expect(cells(row)).toEqual(allColumns.map((column) => recount(scope, column.months) || 0));
          const children = lineItems.filter((child) => child.parentId === row.id);
          if (children.length > 0) {
            const sum = cells(row).map((_, i) =>
              children.reduce((total, child) => total + (cells(child)[i] ?? 0), 0),
            );
            expect(cells(row)).toEqual(sum);
          }
          if (row.cumulative && !row.isLeaf) {
            // Each month's balance is the previous balance plus the month's flows.
            let previous = recount(scope, [addMonths(ledger.startMonth, -1)]);
            columns.forEach((column, i) => {
              if (column.period !== 'month') return;
              const month = column.months[0] ?? '';
              const scenario = month <= ledger.actualsEndMonth ? 'actual' : 'forecast';
              const flow = booked
                .filter((e) => scope.has(e.accountId) && e.date.startsWith(month) && e.scenario === scenario)
                .reduce((sum, e) => sum + e.amount * (byId.get(e.accountId)?.sign ?? 0), 0);
              expect(row.columnValues[i]).toBe(previous + flow);
              previous = row.columnValues[i] ?? 0;
            });
          }
        }
        const top = (name: string) =>
          cells(lineItems.find((row) => row.name === name && row.parentId === null) as Row);
        const income = top('Income');
        const expense = top('Expense');
        expect(top('Net Income')).toEqual(income.map((value, i) => value - (expense[i] ?? 0)));
        expect(top('Net Burn')).toEqual(income.map((value, i) => (expense[i] ?? 0) - value));
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
