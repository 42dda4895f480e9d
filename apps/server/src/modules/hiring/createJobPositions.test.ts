import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLedgerFixture, forecastRollupsOf, type LedgerFixture } from '../../../test/ledgerTestKit';
import { hiringSettings, jobPositions } from '../../db/schema';
import {
  createDepartment,
  createEmployee,
  createJobPosition,
  createJobPositions,
  createJobTitle,
  updateHiringSettings,
} from '.';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A company with a department, an engineer's role, a contractor's role and two employees. */
async function companyToHire(name: string) {
  const fixture = await createLedgerFixture(t, name);
  const { entityId } = fixture;
  await updateHiringSettings(t.db, t.clock, null, {
    entityId,
    employerTaxPercent: 7.65,
    benefitsPercent: 12,
  });
  const department = await createDepartment(t.db, t.clock, { entityId, name: 'Engineering' });
  const engineer = await createJobTitle(t.db, t.clock, {
    entityId,
    name: 'Engineer',
    defaultSalary: 150_000,
  });
  const designer = await createJobTitle(t.db, t.clock, { entityId, name: 'Designer' });
  const ada = await createEmployee(t.db, t.clock, { entityId, name: 'Ada' });
  const grace = await createEmployee(t.db, t.clock, { entityId, name: 'Grace' });
  const plan = [
    {
      departmentId: department.id,
      jobTitleId: engineer.id,
      employeeId: ada.id,
      salary: 160_000,
      startMonth: '2025-06',
    },
    { departmentId: department.id, jobTitleId: engineer.id, employeeId: grace.id, startMonth: '2026-12' },
    {
      departmentId: department.id,
      jobTitleId: engineer.id,
      quantity: 2,
      startMonth: '2027-03',
      endMonth: '2027-09',
    },
    {
      departmentId: department.id,
      jobTitleId: designer.id,
      rate: 95,
      hours: 80,
      startMonth: '2026-11',
      endMonth: '2027-04',
    },
  ];
  return { fixture, department, plan };
}

/** Each hiring line's forecast per month, by line (the accounts differ between companies). */
async function hiringForecastsOf(fixture: LedgerFixture) {
  const [settings] = await t.db
    .select()
    .from(hiringSettings)
    .where(eq(hiringSettings.entityId, fixture.entityId));
  const line = (accountId: string | null | undefined) =>
    accountId ? forecastRollupsOf(t.db, fixture.entityId, accountId) : Promise.resolve({});
  return {
    salaries: await line(settings?.salariesAccountId),
    contractors: await line(settings?.contractorsAccountId),
  };
}

describe('createJobPositions', () => {
  it('makes the same plan and the same forecasts as creating the positions one by one', async () => {
    const oneByOne = await companyToHire('One By One');
    for (const input of oneByOne.plan) {
      await createJobPosition(t.db, t.clock, null, { ...input, entityId: oneByOne.fixture.entityId });
    }
    const atOnce = await companyToHire('At Once');
    const rows = await createJobPositions(t.db, t.clock, null, atOnce.fixture.entityId, atOnce.plan);

    expect(rows.map((row) => row.position)).toEqual([0, 1, 2, 3]);
    const terms = (row: typeof jobPositions.$inferSelect) => [
      row.position,
      row.salaryCents,
      row.rateCents,
      row.hours,
      row.startMonth,
      row.endMonth,
      row.quantity,
    ];
    const stored = async (entityId: string) =>
      (await t.db.select().from(jobPositions).where(eq(jobPositions.entityId, entityId))).map(terms).sort();
    expect(await stored(atOnce.fixture.entityId)).toEqual(await stored(oneByOne.fixture.entityId));
    const expected = await hiringForecastsOf(oneByOne.fixture);
    expect(Object.keys(expected.salaries).length).toBeGreaterThan(0);
    expect(Object.keys(expected.contractors).length).toBeGreaterThan(0);
    expect(await hiringForecastsOf(atOnce.fixture)).toEqual(expected);
  });

  it('creates none of them when one is refused', async () => {
    const { fixture, department, plan } = await companyToHire('All Or None');
    const refused = { departmentId: department.id, jobTitleId: null, startMonth: '2027-01' };

    await expect(
      createJobPositions(t.db, t.clock, null, fixture.entityId, [...plan, refused]),
    ).rejects.toThrow('You must select a job title before creating a job position');
    expect(await t.db.select().from(jobPositions).where(eq(jobPositions.entityId, fixture.entityId))).toEqual(
      [],
    );
    expect(await hiringForecastsOf(fixture)).toEqual({ salaries: {}, contractors: {} });
  });
});
