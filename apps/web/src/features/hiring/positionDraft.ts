import type { MonthKey } from '@keel/domain';
import type { HiringJobPosition } from './hiringQueries';

/** A job position being added or edited: a salary means an employee, a rate with hours a contractor. */
export type PositionDraft = {
  jobTitleId: string | null;
  employeeId: string | null;
  kind: 'employee' | 'contractor';
  quantity: number;
  salary: number | null;
  rate: number | null;
  hours: number | null;
  startDate: MonthKey;
  endDate: MonthKey | null;
};

/** The temporary (unsaved) position of the add row (spec §4): one employee from `startDate`. */
export function newPositionDraft(startDate: MonthKey): PositionDraft {
  return {
    jobTitleId: null,
    employeeId: null,
    kind: 'employee',
    quantity: 1,
    salary: null,
    rate: null,
    hours: null,
    startDate,
    endDate: null,
  };
}

export function draftOfPosition(position: HiringJobPosition): PositionDraft {
  return {
    jobTitleId: position.jobTitleId,
    employeeId: position.employeeId ?? null,
    kind: position.kind,
    quantity: position.quantity,
    salary: position.salary ?? null,
    rate: position.rate ?? null,
    hours: position.hours ?? null,
    startDate: position.startDate,
    endDate: position.endDate ?? null,
  };
}

/**
 * The mutation's pay and dates for a draft. An employee sends its salary and clears rate and hours; a
 * contractor the reverse. A new employee with no salary sends none, so the server takes the role's
 * default salary.
 */
export function positionVariables(draft: PositionDraft, isNew: boolean) {
  const common = {
    jobTitleId: draft.jobTitleId,
    employeeId: draft.employeeId,
    quantity: draft.employeeId ? 1 : draft.quantity,
    startDate: draft.startDate,
    endDate: draft.endDate,
  };
  if (draft.kind === 'contractor') return { ...common, salary: null, rate: draft.rate, hours: draft.hours };
  if (isNew && draft.salary === null) return common;
  return { ...common, salary: draft.salary, rate: null, hours: null };
}
