import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_TODAY, type TestApp } from '../../../test/harness';
import {
  createLedgerFixture,
  insertImportedTransaction,
  type LedgerFixture,
} from '../../../test/ledgerTestKit';
import { createSignedInUser } from '../../../test/users';
import { queryRows } from '../../db/queryRows';
import { accounts } from '../../db/schema';
import { generateCompany } from '../../demo/generateCompany';
import { PROVIDER_ACCOUNT_TYPE } from '../entities/service';

const LIST = `query($entityId: ID!, $cursor: String, $nameFilter: String, $accountTypeFilter: String, $first: Int) {
  bookkeepingTransactionsConnection(entityId: $entityId, cursor: $cursor, nameFilter: $nameFilter,
                                    accountTypeFilter: $accountTypeFilter, first: $first) {
    count
    pageInfo { hasNextPage endCursor }
    edges { cursor node { id name amount date categoryName accountName } }
  }
}`;

type Row = {
  id: string;
  name: string;
  amount: number;
  date: string;
  categoryName: string | null;
  accountName: string | null;
};
type Page = {
  bookkeepingTransactionsConnection: {
    count: number;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    edges: { cursor: string; node: Row }[];
  };
};

let t: TestApp;
let acme: LedgerFixture;
let other: LedgerFixture;
let big: { entityId: string; token: string };
let keelChecking: string;

async function list(entityId: string, variables: Record<string, unknown>, token: string) {
  return t.graphql<Page>(LIST, { entityId, ...variables }, token);
}

async function listAcme(variables: Record<string, unknown> = {}) {
  const result = await list(acme.entityId, variables, acme.owner.token);
  expect(result.errors).toBeUndefined();
  return result.data!.bookkeepingTransactionsConnection;
}

/** Every page of a list, following endCursor. */
async function allPages(entityId: string, token: string, variables: Record<string, unknown> = {}) {
  const pages: Page['bookkeepingTransactionsConnection'][] = [];
  let cursor: string | null = null;
  do {
    const result = await list(entityId, { ...variables, cursor }, token);
    expect(result.errors).toBeUndefined();
    const page = result.data!.bookkeepingTransactionsConnection;
    pages.push(page);
    cursor = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
  } while (cursor);
  return pages;
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await createLedgerFixture(t, 'Acme');
  other = await createLedgerFixture(t, 'Other Co');
  const banks = await acme.account('Banks');
  const cards = await acme.account('Credit Cards');
  const income = await acme.account('Income');
  const expense = await acme.account('Expense');
  const [keel] = await t.db
    .insert(accounts)
    .values({
      entityId: acme.entityId,
      parentId: banks,
      ancestry: `/${banks}/`,
      name: 'Keel Checking',
      accountType: 'Bank',
      accountGroup: 'Banks',
      refType: PROVIDER_ACCOUNT_TYPE,
      refId: 'keel-1',
    })
    .returning();
  keelChecking = keel!.id;
  const book = (date: string, name: string, legs: { accountId: string; amount: number }[]) =>
    insertImportedTransaction(t.db, acme.entityId, { date, name, legs });
  await book('2026-10-01', 'Customer payment ACME-100', [
    { accountId: banks, amount: 50_000 },
    { accountId: income, amount: -50_000 },
  ]);
  await book('2026-10-02', 'AWS 100% cloud', [
    { accountId: cards, amount: -1_999 },
    { accountId: expense, amount: 1_999 },
  ]);
  await book('2026-10-03', 'Reclass to marketing', [
    { accountId: expense, amount: 700 },
    { accountId: income, amount: -700 },
  ]);
  await book('2026-10-04', 'Keel deposit', [
    { accountId: keelChecking, amount: 25_000 },
    { accountId: banks, amount: -25_000 },
  ]);
  await book('2026-10-04', 'Payroll', [
    { accountId: keelChecking, amount: -12_000 },
    { accountId: expense, amount: 12_000 },
  ]);
  const forecast = await acme.gql(
    `mutation($e: ID!, $a: ID!) { createForecast(entityId: $e, accountId: $a, date: "2026-12", amount: 10) { id } }`,
    { e: acme.entityId, a: expense },
  );
  expect(forecast.errors).toBeUndefined();

  const owner = await createSignedInUser(t, 'owner@bigco.test');
  const company = await generateCompany(t.db, {
    name: 'Big Co',
    seed: 5,
    today: TEST_TODAY,
    entries: 700,
    months: 6,
    ownerUserId: owner.user.id,
    demo: false,
  });
  big = { entityId: company.entityId, token: owner.token };
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('bookkeepingTransactionsConnection', () => {
  it('pages through more than 150 transactions newest first, returning each exactly once', async () => {
    const [expected] = await queryRows<{ count: number }>(
      t.db,
      sql`SELECT count(*)::int AS count FROM transactions
        WHERE entity_id = ${big.entityId}::uuid AND transaction_type <> 'Budget'`,
    );
    expect(expected!.count).toBeGreaterThan(150);
    const pages = await allPages(big.entityId, big.token);
    expect(pages.length).toBe(Math.ceil(expected!.count / 50));
    expect(pages.slice(0, -1).every((page) => page.edges.length === 50)).toBe(true);
    expect(pages.every((page) => page.count === expected!.count)).toBe(true);
    const rows = pages.flatMap((page) => page.edges.map((edge) => edge.node));
    expect(new Set(rows.map((row) => row.id)).size).toBe(expected!.count);
    const keys = rows.map((row) => `${row.date}|${row.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
  });

  it('keeps later pages unchanged when transactions are added meanwhile', async () => {
    const first = await listAcme({ first: 2 });
    const before = await listAcme({ first: 2, cursor: first.pageInfo.endCursor });
    await insertImportedTransaction(t.db, acme.entityId, {
      date: '2026-11-20',
      name: 'Added while paging',
      legs: [
        { accountId: await acme.account('Banks'), amount: 100 },
        { accountId: await acme.account('Income'), amount: -100 },
      ],
    });
    const after = await listAcme({ first: 2, cursor: first.pageInfo.endCursor });
    expect(after.edges).toEqual(before.edges);
    expect(after.count).toBe(before.count + 1);
  });

  it('shows each transaction from its bank or card side: money in positive, money out negative', async () => {
    const rows = (await listAcme({ first: 50 })).edges.map((edge) => edge.node);
    const byName = (name: string) => rows.find((row) => row.name === name);
    expect(byName('Customer payment ACME-100')).toMatchObject({
      amount: 50_000,
      accountName: 'Banks',
      categoryName: 'Income',
      date: '2026-10-01',
    });
    expect(byName('AWS 100% cloud')).toMatchObject({
      amount: -1_999,
      accountName: 'Credit Cards',
      categoryName: 'Expense',
    });
    // No bank or card side: the credited account stands as the account.
    expect(byName('Reclass to marketing')).toMatchObject({
      amount: -700,
      accountName: 'Income',
      categoryName: 'Expense',
    });
  });

  it('leaves forecasts (Budget transactions) out of the list', async () => {
    const page = await listAcme({ first: 50 });
    expect(page.edges.every((edge) => edge.node.date <= '2026-11-22')).toBe(true);
    expect(page.count).toBe(page.edges.length);
  });

  it('filters by a case-insensitive substring of the name, taking % literally', async () => {
    expect((await listAcme({ nameFilter: 'acme-1' })).edges.map((e) => e.node.name)).toEqual([
      'Customer payment ACME-100',
    ]);
    expect((await listAcme({ nameFilter: '100%' })).edges.map((e) => e.node.name)).toEqual([
      'AWS 100% cloud',
    ]);
    expect((await listAcme({ nameFilter: '1%0' })).count).toBe(0);
    expect((await listAcme({ nameFilter: '   ' })).count).toBe((await listAcme()).count);
  });

  it("filters by account type to the transactions of Keel's own deposit accounts, shown from that account", async () => {
    const page = await listAcme({ accountTypeFilter: PROVIDER_ACCOUNT_TYPE });
    expect(page.count).toBe(2);
    expect(page.edges.map((edge) => edge.node)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Keel deposit', accountName: 'Keel Checking', amount: 25_000 }),
        expect.objectContaining({ name: 'Payroll', accountName: 'Keel Checking', amount: -12_000 }),
      ]),
    );
    const combined = await listAcme({ accountTypeFilter: PROVIDER_ACCOUNT_TYPE, nameFilter: 'payroll' });
    expect(combined.edges.map((edge) => edge.node.name)).toEqual(['Payroll']);
    expect((await listAcme({ accountTypeFilter: 'CreditCard' })).edges.map((e) => e.node.name)).toEqual([
      'AWS 100% cloud',
    ]);
  });

  it('keeps every count exact as transactions are imported, renamed, moved and deleted', async () => {
    const counted = async (variables: Record<string, unknown> = {}) => (await listAcme(variables)).count;
    const recount = async (pattern: string) => {
      const [row] = await queryRows<{ count: number }>(
        t.db,
        sql`SELECT count(*)::int AS count FROM transactions
            WHERE entity_id = ${acme.entityId}::uuid AND transaction_type <> 'Budget' AND name ILIKE ${pattern}`,
      );
      return row?.count ?? -1;
    };
    const banks = await acme.account('Banks');
    const expense = await acme.account('Expense');
    // Asked once, so a kept count exists before each change.
    expect(await counted({ nameFilter: 'stale check' })).toBe(0);
    const ids = await insertImportedTransaction(t.db, acme.entityId, {
      date: '2026-11-05',
      name: 'Stale check 1',
      legs: [
        { accountId: banks, amount: -300 },
        { accountId: expense, amount: 300 },
      ],
    });
    expect(await counted({ nameFilter: 'stale check' })).toBe(1);
    expect(await counted()).toBe(await recount('%'));
    const keelBefore = await counted({ accountTypeFilter: PROVIDER_ACCOUNT_TYPE });
    // A rename in SQL (no entries touched) still shows.
    await t.db.execute(sql`UPDATE transactions SET name = 'Renamed' WHERE id = (
      SELECT transaction_id FROM entries WHERE id = ${ids[0]}::uuid)`);
    expect(await counted({ nameFilter: 'stale check' })).toBe(await recount('%stale check%'));
    expect(await counted({ nameFilter: 'stale check' })).toBe(0);
    // A leg moved onto Keel Checking puts the transaction in the deposit-account list.
    await t.db.execute(sql`UPDATE entries SET account_id = ${keelChecking}::uuid WHERE id = ${ids[0]}::uuid`);
    expect(await counted({ accountTypeFilter: PROVIDER_ACCOUNT_TYPE })).toBe(keelBefore + 1);
    await t.db.execute(
      sql`DELETE FROM transactions WHERE name = 'Renamed' AND entity_id = ${acme.entityId}::uuid`,
    );
    expect(await counted({ accountTypeFilter: PROVIDER_ACCOUNT_TYPE })).toBe(keelBefore);
    expect(await counted()).toBe(await recount('%'));
  });

  it('refuses a malformed cursor with Invalid cursor', async () => {
    for (const cursor of ['garbage', Buffer.from('2026-10-01|not-a-uuid').toString('base64url')]) {
      const result = await list(acme.entityId, { cursor }, acme.owner.token);
      expect(result.errors?.[0]).toMatchObject({
        message: 'Invalid cursor',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
  });

  it('refuses a page size outside 1 to 500', async () => {
    const result = await list(acme.entityId, { first: 0 }, acme.owner.token);
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it("answers Entity not found for another company's entity id or a malformed one", async () => {
    for (const entityId of [acme.entityId, 'not-an-id']) {
      const result = await list(entityId, {}, other.owner.token);
      expect(result.data).toBeNull();
      expect(result.errors?.[0]).toMatchObject({
        message: 'Entity not found',
        extensions: { code: 'NOT_FOUND' },
      });
    }
  });

  it('refuses a caller who is not signed in', async () => {
    const result = await t.graphql(LIST, { entityId: acme.entityId });
    expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
