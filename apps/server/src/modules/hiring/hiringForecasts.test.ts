import {
  computeHiringPlanCosts,
  type HiringCostRates,
  hiringForecastMonths,
  type PositionPay,
} from '@keel/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { hiringClient, idOf } from '../../../test/hiringTestKit';
import {
  createLedgerFixture,
  expectBooksExact,
  forecastRollupsOf,
  type LedgerFixture,
  ledgerSnapshot,
  reportRowOf,
} from '../../../test/ledgerTestKit';
import { entityLedgerVersions, forecasts, hiringSettings } from '../../db/schema';
import { createAccount } from '../ledger/accounts';

let t: TestApp;
let acme: LedgerFixture;
let other: LedgerFixture;
let hiring: ReturnType<typeof hiringClient>;
let top: string;
let engineer: string;

const CURRENT_MONTH = '2026-11';
const SETTINGS_FIELDS = `entityId employerTaxPercent benefitsPercent
  salariesAccount { id name } contractorsAccount { id name } taxesAccount { id name } benefitsAccount { id name }`;
const SETTINGS = `query($e: ID!) { hiringPlan(entityId: $e) { settings { ${SETTINGS_FIELDS} } } }`;
const UPDATE_SETTINGS = `mutation($e: ID!, $s: ID, $c: ID, $tx: ID, $b: ID, $tp: Float, $bp: Float) {
  updateHiringSettings(entityId: $e, salariesAccountId: $s, contractorsAccountId: $c, taxesAccountId: $tx,
    benefitsAccountId: $b, employerTaxPercent: $tp, benefitsPercent: $bp) { errors settings { ${SETTINGS_FIELDS} } } }`;

type Settings = {
  employerTaxPercent: number;
  benefitsPercent: number;
  salariesAccount: { id: string; name: string } | null;
  contractorsAccount: { id: string; name: string } | null;
  taxesAccount: { id: string; name: string } | null;
  benefitsAccount: { id: string; name: string } | null;
};

async function readSettings(fixture = acme): Promise<Settings> {
  const answer = await fixture.gql<{ hiringPlan: { settings: Settings } }>(SETTINGS, { e: fixture.entityId });
  expect(answer.errors).toBeUndefined();
  return answer.data!.hiringPlan.settings;
}

function updateSettings(variables: Record<string, unknown>, fixture = acme) {
  return fixture.gql<{ updateHiringSettings: { errors: string[]; settings: Settings | null } }>(
    UPDATE_SETTINGS,
    {
      e: fixture.entityId,
      ...variables,
    },
  );
}

const forecastRollups = (accountId: string) => forecastRollupsOf(t.db, acme.entityId, accountId);
const reportRow = (accountId: string) => reportRowOf(acme, accountId);

/** What the plan costs per month on a line, from the domain's arithmetic, zero months left out. */
function planCosts(
  positions: PositionPay[],
  rates: HiringCostRates,
  line: 'salaries' | 'contractors' | 'employerTaxes' | 'benefits',
) {
  const costs = computeHiringPlanCosts(positions, hiringForecastMonths(CURRENT_MONTH), rates);
  return Object.fromEntries(costs.filter((cost) => cost[line] !== 0).map((cost) => [cost.month, cost[line]]));
}

/** The report's months after the current one (2026-12 to 2027-12) of a month map. */
function reportMonths(byMonth: Record<string, number>) {
  return Object.fromEntries(
    Object.entries(byMonth).filter(([month]) => month > CURRENT_MONTH && month <= '2027-12'),
  );
}

function nonZero(row: Record<string, number>) {
  return Object.fromEntries(
    Object.entries(row).filter(([key, amount]) => /^\d{4}-\d{2}$/.test(key) && amount !== 0),
  );
}

async function hiringForecastRows() {
  return t.db
    .select({ id: forecasts.id, accountId: forecasts.accountId, startMonth: forecasts.startMonth })
    .from(forecasts)
    .where(and(eq(forecasts.entityId, acme.entityId), eq(forecasts.kind, 'hiring')));
}

const employee = (salaryCents: number, startMonth: string, endMonth: string | null = null): PositionPay => ({
  quantity: 1,
  salaryCents,
  rateCents: null,
  hours: null,
  startMonth,
  endMonth,
});
const contractor = (
  rateCents: number,
  hours: number,
  startMonth: string,
  endMonth: string | null,
): PositionPay => ({
  quantity: 1,
  salaryCents: null,
  rateCents,
  hours,
  startMonth,
  endMonth,
});
const NO_RATES = { employerTaxBasisPoints: 0, benefitsBasisPoints: 0 };

beforeAll(async () => {
  t = await createTestApp();
  acme = await createLedgerFixture(t, 'Acme');
  other = await createLedgerFixture(t, 'Other Co');
  hiring = hiringClient(acme);
  top = (await hiring.topLevel()).id;
  engineer = idOf(await hiring.createJobTitle('Engineer', { s: 120_000 }));
});

afterAll(async () => {
  await t?.close();
});

describe('hiring plan forecasts', () => {
  let salaries: string;
  let contractors: string;
  let lead: string;
  let designer: string;

  it('shows no accounts and no rates before the plan costs anything, and makes nothing on a read', async () => {
    const before = await ledgerSnapshot(t.db, acme.entityId);
    expect(await readSettings()).toMatchObject({
      employerTaxPercent: 0,
      benefitsPercent: 0,
      salariesAccount: null,
      contractorsAccount: null,
    });
    expect(await ledgerSnapshot(t.db, acme.entityId)).toEqual(before);
  });

  it("writes employees' salaries from the current month into the report, a past start costing only from now", async () => {
    lead = idOf(await hiring.createJobPosition({ d: top, j: engineer, salary: 120_000, start: '2026-06' }));
    const settings = await readSettings();
    expect(settings.salariesAccount?.name).toBe('Salaries');
    salaries = settings.salariesAccount!.id;
    const expected = planCosts([employee(120_000_00, '2026-06')], NO_RATES, 'salaries');
    expect(Object.keys(expected)[0]).toBe(CURRENT_MONTH);
    expect(expected[CURRENT_MONTH]).toBe(10_000_00);
    expect(await forecastRollups(salaries)).toEqual(expected);
    expect(nonZero(await reportRow(salaries))).toEqual(reportMonths(expected));
    const rows = await hiringForecastRows();
    expect(rows).toEqual([{ id: expect.any(String), accountId: salaries, startMonth: CURRENT_MONTH }]);
    await expectBooksExact(t.db, acme.entityId);
  });

  it("writes contractors' cost onto a Contractors account made under Expense", async () => {
    designer = idOf(
      await hiring.createJobPosition({
        d: top,
        j: engineer,
        rate: 50,
        hours: 100,
        start: '2027-02',
        end: '2027-06',
      }),
    );
    contractors = (await readSettings()).contractorsAccount!.id;
    expect((await readSettings()).contractorsAccount?.name).toBe('Contractors');
    const expected = planCosts([contractor(50_00, 100, '2027-02', '2027-06')], NO_RATES, 'contractors');
    expect(expected).toEqual({
      '2027-02': 5_000_00,
      '2027-03': 5_000_00,
      '2027-04': 5_000_00,
      '2027-05': 5_000_00,
      '2027-06': 5_000_00,
    });
    expect(await forecastRollups(contractors)).toEqual(expected);
    expect(nonZero(await reportRow(contractors))).toEqual(expected);
    await expectBooksExact(t.db, acme.entityId);
  });

  it('adds employer taxes and benefits onto the salaries account, then onto their own accounts', async () => {
    const rates = { employerTaxBasisPoints: 765, benefitsBasisPoints: 1_000 };
    const answer = await updateSettings({ tp: 7.65, bp: 10 });
    expect(answer.data?.updateHiringSettings).toMatchObject({
      errors: [],
      settings: { employerTaxPercent: 7.65, benefitsPercent: 10, taxesAccount: null },
    });
    const plan = [employee(120_000_00, '2026-06')];
    const sum = (...maps: Record<string, number>[]) => {
      const total: Record<string, number> = {};
      for (const map of maps)
        for (const [month, cents] of Object.entries(map)) total[month] = (total[month] ?? 0) + cents;
      return total;
    };
    const onSalaries = sum(
      planCosts(plan, rates, 'salaries'),
      planCosts(plan, rates, 'employerTaxes'),
      planCosts(plan, rates, 'benefits'),
    );
    expect(onSalaries['2027-01']).toBe(10_000_00 + 765_00 + 1_000_00);
    expect(await forecastRollups(salaries)).toEqual(onSalaries);
    expect(nonZero(await reportRow(salaries))).toEqual(reportMonths(onSalaries));

    const expense = await acme.account('Expense');
    const taxes = (
      await createAccount(t.db, t.clock, {
        entityId: acme.entityId,
        parentId: expense,
        name: 'Payroll Taxes',
      })
    ).id;
    const benefits = (
      await createAccount(t.db, t.clock, { entityId: acme.entityId, parentId: expense, name: 'Benefits' })
    ).id;
    const moved = await updateSettings({ tx: taxes, b: benefits });
    expect(moved.data?.updateHiringSettings.settings).toMatchObject({
      taxesAccount: { id: taxes, name: 'Payroll Taxes' },
      benefitsAccount: { id: benefits, name: 'Benefits' },
    });
    expect(await forecastRollups(salaries)).toEqual(planCosts(plan, rates, 'salaries'));
    expect(await forecastRollups(taxes)).toEqual(planCosts(plan, rates, 'employerTaxes'));
    expect(await forecastRollups(benefits)).toEqual(planCosts(plan, rates, 'benefits'));
    expect(nonZero(await reportRow(taxes))).toEqual(reportMonths(planCosts(plan, rates, 'employerTaxes')));
    expect((await hiringForecastRows()).length).toBe(4);
    await expectBooksExact(t.db, acme.entityId);
  });

  it('follows a new salary, an end month and a deleted position', async () => {
    const rates = { employerTaxBasisPoints: 765, benefitsBasisPoints: 1_000 };
    const taxes = (await readSettings()).taxesAccount!.id;
    await hiring.updateJobPosition(lead, { salary: 150_000.06, endDate: '2027-09' });
    const plan = [employee(150_000_06, '2026-06', '2027-09')];
    expect(await forecastRollups(salaries)).toEqual(planCosts(plan, rates, 'salaries'));
    expect(await forecastRollups(taxes)).toEqual(planCosts(plan, rates, 'employerTaxes'));
    expect(planCosts(plan, rates, 'salaries')['2027-09']).toBe(12_500_01);
    expect(planCosts(plan, rates, 'salaries')['2027-10']).toBeUndefined();
    expect(nonZero(await reportRow(salaries))).toEqual(reportMonths(planCosts(plan, rates, 'salaries')));

    expect((await hiring.deleteJobPosition(designer)).data?.deleteJobPosition.errors).toEqual([]);
    expect(await forecastRollups(contractors)).toEqual({});
    expect((await hiringForecastRows()).some((row) => row.accountId === contractors)).toBe(false);
    const [row] = await t.db.select().from(hiringSettings).where(eq(hiringSettings.entityId, acme.entityId));
    expect(row?.contractorsForecastId).toBeNull();
    await expectBooksExact(t.db, acme.entityId);
  });

  it('moves a line to another account: the old account loses its forecast', async () => {
    const expense = await acme.account('Expense');
    const wages = (
      await createAccount(t.db, t.clock, { entityId: acme.entityId, parentId: expense, name: 'Wages' })
    ).id;
    const before = await forecastRollups(salaries);
    expect((await updateSettings({ s: wages })).data?.updateHiringSettings.errors).toEqual([]);
    expect(await forecastRollups(salaries)).toEqual({});
    expect(await forecastRollups(wages)).toEqual(before);
    expect((await hiringForecastRows()).some((row) => row.accountId === salaries)).toBe(false);
    salaries = wages;
    await expectBooksExact(t.db, acme.entityId);
  });

  it('writes nothing when nothing changes', async () => {
    const version = async () =>
      (
        await t.db.select().from(entityLedgerVersions).where(eq(entityLedgerVersions.entityId, acme.entityId))
      )[0];
    const before = await ledgerSnapshot(t.db, acme.entityId);
    const versionBefore = await version();
    expect((await updateSettings({ tp: 7.65, bp: 10 })).data?.updateHiringSettings.errors).toEqual([]);
    await hiring.updateJobPosition(lead, { quantity: 1 });
    expect(await ledgerSnapshot(t.db, acme.entityId)).toEqual(before);
    expect(await version()).toEqual(versionBefore);
  });

  it('refuses bad settings and changes nothing', async () => {
    const banks = await acme.account('Banks');
    const theirs = await other.account('Expense');
    const before = await ledgerSnapshot(t.db, acme.entityId);
    const settingsBefore = await readSettings();
    for (const [variables, message] of [
      [{ tp: 100.01 }, 'Employer tax percent must be between 0 and 100'],
      [{ bp: -1 }, 'Benefits percent must be between 0 and 100'],
      [{ tp: 7.655 }, 'Employer tax percent can have at most 2 decimals'],
      [{ s: banks, tp: 1 }, 'Hiring costs cannot go to Banks, Credit Cards, Investments or Loans'],
    ] as const) {
      expect((await updateSettings(variables)).data?.updateHiringSettings).toEqual({
        errors: [message],
        settings: null,
      });
    }
    for (const variables of [{ c: theirs }, { b: 'not-a-uuid' }]) {
      const answer = await updateSettings(variables);
      expect(answer.errors?.[0]).toMatchObject({
        message: 'Account not found',
        extensions: { code: 'NOT_FOUND' },
      });
    }
    const refusedPosition = await hiring.createJobPosition({
      d: top,
      j: engineer,
      salary: 1,
      start: '2026-12',
      end: '2026-01',
    });
    expect(refusedPosition.data?.createJobPosition.errors).toEqual(['End date cannot be before start date']);
    expect(await ledgerSnapshot(t.db, acme.entityId)).toEqual(before);
    expect(await readSettings()).toEqual(settingsBefore);
  });

  it('refuses a direct edit of a hiring forecast, and read-only members cannot change the settings', async () => {
    const viewer = await acme.member('card_only');
    const answer = await acme.gql(UPDATE_SETTINGS, { e: acme.entityId, tp: 1 }, viewer);
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
    const [forecast] = await hiringForecastRows();
    const before = await ledgerSnapshot(t.db, acme.entityId);
    const edit = await acme.gql('mutation($id: ID!) { updateForecast(budgetId: $id, amount: 1) { id } }', {
      id: forecast!.id,
    });
    expect(edit.errors?.[0]?.message).toBe('This forecast comes from the hiring plan: change it there');
    expect(await ledgerSnapshot(t.db, acme.entityId)).toEqual(before);
  });

  // Last: it moves the clock on a month.
  it('keeps what it planned for a month now past when the plan changes later', async () => {
    const november = (await forecastRollups(salaries))[CURRENT_MONTH];
    expect(november).toBeGreaterThan(0);
    t.clock.advance(31 * 24 * 3600 * 1000);
    // The owner's session ended with the month: an admin signs in now.
    const admin = hiringClient(acme, await acme.member('admin'));
    const update = await admin.updateJobPosition(lead, { salary: 180_000 });
    expect(update.errors).toBeUndefined();
    expect(update.data?.updateJobPosition.errors).toEqual([]);
    const after = await forecastRollups(salaries);
    expect(after[CURRENT_MONTH]).toBe(november);
    expect(after['2026-12']).toBe(15_000_00);
    await expectBooksExact(t.db, acme.entityId);
  });
});
