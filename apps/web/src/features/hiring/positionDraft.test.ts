import { describe, expect, it } from 'vitest';
import { newPositionDraft, positionVariables } from './positionDraft';

describe('positionVariables', () => {
  it('lets the server take the role’s default salary for a new employee without one', () => {
    const draft = { ...newPositionDraft('2026-05'), jobTitleId: 't1' };
    expect(positionVariables(draft, true)).not.toHaveProperty('salary');
  });

  it('clears rate and hours when an existing position becomes an employee', () => {
    const draft = { ...newPositionDraft('2026-05'), jobTitleId: 't1', salary: 90_000, rate: 50, hours: 10 };
    expect(positionVariables(draft, false)).toMatchObject({ salary: 90_000, rate: null, hours: null });
  });

  it('clears the salary of a contractor and keeps one person on a filled position', () => {
    const draft = {
      ...newPositionDraft('2026-05'),
      kind: 'contractor' as const,
      employeeId: 'e1',
      quantity: 3,
      salary: 1,
      rate: 80,
      hours: 100,
    };
    expect(positionVariables(draft, true)).toMatchObject({ salary: null, rate: 80, hours: 100, quantity: 1 });
  });
});
