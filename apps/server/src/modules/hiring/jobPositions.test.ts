import { HIRING_MESSAGES } from '@keel/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { hiringClient, hiringSnapshot, idOf } from '../../../test/hiringTestKit';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledgerTestKit';

let t: TestApp;
let acme: LedgerFixture;
let hiring: ReturnType<typeof hiringClient>;
let eng: string;
let sales: string;
let engineer: string;
let person: string;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Each test gets a company of its own, with two departments, a role and an employee.
beforeEach(async () => {
  acme = await createLedgerFixture(t, 'Acme');
  hiring = hiringClient(acme);
  eng = idOf(await hiring.createDepartment('Engineering'));
  sales = idOf(await hiring.createDepartment('Sales'));
  engineer = idOf(await hiring.createJobTitle('Engineer', { s: 150000 }));
  person = idOf(await hiring.createEmployee('Ada Lovelace'));
});

async function create(variables: Record<string, unknown>) {
  const answer = await hiring.createJobPosition({ d: eng, j: engineer, ...variables });
  expect(answer.errors).toBeUndefined();
  return answer.data!.createJobPosition;
}

async function update(id: string, variables: Record<string, unknown>) {
  const answer = await hiring.updateJobPosition(id, variables);
  expect(answer.errors).toBeUndefined();
  return answer.data!.updateJobPosition;
}

/** A department's positions by id, in order, with their positions checked to be 0, 1, 2, ... */
async function positionsIn(departmentId: string): Promise<string[]> {
  const rows = (await hiring.plan()).jobPositions.filter((p) => p.departmentId === departmentId);
  expect(rows.map((p) => p.position)).toEqual(rows.map((_, index) => index));
  return rows.map((p) => p.id);
}

describe('creating job positions', () => {
  it('creates an employee position: a salary, held by an employee, from a start month through an end month', async () => {
    const answer = await create({ emp: person, salary: 120000.5, start: '2026-03', end: '2027-02' });
    expect(answer).toEqual({
      errors: [],
      jobPosition: {
        id: expect.any(String),
        entityId: acme.entityId,
        departmentId: eng,
        position: 0,
        jobTitleId: engineer,
        employeeId: person,
        quantity: 1,
        salary: 120000.5,
        rate: null,
        hours: null,
        startDate: '2026-03',
        endDate: '2027-02',
        kind: 'employee',
      },
    });
    expect((await hiring.plan()).employees[0]?.positionsCount).toBe(1);
  });

  it('creates a contractor position: a rate with hours, for several people, open-ended', async () => {
    const answer = await create({ rate: 85.25, hours: 120, q: 3 });
    expect(answer.jobPosition).toMatchObject({
      salary: null,
      rate: 85.25,
      hours: 120,
      quantity: 3,
      endDate: null,
      kind: 'contractor',
    });
  });

  it("takes the role's default salary when neither a salary nor a rate is given; a salary of 0 is kept", async () => {
    expect((await create({})).jobPosition).toMatchObject({ salary: 150000, kind: 'employee' });
    expect((await create({ salary: 0 })).jobPosition).toMatchObject({ salary: 0, kind: 'employee' });
    expect((await create({ rate: 0, hours: 0 })).jobPosition).toMatchObject({
      rate: 0,
      hours: 0,
      kind: 'contractor',
    });
    const noDefault = idOf(await hiring.createJobTitle('Intern'));
    expect((await create({ j: noDefault })).errors).toEqual([HIRING_MESSAGES.payMissing]);
  });

  it('refuses a position without a job title', async () => {
    for (const j of [null, undefined, '']) {
      expect((await create({ j })).errors).toEqual([
        'You must select a job title before creating a job position',
      ]);
    }
  });

  it('refuses the rules of spec §5 with their messages, and writes nothing', async () => {
    const before = await hiringSnapshot(t.db, acme.entityId);
    const refusals: [Record<string, unknown>, string][] = [
      [{ start: '2026-05', end: '2026-04' }, 'End date cannot be before start date'],
      [{ hours: 1.5, rate: 10 }, 'Hours must be a whole number'],
      [{ hours: 745, rate: 10 }, 'Hours must be between 0 and 744'],
      [{ hours: -1, rate: 10 }, 'Hours must be between 0 and 744'],
      [{ salary: -5 }, 'Salary cannot be negative'],
      [{ rate: -5, hours: 10 }, 'Rate cannot be negative'],
      [{ salary: 100000000.01 }, 'Salary can be at most $100,000,000.00'],
      [{ salary: 100, rate: 10, hours: 10 }, HIRING_MESSAGES.payBoth],
      [{ rate: 10 }, HIRING_MESSAGES.contractorNeedsBoth],
      [{ hours: 10 }, HIRING_MESSAGES.contractorNeedsBoth],
      [{ q: 0 }, 'Quantity must be between 1 and 1,000'],
      [{ q: 1001 }, 'Quantity must be between 1 and 1,000'],
      [{ emp: person, q: 2 }, HIRING_MESSAGES.filledQuantity],
      [{ at: { first: true, before: eng } }, HIRING_MESSAGES.placementAmbiguous],
    ];
    for (const [variables, message] of refusals) {
      expect(await create(variables), JSON.stringify(variables)).toEqual({
        errors: [message],
        jobPosition: null,
      });
    }
    const cents = await hiring.createJobPosition({ d: eng, j: engineer, salary: 10.001 });
    expect(cents.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'salary' });
    const month = await hiring.createJobPosition({ d: eng, j: engineer, start: '2026-13' });
    expect(month.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'startDate' });
    expect(await hiringSnapshot(t.db, acme.entityId)).toEqual(before);
  });

  it('places a position first, before or after another of its department, or last', async () => {
    const b = (await create({})).jobPosition!.id;
    const d = (await create({})).jobPosition!.id;
    const a = (await create({ at: { first: true } })).jobPosition!.id;
    const c = (await create({ at: { before: d } })).jobPosition!.id;
    const b2 = (await create({ at: { after: b } })).jobPosition!.id;
    expect(await positionsIn(eng)).toEqual([a, b, b2, c, d]);
    const elsewhere = await hiring.createJobPosition({ d: sales, j: engineer, at: { after: b } });
    expect(elsewhere.data?.createJobPosition.errors).toEqual([
      HIRING_MESSAGES.jobPositionPlacementDepartment,
    ]);
  });
});

describe('updating job positions', () => {
  it('keeps absent fields, clears null ones, and switches an employee to a contractor', async () => {
    const id = (await create({ emp: person, salary: 90000, start: '2026-01', end: '2026-12' })).jobPosition!
      .id;
    expect((await update(id, { endDate: '2027-06' })).jobPosition).toMatchObject({
      employeeId: person,
      salary: 90000,
      startDate: '2026-01',
      endDate: '2027-06',
    });
    expect((await update(id, { endDate: null, employeeId: null, quantity: 2 })).jobPosition).toMatchObject({
      employeeId: null,
      endDate: null,
      quantity: 2,
    });
    expect((await update(id, { rate: 60, hours: 100 })).errors).toEqual([HIRING_MESSAGES.payBoth]);
    expect((await update(id, { salary: null, rate: 60, hours: 100 })).jobPosition).toMatchObject({
      salary: null,
      rate: 60,
      hours: 100,
      kind: 'contractor',
    });
    const role = idOf(await hiring.createJobTitle('Staff Engineer'));
    expect((await update(id, { jobTitleId: role })).jobPosition?.jobTitleId).toBe(role);
  });

  it('refuses an end before the start, whichever of them changes', async () => {
    const id = (await create({ start: '2026-06', end: '2026-09' })).jobPosition!.id;
    expect((await update(id, { startDate: '2026-10' })).errors).toEqual([HIRING_MESSAGES.endBeforeStart]);
    expect((await update(id, { endDate: '2026-05' })).errors).toEqual([HIRING_MESSAGES.endBeforeStart]);
    expect((await update(id, { startDate: '2026-09' })).jobPosition?.startDate).toBe('2026-09');
  });

  it('reorders positions within a department', async () => {
    const a = (await create({})).jobPosition!.id;
    const b = (await create({})).jobPosition!.id;
    const c = (await create({})).jobPosition!.id;
    await update(c, { position: { first: true } });
    expect(await positionsIn(eng)).toEqual([c, a, b]);
    await update(c, { position: { after: b } });
    expect(await positionsIn(eng)).toEqual([a, b, c]);
    await update(a, { position: {} });
    expect(await positionsIn(eng)).toEqual([b, c, a]);
    expect((await update(a, { position: { before: a } })).errors).toEqual([HIRING_MESSAGES.placementSelf]);
  });

  it('moves a position into another department, or next to a position there, closing the gap', async () => {
    const a = (await create({})).jobPosition!.id;
    const b = (await create({})).jobPosition!.id;
    const c = (await create({})).jobPosition!.id;
    const s1 = (await create({ d: sales })).jobPosition!.id;
    expect((await update(b, { departmentId: sales })).jobPosition).toMatchObject({
      departmentId: sales,
      position: 1,
    });
    expect(await positionsIn(eng)).toEqual([a, c]);
    expect(await positionsIn(sales)).toEqual([s1, b]);
    expect((await update(a, { position: { before: s1 } })).jobPosition).toMatchObject({
      departmentId: sales,
      position: 0,
    });
    expect(await positionsIn(sales)).toEqual([a, s1, b]);
    expect(await positionsIn(eng)).toEqual([c]);
    expect((await update(c, { departmentId: eng, position: { after: s1 } })).errors).toEqual([
      HIRING_MESSAGES.jobPositionPlacementDepartment,
    ]);
  });
});

describe('deleting job positions', () => {
  it("deletes a position and closes its department's gap", async () => {
    const a = (await create({})).jobPosition!.id;
    const b = (await create({})).jobPosition!.id;
    const c = (await create({})).jobPosition!.id;
    expect((await hiring.deleteJobPosition(b)).data?.deleteJobPosition).toEqual({ id: b, errors: [] });
    expect(await positionsIn(eng)).toEqual([a, c]);
    expect((await hiring.deleteJobPosition(b)).errors?.[0]).toMatchObject({
      message: 'Job position not found',
      extensions: { code: 'NOT_FOUND' },
    });
  });
});
