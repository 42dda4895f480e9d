import { describe, expect, it } from 'vitest';
import { DROP_REFUSALS, dropZoneAt, dropZonesFor, type HiringPlanShape, hiringMoveOf } from './hiringDrop';

// Acme / Engineering / Web, and Acme / Sales; positions p1, p2 in Engineering, p3 in Sales.
const plan: HiringPlanShape = {
  departments: [
    { id: 'top', name: 'Acme', ancestry: '/', isTopLevel: true },
    { id: 'eng', name: 'Engineering', ancestry: '/top/', isTopLevel: false },
    { id: 'web', name: 'Web', ancestry: '/top/eng/', isTopLevel: false },
    { id: 'sales', name: 'Sales', ancestry: '/top/', isTopLevel: false },
  ],
  jobPositions: [
    { id: 'p1', departmentId: 'eng' },
    { id: 'p2', departmentId: 'eng' },
    { id: 'p3', departmentId: 'sales' },
  ],
};
const department = (id: string) => ({ kind: 'department' as const, id });
const position = (id: string) => ({ kind: 'position' as const, id });

describe('dropZoneAt', () => {
  const row = { top: 100, height: 40 };

  it('splits a row at a quarter and three quarters when it takes drops inside', () => {
    expect(dropZoneAt(row, 100, 'aboveInsideBelow')).toBe('above');
    expect(dropZoneAt(row, 109.9, 'aboveInsideBelow')).toBe('above');
    expect(dropZoneAt(row, 110, 'aboveInsideBelow')).toBe('inside');
    expect(dropZoneAt(row, 130, 'aboveInsideBelow')).toBe('inside');
    expect(dropZoneAt(row, 130.1, 'aboveInsideBelow')).toBe('below');
    expect(dropZoneAt(row, 139, 'aboveInsideBelow')).toBe('below');
  });

  it('splits a row in halves when it takes drops only above or below', () => {
    expect(dropZoneAt(row, 119, 'aboveBelow')).toBe('above');
    expect(dropZoneAt(row, 120, 'aboveBelow')).toBe('below');
  });

  it('is inside anywhere on a row that takes drops only inside', () => {
    expect(dropZoneAt(row, 101, 'inside')).toBe('inside');
    expect(dropZoneAt(row, 139, 'inside')).toBe('inside');
  });
});

describe('dropZonesFor', () => {
  it('offers a position a department (inside) or a position (above, below)', () => {
    expect(dropZonesFor(position('p1'), department('sales'), plan)).toEqual({ zones: 'inside' });
    expect(dropZonesFor(position('p1'), department('top'), plan)).toEqual({ zones: 'inside' });
    expect(dropZonesFor(position('p1'), position('p3'), plan)).toEqual({ zones: 'aboveBelow' });
  });

  it('offers a department the three zones of another, and only inside of the top level', () => {
    expect(dropZonesFor(department('sales'), department('eng'), plan)).toEqual({ zones: 'aboveInsideBelow' });
    expect(dropZonesFor(department('sales'), department('top'), plan)).toEqual({ zones: 'inside' });
  });

  it('refuses a department onto a position or into itself or its sub-departments', () => {
    expect(dropZonesFor(department('eng'), position('p3'), plan)).toEqual({
      refusal: DROP_REFUSALS.departmentOnPosition,
    });
    expect(dropZonesFor(department('eng'), department('web'), plan)).toEqual({
      refusal: DROP_REFUSALS.departmentIntoItself,
    });
  });

  it('offers nothing for a row over itself', () => {
    expect(dropZonesFor(department('eng'), department('eng'), plan)).toBeNull();
    expect(dropZonesFor(position('p1'), position('p1'), plan)).toBeNull();
  });
});

describe('hiringMoveOf', () => {
  it('moves a department next to a sibling, or inside as its last sub-department', () => {
    expect(hiringMoveOf(department('sales'), department('eng'), 'above', plan)).toEqual({
      kind: 'department',
      id: 'sales',
      position: { before: 'eng' },
    });
    expect(hiringMoveOf(department('sales'), department('web'), 'below', plan)).toEqual({
      kind: 'department',
      id: 'sales',
      position: { after: 'web' },
    });
    expect(hiringMoveOf(department('sales'), department('eng'), 'inside', plan)).toEqual({
      kind: 'department',
      id: 'sales',
      parentId: 'eng',
    });
    expect(hiringMoveOf(department('web'), department('top'), 'inside', plan)).toEqual({
      kind: 'department',
      id: 'web',
      parentId: 'top',
    });
  });

  it('moves a position next to another in that one’s department, or first into a department', () => {
    expect(hiringMoveOf(position('p3'), position('p1'), 'above', plan)).toEqual({
      kind: 'position',
      id: 'p3',
      departmentId: 'eng',
      position: { before: 'p1' },
    });
    expect(hiringMoveOf(position('p1'), position('p2'), 'below', plan)).toEqual({
      kind: 'position',
      id: 'p1',
      departmentId: 'eng',
      position: { after: 'p2' },
    });
    expect(hiringMoveOf(position('p1'), department('web'), 'inside', plan)).toEqual({
      kind: 'position',
      id: 'p1',
      departmentId: 'web',
      position: { first: true },
    });
  });

  it('asks for nothing on a refused drop, a zone the row does not offer, or the row itself', () => {
    expect(hiringMoveOf(department('eng'), department('web'), 'inside', plan)).toBeNull();
    expect(hiringMoveOf(department('eng'), position('p3'), 'above', plan)).toBeNull();
    expect(hiringMoveOf(department('eng'), department('top'), 'above', plan)).toBeNull();
    expect(hiringMoveOf(position('p1'), position('p2'), 'inside', plan)).toBeNull();
    expect(hiringMoveOf(position('p1'), position('p1'), 'below', plan)).toBeNull();
  });
});
