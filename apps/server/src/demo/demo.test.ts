import { computeHiringPlanCosts, jobPositionKind } from '@keel/domain';
import { verify } from '@node-rs/argon2';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceViews } from '../../test/bankingTestKit';
import {
  dashboardClient,
  expectChartsToMatchReport,
  monthCells,
  monthPlans,
  reportGrid,
} from '../../test/dashboardTestKit';
import { signInDemoOwner } from '../../test/demoTestKit';
import { createTestApp, TEST_TODAY, type TestApp } from '../../test/harness';
import { teamSnapshot } from '../../test/teamTestKit';
import type { Db } from '../db/client';
import { accounts, entities, entries, memberships, models, transactions, users } from '../db/schema';
import { issueAccessToken } from '../modules/auth/tokens';
import { loadHiringPlan, loadHiringSettings } from '../modules/hiring';
import { evaluateStoredModel } from '../modules/models';
import { secretBoxOf } from '../secrets/secretBox';
import { DEMO_COMPANY_NAME, DEMO_HOLDINGS_NAME, DEMO_OWNER, DEMO_PASSWORD, DEMO_USERS } from './demoUsers';
import { BASE_CHART_ACCOUNTS, type GeneratedCompany, generateCompany } from './generateCompany';
import { seedDemoIfEmpty } from './seedDemo';
import { DEMO_CARDS } from './seedDemoCards';
import { seedDemoDashboard } from './seedDemoDashboard';
import { demoPayrollFigures } from './seedDemoHiringPlan';
import { DEMO_OWNER_PROFILE, DEMO_PENDING_INVITE, seedDemoTeam } from './seedDemoTeam';

const CURRENT = TEST_TODAY.slice(0, 7);

let t: TestApp;
let demo: GeneratedCompany;
beforeAll(async () => {
  t = await createTestApp();
  demo = await generateCompany(t.db, { name: 'Generated Co', seed: 7, today: TEST_TODAY });
});
afterAll(async () => {
  await t.close();
});

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Everything a generated company holds except its uuids, in id order (ids rise in generation order). */
async function snapshotBooks(entityId: string) {
  const chart = await t.db
    .select({ name: accounts.name, ancestry: accounts.ancestry, sortOrder: accounts.sortOrder })
    .from(accounts)
    .where(eq(accounts.entityId, entityId))
    .orderBy(asc(accounts.sortOrder), asc(accounts.name));
  const books = await t.db
    .select({
      type: transactions.transactionType,
      name: transactions.name,
      memo: transactions.memo,
      date: transactions.date,
      source: transactions.source,
      externalId: transactions.externalId,
      account: accounts.name,
      amount: entries.amount,
      entryMemo: entries.memo,
    })
    .from(entries)
    .innerJoin(transactions, eq(transactions.id, entries.transactionId))
    .innerJoin(accounts, eq(accounts.id, entries.accountId))
    .where(eq(entries.entityId, entityId))
    .orderBy(asc(transactions.id), asc(entries.id));
  const withoutIds = chart.map(({ ancestry, ...row }) => ({ ...row, depth: ancestry.split('/').length - 2 }));
  return { chart: withoutIds, books };
}

async function accountIdOf(entityId: string, name: string): Promise<string> {
  const [row] = await t.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.entityId, entityId), eq(accounts.name, name)));
  if (!row) throw new Error(`No account ${name}`);
  return row.id;
}

describe('generateCompany', () => {
  it('generates the same books for the same seed and today, and other books for another seed', async () => {
    const options = { seed: 'same', today: TEST_TODAY, entries: 700, months: 8 };
    const first = await generateCompany(t.db, { ...options, name: 'Twin A' });
    const second = await generateCompany(t.db, { ...options, name: 'Twin B' });
    const other = await generateCompany(t.db, { ...options, seed: 'other', name: 'Other' });
    const a = await snapshotBooks(first.entityId);
    expect(a.books.length).toBeGreaterThan(600);
    expect(await snapshotBooks(second.entityId)).toEqual(a);
    expect((await snapshotBooks(other.entityId)).books).not.toEqual(a.books);
  });

  it('makes ids that depend only on the seed and the entity, rising in generation order', async () => {
    const ids = await t.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.entityId, demo.entityId))
      .orderBy(asc(transactions.date), asc(transactions.id));
    expect(new Set(ids.map(({ id }) => id.slice(0, 23))).size).toBe(1);
    const counters = ids.map(({ id }) => Number.parseInt(id.slice(-12), 16));
    expect(counters).toEqual(counters.map((_, i) => i + 1));
  });

  it('generates a demo-sized company: about 3,000 entries over 24 months', () => {
    expect(demo.accounts).toBe(BASE_CHART_ACCOUNTS);
    expect(demo.entries).toBeGreaterThan(2_800);
    expect(demo.entries).toBeLessThan(3_300);
    expect(demo.transactions).toBeGreaterThan(1_000);
  });

  it('balances every transaction and gives each at least two entries', async () => {
    const unbalanced = await rowsOf<{ id: string }>(
      t.db,
      sql`SELECT transaction_id AS id FROM entries WHERE entity_id = ${demo.entityId}::uuid
          GROUP BY transaction_id HAVING sum(amount) <> 0 OR count(*) < 2`,
    );
    expect(unbalanced).toEqual([]);
    const orphans = await rowsOf<{ count: number }>(
      t.db,
      sql`SELECT count(*)::int AS count FROM transactions t WHERE t.entity_id = ${demo.entityId}::uuid
          AND NOT EXISTS (SELECT 1 FROM entries e WHERE e.transaction_id = t.id)`,
    );
    expect(orphans[0]?.count).toBe(0);
  });

  it('dates nothing after today and covers the 24 months ending with the current one', async () => {
    const [range] = await rowsOf<{ first: string; last: string; months: number }>(
      t.db,
      sql`SELECT min(date)::text AS first, max(date)::text AS last, count(DISTINCT to_char(date, 'YYYY-MM'))::int AS months
          FROM entries WHERE entity_id = ${demo.entityId}::uuid`,
    );
    expect(range).toEqual({ first: '2024-12-01', last: expect.any(String), months: 24 });
    expect(range!.last <= TEST_TODAY).toBe(true);
    const [transactionRange] = await rowsOf<{ last: string }>(
      t.db,
      sql`SELECT max(date)::text AS last FROM transactions WHERE entity_id = ${demo.entityId}::uuid`,
    );
    expect(transactionRange!.last <= TEST_TODAY).toBe(true);
  });

  it('posts only in integer cents, to leaf accounts, with entries dated like their transaction', async () => {
    const [row] = await rowsOf<{ parents: number; misdated: number }>(
      t.db,
      sql`SELECT
            count(*) FILTER (WHERE EXISTS (SELECT 1 FROM accounts c WHERE c.parent_id = e.account_id))::int AS parents,
            count(*) FILTER (WHERE e.date <> t.date OR e.name <> t.name)::int AS misdated
          FROM entries e JOIN transactions t ON t.id = e.transaction_id WHERE e.entity_id = ${demo.entityId}::uuid`,
    );
    expect(row).toEqual({ parents: 0, misdated: 0 });
  });

  it('builds a chart with consistent ancestry and spending accounts four levels under Expense', async () => {
    const chart = await t.db.select().from(accounts).where(eq(accounts.entityId, demo.entityId));
    const byId = new Map(chart.map((account) => [account.id, account]));
    for (const account of chart) {
      const parent = account.parentId ? byId.get(account.parentId) : undefined;
      expect(account.ancestry).toBe(parent ? `${parent.ancestry}${parent.id}/` : '/');
      if (parent) expect([account.accountType, account.sign]).toEqual([parent.accountType, parent.sign]);
    }
    const expense = chart.find((account) => account.name === 'Expense' && account.parentId === null);
    const fourDeep = chart.filter(
      (account) =>
        account.ancestry.startsWith(`/${expense?.id}/`) && account.ancestry.split('/').length === 5,
    );
    const pathOf = (id: string): string => {
      const account = byId.get(id);
      return account?.parentId ? `${pathOf(account.parentId)}/${account.name}` : (account?.name ?? '');
    };
    expect(fourDeep.map((account) => pathOf(account.id))).toEqual(
      expect.arrayContaining([
        'Expense/Operating Expenses/Payroll/Salaries',
        'Expense/Operating Expenses/Software/Cloud Hosting',
        'Expense/Operating Expenses/Travel/Airfare',
        'Expense/Operating Expenses/Facilities/Rent',
        'Expense/Operating Expenses/Travel/Meals',
      ]),
    );
    const spent = await t.db
      .selectDistinct({ accountId: entries.accountId })
      .from(entries)
      .where(
        and(
          eq(entries.entityId, demo.entityId),
          inArray(
            entries.accountId,
            fourDeep.map((account) => account.id),
          ),
        ),
      );
    expect(spent.length).toBeGreaterThanOrEqual(10);
    const names = new Set(chart.map((account) => pathOf(account.id)));
    for (const path of ['Banks/Mercury Checking', 'Banks/Savings', 'Credit Cards/Amex Corporate']) {
      expect(names.has(path)).toBe(true);
    }
    for (const path of ['Investments/Treasury Bills', 'Loans/SBA Loan', 'Income/Revenue/Subscriptions']) {
      expect(names.has(path)).toBe(true);
    }
  });

  it('fills the actual monthly rollups with exactly the monthly sums of the entries', async () => {
    const mismatches = await rowsOf<{ account_id: string }>(
      t.db,
      sql`WITH recount AS (
            SELECT account_id, to_char(date, 'YYYY-MM') AS month, sum(amount) AS amount
            FROM entries WHERE entity_id = ${demo.entityId}::uuid GROUP BY 1, 2),
          rolled AS (
            SELECT account_id, month, amount FROM monthly_rollups
            WHERE entity_id = ${demo.entityId}::uuid AND scenario = 'actual')
          SELECT coalesce(r.account_id, c.account_id) AS account_id
          FROM recount c FULL OUTER JOIN rolled r ON r.account_id = c.account_id AND r.month = c.month
          WHERE r.amount IS DISTINCT FROM c.amount`,
    );
    expect(mismatches).toEqual([]);
    expect(demo.rollups).toBeGreaterThan(500);
  });

  it('keeps checking above zero every day and ends with 12 to 20 months of runway', async () => {
    const checking = await accountIdOf(demo.entityId, 'Mercury Checking');
    const savings = await accountIdOf(demo.entityId, 'Savings');
    const days = await rowsOf<{ amount: number }>(
      t.db,
      sql`SELECT sum(amount)::float8 AS amount FROM entries
          WHERE entity_id = ${demo.entityId}::uuid AND account_id = ${checking}::uuid GROUP BY date ORDER BY date`,
    );
    let balance = 0;
    let lowest = Number.POSITIVE_INFINITY;
    for (const day of days) {
      balance += day.amount;
      lowest = Math.min(lowest, balance);
    }
    expect(lowest).toBeGreaterThan(0);
    const months = await rowsOf<{ month: string; net: number }>(
      t.db,
      sql`SELECT month, sum(amount)::float8 AS net FROM monthly_rollups
          WHERE entity_id = ${demo.entityId}::uuid AND account_id IN (${checking}::uuid, ${savings}::uuid)
          GROUP BY month ORDER BY month`,
    );
    const cash = months.reduce((sum, month) => sum + month.net, 0);
    // The last three complete months (the current month is partial).
    const burn = -months.slice(-4, -1).reduce((sum, month) => sum + month.net, 0) / 3;
    expect(burn).toBeGreaterThan(0);
    expect(cash / burn).toBeGreaterThanOrEqual(12);
    expect(cash / burn).toBeLessThanOrEqual(20);
  });

  it('books card spend, payoffs, payroll, revenue, and a mix of imported and user transactions', async () => {
    const kinds = await rowsOf<{ name: string; type: string; source: string | null; count: number }>(
      t.db,
      sql`SELECT name, transaction_type AS type, source, count(*)::int AS count FROM transactions
          WHERE entity_id = ${demo.entityId}::uuid GROUP BY 1, 2, 3`,
    );
    const count = (name: string) => kinds.find((kind) => kind.name === name)?.count ?? 0;
    expect(count('Gusto Payroll')).toBe(47);
    expect(count('WeWork Rent')).toBe(24);
    expect(count('American Express Payment')).toBe(23);
    expect(count('Stripe Payout')).toBeGreaterThan(100);
    expect(count('AWS')).toBe(24);
    expect(count('Series Seed Financing')).toBe(1);
    expect(count('Series A Financing')).toBe(1);
    const imported = kinds.filter((kind) => kind.type === 'Imported');
    const booked = kinds.filter((kind) => kind.type === 'UserTransaction');
    expect(imported.every((kind) => kind.source === 'plaid')).toBe(true);
    expect(booked.reduce((sum, kind) => sum + kind.count, 0)).toBeGreaterThanOrEqual(5);
    const memos = await t.db
      .selectDistinct({ memo: transactions.memo })
      .from(transactions)
      .where(eq(transactions.entityId, demo.entityId));
    expect(memos.length).toBeGreaterThan(20);
  });

  it('builds exactly the requested number of accounts and about the requested entries when larger', async () => {
    const big = await generateCompany(t.db, {
      name: 'Bigger Co',
      seed: 3,
      today: '2026-03-31',
      entries: 12_000,
      accounts: 140,
      months: 36,
    });
    const [counted] = await rowsOf<{ accounts: number; entries: number; last: string }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM accounts WHERE entity_id = ${big.entityId}::uuid) AS accounts,
                 (SELECT count(*)::int FROM entries WHERE entity_id = ${big.entityId}::uuid) AS entries,
                 (SELECT max(date)::text FROM entries WHERE entity_id = ${big.entityId}::uuid) AS last`,
    );
    expect(counted?.accounts).toBe(140);
    expect(big.accounts).toBe(140);
    expect(counted?.entries).toBe(big.entries);
    expect(Math.abs(big.entries - 12_000)).toBeLessThan(300);
    expect(counted?.last).toBe('2026-03-31');
  });

  it('refuses a malformed or impossible today', async () => {
    for (const today of ['22/11/2026', '2026-02-31']) {
      await expect(generateCompany(t.db, { name: 'Bad', seed: 1, today })).rejects.toThrow(
        'today must be YYYY-MM-DD',
      );
    }
  });
});

describe('seedDemoIfEmpty', () => {
  it('creates the demo login once and then leaves the database alone', async () => {
    const before = await t.db.select({ id: users.id }).from(users);
    expect(before).toEqual([]);
    const login = await seedDemoIfEmpty(t.db, t.clock, secretBoxOf(t.config));
    expect(login).toEqual({
      entityName: DEMO_COMPANY_NAME,
      email: 'demo@keel.test',
      password: 'keel-demo-2026',
    });
    expect(await seedDemoIfEmpty(t.db, t.clock)).toBeNull();
    const all = await t.db.select({ email: users.email }).from(users);
    expect(all.map((user) => user.email).sort()).toEqual(DEMO_USERS.map((user) => user.email).sort());
  });

  it("confirms the logins of a demo seeded before addresses were confirmed, and no one else's", async () => {
    // As the email-verification migration leaves a demo seeded before it: every login unconfirmed.
    await t.db.update(users).set({ emailVerifiedAt: null });
    const stranger = await t.db
      .insert(users)
      .values({ email: 'not-a-member@keel.test', name: 'Stranger', passwordHash: null })
      .returning({ id: users.id });
    expect(await seedDemoIfEmpty(t.db, t.clock)).toBeNull();
    const rows = await t.db.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users);
    expect(rows).toHaveLength(DEMO_USERS.length + 1);
    const unconfirmed = rows.filter((row) => row.verifiedAt === null).map((row) => row.email);
    expect(unconfirmed).toEqual(['not-a-member@keel.test']);
    await t.db.delete(users).where(eq(users.id, stranger[0]?.id ?? ''));
  });

  // A PostgreSQL server's autovacuum analyzes in its own time; PGlite has none, so the seed does it.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'leaves planner statistics of the seeded rows on PGlite',
    async () => {
      const [stats] = await rowsOf<{ columns: number }>(
        t.db,
        sql`SELECT count(*)::int AS columns FROM pg_stats WHERE schemaname = 'public' AND tablename = 'entries'`,
      );
      expect(stats?.columns).toBeGreaterThan(0);
    },
  );

  it('stores an argon2id hash of the demo password for every demo user', async () => {
    const rows = await t.db.select({ email: users.email, hash: users.passwordHash }).from(users);
    const owner = rows.find((row) => row.email === DEMO_OWNER.email);
    expect(owner?.hash).toMatch(/^\$argon2id\$/);
    expect(await verify(owner?.hash ?? '', DEMO_PASSWORD)).toBe(true);
    expect(await verify(owner?.hash ?? '', 'wrong-password')).toBe(false);
    expect(new Set(rows.map((row) => row.hash)).size).toBe(1);
  });

  it('gives the demo company every role and the owner both demo companies', async () => {
    const team = await t.db
      .select({
        entity: entities.name,
        demo: entities.demo,
        email: users.email,
        name: users.name,
        role: memberships.role,
      })
      .from(memberships)
      .innerJoin(entities, eq(entities.id, memberships.entityId))
      .innerJoin(users, eq(users.id, memberships.userId));
    const company = team.filter((member) => member.entity === DEMO_COMPANY_NAME);
    expect(company.map(({ email, name, role }) => ({ email, name, role })).sort(byEmail)).toEqual(
      DEMO_USERS.map(({ email, name, role }) => ({ email, name, role })).sort(byEmail),
    );
    expect(new Set(company.map((member) => member.role))).toEqual(
      new Set(['owner', 'admin', 'bookkeeper', 'card_only']),
    );
    expect(company.find((member) => member.email === 'staff@keel.dev')?.role).toBe('admin');
    const owned = team.filter((member) => member.email === DEMO_OWNER.email);
    expect(
      owned
        .map(({ entity, role, demo }) => ({ entity, role, demo }))
        .sort((a, b) => a.entity.localeCompare(b.entity)),
    ).toEqual([
      { entity: DEMO_HOLDINGS_NAME, role: 'owner', demo: true },
      { entity: DEMO_COMPANY_NAME, role: 'owner', demo: true },
    ]);
  });

  it("shows the team page: owner, admins, bookkeepers, a card-only member, one invitation pending approval, and the owner's profile", async () => {
    const { entityId, ownerId, token } = await signInDemoOwner(t);
    const team = await t.graphql<{
      members: { role: string; editable: boolean }[];
      invites: { email: string; status: string; requireApproval: boolean; sender: { email: string } }[];
      me: {
        tprimePerson: {
          phoneNumber: string;
          physicalAddress: { city: string; state: string; country: string };
        };
      };
    }>(
      `query($e: ID!) {
        members(entityId: $e) { role editable }
        invites(entityId: $e) { email status requireApproval sender { email } }
        me { tprimePerson { phoneNumber physicalAddress { city state country } } } }`,
      { e: entityId },
      token,
    );
    expect(team.errors).toBeUndefined();
    expect([...new Set(team.data?.members.map((member) => member.role))]).toEqual([
      'owner',
      'admin',
      'bookkeeper',
      'card_only',
    ]);
    expect(team.data?.members[0]?.editable).toBe(false);
    expect(team.data?.invites).toEqual([
      {
        email: DEMO_PENDING_INVITE.email,
        status: 'pending',
        requireApproval: true,
        sender: { email: DEMO_PENDING_INVITE.senderEmail },
      },
    ]);
    expect(team.data?.me.tprimePerson).toEqual({
      phoneNumber: DEMO_OWNER_PROFILE.phoneNumber,
      physicalAddress: { city: 'San Francisco', state: 'CA', country: 'United States' },
    });
    // Seeding the team again changes nothing.
    const before = await teamSnapshot(t.db, entityId);
    await seedDemoTeam(t.db, t.clock, { entityId, ownerId });
    expect(await teamSnapshot(t.db, entityId)).toEqual(before);
  });

  it('gives the demo companies books that end on the clock’s today', async () => {
    const books = await rowsOf<{ name: string; entries: number; first: string; last: string }>(
      t.db,
      sql`SELECT en.name, count(*)::int AS entries, min(e.date)::text AS first, max(e.date)::text AS last
          FROM entries e JOIN entities en ON en.id = e.entity_id
          WHERE e.scenario = 'actual' AND en.name IN (${DEMO_COMPANY_NAME}, ${DEMO_HOLDINGS_NAME}) GROUP BY en.name ORDER BY en.name`,
    );
    expect(books.map(({ name, first }) => ({ name, first }))).toEqual([
      { name: DEMO_HOLDINGS_NAME, first: '2025-12-01' },
      { name: DEMO_COMPANY_NAME, first: '2024-12-01' },
    ]);
    for (const book of books) expect(book.last <= TEST_TODAY).toBe(true);
    expect(books[1]?.entries).toBeGreaterThan(2_500);
    expect(books[0]?.entries).toBeLessThan(books[1]?.entries ?? 0);
  });

  it('plans the demo company ahead: monthly forecasts from next month, the hiring plan from this one, and one cell adjusted', async () => {
    const plans = await rowsOf<{ name: string; first: string; months: number; amount: number }>(
      t.db,
      sql`SELECT t.name, min(e.date)::text AS first, count(DISTINCT e.date)::int AS months,
            sum(e.amount)::bigint AS amount
          FROM entries e JOIN transactions t ON t.id = e.transaction_id
            JOIN entities en ON en.id = e.entity_id JOIN accounts a ON a.id = e.account_id
          WHERE en.name = ${DEMO_COMPANY_NAME} AND e.scenario = 'forecast' AND a.account_group IS NULL
          GROUP BY t.name ORDER BY t.name COLLATE "C"`,
    );
    expect(plans.map(({ name, first, months }) => ({ name, first, months }))).toEqual([
      // An inline cell edit: Events in February 2027, to the cent.
      { name: 'Adjustment', first: '2027-02-01', months: 1 },
      // 30% of the Revenue line, on Support Contractors (a percentage forecast).
      { name: 'Cost of revenue', first: '2026-12-01', months: 60 },
      // The hiring plan's lines, from this month for 60 months (the contractor for six).
      { name: 'Hiring plan: Benefits', first: '2026-11-01', months: 60 },
      { name: 'Hiring plan: Contractors', first: '2026-11-01', months: 6 },
      { name: 'Hiring plan: Employer taxes', first: '2026-11-01', months: 60 },
      { name: 'Hiring plan: Salaries', first: '2026-11-01', months: 60 },
      { name: 'Office lease', first: '2026-12-01', months: 60 },
      // The 'Revenue plan' model's output, over the model's months (January 2025 to March 2028).
      { name: 'Revenue plan: Cloud hosting', first: '2025-01-01', months: 39 },
      { name: 'SaaS subscriptions', first: '2026-12-01', months: 60 },
      // 2.9% of the Revenue line (a percentage forecast).
      { name: 'Stripe fees', first: '2026-12-01', months: 60 },
      { name: 'Subscription revenue', first: '2026-12-01', months: 60 },
    ]);
    expect(Number(plans.find((plan) => plan.name === 'Adjustment')?.amount)).toBe(8_450_75);
    const lease = plans.find((plan) => plan.name === 'Office lease');
    expect(Number(lease?.amount)).toBe(22_000_00 * 60);
    // Revenue is credited (negative raw cents); costs are debited.
    expect(Number(plans.find((plan) => plan.name === 'Subscription revenue')?.amount)).toBeLessThan(0);
    expect(Number(plans.find((plan) => plan.name === 'Hiring plan: Salaries')?.amount)).toBeGreaterThan(0);
  });

  it("forecasts the demo company's Stripe fees at 2.9% and its cost of revenue at 30% of the Revenue row, month by month", async () => {
    const { entityId, token } = await signInDemoOwner(t);
    const answer = await t.graphql<{
      report: {
        columns: { period: string; months: string[] }[];
        lineItems: { name: string; accountId: string | null; columnValues: number[] }[];
      };
    }>(
      `query($e: ID!, $s: MonthKey, $end: MonthKey) {
        report(entityId: $e, startMonth: $s, endMonth: $end) {
          columns { period months } lineItems { name accountId columnValues } } }`,
      { e: entityId, s: '2026-01', end: '2027-12' },
      token,
    );
    expect(answer.errors).toBeUndefined();
    const { columns, lineItems } = answer.data!.report;
    const row = (name: string) => lineItems.find((line) => line.name === name && line.accountId !== null);
    const forecastMonths = columns.flatMap((column, index) =>
      column.period === 'month' && (column.months[0] ?? '') > CURRENT ? [index] : [],
    );
    expect(forecastMonths).toHaveLength(13);
    // Half away from zero, to the cent, of the Revenue row's cents.
    const share = (cents: number, percent: number) => Math.round((cents * percent * 100) / 10_000) + 0;
    for (const index of forecastMonths) {
      const revenue = row('Revenue')?.columnValues[index] ?? 0;
      expect(revenue).toBeGreaterThan(150_000_00);
      expect(row('Stripe Fees')?.columnValues[index]).toBe(share(revenue, 2.9));
      expect(row('Support Contractors')?.columnValues[index]).toBe(share(revenue, 30));
    }
  });

  it("gives the demo company a hiring plan whose cost is the report's payroll forecast, matching the books' payroll", async () => {
    const [entity] = await t.db.select().from(entities).where(eq(entities.name, DEMO_COMPANY_NAME));
    const entityId = entity!.id;
    const plan = await loadHiringPlan(t.db, t.clock, entityId);
    expect(plan.departments.map((row) => row.name)).toEqual([
      DEMO_COMPANY_NAME,
      'Engineering',
      'Hardware',
      'Software',
      'Sales & Marketing',
      'Operations',
    ]);
    expect(plan.employees).toHaveLength(20);
    const open = plan.jobPositions.filter((row) => row.employeeId === null && row.salaryCents !== null);
    expect(open.map((row) => row.startMonth).sort()).toEqual(['2026-12', '2027-01', '2027-03']);
    const contractors = plan.jobPositions.filter((row) => jobPositionKind(row) === 'contractor');
    expect(contractors).toHaveLength(1);
    const settings = await loadHiringSettings(t.db, entityId);
    expect(settings).toMatchObject({
      salariesAccount: { name: 'Salaries' },
      contractorsAccount: { name: 'Contractors' },
      taxesAccount: { name: 'Payroll Taxes' },
      benefitsAccount: { name: 'Benefits' },
      employerTaxBasisPoints: 765,
    });

    const nextMonth = '2026-12';
    const costs = computeHiringPlanCosts(plan.jobPositions, [CURRENT, nextMonth], {
      employerTaxBasisPoints: settings.employerTaxBasisPoints,
      benefitsBasisPoints: settings.benefitsBasisPoints,
    });
    // The report's figure of a leaf account: its actual rollup through this month, its forecast after.
    const figure = async (accountId: string | undefined, month: string) => {
      const [row] = await rowsOf<{ amount: string }>(
        t.db,
        sql`SELECT coalesce(sum(amount), 0)::bigint AS amount FROM monthly_rollups
            WHERE entity_id = ${entityId}::uuid AND account_id = ${accountId ?? null}::uuid AND month = ${month}
              AND scenario = ${month <= CURRENT ? 'actual' : 'forecast'}`,
      );
      return Number(row?.amount);
    };
    expect(await figure(settings.salariesAccount?.id, nextMonth)).toBe(costs[1]?.salaries);
    expect(await figure(settings.taxesAccount?.id, nextMonth)).toBe(costs[1]?.employerTaxes);
    expect(await figure(settings.benefitsAccount?.id, nextMonth)).toBe(costs[1]?.benefits);
    // This month's staff costs what the books' payroll generator pays this month, to a few dollars,
    // and within a few percent of last month's booked salaries.
    const figures = demoPayrollFigures({ months: 24, scale: 1 });
    const openThisMonth = costs[0]!.salaries;
    expect(Math.abs(openThisMonth - figures.monthlySalaryCents)).toBeLessThan(10_00);
    const booked = await figure(settings.salariesAccount?.id, '2026-10');
    expect(Math.abs(openThisMonth - booked) / booked).toBeLessThan(0.03);
  });

  it("gives the demo company the 'Revenue plan' model, whose output is the report's Cloud Hosting forecast", async () => {
    const [entity] = await t.db.select().from(entities).where(eq(entities.name, DEMO_COMPANY_NAME));
    const [model] = await t.db.select().from(models).where(eq(models.entityId, entity!.id));
    expect(model?.name).toBe('Revenue plan');
    const evaluation = await evaluateStoredModel(t.db, t.clock, model!);
    const byName = new Map(evaluation.variables.map((row) => [row.name, evaluation.cells.get(row.id) ?? []]));
    const at = (name: string, month: string) => byName.get(name)?.find((cell) => cell.month === month)?.value;
    // This month is October's booked revenue grown 3%; next month grows 3% again.
    expect(at('Projected revenue', '2026-11')).toBeCloseTo(
      (at('Subscription revenue (books)', '2026-10') ?? 0) * 1.03,
      6,
    );
    expect(at('Projected revenue', '2026-12')).toBeCloseTo(
      (at('Projected revenue', '2026-11') ?? 0) * 1.03,
      6,
    );
    expect(evaluation.problems.size).toBe(0);
    // Cloud hosting is 6% of it, to the cent, and the report's forecast for Cloud Hosting holds it.
    const hosting = at('Cloud hosting', '2026-12') ?? 0;
    expect(hosting).toBeCloseTo(Math.round((at('Projected revenue', '2026-12') ?? 0) * 6) / 100, 6);
    const [written] = await rowsOf<{ amount: string }>(
      t.db,
      sql`SELECT sum(e.amount)::bigint AS amount FROM entries e JOIN transactions t ON t.id = e.transaction_id
          JOIN accounts a ON a.id = e.account_id
          WHERE e.entity_id = ${entity!.id} AND t.name = 'Revenue plan: Cloud hosting' AND a.name = 'Cloud Hosting'
            AND e.date = '2026-12-01'`,
    );
    expect(Number(written?.amount)).toBe(Math.round(hosting * 100));
  });

  it("gives the demo company a dashboard of four charts whose figures are the report's, cell for cell", async () => {
    const { entityId, token } = await signInDemoOwner(t);
    const company = {
      entityId,
      gql: <T>(query: string, variables: Record<string, unknown> = {}, as = token) =>
        t.graphql<T>(query, variables, as),
    };
    const [dashboard, ...others] = await dashboardClient(company).dashboards();
    expect(others).toEqual([]);
    expect(dashboard?.charts.map((chart) => chart.name)).toEqual([
      'Revenue vs Expense',
      'Cash balance',
      'Payroll',
      'Plan vs actual revenue',
    ]);
    expect(dashboard?.positions.map(({ x, y, w, h }) => ({ x, y, w, h }))).toEqual([
      { x: 0, y: 0, w: 6, h: 7 },
      { x: 6, y: 0, w: 6, h: 7 },
      { x: 0, y: 7, w: 6, h: 7 },
      { x: 6, y: 7, w: 6, h: 7 },
    ]);
    expect(
      dashboard?.charts.map((chart) =>
        chart.dataGroups.map((group) => [group.type, group.data.map((s) => s.name)]),
      ),
    ).toEqual([
      [['Bar', ['Revenue', 'Expense']]],
      [['Line', ['Cash']]],
      [['Line', ['Payroll']]],
      [['Bar', ['Revenue']]],
    ]);
    // Each demo series month by month is the report row of its account, over the dashboard's range.
    const grid = await reportGrid(company);
    const figures = await dashboardClient(company).figures();
    for (const chart of dashboard?.charts ?? []) {
      const series = figures.get(chart.id)?.series ?? [];
      expect(series.map((s) => s.error)).toEqual(chart.dataGroups.flatMap((g) => g.data.map(() => null)));
      for (const one of series) {
        const row = grid.lineItems.find(
          (line) => line.accountId === one.accountId && line.lineItemId === one.reportItemId && !line.isLeaf,
        );
        expect(row, one.name).toBeDefined();
        const cells = Object.fromEntries(one.points.map((point) => [point.month, point.amount]));
        expect(cells).toEqual(monthCells(grid, row!));
        // A series drawn against its plan reads the grid row's plans; the others carry none.
        const plans = Object.fromEntries(one.points.map((point) => [point.month, point.plan ?? null]));
        if (one.plan) expect(plans).toEqual(monthPlans(grid, row!));
        else expect(Object.values(plans).every((plan) => plan === null)).toBe(true);
      }
    }
    // The plan chart has a plan for each month of the demo's planned year through this one, none
    // before the company planned, and none for the forecast months.
    const planned = figures.get(dashboard?.charts[3]?.id ?? '')?.series[0]?.points ?? [];
    const actualMonths = planned.filter((p) => p.scenario === 'actual');
    const firstPlanned = actualMonths.findIndex((p) => p.plan !== null);
    expect(actualMonths.length - firstPlanned).toBe(13);
    expect(actualMonths.slice(firstPlanned).every((p) => p.plan !== null)).toBe(true);
    expect(planned.filter((p) => p.scenario === 'forecast').every((p) => p.plan === null)).toBe(true);
    expect(planned.some((p) => p.plan !== null && p.plan !== p.amount)).toBe(true);
    // The cash balance is above zero through the actuals (the generator keeps checking above zero).
    const cash = figures.get(dashboard?.charts[1]?.id ?? '')?.series[0]?.points ?? [];
    expect(cash.filter((p) => p.scenario === 'actual').every((p) => p.amount > 0)).toBe(true);
    // And every row of the demo's report, charted, reads the same as the grid.
    expect(await expectChartsToMatchReport(company, {})).toBe(grid.lineItems.length);
    expect(
      await expectChartsToMatchReport(company, { s: '2026-01', end: '2027-06', a: '2026-08' }),
    ).toBeGreaterThan(40);
    // Seeding again leaves the dashboard as it is.
    await seedDemoDashboard(t.db, t.clock, entityId);
    expect((await dashboardClient(company).dashboards())[0]?.charts).toHaveLength(4);
  });

  it('gives the demo company a plan for each of the last 12 months, near its actuals', async () => {
    const report = await readDemoPlanReport();
    const monthIndexes = report.columns.flatMap((column, index) =>
      column.period === 'month' && (column.months[0] ?? '') <= '2026-10' ? [index] : [],
    );
    expect(monthIndexes).toHaveLength(12);
    const income = report.lineItems.find((line) => line.name === 'Income' && line.accountId !== null);
    for (const index of monthIndexes) {
      const actual = income!.columnValues[index] ?? 0;
      const plan = income!.planValues[index] ?? 0;
      expect(actual).toBeGreaterThan(0);
      // Each account planned within 12% of what came in, rounded to whole dollars.
      expect(Math.abs(plan - actual)).toBeLessThanOrEqual(Math.abs(actual) * 0.12 + 100 * 50);
    }
    // Some months beat the plan and some fell short.
    const differences = monthIndexes.map(
      (i) => (income!.columnValues[i] ?? 0) - (income!.planValues[i] ?? 0),
    );
    expect(differences.some((difference) => difference > 0)).toBe(true);
    expect(differences.some((difference) => difference < 0)).toBe(true);
    // Forecast months have no plan beside them.
    const future = report.columns.findIndex((column) => column.months[0] === '2026-12');
    expect(income!.planValues[future]).toBeNull();
  });

  it("plans every income and expense line of the demo company within 12% of each complete month's actual", async () => {
    const report = await readDemoPlanReport();
    // The 12 complete months the company planned (the month under way has no actuals to measure yet).
    const months = report.columns.flatMap((column, index) =>
      column.period === 'month' && column.key < CURRENT ? [{ key: column.key, index }] : [],
    );
    expect(months).toHaveLength(12);
    // Income and expense rows (the README's claim); balances are planned only as the checking account's
    // cash side, so a funding round or a linked bank's opening balance was never in a plan.
    const flows = report.lineItems.filter((row) => row.accountId !== null && !row.cumulative);
    expect(flows.length).toBeGreaterThan(40);
    // The lines the bank and the linked banks book on are among them.
    for (const name of [
      'Uncategorized Income',
      'Uncategorized Expense',
      'Legal',
      'Accounting',
      'Equipment',
    ]) {
      expect(flows.map((row) => row.name)).toContain(name);
    }
    const offPlan: string[] = [];
    for (const row of flows) {
      for (const { key, index } of months) {
        const actual = row.columnValues[index] ?? 0;
        const plan = row.planValues[index];
        if (plan === null || plan === undefined) {
          offPlan.push(`${row.name} ${key}: no plan`);
          continue;
        }
        // As the grid's Variance measures it: actual − plan as a share of the plan, at most 12% either
        // way (each account's plan is whole dollars; a row's accounts all move money the same way).
        if (Math.abs(actual - plan) > Math.abs(plan) * 0.12) {
          const share =
            plan === 0 ? 'nothing planned' : `${(((actual - plan) / Math.abs(plan)) * 100).toFixed(1)}%`;
          offPlan.push(`${row.name} ${key}: actual ${actual} vs plan ${plan} (${share})`);
        }
      }
    }
    expect(offPlan).toEqual([]);
  });

  it('gives the demo company a rule its drawer lists', async () => {
    const demoRules = await rowsOf<{ search: string; from: string; to: string }>(
      t.db,
      sql`SELECT r.search_filter AS search, f.name AS "from", d.name AS "to"
          FROM rules r JOIN entities en ON en.id = r.entity_id
            JOIN accounts f ON f.id = r.from_account_id JOIN accounts d ON d.id = r.to_account_id
          WHERE en.name = ${DEMO_COMPANY_NAME}`,
    );
    expect(demoRules).toEqual([{ search: 'Uber Eats', from: 'Ground Transportation', to: 'Meals' }]);
  });
});

/** The demo company's report as its owner reads it: Nov 2025 to Dec 2026, actuals through Oct 2026, with plans. */
async function readDemoPlanReport() {
  const { entityId, token } = await signInDemoOwner(t);
  const answer = await t.graphql<{
    report: {
      columns: { key: string; period: string; months: string[] }[];
      lineItems: {
        name: string;
        cumulative: boolean;
        accountId: string | null;
        columnValues: number[];
        planValues: (number | null)[];
      }[];
    };
  }>(
    `query($e: ID!, $s: MonthKey, $a: MonthKey, $end: MonthKey) {
      report(entityId: $e, startMonth: $s, actualsEndMonth: $a, endMonth: $end) {
        columns { key period months }
        lineItems { name cumulative accountId columnValues planValues } } }`,
    { e: entityId, s: '2025-11', a: '2026-10', end: '2026-12' },
    token,
  );
  expect(answer.errors).toBeUndefined();
  return answer.data!.report;
}

function byEmail(a: { email: string }, b: { email: string }): number {
  return a.email.localeCompare(b.email);
}

describe('seedDemoBanking', () => {
  it('gives the demo company a Keel checking account with a year of activity in its books', async () => {
    const [entity] = await t.db.select().from(entities).where(eq(entities.name, DEMO_COMPANY_NAME));
    const entityId = entity!.id;
    const [account] = await rowsOf<{ opened_on: string; status: string; applications: number }>(
      t.db,
      sql`SELECT d.opened_on::text, a.status, (SELECT count(*)::int FROM bank_applications WHERE entity_id = d.entity_id) AS applications
          FROM deposit_accounts d JOIN bank_applications a ON a.id = d.application_id WHERE d.entity_id = ${entityId}::uuid`,
    );
    expect(account).toEqual({ opened_on: '2025-10-01', status: 'approved', applications: 1 });
    const months = await rowsOf<{ kind: string; months: number }>(
      t.db,
      sql`SELECT kind, count(DISTINCT to_char(date, 'YYYY-MM'))::int AS months FROM bank_postings
          WHERE entity_id = ${entityId}::uuid GROUP BY kind ORDER BY kind`,
    );
    // Funding and payments from October 2025 to November 2026; interest for each complete month.
    expect(months).toEqual([
      { kind: 'deposit', months: 14 },
      { kind: 'interest', months: 13 },
      { kind: 'transfer', months: 14 },
    ]);
    const views = await balanceViews(t.db, entityId);
    expect(views.unbalanced).toEqual([]);
    expect(views.accounts).toHaveLength(1);
    expect(views.accounts[0]?.books).toBe(views.accounts[0]?.ledger);
    expect(Number(views.accounts[0]?.ledger)).toBeGreaterThan(0);
    const [unbooked] = await rowsOf<{ count: number }>(
      t.db,
      sql`SELECT count(*)::int AS count FROM bank_postings WHERE entity_id = ${entityId}::uuid AND transaction_id IS NULL`,
    );
    expect(unbooked?.count).toBe(0);
  });

  it("files the demo company's Form 1099-INT for last year, the year's interest, and none for this year", async () => {
    const [entity] = await t.db.select().from(entities).where(eq(entities.name, DEMO_COMPANY_NAME));
    const documents = await rowsOf<{
      type: string;
      year: number;
      status: string;
      amount: string;
      interest: string;
    }>(
      t.db,
      sql`SELECT d.type, d.year, d.status, d.amount::text,
            (SELECT sum(p.amount) FROM bank_postings p WHERE p.deposit_account_id = d.deposit_account_id
               AND p.kind = 'interest' AND p.date BETWEEN '2025-01-01' AND '2025-12-31')::text AS interest
          FROM tax_documents d WHERE d.entity_id = ${entity!.id}::uuid ORDER BY d.year`,
    );
    // The account opened in October 2025: October to December's interest, well over the $10 threshold.
    expect(documents).toEqual([
      {
        type: '1099-INT',
        year: 2025,
        status: 'filed',
        amount: documents[0]?.interest,
        interest: documents[0]?.interest,
      },
    ]);
    expect(Number(documents[0]?.amount)).toBeGreaterThan(10_00);
  });
});

describe('seedDemoCards', () => {
  it('gives the demo company a virtual card (active) and a physical card awaiting activation, which its card-only member lists and reveals', async () => {
    const [entity] = await t.db.select().from(entities).where(eq(entities.name, DEMO_COMPANY_NAME));
    const cardUser = DEMO_USERS.find((user) => user.role === 'card_only');
    const [user] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, cardUser?.email ?? ''));
    const { token } = await issueAccessToken(t.db, t.clock, user!.id, 1);
    const listing = await t.graphql<{
      cards: {
        id: string;
        name: string;
        cardType: string;
        type: string;
        status: string;
        last4: string;
        expiration: string;
        depositAccountId: string;
      }[];
    }>(
      'query($e: ID!) { cards(entityId: $e) { id name cardType type status last4 expiration depositAccountId } }',
      { e: entity!.id },
      token,
    );
    const cards = listing.data?.cards ?? [];
    expect(
      cards
        .map(({ name, cardType, type, status, expiration }) => ({ name, cardType, type, status, expiration }))
        .sort((a, b) => a.type.localeCompare(b.type)),
    ).toEqual([
      {
        name: DEMO_CARDS[1]?.name,
        cardType: 'TPrime::Card',
        type: 'physical',
        status: 'inactive',
        expiration: '11/29',
      },
      {
        name: DEMO_CARDS[0]?.name,
        cardType: 'TPrime::Card',
        type: 'virtual',
        status: 'active',
        expiration: '11/29',
      },
    ]);
    const [account] = await rowsOf<{ id: string }>(
      t.db,
      sql`SELECT id FROM deposit_accounts WHERE entity_id = ${entity!.id}::uuid`,
    );
    expect(new Set(cards.map((card) => card.depositAccountId))).toEqual(new Set([account?.id]));

    const virtual = cards.find((card) => card.type === 'virtual');
    const reveal = await t.graphql<{ createCardRevealToken: { token: string; revealPath: string } }>(
      'mutation($id: ID!) { createCardRevealToken(id: $id) { token revealPath } }',
      { id: virtual?.id },
      token,
    );
    const reply = await t.app.inject({
      method: 'GET',
      url: reveal.data?.createCardRevealToken.revealPath ?? '',
      headers: {
        authorization: `Bearer ${token}`,
        'x-reveal-token': reveal.data?.createCardRevealToken.token ?? '',
      },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json<{ primary_account_number: string }>().primary_account_number).toMatch(
      new RegExp(`^400000\\d{6}${virtual?.last4}$`),
    );
  });
});

describe('seedDemoLinks', () => {
  it('links a treasury bank through provider A and the card bank through B (needing reconnect), synced into the books', async () => {
    const { entityId, token } = await signInDemoOwner(t);
    const answer = await t.graphql<{
      plaidItems: {
        institution: { name: string };
        error: unknown;
        accounts: { ledgerAccountId: string; accountType: string; balances: { current: number } }[];
      }[];
      moneykitLinks: { institutionName: string; state: string; errorCode: string; needsReconnect: boolean }[];
      accountsOverview: { summary: { assets: number; liabilities: number } };
    }>(
      `query($e: ID!) {
        plaidItems(entityId: $e) { institution { name } error { error_code } accounts { ledgerAccountId accountType balances { current } } }
        moneykitLinks(entityId: $e) { institutionName state errorCode needsReconnect }
        accountsOverview(entityId: $e) { summary { assets liabilities } } }`,
      { e: entityId },
      token,
    );
    expect(answer.errors).toBeUndefined();
    const [item] = answer.data!.plaidItems;
    expect(item).toMatchObject({ institution: { name: 'Houndstooth Bank' }, error: null });
    expect(answer.data!.moneykitLinks).toEqual([
      { institutionName: 'Juniper Federal', state: 'error', errorCode: 'auth_expired', needsReconnect: true },
    ]);
    for (const account of item!.accounts) {
      const [books] = await rowsOf<{ total: string }>(
        t.db,
        sql`SELECT coalesce(sum(amount), 0)::text AS total FROM entries WHERE account_id = ${account.ledgerAccountId}::uuid`,
      );
      // A card's balance is owed: a credit in the books.
      const sign = account.accountType === 'credit' ? -1 : 1;
      expect(Number(books?.total)).toBe(sign * account.balances.current);
    }
    expect(answer.data!.accountsOverview.summary.assets).toBeGreaterThan(400_000_00);
    expect(answer.data!.accountsOverview.summary.liabilities).toBeGreaterThan(0);
    const sources = await rowsOf<{ source: string; count: number }>(
      t.db,
      sql`SELECT source, count(*)::int AS count FROM transactions
          WHERE entity_id = ${entityId}::uuid AND source LIKE '%_link' GROUP BY source ORDER BY source`,
    );
    expect(sources.map((row) => row.source)).toEqual(['moneykit_link', 'plaid_link']);
    expect(sources.every((row) => row.count > 10)).toBe(true);
  });
});
