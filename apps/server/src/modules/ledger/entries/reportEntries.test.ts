import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';
import {
  createLedgerFixture,
  insertImportedTransaction,
  type LedgerFixture,
} from '../../../../test/ledgerTestKit';

let t: TestApp;
let acme: LedgerFixture;
let other: LedgerFixture;
let software: string;
let hosting: string;

const REPORT_ENTRIES = `query($reportId: ID, $accountId: ID!, $accountIds: [ID!], $startDate: Date, $endDate: Date,
  $actualsEndDate: Date, $first: Int, $after: String, $search: String) {
  reportEntries(reportId: $reportId, accountId: $accountId, accountIds: $accountIds, startDate: $startDate, endDate: $endDate,
                actualsEndDate: $actualsEndDate, period: "month", timeZone: "UTC") {
    reportItem { accountId name sign }
    entries(first: $first, after: $after, search: $search) {
      totalCount totalAmount
      pageInfo { hasNextPage hasPreviousPage endCursor }
      edges { cursor node { id name memo date amount accountId accountType transactionType scenario entityId account { name } refTransaction { id } } }
    }
  }
}`;

type Page = {
  reportEntries: {
    reportItem: { accountId: string; name: string; sign: number };
    entries: {
      totalCount: number;
      totalAmount: number;
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
      edges: {
        node: {
          id: string;
          name: string;
          date: string;
          amount: number;
          scenario: string;
          transactionType: string;
        };
      }[];
    };
  };
};

async function book(accountId: string, date: string, amount: number, name: string, memo = '') {
  const result = await acme.gql(
    `mutation($e: ID!, $a: ID!, $d: Date!, $m: Cents!, $n: String, $memo: String) {
      createUserTransaction(entityId: $e, accountId: $a, date: $d, amount: $m, name: $n, memo: $memo) { id } }`,
    { e: acme.entityId, a: accountId, d: date, m: amount, n: name, memo },
  );
  expect(result.errors).toBeUndefined();
}

const query = (variables: Record<string, unknown>, token?: string) =>
  acme.gql<Page>(REPORT_ENTRIES, { reportId: acme.reportId, accountId: software, ...variables }, token);

beforeAll(async () => {
  t = await createTestApp();
  acme = await createLedgerFixture(t, 'Acme');
  other = await createLedgerFixture(t, 'Other Co');
  const created = async (name: string) => {
    const result = await acme.gql<{ createAccount: { id: string } }>(
      'mutation($e: ID!, $p: ID!, $n: String!) { createAccount(entityId: $e, parentId: $p, name: $n) { id } }',
      { e: acme.entityId, p: await acme.account('Expense'), n: name },
    );
    return result.data!.createAccount.id;
  };
  software = await created('Software');
  hosting = await created('Hosting');
  await book(software, '2026-09-03', 1000, 'Figma');
  await book(software, '2026-10-07', 2000, 'Notion', 'team plan');
  await book(software, '2026-10-21', 3000, 'GitHub');
  await book(software, '2026-11-30', 4000, 'Linear');
  await book(software, '2026-12-15', 5000, 'Booked ahead'); // an actual entry after the cutoff month
  await book(hosting, '2026-10-10', 700, 'AWS');
  await insertImportedTransaction(t.db, acme.entityId, {
    date: '2026-10-15',
    name: 'Slack',
    memo: 'imported from bank',
    legs: [
      { accountId: await acme.account('Banks'), amount: -600 },
      { accountId: software, amount: 600 },
    ],
  });
  const forecast = await acme.gql(
    `mutation($e: ID!, $a: ID!) { createForecast(entityId: $e, accountId: $a, date: "2026-10", amount: 1, name: "Tools budget") { id } }`,
    { e: acme.entityId, a: software },
  );
  expect(forecast.errors).toBeUndefined();
});
afterAll(async () => {
  await t.close();
});

describe('ReportEntries', () => {
  it('lists the account’s actual entries up to the cutoff month and forecast entries after it, newest first', async () => {
    const result = await query({
      startDate: '2026-09-01',
      endDate: '2027-01-31',
      actualsEndDate: '2026-11-01',
    });
    expect(result.errors).toBeUndefined();
    expect(result.data?.reportEntries.reportItem).toEqual({ accountId: software, name: 'Software', sign: 1 });
    const nodes = result.data!.reportEntries.entries.edges.map((edge) => edge.node);
    expect(nodes.map((node) => [node.date, node.name, node.scenario])).toEqual([
      ['2027-01-01', 'Tools budget', 'forecast'],
      ['2026-12-01', 'Tools budget', 'forecast'],
      ['2026-11-30', 'Linear', 'actual'],
      ['2026-10-21', 'GitHub', 'actual'],
      ['2026-10-15', 'Slack', 'actual'],
      ['2026-10-07', 'Notion', 'actual'],
      ['2026-09-03', 'Figma', 'actual'],
    ]);
    expect(result.data?.reportEntries.entries.totalCount).toBe(7);
    expect(result.data?.reportEntries.entries.totalAmount).toBe(200 + 4000 + 3000 + 600 + 2000 + 1000);
    expect(nodes.find((node) => node.name === 'Slack')?.transactionType).toBe('Imported');
  });

  it('defaults the cutoff to the current month and takes sub-accounts through accountIds', async () => {
    const result = await query({ accountIds: [hosting], startDate: '2026-10-01', endDate: '2026-10-31' });
    const names = result.data!.reportEntries.entries.edges.map((edge) => edge.node.name);
    expect(names).toEqual(['GitHub', 'Slack', 'AWS', 'Notion']);
  });

  it('searches name and memo case-insensitively, literally', async () => {
    const byMemo = await query({ search: 'TEAM' });
    expect(byMemo.data?.reportEntries.entries.edges.map((edge) => edge.node.name)).toEqual(['Notion']);
    const byName = await query({ search: 'git' });
    expect(byName.data?.reportEntries.entries.edges.map((edge) => edge.node.name)).toEqual(['GitHub']);
    const wildcard = await query({ search: '%' });
    expect(wildcard.data?.reportEntries.entries.totalCount).toBe(0);
  });

  it('pages with cursors until every entry was seen once', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 100; page += 1) {
      const result: { data?: Page } = await query({
        first: 7,
        after,
        startDate: '2026-01-01',
        endDate: '2031-12-31',
      });
      const connection = result.data!.reportEntries.entries;
      seen.push(...connection.edges.map((edge) => edge.node.id));
      expect(connection.edges.length).toBeLessThanOrEqual(7);
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    const all = await query({ first: 500, startDate: '2026-01-01', endDate: '2031-12-31' });
    expect(seen).toEqual(all.data!.reportEntries.entries.edges.map((edge) => edge.node.id));
    expect(new Set(seen).size).toBe(all.data!.reportEntries.entries.totalCount);
    expect(seen.length).toBeGreaterThan(60);
  });

  it('refuses foreign accounts and reports, bad ranges and cursors, and members without read access', async () => {
    const foreign = await acme.gql(REPORT_ENTRIES, { accountId: await other.account('Expense') });
    expect(foreign.errors?.[0]).toMatchObject({
      message: 'Account not found',
      extensions: { code: 'NOT_FOUND' },
    });
    const foreignIds = await query({ accountIds: [await other.account('Expense')] });
    expect(foreignIds.errors?.[0]).toMatchObject({
      message: 'Account not found',
      extensions: { code: 'NOT_FOUND' },
    });
    const foreignReport = await query({ reportId: other.reportId });
    expect(foreignReport.errors?.[0]).toMatchObject({ message: `Report not found: ${other.reportId}` });
    const backwards = await query({ startDate: '2026-10-02', endDate: '2026-10-01' });
    expect(backwards.errors?.[0]).toMatchObject({
      message: 'The end date must not be before the start date',
    });
    const badCursor = await query({ after: 'garbage' });
    expect(badCursor.errors?.[0]).toMatchObject({
      message: 'Invalid cursor',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const tooMany = await query({ first: 501 });
    expect(tooMany.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const badDate = await query({ startDate: '2026-02-30' });
    expect(badDate.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const cardOnly = await query({}, await acme.member('card_only'));
    expect(cardOnly.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const bookkeeper = await query({}, await acme.member('bookkeeper'));
    expect(bookkeeper.errors).toBeUndefined();
    const anonymous = await t.graphql(REPORT_ENTRIES, { accountId: software });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('EntryWithHistory', () => {
  it('shows the timeline of an entry: created, changed, moved, with who and which account', async () => {
    await book(software, '2026-11-11', 100, 'Loom');
    const listed = await query({ search: 'loom' });
    const id = listed.data!.reportEntries.entries.edges[0]!.node.id;
    await acme.gql(
      'mutation($id: ID!) { updateEntry(id: $id, amount: 150, name: "Loom Business") { errors } }',
      { id },
    );
    await acme.gql('mutation($id: ID!, $a: ID!) { updateEntry(id: $id, accountId: $a) { errors } }', {
      id,
      a: hosting,
    });
    const result = await acme.gql<{
      entryWithHistory: {
        entry: { name: string; account: { name: string } };
        history: {
          event: string;
          userName: string | null;
          objectChanges: {
            account: { before: string | null; after: string | null } | null;
            amount: { before: number | null; after: number | null } | null;
            name: { before: string | null; after: string | null } | null;
            updatedAt: { before: string | null; after: string | null };
          };
        }[];
        rules: unknown[];
      };
    }>(
      `query($id: ID!) { entryWithHistory(id: $id) {
        entry { name account { name } }
        history { event userName createdAt objectChanges { account { before after } amount { before after } name { before after } updatedAt { before after } } }
        rules { id }
      } }`,
      { id },
    );
    expect(result.errors).toBeUndefined();
    const history = result.data!.entryWithHistory.history;
    expect(result.data?.entryWithHistory.entry).toEqual({
      name: 'Loom Business',
      account: { name: 'Hosting' },
    });
    expect(history.map((change) => change.event)).toEqual(['create', 'update', 'move']);
    expect(history[0]?.objectChanges).toMatchObject({
      account: { before: null, after: 'Software' },
      amount: { before: null, after: 100 },
    });
    expect(history[1]?.objectChanges).toMatchObject({
      account: null,
      amount: { before: 100, after: 150 },
      name: { before: 'Loom', after: 'Loom Business' },
    });
    expect(history[2]?.objectChanges).toMatchObject({
      account: { before: 'Software', after: 'Hosting' },
      amount: null,
    });
    expect(history[0]?.userName).toMatch(/^owner/);
    expect(result.data?.entryWithHistory.rules).toEqual([]);
  });

  it('refuses another company’s entry as not found', async () => {
    const theirs = await other.gql<{ createUserTransaction: { id: string } }>(
      `mutation($e: ID!, $a: ID!) { createUserTransaction(entityId: $e, accountId: $a, date: "2026-10-01", amount: 5) { id } }`,
      { e: other.entityId, a: await other.account('Expense') },
    );
    const result = await acme.gql('query($id: ID!) { entryWithHistory(id: $id) { entry { id } } }', {
      id: theirs.data!.createUserTransaction.id,
    });
    expect(result.errors?.[0]).toMatchObject({
      message: 'Entry not found',
      extensions: { code: 'NOT_FOUND' },
    });
  });
});
