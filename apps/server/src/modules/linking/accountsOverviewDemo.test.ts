import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthCells, reportGrid } from '../../../test/dashboardTestKit';
import { seedDemoAndSignIn } from '../../../test/demoTestKit';
import { createTestApp, TEST_TODAY, type TestApp } from '../../../test/harness';
import { createLedgerFixture } from '../../../test/ledgerTestKit';
import { entities } from '../../db/schema';
import { issueAccessToken } from '../auth/tokens';

/**
 * The Accounts Overview agrees with the books. For the demo company, every month of
 * its history, each group's balance and net worth equal the Financial Report's balance-sheet lines
 * (Banks, Credit Cards, Investments, Loans, Other) as the report query computes them; the accounts
 * nothing links (Mercury Checking), the deposit account and the linked ones appear with their sources;
 * and the current month is the company's, not UTC's.
 */

const OVERVIEW = `query($e: ID!) { accountsOverview(entityId: $e) {
  asOf currentMonth timeZone summary { assets liabilities netWorth }
  groups { name total items { accountId name accountPath provider sourceLabel institutionName ledgerAccountId
    ledgerBalance updatedAt balances { current available } } }
  netWorth { data { date value } } totalAssets { data { date value } }
  groupHistory { name data { date value } } } }`;

type Point = { date: string; value: number };
type Item = {
  accountId: string;
  name: string;
  accountPath: string;
  provider: string;
  sourceLabel: string;
  institutionName: string | null;
  ledgerAccountId: string;
  ledgerBalance: number;
  updatedAt: string | null;
  balances: { current: number | null; available: number | null };
};
type Overview = {
  asOf: string;
  currentMonth: string;
  timeZone: string;
  summary: { assets: number; liabilities: number; netWorth: number };
  groups: { name: string; total: number; items: Item[] }[];
  netWorth: { data: Point[] };
  totalAssets: { data: Point[] };
  groupHistory: { name: string; data: Point[] }[];
};

/** The report's balance-sheet line of each overview group. */
const LINE_OF_GROUP: Record<string, string> = {
  Cash: 'Banks',
  'Credit Cards': 'Credit Cards',
  Investments: 'Investments',
  Loans: 'Loans',
  Other: 'Other',
};

let t: TestApp;
let entityId: string;
let token: string;
let overview: Overview;

async function readOverview(e: string, as = token): Promise<Overview> {
  const result = await t.graphql<{ accountsOverview: Overview }>(OVERVIEW, { e }, as);
  expect(result.errors).toBeUndefined();
  if (!result.data) throw new Error('no overview');
  return result.data.accountsOverview;
}

beforeAll(async () => {
  t = await createTestApp({ env: { JOB_WORKER: 'false' } });
  ({ entityId, token } = await seedDemoAndSignIn(t));
  overview = await readOverview(entityId);
}, 300_000);
afterAll(() => t.close());

describe('the Accounts Overview of the demo company', () => {
  it("equals the Financial Report's balance-sheet lines in every month of its history", async () => {
    const months = overview.netWorth.data.map((point) => point.date.slice(0, 7));
    expect(months.length).toBeGreaterThan(12);
    expect(months.at(-1)).toBe(TEST_TODAY.slice(0, 7));
    const grid = await reportGrid(
      { entityId, gql: (query, variables) => t.graphql(query, variables, token) },
      { s: months[0], end: months.at(-1), a: months.at(-1) },
    );
    const line = (name: string) => {
      const row = grid.lineItems.find((item) => item.name === name && item.itemType === 'AccountTree');
      if (!row) throw new Error(`No ${name} line`);
      return monthCells(grid, row);
    };
    const report = Object.fromEntries(
      Object.entries(LINE_OF_GROUP).map(([group, name]) => [group, line(name)]),
    );
    for (const [index, month] of months.entries()) {
      for (const history of overview.groupHistory) {
        expect(history.data[index]?.value, `${history.name} ${month}`).toBe(report[history.name]?.[month]);
      }
      const at = (group: string) => report[group]?.[month] ?? Number.NaN;
      expect(overview.totalAssets.data[index]?.value, month).toBe(at('Cash') + at('Investments'));
      expect(overview.netWorth.data[index]?.value, month).toBe(
        at('Cash') + at('Investments') - at('Credit Cards') - at('Loans'),
      );
    }
    // The first month already holds the opening balances: no jump from nothing to millions.
    expect(overview.netWorth.data[0]?.value).toBe(
      at0('Cash') + at0('Investments') - at0('Credit Cards') - at0('Loans'),
    );
    function at0(group: string) {
      return report[group]?.[months[0] ?? ''] ?? Number.NaN;
    }
  });

  it('shows every group the report has: banks, the card, investments and the loan, each adding up', () => {
    const current = TEST_TODAY.slice(0, 7);
    for (const group of overview.groups) {
      const history = overview.groupHistory.find((candidate) => candidate.name === group.name);
      expect(group.total, group.name).toBe(history?.data.at(-1)?.value);
      expect(group.total, group.name).toBe(group.items.reduce((sum, item) => sum + item.ledgerBalance, 0));
    }
    const total = (name: string) => overview.groups.find((group) => group.name === name)?.total ?? 0;
    for (const name of ['Cash', 'Credit Cards', 'Investments', 'Loans']) expect(total(name)).not.toBe(0);
    expect(overview.summary).toEqual({
      assets: total('Cash') + total('Investments'),
      liabilities: total('Credit Cards') + total('Loans'),
      netWorth: total('Cash') + total('Investments') - total('Credit Cards') - total('Loans'),
    });
    expect(overview.currentMonth).toBe(current);
    expect(overview.netWorth.data.at(-1)).toEqual({ date: TEST_TODAY, value: overview.summary.netWorth });
    const names = overview.groups.flatMap((group) => group.items.map((item) => item.accountPath));
    expect(names).toEqual(
      expect.arrayContaining([
        'Banks/Mercury Checking',
        'Credit Cards/Amex Corporate',
        'Investments/Treasury Bills',
        'Loans/SBA Loan',
      ]),
    );
  });

  it('names each account’s source: the books alone, the Keel account, the linked banks', () => {
    const items = overview.groups.flatMap((group) =>
      group.items.map((item) => ({ ...item, group: group.name })),
    );
    const mercury = items.find((item) => item.accountPath === 'Banks/Mercury Checking');
    expect(mercury).toMatchObject({
      group: 'Cash',
      provider: 'books',
      sourceLabel: 'Books only',
      institutionName: null,
      updatedAt: null,
      balances: { current: null, available: null },
    });
    expect(mercury?.accountId).toBe(mercury?.ledgerAccountId);
    const keel = items.filter((item) => item.provider === 'keel');
    expect(keel.length).toBeGreaterThan(0);
    for (const item of keel) {
      expect(item).toMatchObject({ group: 'Cash', sourceLabel: 'Keel account', institutionName: 'Keel' });
      expect(item.ledgerBalance, item.name).toBe(item.balances.current);
    }
    const plaid = items.filter((item) => item.provider === 'plaid');
    expect(plaid.length).toBeGreaterThan(0);
    for (const item of plaid) expect(item.sourceLabel).toBe('Linked · Plaid');
    expect(items.filter((item) => item.provider === 'moneykit').map((item) => item.sourceLabel)).toContain(
      'Linked · MoneyKit',
    );
  });
});

describe('the current month of the overview', () => {
  it("is the company's own: 23:30 in Los Angeles on the last day of a month is still that month", async () => {
    const company = await createLedgerFixture(t, 'Pacific Overview');
    await t.db
      .update(entities)
      .set({ timeZone: 'America/Los_Angeles' })
      .where(eq(entities.id, company.entityId));
    const saved = t.clock.now();
    // 2026-11-30 23:30 in Los Angeles (PST, UTC-8) is 2026-12-01 07:30 UTC.
    t.clock.set(new Date('2026-12-01T07:30:00.000Z'));
    try {
      const fresh = await issueAccessToken(t.db, t.clock, company.owner.user.id, 1);
      const result = await company.gql<{ accountsOverview: Overview }>(
        OVERVIEW,
        { e: company.entityId },
        fresh.token,
      );
      expect(result.errors).toBeUndefined();
      const shown = result.data!.accountsOverview;
      expect(shown).toMatchObject({
        asOf: '2026-11-30',
        currentMonth: '2026-11',
        timeZone: 'America/Los_Angeles',
      });
      expect(shown.netWorth.data.at(-1)?.date).toBe('2026-11-30');
      // The same instant in a company on UTC is already December.
      const utc = await createLedgerFixture(t, 'Greenwich Overview');
      const utcToken = await issueAccessToken(t.db, t.clock, utc.owner.user.id, 1);
      const other = await utc.gql<{ accountsOverview: Overview }>(
        OVERVIEW,
        { e: utc.entityId },
        utcToken.token,
      );
      expect(other.data?.accountsOverview).toMatchObject({ asOf: '2026-12-01', currentMonth: '2026-12' });
    } finally {
      t.clock.set(saved);
    }
  });
});
