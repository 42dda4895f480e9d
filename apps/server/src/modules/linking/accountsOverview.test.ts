import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectQuickbooks,
  QUICKBOOKS_ACCOUNTS,
  type QuickbooksAccountView,
  syncNow,
} from '../../../test/accountingTestKit';
import { deposit, openDepositAccount } from '../../../test/bankingTestKit';
import { monthCells, reportGrid } from '../../../test/dashboardTestKit';
import { createTestApp, TEST_TODAY, type TestApp } from '../../../test/harness';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledgerTestKit';
import { booksBalance, linkMoneykit, linkPlaid, syncLink } from '../../../test/linkingTestKit';
import { queryRows } from '../../db/queryRows';

/**
 * AccountsOverview (spec §2 /accounts): the linked accounts by group, the summary of assets and
 * liabilities, and the net worth and total assets series, checked against the provider, the books and
 * the report.
 */

const OVERVIEW = `query($e: ID!) { accountsOverview(entityId: $e) {
  asOf summary { assets liabilities netWorth }
  groups { name total items { accountId accountingCategory name mask officialName ledgerAccountId ledgerBalance
    institutionName provider sourceLabel needsReconnect updatedAt balances { current available } } }
  netWorth { id name color data { date value } } totalAssets { id name color data { date value } } } }`;

type Item = {
  name: string;
  ledgerAccountId: string;
  ledgerBalance: number;
  provider: string;
  sourceLabel: string;
  balances: { current: number | null };
};
type Overview = {
  asOf: string;
  summary: { assets: number; liabilities: number; netWorth: number };
  groups: { name: string; total: number; items: Item[] }[];
  netWorth: { id: string; name: string; data: { date: string; value: number }[] };
  totalAssets: { id: string; name: string; data: { date: string; value: number }[] };
};

let t: TestApp;
let acme: LedgerFixture;
let overview: Overview;

beforeAll(async () => {
  t = await createTestApp({ env: { JOB_WORKER: 'false' } });
  acme = await createLedgerFixture(t, 'Overview Co');
  for (const link of [
    (await linkPlaid(t, acme)).itemId,
    (await linkPlaid(t, acme, 'ins_109509')).itemId,
    (await linkPlaid(t, acme, 'ins_109511')).itemId,
    (await linkMoneykit(t, acme)).id,
  ]) {
    await syncLink(t, link);
  }
  const result = await acme.gql<{ accountsOverview: Overview }>(OVERVIEW, { e: acme.entityId });
  expect(result.errors).toBeUndefined();
  overview = result.data!.accountsOverview;
});
afterAll(() => t.close());

/** The raw balance (debits positive) of these accounts in the books at the end of a day. */
async function booksThrough(ledgerAccountIds: string[], date: string): Promise<number> {
  const [row] = await queryRows<{ total: string }>(
    t.db,
    sql`SELECT coalesce(sum(amount), 0)::text AS total FROM entries
        WHERE account_id = ANY(${sql.param(ledgerAccountIds)}::uuid[]) AND scenario = 'actual' AND date <= ${date}::date`,
  );
  return Number(row?.total ?? 0);
}

/** A sub-account of `parentId`, made through the API. */
async function addAccount(fixture: LedgerFixture, name: string, parentId: string): Promise<string> {
  const result = await fixture.gql<{ createAccount: { id: string } }>(
    'mutation($e: ID!, $p: ID!, $n: String!) { createAccount(entityId: $e, parentId: $p, name: $n) { id } }',
    { e: fixture.entityId, p: parentId, n: name },
  );
  expect(result.errors).toBeUndefined();
  return result.data!.createAccount.id;
}

/** `amount` (debit-positive cents) on `accountId` against `againstId`, booked through the API. */
async function bookTransfer(
  fixture: LedgerFixture,
  accountId: string,
  againstId: string,
  amount: number,
  date: string,
): Promise<void> {
  const result = await fixture.gql(
    `mutation($e: ID!, $a: ID!, $g: ID!, $d: Date!, $m: Cents!) {
      createUserTransaction(entityId: $e, accountId: $a, againstId: $g, date: $d, amount: $m) { id } }`,
    { e: fixture.entityId, a: accountId, g: againstId, d: date, m: amount },
  );
  expect(result.errors).toBeUndefined();
}

describe('AccountsOverview', () => {
  it('groups the linked accounts Cash, Credit Cards, Investments, Loans, Other, with their sources', () => {
    const linked = overview.groups.map((group) => [
      group.name,
      group.items.filter((item) => item.provider !== 'books').map((item) => item.name),
    ]);
    expect(linked).toEqual([
      [
        'Cash',
        expect.arrayContaining([
          'Plaid Checking',
          'Plaid Saving',
          'Gingham Business Checking',
          'Tartan Checking',
          'Bramble Business Checking',
        ]),
      ],
      ['Credit Cards', expect.arrayContaining(['Plaid Credit Card', 'Bramble Rewards Card'])],
      ['Investments', ['Tartan Brokerage']],
      ['Loans', ['Gingham Equipment Loan']],
      ['Other', []],
    ]);
    expect(linked[0]?.[1]).toHaveLength(5);
    expect(linked[1]?.[1]).toHaveLength(2);
    const items = overview.groups.flatMap((group) => group.items);
    for (const item of items.filter((one) => one.provider === 'plaid'))
      expect(item.sourceLabel).toBe('Linked · Plaid');
    for (const item of items.filter((one) => one.provider === 'moneykit'))
      expect(item.sourceLabel).toBe('Linked · MoneyKit');
    // What the opening balances were booked against: an account of the books alone, under Other.
    const other = overview.groups.find((group) => group.name === 'Other');
    expect(other?.items.map((item) => [item.name, item.provider, item.sourceLabel])).toEqual([
      ['Opening Balance Equity', 'books', 'Books only'],
    ]);
  });

  it("shows each account at the bank's balance, which is its balance in the books", async () => {
    for (const group of overview.groups) {
      for (const item of group.items) {
        if (item.provider === 'books') continue;
        expect(item.ledgerBalance, item.name).toBe(item.balances.current);
        const owed = group.name === 'Credit Cards' || group.name === 'Loans';
        expect(await booksBalance(t, item.ledgerAccountId)).toBe(
          owed ? -item.ledgerBalance : item.ledgerBalance,
        );
      }
      expect(group.total).toBe(group.items.reduce((sum, item) => sum + item.ledgerBalance, 0));
    }
  });

  it('sums assets and liabilities (what the cards and loans owe) into net worth', () => {
    const total = (name: string) => overview.groups.find((group) => group.name === name)?.total ?? 0;
    expect(overview.summary).toEqual({
      assets: total('Cash') + total('Investments'),
      liabilities: total('Credit Cards') + total('Loans'),
      netWorth: total('Cash') + total('Investments') - total('Credit Cards') - total('Loans'),
    });
    expect(overview.summary.liabilities).toBeGreaterThan(100_000_00);
  });

  it('charts net worth and total assets month by month from the books, ending at the summary', async () => {
    const dates = overview.netWorth.data.map((point) => point.date);
    expect(dates).toEqual(['2026-08-31', '2026-09-30', '2026-10-31', TEST_TODAY]);
    expect(overview.totalAssets.data.map((point) => point.date)).toEqual(dates);
    expect(overview.netWorth.data.at(-1)?.value).toBe(overview.summary.netWorth);
    expect(overview.totalAssets.data.at(-1)?.value).toBe(overview.summary.assets);
    const ids = (names: string[]) =>
      overview.groups
        .filter((group) => names.includes(group.name))
        .flatMap((g) => g.items.map((i) => i.ledgerAccountId));
    for (const [index, date] of dates.entries()) {
      expect(overview.netWorth.data[index]?.value).toBe(
        await booksThrough(ids(['Cash', 'Investments', 'Credit Cards', 'Loans']), date),
      );
      expect(overview.totalAssets.data[index]?.value).toBe(
        await booksThrough(ids(['Cash', 'Investments']), date),
      );
    }
    expect(overview.netWorth).toMatchObject({ id: 'netWorth', name: 'Net Worth' });
    expect(overview.totalAssets).toMatchObject({ id: 'totalAssets', name: 'Total Assets' });
  });

  it("agrees with the report's balance sheet lines", async () => {
    const grid = await reportGrid(acme, { s: '2026-08', end: '2026-11', a: '2026-11' });
    const line = (name: string) => {
      const row = grid.lineItems.find(
        (item) => item.name === name && item.itemType === 'AccountTree' && !item.isLeaf,
      );
      if (!row) throw new Error(`No ${name} line`);
      return monthCells(grid, row);
    };
    const [banks, cards, investments, loans] = ['Banks', 'Credit Cards', 'Investments', 'Loans'].map(line);
    for (const [index, month] of ['2026-08', '2026-09', '2026-10', '2026-11'].entries()) {
      const assets = (banks?.[month] ?? 0) + (investments?.[month] ?? 0);
      expect(overview.totalAssets.data[index]?.value, month).toBe(assets);
      expect(overview.netWorth.data[index]?.value, month).toBe(
        assets - (cards?.[month] ?? 0) - (loans?.[month] ?? 0),
      );
    }
  });

  it("counts Keel's own deposit accounts as cash, at the bank's balance, which is the books' too", async () => {
    const keel = await createLedgerFixture(t, 'Keel Banked');
    const account = await openDepositAccount(keel);
    await deposit(t, account.id, 250_075, '2026-10-05');
    await deposit(t, account.id, 1_000, TEST_TODAY);
    const plaid = await linkPlaid(t, keel);
    await syncLink(t, plaid.itemId);
    const result = await keel.gql<{ accountsOverview: Overview }>(OVERVIEW, { e: keel.entityId });
    expect(result.errors).toBeUndefined();
    const shown = result.data!.accountsOverview;
    const cash = shown.groups.find((group) => group.name === 'Cash');
    const item = cash?.items.find((candidate) => candidate.ledgerAccountId === account.ledgerAccountId);
    expect(item).toMatchObject({
      name: account.name,
      mask: account.accountNumber.slice(-4),
      provider: 'keel',
      institutionName: 'Keel',
      needsReconnect: false,
      ledgerBalance: 251_075,
      balances: { current: 251_075 },
    });
    expect(await booksBalance(t, account.ledgerAccountId)).toBe(251_075);
    expect(cash?.total).toBe(cash?.items.reduce((sum, one) => sum + one.ledgerBalance, 0));
    expect(shown.summary.assets).toBe(
      shown.groups
        .filter((group) => group.name === 'Cash' || group.name === 'Investments')
        .reduce((sum, group) => sum + group.total, 0),
    );
    expect(shown.totalAssets.data.at(-1)?.value).toBe(shown.summary.assets);
  });

  it("shows the accounting source's bank, card and loan accounts at QuickBooks' balances, which are the books'", async () => {
    const qbo = await createLedgerFixture(t, 'Books In QuickBooks');
    await connectQuickbooks(t, qbo);
    await syncNow(t, qbo.entityId);
    const result = await qbo.gql<{ accountsOverview: Overview }>(OVERVIEW, { e: qbo.entityId });
    expect(result.errors).toBeUndefined();
    const shown = result.data!.accountsOverview;
    const items = shown.groups.flatMap((group) =>
      group.items.map((item) => ({ ...item, group: group.name })),
    );
    const fromQuickbooks = items.filter((item) => item.provider === 'quickbooks');
    const listed = await qbo.gql<{ quickbooksAccounts: QuickbooksAccountView[] }>(QUICKBOOKS_ACCOUNTS, {
      e: qbo.entityId,
    });
    const banks = listed.data!.quickbooksAccounts.filter((account) =>
      ['Bank', 'Credit Card', 'Long Term Liability'].includes(account.accountType),
    );
    expect(banks.length).toBeGreaterThan(1);
    for (const account of banks) {
      const item = fromQuickbooks.find((candidate) => candidate.ledgerAccountId === account.ledgerAccountId);
      expect(item, account.name).toMatchObject({
        name: account.name,
        balances: { current: account.currentBalance },
      });
      expect(item?.ledgerBalance, account.name).toBe(item?.balances.current);
      expect(item?.group).toBe(
        account.accountType === 'Bank'
          ? 'Cash'
          : account.accountType === 'Credit Card'
            ? 'Credit Cards'
            : 'Loans',
      );
    }
    // Its other accounts (receivables, equity…) show under Other, as the report's Other line has them.
    for (const item of items.filter(
      (one) => /receivable|equity/i.test(one.name) && one.ledgerBalance !== 0,
    )) {
      expect(item.group, item.name).toBe('Other');
    }
  });

  it('shows an account of the books nothing feeds, in the group of its root, as the report does', async () => {
    const books = await createLedgerFixture(t, 'Books Only Co');
    const savings = await addAccount(books, 'Reserve Savings', await books.account('Banks'));
    const income = await books.account('Income');
    await bookTransfer(books, savings, income, 1_234_56, '2026-09-14');
    await bookTransfer(books, await books.account('Investments'), income, 50_000_00, '2026-10-01');
    const shown = (await books.gql<{ accountsOverview: Overview }>(OVERVIEW, { e: books.entityId })).data!
      .accountsOverview;
    const cash = shown.groups.find((group) => group.name === 'Cash');
    expect(cash?.items).toEqual([
      expect.objectContaining({
        name: 'Reserve Savings',
        provider: 'books',
        sourceLabel: 'Books only',
        ledgerBalance: 1_234_56,
        balances: { current: null, available: null },
      }),
    ]);
    expect(shown.groups.find((group) => group.name === 'Investments')?.items).toEqual([
      expect.objectContaining({ name: 'Investments', provider: 'books', ledgerBalance: 50_000_00 }),
    ]);
    expect(shown.summary).toEqual({ assets: 51_234_56, liabilities: 0, netWorth: 51_234_56 });
    expect(shown.netWorth.data).toEqual([
      { date: '2026-09-30', value: 1_234_56 },
      { date: '2026-10-31', value: 51_234_56 },
      { date: TEST_TODAY, value: 51_234_56 },
    ]);
  });

  it('is empty for a company with no links, and refused to a card-only member', async () => {
    const empty = await createLedgerFixture(t, 'No Links');
    const result = await empty.gql<{ accountsOverview: Overview }>(OVERVIEW, { e: empty.entityId });
    expect(result.data?.accountsOverview.summary).toEqual({ assets: 0, liabilities: 0, netWorth: 0 });
    expect(result.data?.accountsOverview.netWorth.data).toEqual([{ date: TEST_TODAY, value: 0 }]);
    const cardOnly = await empty.member('card_only');
    const refused = await empty.gql(OVERVIEW, { e: empty.entityId }, cardOnly);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
