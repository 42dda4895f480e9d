import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { insertTestLedger } from '../../../test/insertTestLedger';
import { createSignedInUser } from '../../../test/users';
import { memberships, reportLineItems, reports } from '../../db/schema';
import { createEntity } from '../entities/service';

let t: TestApp;
let alice: Awaited<ReturnType<typeof createSignedInUser>>;
let bob: Awaited<ReturnType<typeof createSignedInUser>>;
let acmeId: string;
let bobcoId: string;
let acmeIds: Map<string, string>;
let bobReportId: string;
let bobAccountId: string;

const ACME_ACCOUNTS = ['Income/Sales', 'Expense/Rent', 'Banks/Checking'];

beforeAll(async () => {
  t = await createTestApp();
  alice = await createSignedInUser(t, 'alice@example.com', 'Alice');
  bob = await createSignedInUser(t, 'bob@example.com', 'Bob');
  acmeId = (await createEntity(t.db, t.clock, alice.user.id, 'Acme')).id;
  bobcoId = (await createEntity(t.db, t.clock, bob.user.id, 'Bobco')).id;
  acmeIds = await insertTestLedger(t.db, acmeId, {
    accounts: ACME_ACCOUNTS,
    transactions: [
      { date: '2026-10-03', entries: { 'Banks/Checking': 120_000, 'Income/Sales': -120_000 } },
      { date: '2026-10-09', entries: { 'Expense/Rent': 50_000, 'Banks/Checking': -50_000 } },
      {
        date: '2026-12-01',
        scenario: 'forecast',
        entries: { 'Expense/Rent': 55_000, 'Banks/Checking': -55_000 },
      },
    ],
  });
  const bobIds = await insertTestLedger(t.db, bobcoId, {
    accounts: ['Income/Secret Contract'],
    transactions: [
      { date: '2026-10-01', entries: { Banks: 9_999_900, 'Income/Secret Contract': -9_999_900 } },
    ],
  });
  bobAccountId = bobIds.get('Income/Secret Contract') ?? '';
  const [bobReport] = await t.db.select().from(reports).where(eq(reports.entityId, bobcoId));
  bobReportId = bobReport?.id ?? '';
});
afterAll(async () => {
  await t.close();
});

const REPORT = `query Report($entityId: ID!, $reportId: ID, $start: MonthKey, $end: MonthKey, $actualsEnd: MonthKey) {
  report(entityId: $entityId, reportId: $reportId, startMonth: $start, endMonth: $end, actualsEndMonth: $actualsEnd) {
    id name
    lineItems { id itemId itemType lineItemId name amount expr error isFinancial }
  }
}`;

type ReportAnswer = {
  report: {
    id: string;
    name: string;
    lineItems: {
      id: string;
      itemId: string;
      itemType: string;
      lineItemId: string;
      name: string;
      amount: number;
      expr: string | null;
      error: string | null;
      isFinancial: boolean;
    }[];
  };
};

const reportQuery = (variables: Record<string, unknown>, token = alice.token) =>
  t.graphql<ReportAnswer>(REPORT, { entityId: acmeId, ...variables }, token);

const expectError = (
  result: { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] },
  code: string,
  message: string,
) => {
  expect(result.data ?? null).toBeNull();
  expect(result.errors?.[0]).toMatchObject({ message, extensions: { code } });
};

describe('reports and getReports', () => {
  it('lists the default report first, then the others by name', async () => {
    await t.db.insert(reports).values([
      { entityId: acmeId, name: 'Board Pack' },
      { entityId: acmeId, name: 'Annual Plan' },
    ]);
    for (const field of ['reports', 'getReports']) {
      const result = await t.graphql<Record<string, { name: string }[]>>(
        `query($entityId: ID!) { ${field}(entityId: $entityId) { id name entityId } }`,
        { entityId: acmeId },
        alice.token,
      );
      expect(result.errors).toBeUndefined();
      expect(result.data?.[field]?.map((report) => report.name)).toEqual([
        'Financial Report',
        'Annual Plan',
        'Board Pack',
      ]);
    }
  });

  it('refuses another company, an unknown entity and no login alike', async () => {
    for (const entityId of [bobcoId, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const result = await t.graphql(
        'query($e: ID!) { reports(entityId: $e) { name } }',
        { e: entityId },
        alice.token,
      );
      expectError(result, 'NOT_FOUND', 'Entity not found');
    }
    const anonymous = await t.graphql('query($e: ID!) { getReports(entityId: $e) { name } }', { e: acmeId });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('report', () => {
  it('gives a new entity the default report lines, stored with their signs', async () => {
    const [report] = await t.db
      .select()
      .from(reports)
      .where(and(eq(reports.entityId, bobcoId), eq(reports.name, 'Financial Report')));
    const lines = await t.db
      .select()
      .from(reportLineItems)
      .where(eq(reportLineItems.reportId, report?.id ?? ''))
      .orderBy(asc(reportLineItems.sortOrder));
    expect(
      lines.map((line) => [
        line.name,
        line.itemType,
        line.sign,
        line.defaultSign,
        line.isFinancial,
        line.expr,
      ]),
    ).toEqual([
      ['Income', 'AccountTree', -1, -1, false, null],
      ['Expense', 'AccountTree', 1, 1, false, null],
      ['Net Income', 'Expression', 1, 1, true, 'Income - Expense'],
      ['Banks', 'AccountTree', 1, 1, true, null],
      ['Credit Cards', 'AccountTree', -1, -1, true, null],
      ['Investments', 'AccountTree', 1, 1, true, null],
      ['Loans', 'AccountTree', -1, -1, true, null],
      ['Other', 'AccountTree', -1, -1, true, null],
      ['Net Burn', 'Expression', 1, 1, true, 'Expense - Income'],
    ]);
  });

  it("answers the 'Financial Report' without a reportId", async () => {
    const result = await reportQuery({ start: '2026-01', end: '2026-12', actualsEnd: '2026-11' });
    expect(result.errors).toBeUndefined();
    const report = result.data?.report;
    expect(report?.name).toBe('Financial Report');
    const amounts = Object.fromEntries(report?.lineItems.map((item) => [item.name, item.amount]) ?? []);
    expect(amounts).toMatchObject({
      Income: 120_000,
      Sales: 120_000,
      Expense: 105_000,
      Rent: 105_000,
      'Net Income': 15_000,
      Banks: 15_000,
      Checking: 15_000,
      'Net Burn': -15_000,
    });
    const sales = report?.lineItems.find((item) => item.name === 'Sales');
    expect(sales?.itemId).toBe(acmeIds.get('Income/Sales'));
    expect(sales?.itemType).toBe('Account');
  });

  it('computes a report by id with sections, account lines and expressions, reporting bad expressions', async () => {
    const [custom] = await t.db.insert(reports).values({ entityId: acmeId, name: 'Custom' }).returning();
    const reportId = custom?.id ?? '';
    const line = (
      values: Partial<typeof reportLineItems.$inferInsert> & {
        name: string;
        itemType: 'Account' | 'Section' | 'Expression' | 'AccountTree';
      },
    ) => ({
      entityId: acmeId,
      reportId,
      ...values,
    });
    const [section] = await t.db
      .insert(reportLineItems)
      .values(line({ name: 'Operating', itemType: 'Section', sortOrder: 0 }))
      .returning();
    await t.db.insert(reportLineItems).values([
      line({
        name: 'Sales line',
        itemType: 'Account',
        accountId: acmeIds.get('Income/Sales'),
        sign: -1,
        defaultSign: -1,
        parentId: section?.id,
        sortOrder: 0,
      }),
      line({
        name: 'Rent shown negative',
        itemType: 'Account',
        accountId: acmeIds.get('Expense/Rent'),
        sign: -1,
        defaultSign: 1,
        parentId: section?.id,
        sortOrder: 1,
      }),
      line({
        name: 'Margin',
        itemType: 'Expression',
        expr: '"Sales line" + {{Rent shown negative}}',
        sortOrder: 1,
      }),
      line({ name: 'Broken', itemType: 'Expression', expr: 'Margin - Nothing', sortOrder: 2 }),
    ]);
    const result = await reportQuery({ reportId, start: '2026-01', end: '2026-12', actualsEnd: '2026-11' });
    expect(result.errors).toBeUndefined();
    expect(result.data?.report.name).toBe('Custom');
    expect(
      result.data?.report.lineItems.map((item) => [item.name, item.itemType, item.amount, item.error]),
    ).toEqual([
      ['Operating', 'Section', 15_000, null],
      ['Sales line', 'Account', 120_000, null],
      ['Rent shown negative', 'Account', -105_000, null],
      ['Margin', 'Expression', 15_000, null],
      ['Broken', 'Expression', 0, "Unknown line 'Nothing'"],
    ]);
  });

  it('shows the default lines for a Financial Report stored without lines', async () => {
    const entity = await createEntity(t.db, t.clock, alice.user.id, 'Legacy Co');
    const [report] = await t.db.select().from(reports).where(eq(reports.entityId, entity.id));
    await t.db.delete(reportLineItems).where(eq(reportLineItems.reportId, report?.id ?? ''));
    const result = await t.graphql<ReportAnswer>(REPORT, { entityId: entity.id }, alice.token);
    expect(result.errors).toBeUndefined();
    const top = result.data?.report.lineItems ?? [];
    expect(top.map((item) => item.name)).toEqual([
      'Income',
      'Expense',
      'Net Income',
      'Banks',
      'Credit Cards',
      'Investments',
      'Loans',
      'Other',
      'Net Burn',
    ]);
    expect(top[0]?.lineItemId).toBe(`${report?.id}:default:0`);
  });

  it("answers 'Financial Report not found' when the entity has none", async () => {
    const entity = await createEntity(t.db, t.clock, alice.user.id, 'No Report Co');
    await t.db.update(reports).set({ name: 'Renamed' }).where(eq(reports.entityId, entity.id));
    const result = await t.graphql(REPORT, { entityId: entity.id }, alice.token);
    expectError(result, 'NOT_FOUND', 'Financial Report not found');
  });

  it('answers NOT_FOUND for unknown, malformed and foreign report ids, revealing nothing', async () => {
    for (const reportId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', bobReportId]) {
      const result = await reportQuery({ reportId });
      expectError(result, 'NOT_FOUND', `Report not found: ${reportId}`);
      expect(JSON.stringify(result)).not.toContain('Secret');
    }
    const foreign = await reportQuery({ reportId: bobReportId, entityId: bobcoId });
    expectError(foreign, 'NOT_FOUND', 'Entity not found');
    expect(JSON.stringify(foreign)).not.toContain('Secret');
  });

  it('refuses members without read access and anonymous callers', async () => {
    const carol = await createSignedInUser(t, 'carol@example.com');
    await t.db.insert(memberships).values({ entityId: acmeId, userId: carol.user.id, role: 'card_only' });
    expectError(await reportQuery({}, carol.token), 'FORBIDDEN', 'You do not have permission to do that');
    const anonymous = await t.graphql(REPORT, { entityId: acmeId });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it.each([
    [{ start: '2026-13' }, 'Month must be YYYY-MM'],
    [{ end: '26-01' }, 'Month must be YYYY-MM'],
    [{ actualsEnd: 202601 }, 'Month must be YYYY-MM'],
    [
      { start: '2026-06', actualsEnd: '2026-05', end: '2026-12' },
      'Start month 2026-06 is after the actuals end month 2026-05',
    ],
    [
      { start: '2026-01', actualsEnd: '2026-08', end: '2026-07' },
      'Actuals end month 2026-08 is after the end month 2026-07',
    ],
    [
      { start: '2016-01', actualsEnd: '2020-01', end: '2026-02' },
      'A report spans at most 120 months from start to end',
    ],
    [{ start: '2029-01' }, 'Start month 2029-01 is after the actuals end month 2026-11'],
  ])('refuses the range %j with a clear message', async (variables, message) => {
    const result = await reportQuery(variables);
    expect(result.data ?? null).toBeNull();
    expect(result.errors?.[0]?.message).toContain(message);
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('accepts a range of exactly 120 months', async () => {
    const result = await reportQuery({ start: '2016-01', actualsEnd: '2020-01', end: '2026-01' });
    expect(result.errors).toBeUndefined();
  });

  it('refuses a Spend by Category month outside the range', async () => {
    const result = await t.graphql(
      'query($e: ID!) { report(entityId: $e, startMonth: "2026-01", endMonth: "2026-12", actualsEndMonth: "2026-11") { summary { spendByCategory(month: "2027-01") { month } } } }',
      { e: acmeId },
      alice.token,
    );
    expect(result.errors?.[0]).toMatchObject({
      message: 'Month 2027-01 is outside the report range',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});

describe('report dimensions and facts', () => {
  const FACTS = `query($e: ID!, $account: ID!, $scenario: Scenario) {
    report(entityId: $e, startMonth: "2026-01", endMonth: "2026-12", actualsEndMonth: "2026-11") {
      dimensions { accounts { id name path parentId } scenarios months { key month short year } }
      facts(accountId: $account, scenario: $scenario) { accountId accountPath scenario month amount }
    }
  }`;
  type FactsAnswer = {
    report: {
      dimensions: {
        accounts: { id: string; path: string }[];
        scenarios: string[];
        months: { key: string; month: number; short: string; year: number }[];
      };
      facts: { accountId: string; accountPath: string; scenario: string; month: string; amount: number }[];
    };
  };

  it('lists account paths, scenarios and months', async () => {
    const result = await t.graphql<FactsAnswer>(
      FACTS,
      { e: acmeId, account: acmeIds.get('Expense') },
      alice.token,
    );
    expect(result.errors).toBeUndefined();
    const dimensions = result.data?.report.dimensions;
    expect(dimensions?.accounts.map((a) => a.path).sort()).toEqual(
      [
        'Banks',
        'Banks/Checking',
        'Credit Cards',
        'Expense',
        'Expense/Rent',
        'Income',
        'Income/Sales',
        'Investments',
        'Loans',
        'Other',
      ].sort(),
    );
    expect(dimensions?.scenarios).toEqual(['actual', 'forecast', 'budget']);
    expect(dimensions?.months).toHaveLength(12);
    expect(dimensions?.months[0]).toEqual({ key: '2026-01', month: 1, short: 'Jan', year: 2026 });
  });

  it('gives the facts of an account subtree, of one scenario or all', async () => {
    const all = await t.graphql<FactsAnswer>(
      FACTS,
      { e: acmeId, account: acmeIds.get('Expense') },
      alice.token,
    );
    const rentId = acmeIds.get('Expense/Rent');
    expect(all.data?.report.facts).toEqual([
      {
        accountId: rentId,
        accountPath: 'Expense/Rent',
        scenario: 'actual',
        month: '2026-10',
        amount: 50_000,
      },
      {
        accountId: rentId,
        accountPath: 'Expense/Rent',
        scenario: 'forecast',
        month: '2026-12',
        amount: 55_000,
      },
    ]);
    const forecasts = await t.graphql<FactsAnswer>(
      FACTS,
      { e: acmeId, account: acmeIds.get('Income'), scenario: 'forecast' },
      alice.token,
    );
    expect(forecasts.data?.report.facts).toEqual([]);
    const income = await t.graphql<FactsAnswer>(
      FACTS,
      { e: acmeId, account: acmeIds.get('Income/Sales') },
      alice.token,
    );
    expect(income.data?.report.facts.map((f) => f.amount)).toEqual([120_000]);
  });

  it("refuses another company's account", async () => {
    const result = await t.graphql<FactsAnswer>(FACTS, { e: acmeId, account: bobAccountId }, alice.token);
    expect(result.errors?.[0]).toMatchObject({
      message: 'Account not found',
      extensions: { code: 'NOT_FOUND' },
    });
    expect(JSON.stringify(result)).not.toContain('Secret');
  });
});
