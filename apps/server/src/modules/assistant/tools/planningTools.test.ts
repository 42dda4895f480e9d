import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOLDEN_ACCOUNTS } from '../../../../test/goldenCompany';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { hiringClient, idOf } from '../../../../test/hiringTestKit';
import { insertTestLedger, type TestTransaction } from '../../../../test/insertTestLedger';
import { createLedgerFixture, type LedgerFixture, ledgerSnapshot } from '../../../../test/ledgerTestKit';
import { hiringPlan } from './hiringPlan';
import { runway } from './runway';
import type { ToolDeps } from './toolTypes';
import { whatIf } from './whatIf';

/**
 * hiringPlan and whatIf (today 2026-11-22: actuals through Nov 2026, the first forecast month Dec 2026).
 * whatIf runs on Growth Co, whose books are worked by hand below; the plan on Plan Co. Each sits in a
 * database with another company whose rows would change every figure were they read.
 */

let t: TestApp;
let deps: ToolDeps;

beforeAll(async () => {
  t = await createTestApp();
  deps = { db: t.db, clock: t.clock };
});
afterAll(() => t.close());

const CHECKING = 'Banks/Checking';
const SUBSCRIPTIONS = 'Income/Revenue/Subscriptions';
const SALARIES = 'Expense/Operating Expenses/Payroll/Salaries';
const pair = (
  date: string,
  debit: string,
  credit: string,
  cents: number,
  forecast = false,
): TestTransaction => ({
  date,
  name: 'Growth',
  scenario: forecast ? 'forecast' : 'actual',
  entries: { [debit]: cents, [credit]: -cents },
});

/**
 * Growth Co: $10,000 seed; income $1,000 and payroll $3,000 in Oct and Nov 2026, so $6,000 of cash at
 * the end of Nov 2026; the forecast from Dec 2026 to May 2027 the same $2,000 net burn a month. Cash:
 * Dec $4,000, Jan $2,000, Feb $0, Mar -$2,000: forecast runway 4 months, cash out Mar 2027.
 */
const GROWTH_TRANSACTIONS: TestTransaction[] = [
  pair('2026-01-05', CHECKING, 'Other/Paid-in Capital', 1_000_000),
  ...['2026-10', '2026-11'].flatMap((month) => [
    pair(`${month}-10`, CHECKING, SUBSCRIPTIONS, 100_000),
    pair(`${month}-20`, SALARIES, CHECKING, 300_000),
  ]),
  ...['2026-12', '2027-01', '2027-02', '2027-03', '2027-04', '2027-05'].flatMap((month) => [
    pair(`${month}-01`, CHECKING, SUBSCRIPTIONS, 100_000, true),
    pair(`${month}-01`, SALARIES, CHECKING, 300_000, true),
  ]),
];

describe('whatIf', () => {
  let growth: LedgerFixture;
  beforeAll(async () => {
    growth = await createLedgerFixture(t, 'Growth Co');
    await insertTestLedger(t.db, growth.entityId, {
      accounts: GOLDEN_ACCOUNTS,
      transactions: GROWTH_TRANSACTIONS,
    });
    const other = await createLedgerFixture(t, 'Spendthrift Co');
    await insertTestLedger(t.db, other.entityId, {
      accounts: GOLDEN_ACCOUNTS,
      transactions: [pair('2026-12-01', SALARIES, CHECKING, 99_900_000, true)],
    });
  });

  it("compounds income growth on the last complete month's income, writing nothing", async () => {
    const before = await ledgerSnapshot(t.db, growth.entityId);
    const card = await runway(deps, growth.entityId, {});
    expect(card.data).toMatchObject({ months: 4, cashOutMonth: '2027-03' });
    // 50% a month on October's $1,000: $1,500, $2,250, $3,375, $5,062.50, $7,593.75, $11,390.625 →
    // $11,390.63. Cash: Dec $4,500, Jan $3,750, Feb $4,125, … never negative.
    const grown = await whatIf(deps, growth.entityId, { revenueGrowthPercent: 50 });
    expect(grown.data).toEqual({
      method: 'runway',
      baseline: { months: 4, label: '4', cashOutMonth: '2027-03' },
      scenario: { months: null, label: 'Unlimited', cashOutMonth: null },
      hires: [],
      revenueGrowthPercent: 50,
      growthBaseMonth: '2026-10',
      growthBaseIncomeCents: 100_000,
      changeMonth: '2026-12',
      addedMonthlyCost: null,
      monthlyBurnChangeCents: -50_000,
      differenceMonths: null,
      working:
        "Income grows 50% a month from Dec 2026, compounding on Oct 2026's $1,000.00 (replacing the forecast's income); forecast runway 4 months → Unlimited.",
    });
    expect(grown.citations).toEqual([
      {
        label: 'Cash at the end of Nov 2026',
        amountCents: 600_000,
        accountId: await growth.account('Banks'),
        accountName: 'Banks',
        month: '2026-11',
        reportUrl: '/financial?account=Banks&month=2026-11&type=actual&expand=true',
      },
    ]);
    // -50%: $500, $250, $125 … Cash: Dec $3,500, Jan $750, Feb -$2,125: 3 months.
    const shrunk = await whatIf(deps, growth.entityId, { revenueGrowthPercent: -50 });
    expect(shrunk.data).toMatchObject({
      scenario: { months: 3, cashOutMonth: '2027-02' },
      monthlyBurnChangeCents: 50_000,
      differenceMonths: -1,
    });
    // Nothing was written, and the card's input (kept in the report cache) was not changed.
    expect(await ledgerSnapshot(t.db, growth.entityId)).toEqual(before);
    expect((await runway(deps, growth.entityId, {})).data).toEqual(card.data);
  });

  it("adds hires' salaries, employer taxes and benefits from their start month", async () => {
    const settings = await growth.gql<{ updateHiringSettings: { errors: string[] } }>(
      'mutation($e: ID!) { updateHiringSettings(entityId: $e, employerTaxPercent: 7.65, benefitsPercent: 5) { errors } }',
      { e: growth.entityId },
    );
    expect(settings.data?.updateHiringSettings.errors).toEqual([]);
    const before = await ledgerSnapshot(t.db, growth.entityId);
    // 2 × $120,000 / 12 = $20,000 a month, + 7.65% ($1,530) + 5% ($1,000) = $22,530 from December:
    // Dec cash $6,000 - $2,000 - $22,530 = -$18,530: 1 month.
    const hired = await whatIf(deps, growth.entityId, {
      hires: [{ count: 2, role: 'Engineer', annualSalaryCents: 12_000_000, startMonth: null }],
    });
    expect(hired.data).toMatchObject({
      baseline: { months: 4, cashOutMonth: '2027-03' },
      scenario: { months: 1, label: '1', cashOutMonth: '2026-12' },
      hires: [
        {
          role: 'Engineer',
          count: 2,
          annualSalaryCents: 12_000_000,
          startMonth: '2026-12',
          monthlySalariesCents: 2_000_000,
        },
      ],
      revenueGrowthPercent: null,
      growthBaseMonth: null,
      changeMonth: '2026-12',
      addedMonthlyCost: {
        month: '2026-12',
        salariesCents: 2_000_000,
        employerTaxesCents: 153_000,
        employerTaxBasisPoints: 765,
        benefitsCents: 100_000,
        benefitsBasisPoints: 500,
        totalCents: 2_253_000,
      },
      monthlyBurnChangeCents: 2_253_000,
      differenceMonths: -3,
      working:
        'Hiring 2 Engineer at $120,000.00 a year from Dec 2026 adds $20,000.00 in salaries + $1,530.00 employer taxes (7.65%) + $1,000.00 benefits (5%) = $22,530.00 a month from Dec 2026; forecast runway 4 months → 1 month.',
    });
    // A $50,000 designer from February with 50% growth: Dec $4,500, Jan $3,750, Feb $4,125 - $4,166.67 -
    // $318.75 (7.65%) - $208.33 (5%) = -$568.75: 3 months; February adds $4,693.75 less $2,375 of income.
    const both = await whatIf(deps, growth.entityId, {
      hires: [{ count: 1, role: 'Designer', annualSalaryCents: 5_000_000, startMonth: '2027-02' }],
      revenueGrowthPercent: 50,
    });
    expect(both.data).toMatchObject({
      scenario: { months: 3, cashOutMonth: '2027-02' },
      changeMonth: '2027-02',
      addedMonthlyCost: {
        salariesCents: 416_667,
        employerTaxesCents: 31_875,
        benefitsCents: 20_833,
        totalCents: 469_375,
      },
      monthlyBurnChangeCents: 469_375 - 237_500,
      differenceMonths: -1,
    });
    expect(await ledgerSnapshot(t.db, growth.entityId)).toEqual(before);
  });

  it('refuses bad arguments naming them', async () => {
    const hire = { count: 1, role: 'Engineer', annualSalaryCents: 10_000_000 };
    const refusals: [unknown, RegExp][] = [
      [{}, /^hires: give hires, revenueGrowthPercent or both$/],
      [{ hires: [] }, /^hires: /],
      [{ hires: Array.from({ length: 11 }, () => hire) }, /^hires: /],
      [{ hires: [{ ...hire, count: 0 }] }, /^hires\.0\.count: /],
      [{ hires: [hire, { ...hire, count: 51 }] }, /^hires\.1\.count: /],
      [{ hires: [{ ...hire, count: 1.5 }] }, /^hires\.0\.count: /],
      [{ hires: [{ ...hire, role: ' ' }] }, /^hires\.0\.role: must not be empty$/],
      [{ hires: [{ ...hire, role: 'x'.repeat(101) }] }, /^hires\.0\.role: /],
      [{ hires: [{ ...hire, annualSalaryCents: 0 }] }, /^hires\.0\.annualSalaryCents: /],
      [{ hires: [{ ...hire, annualSalaryCents: 10_000_000_001 }] }, /^hires\.0\.annualSalaryCents: /],
      [
        { hires: [{ ...hire, startMonth: '2026-10' }] },
        /^hires\.0\.startMonth: must not be before the current month, 2026-11$/,
      ],
      [{ hires: [{ ...hire, startMonth: '2040-01' }] }, /^hires\.0\.startMonth: must be between/],
      [{ hires: [{ ...hire, bonus: 1 }] }, /Unrecognized key/],
      [{ revenueGrowthPercent: 101 }, /^revenueGrowthPercent: /],
      [{ revenueGrowthPercent: -51 }, /^revenueGrowthPercent: /],
    ];
    for (const [args, message] of refusals) {
      await expect(whatIf(deps, growth.entityId, args)).rejects.toThrow(message);
    }
  });
});

describe('hiringPlan', () => {
  let plan: LedgerFixture;
  beforeAll(async () => {
    plan = await createLedgerFixture(t, 'Plan Co');
    const hiring = hiringClient(plan);
    const top = await hiring.topLevel();
    const engineering = idOf(await hiring.createDepartment('Engineering', { p: top.id }));
    const engineer = idOf(await hiring.createJobTitle('Engineer'));
    const designer = idOf(await hiring.createJobTitle('Designer'));
    const consultant = idOf(await hiring.createJobTitle('Consultant'));
    const ada = idOf(await hiring.createEmployee('Ada'));
    const bob = idOf(await hiring.createEmployee('Bob'));
    const positions: Record<string, unknown>[] = [
      { d: engineering, j: engineer, emp: ada, salary: 120_000, start: '2026-01' },
      { d: engineering, j: engineer, emp: bob, salary: 90_000, start: '2026-06', end: '2026-10' },
      { d: top.id, j: designer, q: 2, salary: 60_000, start: '2027-02' },
      { d: top.id, j: consultant, rate: 100, hours: 80, start: '2026-11' },
      { d: engineering, j: engineer, salary: 150_000, start: '2026-03', end: '2026-09' },
      { d: engineering, j: engineer, salary: 100_000, start: '2026-01' },
    ];
    for (const position of positions) {
      expect((await hiring.createJobPosition(position)).data?.createJobPosition.errors).toEqual([]);
    }
    // Another company's plan, which must not be counted.
    const other = await createLedgerFixture(t, 'Other Plan Co');
    const otherHiring = hiringClient(other);
    const otherTop = await otherHiring.topLevel();
    const otherTitle = idOf(await otherHiring.createJobTitle('Engineer'));
    const otherPerson = idOf(await otherHiring.createEmployee('Eve'));
    for (const emp of [otherPerson, null]) {
      const created = await otherHiring.createJobPosition({
        d: otherTop.id,
        j: otherTitle,
        emp,
        salary: 77_000,
        start: '2026-01',
      });
      expect(created.data?.createJobPosition.errors).toEqual([]);
    }
  });

  it('counts employees and contractors running in the month and lists the open roles not ended', async () => {
    const november = await hiringPlan(deps, plan.entityId, {});
    expect(november.data).toEqual({
      month: '2026-11',
      employees: 1,
      employeeSalariesCents: 1_000_000,
      contractors: 1,
      contractorsCents: 800_000,
      openRoles: [
        {
          title: 'Engineer',
          kind: 'employee',
          department: 'Engineering',
          startMonth: '2026-01',
          endMonth: null,
          quantity: 1,
          annualSalaryCents: 10_000_000,
          rateCents: null,
          hours: null,
        },
        {
          title: 'Consultant',
          kind: 'contractor',
          department: 'Plan Co',
          startMonth: '2026-11',
          endMonth: null,
          quantity: 1,
          annualSalaryCents: null,
          rateCents: 10_000,
          hours: 80,
        },
        {
          title: 'Designer',
          kind: 'employee',
          department: 'Plan Co',
          startMonth: '2027-02',
          endMonth: null,
          quantity: 2,
          annualSalaryCents: 6_000_000,
          rateCents: null,
          hours: null,
        },
      ],
    });
    expect(november.citations).toEqual([
      {
        label: 'Salaries of 1 employee in Nov 2026',
        amountCents: 1_000_000,
        accountId: null,
        accountName: null,
        month: '2026-11',
        reportUrl: '/hiring-plan',
      },
      expect.objectContaining({ label: 'Cost of 1 contractor in Nov 2026', amountCents: 800_000 }),
      expect.objectContaining({ label: 'Annual salaries of the 3 open roles', amountCents: 22_000_000 }),
    ]);
    // August: Ada and Bob ($10,000 + $7,500), no contractor yet; the role ending in September is open.
    const august = await hiringPlan(deps, plan.entityId, { month: '2026-08' });
    expect(august.data).toMatchObject({
      employees: 2,
      employeeSalariesCents: 1_750_000,
      contractors: 0,
      contractorsCents: 0,
    });
    expect(august.data.openRoles.map((role) => [role.title, role.startMonth, role.endMonth])).toEqual([
      ['Engineer', '2026-01', null],
      ['Engineer', '2026-03', '2026-09'],
      ['Consultant', '2026-11', null],
      ['Designer', '2027-02', null],
    ]);
    // December: the position that ended in September is no longer open.
    const december = await hiringPlan(deps, plan.entityId, { month: '2026-12' });
    expect(december.data.openRoles.map((role) => role.startMonth)).toEqual(['2026-01', '2026-11', '2027-02']);
    await expect(hiringPlan(deps, plan.entityId, { month: 'August' })).rejects.toThrow(/^month: /);
    await expect(hiringPlan(deps, plan.entityId, { month: '2040-01' })).rejects.toThrow(
      /^month: must be between 2022-01 and 2031-03$/,
    );
  });
});
