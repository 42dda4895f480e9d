import { z } from 'zod';
import { AMOUNT_TOO_LARGE, type Cents, parseAmount } from '../money';
import type { MonthKey } from '../months';
import { requiredNameSchema } from './text';

/**
 * Form and API rules for the hiring plan: departments, roles (job titles), employees and job positions
 * (spec §3 'Hiring', §5 'Hiring'). One definition, used by the hiring plan screens and the server.
 */

export const HIRING_NAME_MAX = 120;
/** Spec §3: quantity is how many people hold the position; a plan line of more than 1,000 is a typo. */
export const JOB_POSITION_QUANTITY_MAX = 1000;
/** Hours a contractor works per month: at most every hour of a 31-day month. */
export const JOB_POSITION_HOURS_MAX = 744;
/**
 * The largest salary, rate or default a plan takes: $100,000,000.00. With the quantity and hours caps
 * every monthly cost (rate x hours x quantity) stays an exact integer number of cents.
 */
export const HIRING_AMOUNT_MAX_CENTS = 10_000_000_000;
/** How much one company's plan may hold, so the plan and every write over it stay bounded. */
export const HIRING_LIMITS = {
  departments: 500,
  /** Levels below the top-level department. */
  departmentDepth: 12,
  jobTitles: 1000,
  employees: 5000,
  jobPositions: 5000,
} as const;

/** Spec §5 'Hiring': the hiring plan's messages. */
export const HIRING_MESSAGES = {
  jobTitleRequired: 'You must select a job title before creating a job position',
  renameTopLevel: 'Cannot rename top level department',
  deleteTopLevel: 'Cannot delete top level department',
  moveTopLevel: 'Cannot move top level department',
  deleteDepartmentWithEmployees: 'Cannot delete department with employees',
  deleteEmployeeWithPositions: 'Cannot delete employee with positions',
  deleteRoleWithHires: 'Cannot delete role with hires',
  endBeforeStart: 'End date cannot be before start date',
  moveIntoOwnSubtree: 'A department cannot move inside itself or its sub-departments',
  departmentTooDeep: `Departments can be at most ${HIRING_LIMITS.departmentDepth} levels deep`,
  duplicateDepartment: 'A department with this name already exists here',
  duplicateRole: 'A role with this name already exists',
  duplicateEmployee: 'An employee with this name already exists',
  payMissing: 'A job position needs a salary (employee) or a rate and hours (contractor)',
  payBoth: 'A job position has either a salary (employee) or a rate and hours (contractor), not both',
  contractorNeedsBoth: 'A contractor needs both a rate and hours',
  filledQuantity: 'A job position held by an employee has a quantity of 1',
  placementAmbiguous: 'Position is first, before one item or after one item',
  placementSelf: 'An item cannot be placed next to itself',
  costAccountGroup: 'Hiring costs cannot go to Banks, Credit Cards, Investments or Loans',
  departmentPlacementParent: 'Position must be next to a department with the same parent',
  jobPositionPlacementDepartment: 'Position must be next to a job position of the same department',
} as const;

const nameSchema = (label: string) => requiredNameSchema(label, HIRING_NAME_MAX);

export const departmentNameSchema = nameSchema('Name');
export const jobTitleNameSchema = nameSchema('Name');
export const employeeNameSchema = nameSchema('Name');

export const jobPositionQuantitySchema = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(1, `Quantity must be between 1 and ${JOB_POSITION_QUANTITY_MAX.toLocaleString('en-US')}`)
  .max(
    JOB_POSITION_QUANTITY_MAX,
    `Quantity must be between 1 and ${JOB_POSITION_QUANTITY_MAX.toLocaleString('en-US')}`,
  );

/** Spec §5: hours a whole number. Empty (null) means no hours. */
export const jobPositionHoursSchema = z
  .number({ error: 'Hours must be a number' })
  .refine((hours) => Number.isFinite(hours), 'Hours must be a number')
  .refine((hours) => Number.isInteger(hours), 'Hours must be a whole number')
  .refine(
    (hours) => hours >= 0 && hours <= JOB_POSITION_HOURS_MAX,
    `Hours must be between 0 and ${JOB_POSITION_HOURS_MAX}`,
  )
  .nullable();

/**
 * An amount of the plan (a salary, an hourly rate, a role's default salary or bonus) as typed or sent:
 * whole units with at most 2 decimals, as a number or the text of a currency input; empty text, null
 * and undefined become null (spec §5 'Salary inputs currency with 2 decimals; empty becomes null').
 * Not negative, at most HIRING_AMOUNT_MAX_CENTS. The result is in cents.
 */
export function hiringAmountSchema(label: string) {
  const max = `${label} can be at most $${(HIRING_AMOUNT_MAX_CENTS / 100).toLocaleString('en-US')}.00`;
  return z.unknown().transform((value, ctx): Cents | null => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (value === null || value === undefined) return null;
    let cents: number;
    if (typeof value === 'string') {
      if (value.trim() === '') return null;
      const parsed = parseAmount(value);
      // parseAmount's messages name 'Amount'; these name the field.
      if (!parsed.ok)
        return fail(parsed.error === AMOUNT_TOO_LARGE ? max : parsed.error.replace(/^Amount/, label));
      cents = parsed.cents;
    } else if (typeof value === 'number' && Number.isFinite(value)) {
      cents = Math.round(value * 100);
      if (Math.abs(value * 100 - cents) > 1e-6) return fail(`${label} can have at most 2 decimals`);
    } else {
      return fail(`${label} must be a number`);
    }
    if (cents < 0) return fail(`${label} cannot be negative`);
    if (cents > HIRING_AMOUNT_MAX_CENTS) return fail(max);
    return cents;
  });
}

/**
 * A percentage of salaries the plan adds (employer taxes, benefits) as typed or sent: 0 to 100 with at
 * most 2 decimals (7.65). The result is in basis points (765), so the arithmetic stays in integers.
 */
export function hiringPercentSchema(label: string) {
  return z.unknown().transform((value, ctx): number => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isFinite(number)) return fail(`${label} must be a number`);
    const basisPoints = Math.round(number * 100);
    if (Math.abs(number * 100 - basisPoints) > 1e-6) return fail(`${label} can have at most 2 decimals`);
    if (basisPoints < 0 || basisPoints > 10_000) return fail(`${label} must be between 0 and 100`);
    return basisPoints;
  });
}

export const employerTaxPercentSchema = hiringPercentSchema('Employer tax percent');
export const benefitsPercentSchema = hiringPercentSchema('Benefits percent');

export const salarySchema = hiringAmountSchema('Salary');
export const rateSchema = hiringAmountSchema('Rate');
export const defaultSalarySchema = hiringAmountSchema('Default salary');
export const defaultBonusSchema = hiringAmountSchema('Default bonus');

/** What a job position's pay and dates are checked for, in cents. */
export type JobPositionTerms = {
  quantity: number;
  salaryCents: Cents | null;
  rateCents: Cents | null;
  hours: number | null;
  startMonth: MonthKey;
  endMonth: MonthKey | null;
  employeeId: string | null;
};

/**
 * The first problem with a job position's terms, or null. Spec §3: a salary means an employee, a rate
 * with hours means a contractor; a position is exactly one of them (a salary of 0 is an employee, as the
 * screen's temporary positions start). Spec §5: the end is not before the start. A position held by a
 * named employee is one person.
 */
export function findJobPositionProblem(terms: JobPositionTerms): string | null {
  if (terms.endMonth !== null && terms.endMonth < terms.startMonth) return HIRING_MESSAGES.endBeforeStart;
  const contractorFields = (terms.rateCents !== null ? 1 : 0) + (terms.hours !== null ? 1 : 0);
  if (terms.salaryCents !== null && contractorFields > 0) return HIRING_MESSAGES.payBoth;
  if (contractorFields === 1) return HIRING_MESSAGES.contractorNeedsBoth;
  if (terms.salaryCents === null && contractorFields === 0) return HIRING_MESSAGES.payMissing;
  if (terms.employeeId !== null && terms.quantity !== 1) return HIRING_MESSAGES.filledQuantity;
  return null;
}
