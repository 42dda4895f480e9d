import { HIRING_LIMITS, HIRING_MESSAGES } from '@keel/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { hiringClient, hiringSnapshot, idOf, type PlanDepartment } from '../../../test/hiringTestKit';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledgerTestKit';

let t: TestApp;
let acme: LedgerFixture;
let hiring: ReturnType<typeof hiringClient>;
let top: PlanDepartment;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Each test gets a company of its own, so orders start empty.
beforeEach(async () => {
  acme = await createLedgerFixture(t, 'Acme');
  hiring = hiringClient(acme);
  top = await hiring.topLevel();
});

/** The names of a department's children, in order, with their positions checked to be 0, 1, 2, ... */
async function childrenNames(parentId: string): Promise<string[]> {
  const children = (await hiring.plan()).departments
    .filter((d) => d.parentId === parentId)
    .sort((a, b) => a.position - b.position);
  expect(children.map((d) => d.position)).toEqual(children.map((_, index) => index));
  return children.map((d) => d.name);
}

async function department(name: string, variables: { p?: string; at?: unknown } = {}) {
  return idOf(await hiring.createDepartment(name, variables));
}

describe('creating departments', () => {
  it('creates a department under the top level by default, with its ancestry and depth', async () => {
    const created = await hiring.createDepartment('  Engineering ');
    expect(created.data?.createDepartment).toEqual({
      errors: [],
      department: {
        id: expect.any(String),
        entityId: acme.entityId,
        name: 'Engineering',
        ancestry: `/${top.id}/`,
        parentId: top.id,
        position: 0,
        depth: 1,
        isTopLevel: false,
      },
    });
    const eng = idOf(created);
    const web = await hiring.createDepartment('Web', { p: eng });
    expect(web.data?.createDepartment.department).toMatchObject({
      ancestry: `/${top.id}/${eng}/`,
      parentId: eng,
      depth: 2,
    });
  });

  it('places a new department last, first, before or after a sibling, re-numbering the siblings', async () => {
    const b = await department('B');
    await department('D');
    await department('A', { at: { first: true } });
    await department('C', {
      at: { before: (await hiring.plan()).departments.find((d) => d.name === 'D')?.id },
    });
    await department('B2', { at: { after: b } });
    await department('E', { at: {} });
    expect(await childrenNames(top.id)).toEqual(['A', 'B', 'B2', 'C', 'D', 'E']);
  });

  it('goes into the parent of the sibling it is placed next to, and refuses a sibling of another parent', async () => {
    const eng = await department('Engineering');
    const web = await department('Web', { p: eng });
    const api = await department('API', { at: { before: web } });
    expect((await hiring.plan()).departments.find((d) => d.id === api)?.parentId).toBe(eng);
    expect(await childrenNames(eng)).toEqual(['API', 'Web']);
    const refused = await hiring.createDepartment('Mobile', { p: top.id, at: { after: web } });
    expect(refused.data?.createDepartment).toEqual({
      errors: [HIRING_MESSAGES.departmentPlacementParent],
      department: null,
    });
    const twoPlaces = await hiring.createDepartment('Mobile', { at: { first: true, after: web } });
    expect(twoPlaces.data?.createDepartment.errors).toEqual([HIRING_MESSAGES.placementAmbiguous]);
  });

  it('refuses a blank or long name and a name a sibling has, whatever its case', async () => {
    await department('Sales');
    expect((await hiring.createDepartment(' ')).data?.createDepartment.errors).toEqual(['Name is required']);
    expect((await hiring.createDepartment('y'.repeat(121))).data?.createDepartment.errors).toEqual([
      'Name must be at most 120 characters',
    ]);
    expect((await hiring.createDepartment('SALES')).data?.createDepartment.errors).toEqual([
      HIRING_MESSAGES.duplicateDepartment,
    ]);
    const eng = await department('Engineering');
    expect((await hiring.createDepartment('Sales', { p: eng })).data?.createDepartment.errors).toEqual([]);
  });

  it(`refuses a department more than ${HIRING_LIMITS.departmentDepth} levels deep`, async () => {
    let parent = top.id;
    for (let level = 1; level <= HIRING_LIMITS.departmentDepth; level += 1) {
      parent = await department(`Level ${level}`, { p: parent });
    }
    expect((await hiring.createDepartment('Too deep', { p: parent })).data?.createDepartment.errors).toEqual([
      HIRING_MESSAGES.departmentTooDeep,
    ]);
  });
});

describe('updating departments', () => {
  it('renames a department, and refuses a name a sibling has', async () => {
    const eng = await department('Engineering');
    await department('Sales');
    const renamed = await hiring.updateDepartment(eng, { n: 'R&D' });
    expect(renamed.data?.updateDepartment).toMatchObject({
      errors: [],
      department: { name: 'R&D', position: 0 },
    });
    expect((await hiring.updateDepartment(eng, { n: 'sales' })).data?.updateDepartment.errors).toEqual([
      HIRING_MESSAGES.duplicateDepartment,
    ]);
    expect((await hiring.updateDepartment(eng, { n: 'r&d' })).data?.updateDepartment.department?.name).toBe(
      'r&d',
    );
  });

  it('reorders a department among its siblings: first, before, after and last', async () => {
    const a = await department('A');
    const b = await department('B');
    const c = await department('C');
    await hiring.updateDepartment(c, { at: { first: true } });
    expect(await childrenNames(top.id)).toEqual(['C', 'A', 'B']);
    await hiring.updateDepartment(c, { at: { after: b } });
    expect(await childrenNames(top.id)).toEqual(['A', 'B', 'C']);
    await hiring.updateDepartment(a, { at: { before: c } });
    expect(await childrenNames(top.id)).toEqual(['B', 'A', 'C']);
    await hiring.updateDepartment(b, { at: {} });
    expect(await childrenNames(top.id)).toEqual(['A', 'C', 'B']);
    expect((await hiring.updateDepartment(a, { at: { before: a } })).data?.updateDepartment.errors).toEqual([
      HIRING_MESSAGES.placementSelf,
    ]);
  });

  it('moves a department with its sub-departments into another, closing the gap it leaves', async () => {
    const eng = await department('Engineering');
    const ops = await department('Operations');
    const web = await department('Web', { p: eng });
    const frontend = await department('Frontend', { p: web });
    await department('API', { p: eng });
    await department('IT', { p: ops });
    const moved = await hiring.updateDepartment(web, { p: ops, at: { first: true } });
    expect(moved.data?.updateDepartment.department).toMatchObject({
      parentId: ops,
      ancestry: `/${top.id}/${ops}/`,
      position: 0,
      depth: 2,
    });
    const plan = await hiring.plan();
    expect(plan.departments.find((d) => d.id === frontend)).toMatchObject({
      ancestry: `/${top.id}/${ops}/${web}/`,
      depth: 3,
    });
    expect(await childrenNames(ops)).toEqual(['Web', 'IT']);
    expect(await childrenNames(eng)).toEqual(['API']);
    expect(plan.departments.map((d) => d.name)).toEqual([
      'Acme',
      'Engineering',
      'API',
      'Operations',
      'Web',
      'Frontend',
      'IT',
    ]);
    // Into the top level by naming a sibling there.
    await hiring.updateDepartment(frontend, { at: { after: eng } });
    expect(await childrenNames(top.id)).toEqual(['Engineering', 'Frontend', 'Operations']);
    expect((await hiring.plan()).departments.find((d) => d.id === frontend)?.ancestry).toBe(`/${top.id}/`);
  });

  it('refuses to move a department inside itself or its sub-departments', async () => {
    const eng = await department('Engineering');
    const web = await department('Web', { p: eng });
    const frontend = await department('Frontend', { p: web });
    const before = await hiringSnapshot(t.db, acme.entityId);
    for (const target of [eng, web, frontend]) {
      expect((await hiring.updateDepartment(eng, { p: target })).data?.updateDepartment).toEqual({
        errors: [HIRING_MESSAGES.moveIntoOwnSubtree],
        department: null,
      });
    }
    expect(await hiringSnapshot(t.db, acme.entityId)).toEqual(before);
  });

  it('refuses a move that would make the plan too deep', async () => {
    let parent = top.id;
    for (let level = 1; level < HIRING_LIMITS.departmentDepth; level += 1) {
      parent = await department(`Level ${level}`, { p: parent });
    }
    const branch = await department('Branch');
    await department('Leaf', { p: branch });
    expect((await hiring.updateDepartment(branch, { p: parent })).data?.updateDepartment.errors).toEqual([
      HIRING_MESSAGES.departmentTooDeep,
    ]);
  });

  it('refuses to rename or move the top-level department', async () => {
    const eng = await department('Engineering');
    expect((await hiring.updateDepartment(top.id, { n: 'New name' })).data?.updateDepartment).toEqual({
      errors: [HIRING_MESSAGES.renameTopLevel],
      department: null,
    });
    expect((await hiring.updateDepartment(top.id, { p: eng })).data?.updateDepartment.errors).toEqual([
      HIRING_MESSAGES.moveTopLevel,
    ]);
    expect(
      (await hiring.updateDepartment(top.id, { at: { first: true } })).data?.updateDepartment.errors,
    ).toEqual([HIRING_MESSAGES.moveTopLevel]);
    expect((await hiring.topLevel()).name).toBe('Acme');
  });
});

describe('deleting departments', () => {
  it('refuses to delete the top-level department', async () => {
    expect((await hiring.deleteDepartment(top.id)).data?.deleteDepartment).toEqual({
      id: null,
      errors: [HIRING_MESSAGES.deleteTopLevel],
    });
  });

  it('refuses to delete a department when it or a sub-department has job positions', async () => {
    const eng = await department('Engineering');
    const web = await department('Web', { p: eng });
    const role = idOf(await hiring.createJobTitle('Engineer', { s: 120000 }));
    const position = idOf(await hiring.createJobPosition({ d: web, j: role }));
    for (const id of [eng, web]) {
      expect((await hiring.deleteDepartment(id)).data?.deleteDepartment).toEqual({
        id: null,
        errors: [HIRING_MESSAGES.deleteDepartmentWithEmployees],
      });
    }
    await hiring.deleteJobPosition(position);
    expect((await hiring.deleteDepartment(eng)).data?.deleteDepartment).toEqual({ id: eng, errors: [] });
  });

  it('deletes an empty department with its sub-departments and closes the gap', async () => {
    await department('A');
    const b = await department('B');
    await department('B1', { p: b });
    await department('C');
    expect((await hiring.deleteDepartment(b)).data?.deleteDepartment.id).toBe(b);
    expect((await hiring.plan()).departments.map((d) => d.name)).toEqual(['Acme', 'A', 'C']);
    expect(await childrenNames(top.id)).toEqual(['A', 'C']);
    expect((await hiring.deleteDepartment(b)).errors?.[0]).toMatchObject({
      message: 'Department not found',
      extensions: { code: 'NOT_FOUND' },
    });
  });
});
