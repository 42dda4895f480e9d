import { departmentNameSchema, HIRING_LIMITS, HIRING_MESSAGES } from '@keel/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { departments, jobPositions } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { isUuid } from '../../graphql/context';
import { parseInput } from '../../graphql/parseInput';
import { childAncestry, childrenOf, departmentDepth, isInSubtree } from './departmentTree';
import { badHiringInput, departmentNotFound } from './hiringErrors';
import { type DepartmentRow, isNameTaken, listDepartments } from './hiringRows';
import { lockHiringPlan } from './lockHiringPlan';
import { type Placement, placementReference, placeSibling } from './placeSibling';
import { writeSiblingOrder } from './writeSiblingOrder';

type DepartmentInput = {
  name?: string | null;
  /** The department to go in; absent: the sibling the placement names' parent, else where it is. */
  parentId?: string | null;
  placement?: Placement | null;
};

/**
 * CreateDepartment: a department named `name` inside `parentId` (default: the top-level department,
 * or the parent of the sibling the position names), placed first, before or after a sibling, or last.
 * Sibling names are unique (case-insensitive); at most HIRING_LIMITS.departments per company and
 * HIRING_LIMITS.departmentDepth levels.
 */
export async function createDepartment(
  db: Db | Tx,
  clock: Clock,
  input: DepartmentInput & { entityId: string },
): Promise<DepartmentRow> {
  return writeTransaction(db, async (tx) => {
    const top = await lockHiringPlan(tx, clock, input.entityId);
    const all = await listDepartments(tx, input.entityId);
    if (all.length >= HIRING_LIMITS.departments) {
      throw badHiringInput(`A hiring plan holds at most ${HIRING_LIMITS.departments} departments`);
    }
    const name = parseInput(departmentNameSchema, input.name);
    const placement = input.placement ?? { kind: 'last' };
    const parent = resolveParent(all, top, null, input.parentId, placement);
    if (departmentDepth(parent) + 1 > HIRING_LIMITS.departmentDepth) {
      throw badHiringInput(HIRING_MESSAGES.departmentTooDeep);
    }
    await assertNameFree(tx, parent.id, name, null);
    const now = clock.now();
    const [row] = await tx
      .insert(departments)
      .values({
        entityId: input.entityId,
        parentId: parent.id,
        name,
        ancestry: childAncestry(parent),
        position: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('Department insert returned nothing');
    const order = placeSibling(
      childrenOf(all, parent.id).map((sibling) => sibling.id),
      row.id,
      placement,
    );
    await writeSiblingOrder(tx, departments, order);
    return { ...row, position: order.indexOf(row.id) };
  });
}

/**
 * UpdateDepartment: a new name, and/or a move into another department (not into itself or its own
 * sub-departments) and/or to another place among its siblings; its sub-departments move with it. The
 * top-level department is the company: it cannot be renamed or moved (spec §5).
 */
export async function updateDepartment(
  db: Db | Tx,
  clock: Clock,
  input: DepartmentInput & { id: string },
): Promise<DepartmentRow> {
  return writeTransaction(db, async (tx) => {
    const existing = await lockDepartment(tx, clock, input.id);
    const { top, all, department } = existing;
    const moving = input.parentId != null || input.placement != null;
    if (department.parentId === null) {
      if (input.name != null) throw badHiringInput(HIRING_MESSAGES.renameTopLevel);
      if (moving) throw badHiringInput(HIRING_MESSAGES.moveTopLevel);
      return top;
    }
    const name = input.name == null ? department.name : parseInput(departmentNameSchema, input.name);
    const parent = moving
      ? resolveParent(all, top, department, input.parentId, input.placement ?? null)
      : (all.find((row) => row.id === department.parentId) ?? top);
    if (isInSubtree(parent, department)) throw badHiringInput(HIRING_MESSAGES.moveIntoOwnSubtree);
    const subtreeDepth = Math.max(
      ...all.filter((row) => isInSubtree(row, department)).map((row) => departmentDepth(row)),
    );
    if (
      departmentDepth(parent) + 1 + subtreeDepth - departmentDepth(department) >
      HIRING_LIMITS.departmentDepth
    ) {
      throw badHiringInput(HIRING_MESSAGES.departmentTooDeep);
    }
    const changesParent = parent.id !== department.parentId;
    if (changesParent || name !== department.name) {
      await assertNameFree(tx, parent.id, name, department.id);
    }
    const ancestry = childAncestry(parent);
    const [row] = await tx
      .update(departments)
      .set({ name, parentId: parent.id, ancestry, updatedAt: clock.now() })
      .where(eq(departments.id, department.id))
      .returning();
    if (!row) throw departmentNotFound();
    if (ancestry !== department.ancestry) {
      const oldPrefix = childAncestry(department);
      await tx
        .update(departments)
        .set({
          ancestry: sql`${childAncestry(row)} || substr(${departments.ancestry}, ${oldPrefix.length + 1})`,
        })
        .where(
          and(
            eq(departments.entityId, department.entityId),
            sql`${departments.ancestry} LIKE ${`${oldPrefix}%`}`,
          ),
        );
    }
    if (!moving) return row;
    const placement = input.placement ?? { kind: 'last' };
    const order = placeSibling(
      childrenOf(all, parent.id).map((sibling) => sibling.id),
      row.id,
      placement,
    );
    await writeSiblingOrder(tx, departments, order);
    if (changesParent && department.parentId) {
      const left = childrenOf(all, department.parentId).filter((sibling) => sibling.id !== row.id);
      await writeSiblingOrder(
        tx,
        departments,
        left.map((sibling) => sibling.id),
      );
    }
    return { ...row, position: order.indexOf(row.id) };
  });
}

/**
 * DeleteDepartment: the department and its sub-departments, refused while any of them holds a job
 * position, filled or open ('Cannot delete department with employees', spec §5), and for the top-level
 * department. Its siblings close the gap.
 */
export async function deleteDepartment(db: Db | Tx, clock: Clock, id: string): Promise<string> {
  return writeTransaction(db, async (tx) => {
    const { all, department } = await lockDepartment(tx, clock, id);
    if (department.parentId === null) throw badHiringInput(HIRING_MESSAGES.deleteTopLevel);
    const subtree = all.filter((row) => isInSubtree(row, department)).map((row) => row.id);
    const [held] = await tx
      .select({ id: jobPositions.id })
      .from(jobPositions)
      .where(inArray(jobPositions.departmentId, subtree))
      .limit(1);
    if (held) throw badHiringInput(HIRING_MESSAGES.deleteDepartmentWithEmployees);
    // Sub-departments go with it (parent_id cascades).
    await tx.delete(departments).where(eq(departments.id, department.id));
    const left = childrenOf(all, department.parentId).filter((sibling) => sibling.id !== department.id);
    await writeSiblingOrder(
      tx,
      departments,
      left.map((sibling) => sibling.id),
    );
    return department.id;
  });
}

/** The plan locked, its departments, and the one asked for (read after the lock). */
async function lockDepartment(tx: Tx, clock: Clock, id: string) {
  if (!isUuid(id)) throw departmentNotFound();
  const [found] = await tx
    .select({ entityId: departments.entityId })
    .from(departments)
    .where(eq(departments.id, id));
  if (!found) throw departmentNotFound();
  const top = await lockHiringPlan(tx, clock, found.entityId);
  const all = await listDepartments(tx, found.entityId);
  const department = all.find((row) => row.id === id);
  if (!department) throw departmentNotFound();
  return { top, all, department };
}

/**
 * The department a department goes in: `parentId` when given (of the same company), else the parent of
 * the sibling the placement names, else where it is (`current`), else the top level. A sibling named by
 * the placement must be a child of that department.
 */
function resolveParent(
  all: readonly DepartmentRow[],
  top: DepartmentRow,
  current: DepartmentRow | null,
  parentId: string | null | undefined,
  placement: Placement | null,
): DepartmentRow {
  const referenceId = placementReference(placement);
  const reference = referenceId === null ? null : all.find((row) => row.id === referenceId);
  if (reference === undefined) throw departmentNotFound();
  if (current && reference?.id === current.id) throw badHiringInput(HIRING_MESSAGES.placementSelf);
  const explicit = parentId == null ? null : all.find((row) => row.id === parentId);
  if (explicit === undefined) throw departmentNotFound();
  const parentOf = (row: DepartmentRow) => all.find((candidate) => candidate.id === row.parentId);
  const parent =
    explicit ?? (reference ? parentOf(reference) : null) ?? (current ? parentOf(current) : null) ?? top;
  if (reference && reference.parentId !== parent.id) {
    throw badHiringInput(HIRING_MESSAGES.departmentPlacementParent);
  }
  return parent.id === top.id ? top : parent;
}

async function assertNameFree(tx: Tx, parentId: string, name: string, exceptId: string | null) {
  if (await isNameTaken(tx, { table: departments, parentId }, name, exceptId)) {
    throw badHiringInput(HIRING_MESSAGES.duplicateDepartment);
  }
}
