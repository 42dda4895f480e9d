import { addMonths } from '@keel/domain';
import { asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';
import {
  insertImportedTransaction,
  rollupMismatches,
  unbalancedTransactions,
} from '../../../../test/ledgerTestKit';
import { createSignedInUser } from '../../../../test/users';
import { queryRows } from '../../../db/queryRows';
import { accounts, entries, forecasts } from '../../../db/schema';
import { KeelError } from '../../../errors';
import { createEntity } from '../../entities/service';
import { createAccount, deleteAccount } from '../accounts';
import { createUserTransaction, deleteEntry, updateEntries, updateEntry } from '../entries';
import { createForecast, updateForecast } from '../forecasts';
import { createRule } from '../rules';

/**
 * Random ledgers on a real database: sequences of every kind of write, with refusals allowed (they
 * must change nothing), then the books are checked against a recount of the entries.
 */

let t: TestApp;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  userId = (await createSignedInUser(t, 'property@ledger.test')).user.id;
});
afterAll(async () => {
  await t.close();
});

const NAMES = ['Rent', 'rent March', 'Coffee', 'Payroll', ''];
const index = fc.nat({ max: 50 });
const day = fc.record({ month: fc.nat({ max: 23 }), day: fc.integer({ min: 1, max: 28 }) });
const amount = fc.integer({ min: -1_000_000, max: 1_000_000 });
const name = fc.constantFrom(...NAMES);
const search = fc.constantFrom('', 'rent', 'COFFEE', 'pay');

const operation = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    account: index,
    against: fc.option(index),
    day,
    amount,
    name,
  }),
  fc.record({ kind: fc.constant('import' as const), account: index, against: index, day, amount, name }),
  fc.record({ kind: fc.constant('updateAmount' as const), entry: index, amount }),
  fc.record({ kind: fc.constant('updateDate' as const), entry: index, day }),
  fc.record({ kind: fc.constant('updateAccount' as const), entry: index, account: index }),
  fc.record({
    kind: fc.constant('move' as const),
    from: index,
    to: index,
    subtree: fc.boolean(),
    start: fc.option(day),
    end: fc.option(day),
    cutoff: fc.option(day),
    search,
  }),
  fc.record({ kind: fc.constant('rule' as const), from: index, to: index, day: fc.option(day), search }),
  fc.record({ kind: fc.constant('delete' as const), entry: index }),
  fc.record({
    kind: fc.constant('forecast' as const),
    account: index,
    against: fc.option(index),
    amount: fc.integer({ min: -100_000, max: 100_000 }),
    start: fc.nat({ max: 23 }),
    recurring: fc.constantFrom('none', 'monthly', 'quarterly', 'annually' as const),
    average: fc.option(fc.integer({ min: 1, max: 24 })),
  }),
  fc.record({
    kind: fc.constant('updateForecast' as const),
    forecast: index,
    amount: fc.option(fc.integer({ min: -100_000, max: 100_000 })),
    start: fc.option(fc.nat({ max: 23 })),
    recurring: fc.option(fc.constantFrom('none', 'monthly', 'quarterly', 'annually' as const)),
  }),
  fc.record({ kind: fc.constant('createAccount' as const), parent: index }),
  fc.record({ kind: fc.constant('deleteAccount' as const), account: index }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

const dateOf = (d: { month: number; day: number }) =>
  `${addMonths('2026-01', d.month)}-${String(d.day).padStart(2, '0')}`;
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

async function entityBooks(entityId: string) {
  const [row] = await queryRows<{
    count: number;
    gross: string;
    actual: string;
    forecast: string;
  }>(
    t.db,
    sql`SELECT count(*)::int AS count, coalesce(sum(abs(amount)), 0)::text AS gross,
          coalesce(sum(amount) FILTER (WHERE scenario = 'actual'), 0)::text AS actual,
          coalesce(sum(amount) FILTER (WHERE scenario = 'forecast'), 0)::text AS forecast
        FROM entries WHERE entity_id = ${entityId}::uuid`,
  );
  return row;
}

async function apply(entityId: string, op: Operation): Promise<void> {
  const chart = await t.db
    .select({ id: accounts.id, isMutable: accounts.isMutable })
    .from(accounts)
    .where(eq(accounts.entityId, entityId))
    .orderBy(asc(accounts.createdAt), asc(accounts.id));
  const accountIds = chart.map((row) => row.id);
  // Deletion picks among the accounts that may be deleted, so it happens often enough to matter.
  const mutableIds = chart.filter((row) => row.isMutable).map((row) => row.id);
  const entryIds = (
    await t.db
      .select({ id: entries.id })
      .from(entries)
      .where(eq(entries.entityId, entityId))
      .orderBy(asc(entries.id))
  ).map((row) => row.id);
  const forecastIds = (
    await t.db
      .select({ id: forecasts.id })
      .from(forecasts)
      .where(eq(forecasts.entityId, entityId))
      .orderBy(asc(forecasts.id))
  ).map((row) => row.id);
  const clock = t.clock;
  switch (op.kind) {
    case 'create':
      await createUserTransaction(t.db, clock, userId, {
        entityId,
        accountId: pick(accountIds, op.account),
        againstId: op.against === null ? null : pick(accountIds, op.against),
        date: dateOf(op.day),
        amount: op.amount,
        name: op.name,
      });
      return;
    case 'import': {
      const [from, to] = [pick(accountIds, op.account), pick(accountIds, op.against)];
      await insertImportedTransaction(t.db, entityId, {
        date: dateOf(op.day),
        name: op.name,
        legs: [
          { accountId: from, amount: op.amount },
          { accountId: to, amount: -op.amount },
        ],
      });
      return;
    }
    case 'updateAmount':
    case 'updateDate':
    case 'updateAccount':
    case 'delete': {
      if (entryIds.length === 0) return;
      const id = pick(entryIds, op.entry);
      if (op.kind === 'delete') {
        await deleteEntry(t.db, clock, userId, { id });
        return;
      }
      const changes =
        op.kind === 'updateAmount'
          ? { amount: op.amount }
          : op.kind === 'updateDate'
            ? { date: dateOf(op.day) }
            : { accountId: pick(accountIds, op.account) };
      await updateEntry(t.db, clock, userId, { id, changes });
      return;
    }
    case 'move':
      await updateEntries(t.db, clock, userId, {
        entityId,
        fromAccountId: pick(accountIds, op.from),
        toAccountId: pick(accountIds, op.to),
        includeSubtree: op.subtree,
        startDate: op.start && dateOf(op.start),
        endDate: op.end && dateOf(op.end),
        actualsEndDate: op.cutoff && dateOf(op.cutoff),
        searchFilter: op.search,
      });
      return;
    case 'rule':
      await createRule(t.db, clock, userId, {
        entityId,
        fromAccountId: pick(accountIds, op.from),
        toAccountId: pick(accountIds, op.to),
        date: op.day && dateOf(op.day),
        searchFilter: op.search,
      });
      return;
    case 'forecast':
      await createForecast(t.db, clock, userId, {
        entityId,
        accountId: pick(accountIds, op.account),
        againstId: op.against === null ? null : pick(accountIds, op.against),
        amount: op.amount / 100,
        calculationType: op.average === null ? 'fixed' : 'average',
        averageMonths: op.average,
        startMonth: addMonths('2026-01', op.start),
        recurring: op.recurring,
      });
      return;
    case 'updateForecast':
      if (forecastIds.length === 0) return;
      await updateForecast(t.db, clock, userId, {
        forecastId: pick(forecastIds, op.forecast),
        amount: op.amount === null ? null : op.amount / 100,
        startMonth: op.start === null ? null : addMonths('2026-01', op.start),
        recurring: op.recurring,
      });
      return;
    case 'createAccount':
      await createAccount(t.db, clock, { entityId, parentId: pick(accountIds, op.parent), name: 'Sub' });
      return;
    case 'deleteAccount': {
      if (mutableIds.length === 0) return;
      const before = await entityBooks(entityId);
      await deleteAccount(t.db, clock, userId, { id: pick(mutableIds, op.account) });
      // Nothing is lost: the same entries with the same amounts, and rollups still equal their recount.
      // (Rollups are net per account, so absolute rollup totals may shrink when a child's entries net
      // against its parent's: compare with the recount, not with the totals before.)
      expect(await entityBooks(entityId)).toEqual(before);
      expect(await rollupMismatches(t.db, entityId)).toEqual([]);
      return;
    }
  }
}

/** Refusals (BAD_USER_INPUT, NOT_FOUND) are part of a random sequence; anything else is a bug. */
async function applyAllowingRefusals(entityId: string, op: Operation) {
  try {
    await apply(entityId, op);
  } catch (error) {
    const code = error instanceof KeelError ? error.code : null;
    if (code !== 'BAD_USER_INPUT' && code !== 'NOT_FOUND') throw error;
  }
}

describe('random ledgers', () => {
  it('keep transactions balanced and rollups equal to a recount, and lose nothing when accounts are deleted', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 5, maxLength: 15 }), async (operations) => {
        run += 1;
        const entity = await createEntity(t.db, t.clock, userId, `Random ${run}`);
        // A small tree below the roots, so subtree moves and account deletion have something to do.
        const expense = await t.db
          .select({ id: accounts.id })
          .from(accounts)
          .where(sql`${accounts.entityId} = ${entity.id}::uuid AND ${accounts.name} = 'Expense'`);
        const office = await createAccount(t.db, t.clock, {
          entityId: entity.id,
          parentId: expense[0]!.id,
          name: 'Office',
        });
        await createAccount(t.db, t.clock, { entityId: entity.id, parentId: office.id, name: 'Rent' });

        for (const op of operations) await applyAllowingRefusals(entity.id, op);

        expect(await unbalancedTransactions(t.db, entity.id)).toEqual([]);
        expect(await rollupMismatches(t.db, entity.id)).toEqual([]);
        const [orphans] = await queryRows<{ count: number }>(
          t.db,
          sql`SELECT count(*)::int AS count FROM accounts a
              WHERE a.entity_id = ${entity.id}::uuid AND a.parent_id IS NOT NULL
                AND a.ancestry <> (SELECT p.ancestry || p.id || '/' FROM accounts p WHERE p.id = a.parent_id)`,
        );
        expect(orphans?.count).toBe(0);
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
