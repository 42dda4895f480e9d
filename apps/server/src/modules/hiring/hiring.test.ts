import { HIRING_MESSAGES } from '@keel/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { HIRING_PLAN, hiringClient, hiringSnapshot, idOf } from '../../../test/hiringTestKit';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledgerTestKit';
import { departments } from '../../db/schema';

let t: TestApp;
let acme: LedgerFixture;
let other: LedgerFixture;
let hiring: ReturnType<typeof hiringClient>;
let rival: ReturnType<typeof hiringClient>;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createLedgerFixture(t, 'Acme');
  other = await createLedgerFixture(t, 'Rival');
  hiring = hiringClient(acme);
  rival = hiringClient(other);
});
afterAll(() => t.close());

describe('the hiring plan', () => {
  it('has one top-level department, named after the company, from the first read', async () => {
    const plan = await hiring.plan();
    expect(plan).toMatchObject({ entityId: acme.entityId, employees: [], jobTitles: [], jobPositions: [] });
    expect(plan.departments).toEqual([
      {
        id: expect.any(String),
        entityId: acme.entityId,
        name: 'Acme',
        ancestry: '/',
        parentId: null,
        position: 0,
        depth: 0,
        isTopLevel: true,
      },
    ]);
    expect((await hiring.plan()).departments).toEqual(plan.departments);
  });

  it('makes one top-level department when first writes race', async () => {
    const fresh = await createLedgerFixture(t, 'Racing');
    const client = hiringClient(fresh);
    const answers = await Promise.all([
      client.createDepartment('Sales'),
      client.createDepartment('Support'),
      client.createEmployee('Ada'),
      client.createJobTitle('Engineer'),
    ]);
    for (const answer of answers) expect(answer.errors).toBeUndefined();
    const tops = await t.db
      .select()
      .from(departments)
      .where(and(eq(departments.entityId, fresh.entityId), isNull(departments.parentId)));
    expect(tops).toHaveLength(1);
    const plan = await client.plan();
    expect(plan.departments.map((d) => d.name)).toEqual(['Racing', expect.any(String), expect.any(String)]);
    expect(plan.departments.slice(1).map((d) => d.position)).toEqual([0, 1]);
  });

  it('answers departments in tree order and positions by department, then position', async () => {
    const fresh = await createLedgerFixture(t, 'Ordered');
    const client = hiringClient(fresh);
    const ops = idOf(await client.createDepartment('Operations'));
    const eng = idOf(await client.createDepartment('Engineering', { at: { first: true } }));
    const web = idOf(await client.createDepartment('Web', { p: eng }));
    const api = idOf(await client.createDepartment('API', { p: eng, at: { first: true } }));
    const title = idOf(await client.createJobTitle('Engineer', { s: 100000 }));
    const inOps = idOf(await client.createJobPosition({ d: ops, j: title }));
    const inWeb = idOf(await client.createJobPosition({ d: web, j: title }));
    const inApi = idOf(await client.createJobPosition({ d: api, j: title }));
    const firstInApi = idOf(await client.createJobPosition({ d: api, j: title, at: { first: true } }));
    const plan = await client.plan();
    expect(plan.departments.map((d) => [d.name, d.depth, d.position])).toEqual([
      ['Ordered', 0, 0],
      ['Engineering', 1, 0],
      ['API', 2, 0],
      ['Web', 2, 1],
      ['Operations', 1, 1],
    ]);
    expect(plan.jobPositions.map((p) => p.id)).toEqual([firstInApi, inApi, inWeb, inOps]);
  });
});

describe('roles (job titles)', () => {
  it('creates a role with default salary and bonus in units, and renames it', async () => {
    const created = await hiring.createJobTitle('Account Executive', { s: 95000.5, b: 10000 });
    expect(created.data?.createJobTitle).toEqual({
      errors: [],
      jobTitle: {
        id: expect.any(String),
        entityId: acme.entityId,
        name: 'Account Executive',
        defaultSalary: 95000.5,
        defaultBonus: 10000,
        hiresCount: 0,
      },
    });
    const id = idOf(created);
    const renamed = await hiring.updateJobTitle(id, { n: '  Senior Account Executive ' });
    expect(renamed.data?.updateJobTitle.jobTitle).toMatchObject({
      name: 'Senior Account Executive',
      defaultSalary: 95000.5,
      defaultBonus: 10000,
    });
    const cleared = await hiring.updateJobTitle(id, { s: null, b: 12000 });
    expect(cleared.data?.updateJobTitle.jobTitle).toMatchObject({ defaultSalary: null, defaultBonus: 12000 });
  });

  it('refuses a name another role has, whatever its case, and a blank or long name', async () => {
    idOf(await hiring.createJobTitle('Designer'));
    expect((await hiring.createJobTitle('designer')).data?.createJobTitle).toEqual({
      errors: [HIRING_MESSAGES.duplicateRole],
      jobTitle: null,
    });
    const other = idOf(await hiring.createJobTitle('Researcher'));
    expect((await hiring.updateJobTitle(other, { n: 'DESIGNER' })).data?.updateJobTitle.errors).toEqual([
      HIRING_MESSAGES.duplicateRole,
    ]);
    expect((await hiring.createJobTitle('   ')).data?.createJobTitle.errors).toEqual(['Name is required']);
    expect((await hiring.createJobTitle('x'.repeat(121))).data?.createJobTitle.errors).toEqual([
      'Name must be at most 120 characters',
    ]);
  });

  it('refuses negative defaults, and amounts with more than 2 decimals', async () => {
    expect((await hiring.createJobTitle('Negative', { s: -1 })).data?.createJobTitle.errors).toEqual([
      'Default salary cannot be negative',
    ]);
    expect((await hiring.createJobTitle('Negative', { b: -0.01 })).data?.createJobTitle.errors).toEqual([
      'Default bonus cannot be negative',
    ]);
    const precise = await hiring.createJobTitle('Precise', { s: 1.005 });
    expect(precise.errors?.[0]?.message).toContain('Amount can have at most 2 decimals');
    expect(precise.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'defaultSalary' });
  });

  it('counts hires as the people its positions plan, and refuses to delete a role with hires', async () => {
    const role = idOf(await hiring.createJobTitle('Support Agent', { s: 50000 }));
    const top = await hiring.topLevel();
    const position = idOf(await hiring.createJobPosition({ d: top.id, j: role, q: 3 }));
    idOf(await hiring.createJobPosition({ d: top.id, j: role }));
    const plan = await hiring.plan();
    expect(plan.jobTitles.find((j) => j.id === role)?.hiresCount).toBe(4);
    expect((await hiring.deleteJobTitle(role)).data?.deleteJobTitle).toEqual({
      id: null,
      errors: [HIRING_MESSAGES.deleteRoleWithHires],
    });
    for (const p of (await hiring.plan()).jobPositions.filter((p) => p.jobTitleId === role)) {
      expect((await hiring.deleteJobPosition(p.id)).data?.deleteJobPosition.id).toBe(p.id);
    }
    expect(position).toBeTruthy();
    expect((await hiring.deleteJobTitle(role)).data?.deleteJobTitle).toEqual({ id: role, errors: [] });
    expect((await hiring.plan()).jobTitles.map((j) => j.id)).not.toContain(role);
  });

  it('lists roles by name', async () => {
    const names = (await hiring.plan()).jobTitles.map((j) => j.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });
});

describe('employees', () => {
  it('creates, renames and lists employees by name with their positions count', async () => {
    const zoe = await hiring.createEmployee('Zoe Park');
    expect(zoe.data?.createEmployee).toEqual({
      errors: [],
      employee: { id: expect.any(String), entityId: acme.entityId, name: 'Zoe Park', positionsCount: 0 },
    });
    const adam = idOf(await hiring.createEmployee('adam Smith'));
    expect((await hiring.updateEmployee(adam, 'Adam Smith')).data?.updateEmployee.employee).toMatchObject({
      name: 'Adam Smith',
      positionsCount: 0,
    });
    const names = (await hiring.plan()).employees.map((e) => e.name);
    expect(names.indexOf('Adam Smith')).toBeLessThan(names.indexOf('Zoe Park'));
  });

  it('refuses a name another employee has, whatever its case, and a blank name', async () => {
    idOf(await hiring.createEmployee('Grace Hopper'));
    expect((await hiring.createEmployee('GRACE HOPPER')).data?.createEmployee.errors).toEqual([
      HIRING_MESSAGES.duplicateEmployee,
    ]);
    const other = idOf(await hiring.createEmployee('Alan Turing'));
    expect((await hiring.updateEmployee(other, 'grace hopper')).data?.updateEmployee.errors).toEqual([
      HIRING_MESSAGES.duplicateEmployee,
    ]);
    expect((await hiring.createEmployee('')).data?.createEmployee.errors).toEqual(['Name is required']);
  });

  it('refuses to delete an employee with positions, and deletes one without', async () => {
    const person = idOf(await hiring.createEmployee('Linus'));
    const role = idOf(await hiring.createJobTitle('Kernel Engineer'));
    const top = await hiring.topLevel();
    const position = idOf(await hiring.createJobPosition({ d: top.id, j: role, emp: person, salary: 1 }));
    expect((await hiring.plan()).employees.find((e) => e.id === person)?.positionsCount).toBe(1);
    expect((await hiring.deleteEmployee(person)).data?.deleteEmployee).toEqual({
      id: null,
      errors: [HIRING_MESSAGES.deleteEmployeeWithPositions],
    });
    await hiring.updateJobPosition(position, { employeeId: null });
    expect((await hiring.deleteEmployee(person)).data?.deleteEmployee).toEqual({ id: person, errors: [] });
  });
});

describe("another company's rows", () => {
  it('answers NOT_FOUND for every id of another company, as for a missing one, and writes nothing', async () => {
    const top = await hiring.topLevel();
    const department = idOf(await hiring.createDepartment('Secret Lab'));
    const role = idOf(await hiring.createJobTitle('Secret Role', { s: 1 }));
    const person = idOf(await hiring.createEmployee('Secret Person'));
    const position = idOf(await hiring.createJobPosition({ d: department, j: role, emp: person }));
    const theirTop = await rival.topLevel();
    const theirRole = idOf(await rival.createJobTitle('Their Role', { s: 1 }));
    const theirs = idOf(await rival.createDepartment('Theirs'));
    const theirPosition = idOf(await rival.createJobPosition({ d: theirs, j: theirRole }));
    const before = await hiringSnapshot(t.db, acme.entityId);

    type Refusal = () => Promise<{
      data?: unknown;
      errors?: { message: string; extensions?: { code?: string } }[];
    }>;
    const refusals: [Refusal, string][] = [
      [() => rival.updateDepartment(department, { n: 'Mine' }), 'Department not found'],
      [() => rival.deleteDepartment(department), 'Department not found'],
      [() => rival.updateDepartment(top.id, { n: 'Mine' }), 'Department not found'],
      [() => rival.updateJobTitle(role, { n: 'Mine' }), 'Job title not found'],
      [() => rival.deleteJobTitle(role), 'Job title not found'],
      [() => rival.updateEmployee(person, 'Mine'), 'Employee not found'],
      [() => rival.deleteEmployee(person), 'Employee not found'],
      [() => rival.updateJobPosition(position, { quantity: 1 }), 'Job position not found'],
      [() => rival.deleteJobPosition(position), 'Job position not found'],
      [() => rival.createDepartment('Inside theirs', { p: department }), 'Department not found'],
      [() => rival.createDepartment('Next to theirs', { at: { after: department } }), 'Department not found'],
      [() => rival.createJobPosition({ d: department, j: theirRole }), 'Department not found'],
      [() => rival.createJobPosition({ d: theirTop.id, j: role }), 'Job title not found'],
      [() => rival.createJobPosition({ d: theirTop.id, j: theirRole, emp: person }), 'Employee not found'],
      [
        () => rival.createJobPosition({ d: theirTop.id, j: theirRole, at: { before: position } }),
        'Job position not found',
      ],
      [() => rival.updateDepartment(theirs, { p: department }), 'Department not found'],
      [() => rival.updateDepartment(theirs, { at: { before: department } }), 'Department not found'],
      [() => rival.updateJobPosition(theirPosition, { departmentId: department }), 'Department not found'],
      [() => rival.updateJobPosition(theirPosition, { jobTitleId: role }), 'Job title not found'],
      [() => rival.updateJobPosition(theirPosition, { employeeId: person }), 'Employee not found'],
      [
        () => rival.updateJobPosition(theirPosition, { position: { after: position } }),
        'Job position not found',
      ],
      [
        () => hiring.updateDepartment('00000000-0000-4000-8000-000000000001', { n: 'x' }),
        'Department not found',
      ],
      [() => hiring.deleteJobPosition('not-a-uuid'), 'Job position not found'],
      [() => rival.createEmployee('Intruder', acme.entityId), 'Entity not found'],
    ];
    for (const [send, message] of refusals) {
      const answer = await send();
      expect(answer.errors?.[0], `${send} answered ${JSON.stringify(answer)}`).toMatchObject({
        message,
        extensions: { code: 'NOT_FOUND' },
      });
    }
    const read = await other.gql(HIRING_PLAN, { e: acme.entityId });
    expect(read.errors?.[0]).toMatchObject({
      message: 'Entity not found',
      extensions: { code: 'NOT_FOUND' },
    });
    expect(JSON.stringify(read)).not.toContain('Secret');
    expect(await hiringSnapshot(t.db, acme.entityId)).toEqual(before);
  });

  it('lets a bookkeeper change the plan and refuses read-only and card-only members', async () => {
    const bookkeeper = hiringClient(acme, await acme.member('bookkeeper'));
    expect((await bookkeeper.createEmployee('Booked')).data?.createEmployee.errors).toEqual([]);
    const custom = hiringClient(acme, await acme.member('custom'));
    expect((await custom.plan()).entityId).toBe(acme.entityId);
    expect((await custom.createEmployee('Read only')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const cardOnly = await acme.member('card_only');
    const refused = await acme.gql(
      'query($e: ID!) { hiringPlan(entityId: $e) { entityId } }',
      { e: acme.entityId },
      cardOnly,
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
