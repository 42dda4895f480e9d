import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoldenForTools, type GoldenCompany, reportRows } from '../../../../test/goldenToolsKit';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { hiringClient } from '../../../../test/hiringTestKit';
import { createLedgerFixture, type LedgerFixture } from '../../../../test/ledgerTestKit';
import { ASSISTANT_TOOLS, buildAssistantTools } from './assistantTools';
import { hiringCosts } from './hiringCosts';
import { modelOutputs } from './modelOutputs';
import { reportFigures } from './reportFigures';
import { spendByCategory } from './spendByCategory';
import type { ToolDeps } from './toolTypes';

/**
 * The assistant's tools on their own: every figure is the report's (the grid's rows, the cards'
 * functions, the hiring plan's and the models' own computations), and every argument is bounded.
 */

let t: TestApp;
let deps: ToolDeps;
let golden: GoldenCompany;

beforeAll(async () => {
  t = await createTestApp();
  ({ deps, golden } = await createGoldenForTools(t, 'tools@golden.test'));
});
afterAll(() => t.close());

describe('reportFigures', () => {
  it("gives an account's or a line's figures by month exactly as the report's row", async () => {
    const rows = await reportRows(t, golden.entityId, golden.owner.token);
    const rowValues = (name: string, months: string[]) => {
      const row = rows.find((candidate) => candidate.name === name && !candidate.isLeaf);
      return months.map((month) => row?.values.find((value) => value.key === month)?.amount ?? null);
    };
    const months = ['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03'];
    for (const account of [
      'Rent',
      'expense / operating expenses / facilities / RENT',
      golden.accountIds.get('Expense/Operating Expenses/Facilities/Rent') ?? '',
    ]) {
      const rent = await reportFigures(deps, golden.entityId, { account, from: '2025-10', to: '2026-03' });
      expect(rent.data.months.map((m) => m.amountCents)).toEqual(rowValues('Rent', months));
      expect(rent.data).toMatchObject({
        line: { name: 'Rent', path: 'Expense/Operating Expenses/Facilities/Rent' },
        cumulative: false,
        totalCents: 200_000,
      });
    }
    const burn = await reportFigures(deps, golden.entityId, {
      account: 'Net Burn',
      from: '2026-10',
      to: '2027-03',
    });
    expect(burn.data.line).toEqual({ name: 'Net Burn', path: 'Net Burn', accountId: null });
    expect(burn.data.months).toEqual([
      { month: '2026-10', amountCents: 0, scenario: 'actual' },
      { month: '2026-11', amountCents: 400_000, scenario: 'actual' },
      { month: '2026-12', amountCents: 2_500_000, scenario: 'forecast' },
      { month: '2027-01', amountCents: 2_500_000, scenario: 'forecast' },
      { month: '2027-02', amountCents: 2_500_000, scenario: 'forecast' },
      { month: '2027-03', amountCents: 2_500_000, scenario: 'forecast' },
    ]);
    expect(burn.citations.at(-1)).toMatchObject({
      label: 'Net Burn in Mar 2027',
      amountCents: 2_500_000,
      accountId: null,
      reportUrl: '/financial?account=Net+Burn&month=2027-03&type=forecast&expand=true',
    });
    const banks = await reportFigures(deps, golden.entityId, { account: 'Banks', to: '2026-11' });
    expect(banks.data).toMatchObject({ cumulative: true, totalCents: null });
    expect(banks.data.months).toHaveLength(12);
    expect(banks.data.months.at(-1)).toEqual({
      month: '2026-11',
      amountCents: 9_425_000,
      scenario: 'actual',
    });
  });

  it('refuses unknown accounts, bad months, long ranges and unknown arguments', async () => {
    const refusals: [unknown, RegExp][] = [
      [{ account: 'Unicorns' }, /^No account or report line named "Unicorns"$/],
      [{ account: '' }, /^account: must not be empty$/],
      [{ account: 'x'.repeat(201) }, /^account: /],
      [{ account: 'Rent', from: '2026-13' }, /^from: must be a month, YYYY-MM$/],
      [{ account: 'Rent', from: '0000-01' }, /^from: must be between 1900-01 and 2199-12$/],
      [{ account: 'Rent', from: '2040-01', to: '2040-02' }, /^to: must be between 2022-01 and 2031-03$/],
      [{ account: 'Rent', from: '2024-01', to: '2027-01' }, /^to: a range spans at most 36 months$/],
      [{ account: 'Rent', from: '2026-05', to: '2026-04' }, /^to: must not be before from$/],
      [{ account: 'Rent', drop: 'table' }, /Unrecognized key/],
      ['not an object', /expected object/],
    ];
    for (const [args, message] of refusals) {
      await expect(reportFigures(deps, golden.entityId, args)).rejects.toThrow(message);
    }
  });
});

describe('spendByCategory', () => {
  it("ranks the card's categories of a month or a range, top 1 to 20", async () => {
    const november = await spendByCategory(deps, golden.entityId, { month: '2026-11' });
    expect(november.data).toEqual({
      from: '2026-11',
      to: '2026-11',
      categories: [
        {
          name: 'Salaries',
          accountId: golden.accountIds.get('Expense/Operating Expenses/Payroll/Salaries'),
          amountCents: 800_000,
        },
        {
          name: 'Rent',
          accountId: golden.accountIds.get('Expense/Operating Expenses/Facilities/Rent'),
          amountCents: 200_000,
        },
      ],
      totalExpenseCents: 1_000_000,
    });
    // The whole year 2026: Salaries twice, Rent once, SaaS; the $100 on Operating Expenses is no category.
    const year = await spendByCategory(deps, golden.entityId, { from: '2026-01', to: '2026-12', top: 2 });
    expect(year.data.categories.map((c) => [c.name, c.amountCents])).toEqual([
      ['Salaries', 4_600_000],
      ['Rent', 200_000],
    ]);
    expect(year.data.totalExpenseCents).toBe(4_835_000);
    expect(year.citations[0]).toMatchObject({
      label: 'Salaries in Jan 2026–Dec 2026',
      month: null,
      reportUrl: '/financial?account=Expense%2FOperating+Expenses%2FPayroll%2FSalaries&expand=true',
    });
    for (const top of [0, 21, 2.5]) {
      await expect(spendByCategory(deps, golden.entityId, { top })).rejects.toThrow(/^top: /);
    }
    await expect(
      spendByCategory(deps, golden.entityId, { month: '2026-11', from: '2026-10' }),
    ).rejects.toThrow('give either month or from/to');
  });
});

describe('hiringCosts and modelOutputs', () => {
  let acme: LedgerFixture;
  beforeAll(async () => {
    acme = await createLedgerFixture(t, 'Hiring Co');
  });

  it("gives the hiring plan's monthly cost as the plan writes it into the report", async () => {
    const hiring = hiringClient(acme);
    const top = await hiring.topLevel();
    const title = await hiring.createJobTitle('Engineer', { s: 120_000 });
    const jobTitleId = title.data?.createJobTitle.jobTitle?.id;
    const send = (variables: Record<string, unknown>) =>
      acme.gql<{ createJobPosition: { errors: string[] } }>(
        `mutation($e: ID!, $d: ID!, $j: ID, $salary: Units, $rate: Units, $hours: Float, $start: MonthKey!) {
          createJobPosition(entityId: $e, departmentId: $d, jobTitleId: $j, salary: $salary, rate: $rate, hours: $hours, startDate: $start) { errors } }`,
        { e: acme.entityId, d: top.id, j: jobTitleId, ...variables },
      );
    expect((await send({ salary: 120_000, start: '2026-12' })).data?.createJobPosition.errors).toEqual([]);
    expect((await send({ rate: 100, hours: 80, start: '2026-11' })).data?.createJobPosition.errors).toEqual(
      [],
    );
    const costs = await hiringCosts(deps, acme.entityId, { from: '2026-11', to: '2027-01' });
    expect(costs.data).toEqual({
      months: [
        {
          month: '2026-11',
          salariesCents: 0,
          contractorsCents: 800_000,
          employerTaxesCents: 0,
          benefitsCents: 0,
          totalCents: 800_000,
        },
        {
          month: '2026-12',
          salariesCents: 1_000_000,
          contractorsCents: 800_000,
          employerTaxesCents: 0,
          benefitsCents: 0,
          totalCents: 1_800_000,
        },
        {
          month: '2027-01',
          salariesCents: 1_000_000,
          contractorsCents: 800_000,
          employerTaxesCents: 0,
          benefitsCents: 0,
          totalCents: 1_800_000,
        },
      ],
      totalCents: 4_400_000,
      positions: 2,
    });
    // The report's forecast months show the same cost on the plan's accounts.
    const rows = await reportRows(t, acme.entityId, acme.owner.token);
    const december = (name: string) =>
      rows.find((row) => row.name === name && !row.isLeaf)?.values.find((v) => v.key === '2026-12')?.amount;
    expect(december('Salaries')).toBe(1_000_000);
    expect(december('Contractors')).toBe(800_000);
    expect(costs.citations).toEqual([
      expect.objectContaining({
        label: 'Hiring plan: Contractors in Nov 2026',
        amountCents: 800_000,
        month: '2026-11',
      }),
    ]);
  });

  it("gives a model's outputs month by month, as they are written into the report", async () => {
    const model = await acme.gql<{ createModel: { id: string } }>(
      'mutation($e: ID!) { createModel(entityId: $e, name: "Growth plan") { id } }',
      { e: acme.entityId },
    );
    const modelId = model.data?.createModel.id ?? '';
    const variable = await acme.gql<{ createVariable: { variable: { id: string } } }>(
      'mutation($e: ID!, $m: ID!) { createVariable(entityId: $e, modelId: $m, name: "Ads", formulas: "12.34") { variable { id } } }',
      { e: acme.entityId, m: modelId },
    );
    const marketing = await acme.gql<{ createAccount: { id: string } }>(
      'mutation($e: ID!, $p: ID!) { createAccount(entityId: $e, parentId: $p, name: "Marketing") { id } }',
      { e: acme.entityId, p: await acme.account('Expense') },
    );
    const accountId = marketing.data?.createAccount.id ?? '';
    const output = await acme.gql(
      'mutation($v: ID!, $a: ID!) { createBudget(variableId: $v, accountId: $a) { id } }',
      { v: variable.data?.createVariable.variable.id, a: accountId },
    );
    expect(output.errors).toBeUndefined();
    const answer = await modelOutputs(deps, acme.entityId, { model: 'growth PLAN' });
    expect(answer.data.model).toMatchObject({ id: modelId, name: 'Growth plan' });
    expect(answer.data.models).toEqual(['Growth plan']);
    const [ads] = answer.data.outputs;
    expect(ads).toMatchObject({ name: 'Ads', accountId, accountName: 'Marketing' });
    expect(new Set(ads?.months.map((m) => m.amountCents))).toEqual(new Set([1_234]));
    const rows = await reportRows(t, acme.entityId, acme.owner.token);
    expect(
      rows.find((row) => row.name === 'Marketing')?.values.find((v) => v.key === '2027-01')?.amount,
    ).toBe(1_234);
    expect(answer.citations[0]).toMatchObject({ accountId, accountName: 'Marketing', amountCents: 1_234 });
    expect(answer.citations[0]?.reportUrl).toMatch(
      /^\/financial\?account=Expense%2FMarketing&month=\d{4}-\d{2}&type=/,
    );
    expect((await modelOutputs(deps, acme.entityId, { model: 'No such model' })).data.model).toBeNull();
  });
});

describe('the tool list', () => {
  it('declares every tool to a model as an object of bounded arguments, and answers refusals as ok: false', async () => {
    const tools = buildAssistantTools(deps, golden.entityId, () => undefined);
    expect(tools.map((tool) => tool.name)).toEqual(Object.keys(ASSISTANT_TOOLS));
    for (const tool of tools) expect(tool.parameters).toMatchObject({ type: 'object' });
    const search = tools.find((tool) => tool.name === 'searchTransactions');
    expect(await search?.call({ text: 'x'.repeat(101) })).toEqual({
      ok: false,
      error: expect.stringMatching(/^text: /),
    });
    expect(await search?.call({ text: 'globex', limit: 2 })).toMatchObject({
      ok: true,
      data: { count: 4, transactions: [{ name: 'Globex prepayment' }, { name: 'Globex subscription' }] },
    });
  });
});
