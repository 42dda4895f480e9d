import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_TODAY, type TestApp } from '../../../test/harness';
import { createLedgerFixture, rollupMismatches, unbalancedTransactions } from '../../../test/ledgerTestKit';
import {
  type AccountView,
  booksBalance,
  DELETE_PLAID_ITEM,
  importedRows,
  linkedAccountRows,
  linkingSnapshot,
  linkMoneykit,
  linkPlaid,
  PLAID_ITEMS,
  signedBalance,
  syncLink,
} from '../../../test/linkingTestKit';
import { accounts, entries, importedTransactions } from '../../db/schema';

/**
 * The bank link sync (syncBankLink): what a linked bank's transactions become in the books, and that it
 * holds when syncs repeat, stop midway, run again after time passes, or after the bank is linked again.
 */

let t: TestApp;
const NOON = new Date(`${TEST_TODAY}T12:00:00.000Z`);
const DAY_MS = 86_400_000;

beforeAll(async () => {
  // Jobs are queued but not run: each test runs the sync itself.
  t = await createTestApp({ env: { JOB_WORKER: 'false' } });
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(NOON));

async function itemAccounts(fixture: Awaited<ReturnType<typeof createLedgerFixture>>) {
  const result = await fixture.gql<{ plaidItems: { itemId: string; accounts: AccountView[] }[] }>(
    PLAID_ITEMS,
    {
      e: fixture.entityId,
    },
  );
  return result.data?.plaidItems.flatMap((item) => item.accounts) ?? [];
}

async function expectBooksAtProviderBalances(accountsShown: readonly AccountView[]) {
  for (const account of accountsShown) {
    expect(await booksBalance(t, account.ledgerAccountId), account.name).toBe(signedBalance(account));
  }
}

describe('syncBankLink', () => {
  it('imports 90 days of history once: a second sync imports nothing and changes nothing', async () => {
    const acme = await createLedgerFixture(t, 'Sync Twice');
    const item = await linkPlaid(t, acme);
    const first = await syncLink(t, item.itemId);
    expect(first.added).toBeGreaterThan(100);
    const rows = await importedRows(t, acme.entityId);
    expect(rows.length).toBe(first.added);
    expect(rows.every((row) => row.transactionId !== null)).toBe(true);
    const dates = rows.map((row) => row.date).sort();
    expect(dates[0]! >= '2026-08-24').toBe(true);
    expect(dates.at(-1)! <= TEST_TODAY).toBe(true);
    expect(rows.filter((row) => row.pending).every((row) => row.date >= '2026-11-21')).toBe(true);
    const before = await linkingSnapshot(t, acme.entityId);
    const second = await syncLink(t, item.itemId);
    expect(second).toMatchObject({ added: 0, updated: 0, removed: 0 });
    expect(await linkingSnapshot(t, acme.entityId)).toEqual(before);
    expect(await unbalancedTransactions(t.db, acme.entityId)).toEqual([]);
    expect(await rollupMismatches(t.db, acme.entityId)).toEqual([]);
  });

  it("books each linked account at its provider's current balance, through A and B", async () => {
    const acme = await createLedgerFixture(t, 'Balances');
    const item = await linkPlaid(t, acme);
    // Before any sync the opening balances alone carry the provider's balances.
    await expectBooksAtProviderBalances(item.accounts);
    await syncLink(t, item.itemId);
    await expectBooksAtProviderBalances(await itemAccounts(acme));
    const link = await linkMoneykit(t, acme);
    await syncLink(t, link.id);
    await expectBooksAtProviderBalances(link.accounts);
    expect(link.accounts.map((account) => account.accountType).sort()).toEqual(['credit', 'depository']);
  });

  it('replaces a pending transaction by its posted one in place, once 2 days have passed', async () => {
    const acme = await createLedgerFixture(t, 'Pending');
    const item = await linkPlaid(t, acme);
    await syncLink(t, item.itemId);
    const pending = (await importedRows(t, acme.entityId)).filter((row) => row.pending);
    expect(pending.length).toBeGreaterThan(0);
    t.clock.set(new Date(NOON.getTime() + 2 * DAY_MS));
    const result = await syncLink(t, item.itemId);
    expect(result.updated).toBeGreaterThanOrEqual(pending.length);
    const after = await importedRows(t, acme.entityId);
    for (const before of pending) {
      const row = after.find((candidate) => candidate.id === before.id);
      expect(row?.pending).toBe(false);
      expect(row?.replacesProviderTransactionId).toBe(before.providerTransactionId);
      expect(row?.transactionId).toBe(before.transactionId);
    }
    // Nothing imported twice: each transaction in the books holds one import (two for a transfer).
    const shared = new Map<string, number>();
    for (const row of after)
      shared.set(row.transactionId ?? '', (shared.get(row.transactionId ?? '') ?? 0) + 1);
    expect([...shared.values()].every((count) => count <= 2)).toBe(true);
    expect(after.some((row) => row.providerTransactionId === pending[0]?.providerTransactionId)).toBe(false);
    await expectBooksAtProviderBalances(await itemAccounts(acme));
    expect(await unbalancedTransactions(t.db, acme.entityId)).toEqual([]);
  });

  it("books a transfer between the company's own linked accounts once, between their two accounts", async () => {
    const acme = await createLedgerFixture(t, 'Transfers');
    const item = await linkPlaid(t, acme);
    await syncLink(t, item.itemId, { pageSize: 40 });
    const rows = await importedRows(t, acme.entityId);
    const toSavings = rows.filter((row) => row.name.startsWith('Transfer to Plaid Saving'));
    expect(toSavings.length).toBeGreaterThanOrEqual(3);
    const ledgers = new Set(item.accounts.map((account) => account.ledgerAccountId));
    for (const leg of toSavings) {
      const other = rows.find((row) => row.id !== leg.id && row.transactionId === leg.transactionId);
      expect(other?.name).toBe('Transfer from Plaid Checking ••0000');
      expect(other?.amount).toBe(-leg.amount);
      const legs = await t.db.select().from(entries).where(eq(entries.transactionId, leg.transactionId!));
      expect(legs).toHaveLength(2);
      expect(legs.every((entry) => ledgers.has(entry.accountId))).toBe(true);
    }
    const payments = rows.filter((row) => row.name === 'Payment - Thank You');
    expect(payments.length).toBeGreaterThanOrEqual(2);
    expect(
      payments.every((row) => rows.some((o) => o.id !== row.id && o.transactionId === row.transactionId)),
    ).toBe(true);
  });

  it('resumes a sync stopped after its first page and ends with the full history exactly once', async () => {
    const reference = await createLedgerFixture(t, 'Uninterrupted');
    const whole = await linkPlaid(t, reference);
    await syncLink(t, whole.itemId, { pageSize: 50 });
    const expected = (await importedRows(t, reference.entityId)).map((row) => row.fingerprint).sort();

    const acme = await createLedgerFixture(t, 'Interrupted');
    const item = await linkPlaid(t, acme);
    const controller = new AbortController();
    const stopped = syncLink(t, item.itemId, {
      pageSize: 50,
      signal: controller.signal,
      checkpoint: async () => controller.abort(new Error('killed')),
    });
    await expect(stopped).rejects.toThrow('killed');
    expect(await importedRows(t, acme.entityId)).toHaveLength(50);
    const resumed = await syncLink(t, item.itemId, { pageSize: 50 });
    expect(resumed.added).toBe(expected.length - 50);
    const rows = await importedRows(t, acme.entityId);
    expect(rows.map((row) => row.fingerprint).sort()).toEqual(expected);
    await expectBooksAtProviderBalances(await itemAccounts(acme));
  });

  it('keeps the same linked accounts when a bank is deleted and linked again, and books nothing twice', async () => {
    const acme = await createLedgerFixture(t, 'Relink');
    const first = await linkPlaid(t, acme);
    await syncLink(t, first.itemId);
    const accountsBefore = (await linkedAccountRows(t, acme.entityId)).map((row) => row.id).sort();
    const importedBefore = await importedRows(t, acme.entityId);
    const deleted = await acme.gql(DELETE_PLAID_ITEM, { i: first.itemId });
    expect(deleted.errors).toBeUndefined();
    expect((await linkedAccountRows(t, acme.entityId)).every((row) => row.linkId === null)).toBe(true);

    // The next day (the tokens of the test's users last a day): two pending transactions have posted.
    t.clock.set(new Date(NOON.getTime() + 23 * 3_600_000));
    const second = await linkPlaid(t, acme);
    expect(second.accounts.map((account) => account.accountId).sort()).toEqual(accountsBefore);
    const result = await syncLink(t, second.itemId);
    const after = await importedRows(t, acme.entityId);
    // Every earlier posted import was adopted, not booked again.
    const posted = importedBefore.filter((row) => !row.pending);
    for (const row of posted)
      expect(after.find((o) => o.id === row.id)?.transactionId).toBe(row.transactionId);
    // The same as a company linking the bank for the first time today, plus the day only the first link reached.
    const reference = await createLedgerFixture(t, 'Relink reference');
    await syncLink(t, (await linkPlaid(t, reference)).itemId);
    const ours = after
      .filter((row) => row.date >= '2026-08-25')
      .map((row) => row.fingerprint)
      .sort();
    const theirs = (await importedRows(t, reference.entityId)).map((row) => row.fingerprint).sort();
    expect(ours).toEqual(theirs);
    expect(
      after
        .filter((row) => row.date < '2026-08-25')
        .map((row) => row.id)
        .sort(),
    ).toEqual(
      importedBefore
        .filter((row) => row.date < '2026-08-25')
        .map((row) => row.id)
        .sort(),
    );
    expect(result.added).toBeLessThan(10);
    await expectBooksAtProviderBalances(await itemAccounts(acme));
    expect(await unbalancedTransactions(t.db, acme.entityId)).toEqual([]);
  });

  it("applies the company's rules to what it imports", async () => {
    const acme = await createLedgerFixture(t, 'Rules');
    const expenseRoot = await acme.account('Expense');
    const made = async (name: string) => {
      const result = await acme.gql<{ createAccount: { id: string } }>(
        'mutation($e: ID!, $p: ID!, $n: String!) { createAccount(entityId: $e, parentId: $p, name: $n) { id } }',
        { e: acme.entityId, p: expenseRoot, n: name },
      );
      return result.data!.createAccount.id;
    };
    const uncategorized = await made('Uncategorized Expense');
    const hosting = await made('Cloud Hosting');
    const rule = await acme.gql(
      'mutation($f: ID!, $to: ID!) { createRule(fromAccountId: $f, toAccountId: $to, searchFilter: "Amazon Web Services") { rule { id } } }',
      { f: uncategorized, to: hosting },
    );
    expect(rule.errors).toBeUndefined();
    const item = await linkPlaid(t, acme);
    await syncLink(t, item.itemId);
    const aws = (await importedRows(t, acme.entityId)).filter((row) => row.name === 'Amazon Web Services');
    expect(aws.length).toBeGreaterThanOrEqual(3);
    const legs = await t.db
      .select({ accountId: entries.accountId })
      .from(entries)
      .where(
        and(
          inArray(
            entries.transactionId,
            aws.map((row) => row.transactionId!),
          ),
          isNotNull(entries.id),
        ),
      );
    expect(legs.filter((leg) => leg.accountId === hosting)).toHaveLength(aws.length);
    expect(legs.filter((leg) => leg.accountId === uncategorized)).toHaveLength(0);
  });

  it('mirrors each account under its group of the books, named like the bank names it', async () => {
    const acme = await createLedgerFixture(t, 'Groups');
    const item = await linkPlaid(t, acme);
    const rows = await t.db
      .select({
        name: accounts.name,
        ancestry: accounts.ancestry,
        refType: accounts.refType,
        isMutable: accounts.isMutable,
      })
      .from(accounts)
      .where(
        inArray(
          accounts.id,
          item.accounts.map((account) => account.ledgerAccountId),
        ),
      );
    expect(rows.map((row) => row.name).sort()).toEqual([
      'Plaid Checking ••0000',
      'Plaid Credit Card ••3333',
      'Plaid Saving ••1111',
    ]);
    const roots = await t.db
      .select({ id: accounts.id, name: accounts.name })
      .from(accounts)
      .where(and(eq(accounts.entityId, acme.entityId), eq(accounts.ancestry, '/')));
    const rootOf = (ancestry: string) => roots.find((root) => ancestry === `/${root.id}/`)?.name;
    expect(rows.map((row) => [row.name, rootOf(row.ancestry), row.refType, row.isMutable]).sort()).toEqual([
      ['Plaid Checking ••0000', 'Banks', 'Plaid::Account', false],
      ['Plaid Credit Card ••3333', 'Credit Cards', 'Plaid::Account', false],
      ['Plaid Saving ••1111', 'Banks', 'Plaid::Account', false],
    ]);
    const imported = await t.db
      .select()
      .from(importedTransactions)
      .where(eq(importedTransactions.entityId, acme.entityId));
    expect(imported).toHaveLength(0);
  });
});
