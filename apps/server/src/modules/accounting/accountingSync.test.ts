import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  apiFlagsOf,
  balanceMismatches,
  connectQuickbooks,
  freshToken,
  QUICKBOOKS_ACCOUNTS,
  type QuickbooksAccountView,
  quickbooksConnectionRow,
  quickbooksSandboxOf,
  quickbooksSnapshot,
  SANDBOX_REALM,
  SYNC_QUICKBOOKS,
  syncNow,
} from '../../../test/accountingTestKit';
import { createTestApp, TEST_TODAY, type TestApp } from '../../../test/harness';
import { createLedgerFixture, rollupMismatches, unbalancedTransactions } from '../../../test/ledgerTestKit';
import {
  accounts,
  entries,
  jobs,
  quickbooksAccounts,
  quickbooksTransactions,
  transactions,
} from '../../db/schema';
import { JobFailure } from '../../jobs/jobHandler';
import { QUICKBOOKS_SOURCE } from './applyQuickbooksPage';

/**
 * The QuickbooksSync's work (syncQuickbooks): a company file's chart of accounts and transactions in
 * the books, exactly once, in agreement with QuickBooks' balances, through repeated syncs, a week of
 * changes (new, corrected and deleted transactions, a renamed and a new account), a sync stopped
 * midway, an expired access token and a revoked grant.
 */

let t: TestApp;
const NOON = new Date(`${TEST_TODAY}T12:00:00.000Z`);
const DAY_MS = 86_400_000;

beforeAll(async () => {
  // Syncs are queued but not run by a runner: each test runs them itself.
  t = await createTestApp({ env: { JOB_WORKER: 'false' } });
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(NOON));

/** A company connected to the sandbox's company file (its queued first sync set aside). */
async function connectedCompany(name: string) {
  const fixture = await createLedgerFixture(t, name);
  const { jobId } = await connectQuickbooks(t, fixture);
  if (!jobId) throw new Error('No sync was queued');
  await t.db.update(jobs).set({ status: 'canceled' }).where(eq(jobs.id, jobId));
  return fixture;
}

/** The company's QuickBooks transactions in the books: external id -> its entries (account, amount). */
async function importedBooks(entityId: string) {
  const rows = await t.db
    .select({ externalId: transactions.externalId, accountId: entries.accountId, amount: entries.amount })
    .from(transactions)
    .innerJoin(entries, eq(entries.transactionId, transactions.id))
    .where(and(eq(transactions.entityId, entityId), eq(transactions.source, QUICKBOOKS_SOURCE)));
  const byId = new Map<string, string[]>();
  for (const row of rows) {
    const list = byId.get(row.externalId ?? '') ?? [];
    list.push(`${row.amount}`);
    byId.set(row.externalId ?? '', list.sort());
  }
  return byId;
}

describe('syncQuickbooks', () => {
  it('imports the chart and a year of transactions once: a second sync imports nothing and changes nothing', async () => {
    const acme = await connectedCompany('Sync Twice');
    expect(await apiFlagsOf(t, acme.entityId)).toEqual({ qbo: false, finch: false });
    const first = await syncNow(t, acme.entityId, { pageSize: 200 });
    expect(first.accounts).toBeGreaterThanOrEqual(20);
    expect(first.added).toBeGreaterThan(600);
    expect(first).toMatchObject({ updated: 0, removed: 0 });
    const books = await importedBooks(acme.entityId);
    expect(books.size).toBe(first.added);
    const mapped = await t.db
      .select()
      .from(quickbooksTransactions)
      .where(eq(quickbooksTransactions.entityId, acme.entityId));
    expect(mapped).toHaveLength(first.added);
    expect(mapped.every((row) => row.transactionId !== null && row.realmId === SANDBOX_REALM)).toBe(true);
    const dates = (
      await t.db
        .select({ date: transactions.date })
        .from(transactions)
        .where(eq(transactions.entityId, acme.entityId))
    ).map((row) => row.date);
    expect(dates.sort()[0]).toBe('2025-11-22');
    expect(dates.at(-1)! <= TEST_TODAY).toBe(true);
    expect(await unbalancedTransactions(t.db, acme.entityId)).toEqual([]);
    expect(await rollupMismatches(t.db, acme.entityId)).toEqual([]);
    expect(await apiFlagsOf(t, acme.entityId)).toEqual({ qbo: true, finch: false });
    expect((await quickbooksConnectionRow(t, acme.entityId))?.lastSyncedAt).toEqual(NOON);

    const before = await quickbooksSnapshot(t, acme.entityId);
    const second = await syncNow(t, acme.entityId);
    expect(second).toMatchObject({ added: 0, updated: 0, removed: 0 });
    expect(await quickbooksSnapshot(t, acme.entityId)).toEqual(before);
  });

  it("books each balance-sheet account at QuickBooks' CurrentBalance, under Keel's matching root", async () => {
    const acme = await connectedCompany('Balances');
    await syncNow(t, acme.entityId);
    expect(await balanceMismatches(t, acme.entityId)).toEqual([]);
    const shown = await acme.gql<{ quickbooksAccounts: QuickbooksAccountView[] }>(QUICKBOOKS_ACCOUNTS, {
      e: acme.entityId,
    });
    const list = shown.data?.quickbooksAccounts ?? [];
    expect(list[0]).toMatchObject({ id: '35', name: 'Checking', accountType: 'Bank' });
    expect(list.find((account) => account.name === 'Checking')?.currentBalance).toBeGreaterThan(0);
    expect(list.find((account) => account.name === 'Services')?.currentBalance).toBe(0);
    expect(list.every((account) => account.ledgerAccountId)).toBe(true);

    const roots = await t.db
      .select({ id: accounts.id, name: accounts.name })
      .from(accounts)
      .where(and(eq(accounts.entityId, acme.entityId), eq(accounts.ancestry, '/')));
    const ledger = await t.db
      .select()
      .from(accounts)
      .where(
        inArray(
          accounts.id,
          list.map((account) => account.ledgerAccountId ?? ''),
        ),
      );
    const rootOf = (name: string) => {
      const account = ledger.find((row) => row.id === list.find((a) => a.name === name)?.ledgerAccountId);
      return roots.find((root) => account?.ancestry.startsWith(`/${root.id}/`))?.name;
    };
    expect(
      Object.fromEntries(
        [
          'Checking',
          'Mastercard',
          'Loan Payable',
          'Accounts Receivable (A/R)',
          'Opening Balance Equity',
          'Services',
          'Rent or Lease',
          'Wages',
        ].map((name) => [name, rootOf(name)]),
      ),
    ).toEqual({
      Checking: 'Banks',
      Mastercard: 'Credit Cards',
      'Loan Payable': 'Loans',
      'Accounts Receivable (A/R)': 'Other',
      'Opening Balance Equity': 'Other',
      Services: 'Income',
      'Rent or Lease': 'Expense',
      Wages: 'Expense',
    });
    // A sub-account sits under its parent's ledger account; QuickBooks names them, so they are not renamable.
    const wages = ledger.find((row) => row.name === 'Wages');
    const payroll = ledger.find((row) => row.name === 'Payroll Expenses');
    expect(wages?.parentId).toBe(payroll?.id);
    expect(ledger.every((row) => !row.isMutable && row.refType === 'QuickBooks::Account')).toBe(true);
  });

  it('a week later adds the new, replaces the corrected in place, removes the deleted and renames in place', async () => {
    const acme = await connectedCompany('A Week Later');
    await syncNow(t, acme.entityId);
    const accountsBefore = await t.db
      .select()
      .from(quickbooksAccounts)
      .where(eq(quickbooksAccounts.entityId, acme.entityId));
    const mappedBefore = await t.db
      .select()
      .from(quickbooksTransactions)
      .where(eq(quickbooksTransactions.entityId, acme.entityId));
    const booksBefore = await importedBooks(acme.entityId);

    t.clock.set(new Date(NOON.getTime() + 7 * DAY_MS));
    const result = await syncNow(t, acme.entityId);
    expect(result.added).toBeGreaterThanOrEqual(3);
    expect(result.updated).toBeGreaterThanOrEqual(1);
    expect(result.removed).toBeGreaterThanOrEqual(1);
    const mappedAfter = await t.db
      .select()
      .from(quickbooksTransactions)
      .where(eq(quickbooksTransactions.entityId, acme.entityId));
    expect(mappedAfter).toHaveLength(mappedBefore.length + result.added - result.removed);

    // Corrected: the same transaction of the books, its figures changed.
    const corrected = mappedAfter.filter((row) =>
      mappedBefore.some(
        (before) =>
          before.qboId === row.qboId && before.qboType === row.qboType && before.syncToken !== row.syncToken,
      ),
    );
    expect(corrected.length).toBe(result.updated);
    const booksAfter = await importedBooks(acme.entityId);
    for (const row of corrected) {
      const earlier = mappedBefore.find(
        (before) => before.qboId === row.qboId && before.qboType === row.qboType,
      );
      expect(row.transactionId).toBe(earlier?.transactionId);
      expect(booksAfter.get(`${row.qboType}:${row.qboId}`)).not.toEqual(
        booksBefore.get(`${row.qboType}:${row.qboId}`),
      );
    }
    // Deleted: gone from the books and forgotten.
    const deleted = mappedBefore.filter(
      (before) => !mappedAfter.some((row) => row.qboId === before.qboId && row.qboType === before.qboType),
    );
    expect(deleted).toHaveLength(result.removed);
    const leftOver = await t.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(
        inArray(
          transactions.id,
          deleted.map((row) => row.transactionId ?? ''),
        ),
      );
    expect(leftOver).toEqual([]);
    expect(booksAfter.size).toBe(mappedAfter.length);

    // Renamed in place and a new account, nothing duplicated.
    const accountsAfter = await t.db
      .select()
      .from(quickbooksAccounts)
      .where(eq(quickbooksAccounts.entityId, acme.entityId));
    expect(accountsAfter).toHaveLength(accountsBefore.length + 1);
    const advertising = accountsAfter.find((row) => row.qboAccountId === '7');
    expect(advertising).toMatchObject({ name: 'Advertising & Marketing', syncToken: '1' });
    expect(advertising?.ledgerAccountId).toBe(
      accountsBefore.find((row) => row.qboAccountId === '7')?.ledgerAccountId,
    );
    const [ledgerAdvertising] = await t.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, advertising?.ledgerAccountId ?? ''));
    expect(ledgerAdvertising?.name).toBe('Advertising & Marketing');
    expect(accountsAfter.find((row) => row.name === 'Subcontractors')?.ledgerAccountId).toBeTruthy();

    expect(await balanceMismatches(t, acme.entityId)).toEqual([]);
    expect(await unbalancedTransactions(t.db, acme.entityId)).toEqual([]);
    expect(await rollupMismatches(t.db, acme.entityId)).toEqual([]);

    // The same books as a company that connects for the first time that day.
    const reference = await connectedCompany('A Week Later reference');
    await syncNow(t, reference.entityId);
    expect([...(await importedBooks(reference.entityId)).entries()].sort()).toEqual(
      [...booksAfter.entries()].sort(),
    );
  });

  it('resumes a sync stopped after its first page and ends with every transaction exactly once', async () => {
    const reference = await connectedCompany('Uninterrupted');
    await syncNow(t, reference.entityId, { pageSize: 100 });
    const expected = [...(await importedBooks(reference.entityId)).entries()].sort();

    const acme = await connectedCompany('Interrupted');
    const controller = new AbortController();
    const stopped = syncNow(t, acme.entityId, {
      pageSize: 100,
      signal: controller.signal,
      checkpoint: async () => controller.abort(new Error('killed')),
    });
    await expect(stopped).rejects.toThrow('killed');
    expect((await importedBooks(acme.entityId)).size).toBe(100);
    expect(await apiFlagsOf(t, acme.entityId)).toEqual({ qbo: false, finch: false });
    const resumed = await syncNow(t, acme.entityId, { pageSize: 100, resumeFrom: { pages: 1, added: 100 } });
    expect(resumed.added).toBe(expected.length);
    expect([...(await importedBooks(acme.entityId)).entries()].sort()).toEqual(expected);
    expect(await balanceMismatches(t, acme.entityId)).toEqual([]);
    expect(await apiFlagsOf(t, acme.entityId)).toEqual({ qbo: true, finch: false });
  });

  it('refreshes an expired access token by itself and keeps the new tokens sealed', async () => {
    const acme = await connectedCompany('Refresh');
    await syncNow(t, acme.entityId);
    const before = await quickbooksConnectionRow(t, acme.entityId);
    t.clock.set(new Date(NOON.getTime() + 3 * 3_600_000));
    await syncNow(t, acme.entityId);
    const after = await quickbooksConnectionRow(t, acme.entityId);
    expect(after?.status).toBe('connected');
    expect(after?.accessTokenSealed).not.toBe(before?.accessTokenSealed);
    expect(after?.accessTokenExpiresAt?.getTime()).toBe(NOON.getTime() + 4 * 3_600_000);
  });

  it('marks the connection login_required when its grant was revoked, and fails with a sentence for the user', async () => {
    const acme = await connectedCompany('Revoked');
    await syncNow(t, acme.entityId);
    expect(await quickbooksSandboxOf(t).revokeRealm(SANDBOX_REALM, t.clock.now())).toBeGreaterThan(0);
    const before = await quickbooksSnapshot(t, acme.entityId);
    const failure = await syncNow(t, acme.entityId).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(JobFailure);
    expect(failure).toMatchObject({
      message: 'QuickBooks needs you to sign in again: reconnect it in Settings.',
      retry: false,
    });
    expect((await quickbooksConnectionRow(t, acme.entityId))?.status).toBe('login_required');
    expect(await quickbooksSnapshot(t, acme.entityId)).toEqual({
      ...before,
      status: `login_required:${SANDBOX_REALM}`,
    });
    const refused = await acme.gql(SYNC_QUICKBOOKS, { e: acme.entityId });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'QuickBooks needs you to sign in again: reconnect it in Settings.',
      extensions: { code: 'BAD_USER_INPUT' },
    });

    // Connecting again repairs it: the same connection, carrying on from where it was.
    const { jobId } = await connectQuickbooks(t, acme, { token: await freshToken(t, acme.owner.user.id) });
    expect(jobId).toBeTruthy();
    await t.db
      .update(jobs)
      .set({ status: 'canceled' })
      .where(eq(jobs.id, jobId ?? ''));
    expect((await quickbooksConnectionRow(t, acme.entityId))?.status).toBe('connected');
    expect(await syncNow(t, acme.entityId)).toMatchObject({ added: 0, updated: 0, removed: 0 });
  });
});
