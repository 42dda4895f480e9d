import { DEPOSIT_ACCOUNT_ENTRIES_LOCKED } from '@keel/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BankAccountView, deposit, openDepositAccount } from '../../../test/bankingTestKit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLedgerFixture, type LedgerFixture, rollupMismatches } from '../../../test/ledgerTestKit';
import { queryRows } from '../../db/queryRows';

/**
 * A deposit account's actual entries are the bank's (migration 0023): nothing else books an actual there,
 * the bank's entries neither move off it nor change, so its balance in the books is always the bank's.
 * The other side of each bank transaction stays free to reclassify, and forecasts on it stay free.
 */

let t: TestApp;
let acme: LedgerFixture;
let account: BankAccountView;
let bankEntryId: string;
let counterEntryId: string;

const CREATE = `mutation($e: ID!, $a: ID!, $against: ID, $d: Date!, $m: Cents!, $n: String) {
  createUserTransaction(entityId: $e, accountId: $a, againstId: $against, date: $d, amount: $m, name: $n) { id accountId } }`;
const UPDATE_ENTRY = `mutation($id: ID!, $a: ID, $m: Cents, $d: Date) {
  updateEntry(id: $id, accountId: $a, amount: $m, date: $d) { errors entry { id accountId amount } } }`;
const UPDATE_ENTRIES = `mutation($from: ID!, $to: ID!, $subtree: Boolean) {
  updateEntries(fromAccountId: $from, toAccountId: $to, includeSubtree: $subtree, startDate: "2020-01-01",
    actualsEndDate: "2026-11-30", endDate: "2026-11-30") { movedCount } }`;
const FORECAST = `mutation($e: ID!, $a: ID!, $against: ID, $d: MonthKey!, $m: Units) {
  createForecast(entityId: $e, accountId: $a, againstId: $against, date: $d, amount: $m, name: "Rent",
    recurring: monthly) { id } }`;

/** The books' balance of the deposit account and the bank's, side by side. */
async function balances() {
  const [row] = await queryRows<{ books: string; bank: string }>(
    t.db,
    sql`SELECT
      (SELECT coalesce(sum(amount), 0) FROM entries
        WHERE account_id = ${account.ledgerAccountId}::uuid AND scenario = 'actual') AS books,
      (SELECT coalesce(sum(amount), 0) FROM bank_ledger_entries
        WHERE deposit_account_id = ${account.id}::uuid) AS bank`,
  );
  return { books: Number(row?.books), bank: Number(row?.bank) };
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-18T15:00:00.000Z'));
  acme = await createLedgerFixture(t, 'Locked Books');
  account = await openDepositAccount(acme);
  await deposit(t, account.id, 500_000, '2026-11-02', 'Seed round wire');
  const legs = await queryRows<{ id: string; account_id: string }>(
    t.db,
    sql`SELECT e.id, e.account_id FROM entries e JOIN bank_postings p ON p.transaction_id = e.transaction_id
        WHERE p.deposit_account_id = ${account.id}::uuid`,
  );
  bankEntryId = legs.find((leg) => leg.account_id === account.ledgerAccountId)!.id;
  counterEntryId = legs.find((leg) => leg.account_id !== account.ledgerAccountId)!.id;
});
afterAll(() => t.close());

describe("a deposit account's entries are the bank's", () => {
  it('refuses to book a transaction on it, either side, naming the field', async () => {
    const expense = await acme.account('Expense');
    const before = await balances();
    for (const variables of [
      { e: acme.entityId, a: account.ledgerAccountId, d: '2026-11-10', m: 100 },
      { e: acme.entityId, a: expense, against: account.ledgerAccountId, d: '2026-11-10', m: 100 },
    ]) {
      const result = await acme.gql(CREATE, variables);
      expect(result.errors?.[0]?.message).toBe(DEPOSIT_ACCOUNT_ENTRIES_LOCKED);
      expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'accountId' });
    }
    expect(await balances()).toEqual(before);
  });

  it("does not default a new transaction's other side to it", async () => {
    const expense = await acme.account('Expense');
    const result = await acme.gql<{ createUserTransaction: { id: string } }>(CREATE, {
      e: acme.entityId,
      a: expense,
      d: '2026-11-10',
      m: 100,
    });
    expect(result.errors).toBeUndefined();
    const [other] = await queryRows<{ account_id: string }>(
      t.db,
      sql`SELECT account_id FROM entries WHERE transaction_id = (
            SELECT transaction_id FROM entries WHERE id = ${result.data!.createUserTransaction.id}::uuid)
          AND account_id <> ${expense}::uuid`,
    );
    expect(other?.account_id).not.toBe(account.ledgerAccountId);
  });

  it("refuses to move or change the bank's entry, and lets its other side be reclassified", async () => {
    const expense = await acme.account('Expense');
    const before = await balances();
    const moved = await acme.gql(UPDATE_ENTRY, { id: bankEntryId, a: expense });
    expect(moved.errors?.[0]?.message ?? JSON.stringify(moved.data)).toContain('come from the bank');
    expect(await balances()).toEqual(before);

    const income = await acme.account('Income');
    const reclassified = await acme.gql<{ updateEntry: { entry: { accountId: string } } }>(UPDATE_ENTRY, {
      id: counterEntryId,
      a: income,
    });
    expect(reclassified.errors).toBeUndefined();
    expect(reclassified.data?.updateEntry.entry.accountId).toBe(income);
    expect(await balances()).toEqual(before);
    expect(before.books).toBe(before.bank);
  });

  it('a drag of Banks moves everything else and leaves the bank entries; a drop onto it is refused', async () => {
    const banks = await acme.account('Banks');
    const expense = await acme.account('Expense');
    const before = await balances();
    const fromBanks = await acme.gql<{ updateEntries: { movedCount: number } }>(UPDATE_ENTRIES, {
      from: banks,
      to: expense,
      subtree: true,
    });
    expect(fromBanks.errors).toBeUndefined();
    expect(await balances()).toEqual(before);

    const onto = await acme.gql(UPDATE_ENTRIES, { from: expense, to: account.ledgerAccountId });
    expect(onto.errors?.[0]?.message).toBe(DEPOSIT_ACCOUNT_ENTRIES_LOCKED);
    expect(await balances()).toEqual(before);
    expect(await rollupMismatches(t.db, acme.entityId)).toEqual([]);
  });

  it('still takes forecasts, which are plans and not the bank’s', async () => {
    const expense = await acme.account('Expense');
    const result = await acme.gql(FORECAST, {
      e: acme.entityId,
      a: expense,
      against: account.ledgerAccountId,
      d: '2026-12',
      m: 10,
    });
    expect(result.errors).toBeUndefined();
  });

  it('refuses a raw SQL write too: the database itself keeps the rule', async () => {
    await expect(
      t.db.execute(sql`UPDATE entries SET amount = amount + 1 WHERE id = ${bankEntryId}::uuid`),
    ).rejects.toThrow();
    const before = await balances();
    expect(before.books).toBe(before.bank);
  });
});
