import { describe, expect, it } from 'vitest';
import {
  findJobPositionProblem,
  HIRING_MESSAGES,
  type JobPositionTerms,
  jobPositionHoursSchema,
  jobPositionQuantitySchema,
  salarySchema,
} from './hiring';

const parse = (value: unknown) => {
  const result = salarySchema.safeParse(value);
  return result.success ? result.data : result.error.issues[0]?.message;
};

describe('salarySchema', () => {
  it('turns empty text, null and undefined into null', () => {
    expect(parse('')).toBeNull();
    expect(parse('   ')).toBeNull();
    expect(parse(null)).toBeNull();
    expect(parse(undefined)).toBeNull();
  });

  it('takes a number or currency text with at most 2 decimals, in cents', () => {
    expect(parse(85000)).toBe(8_500_000);
    expect(parse(0)).toBe(0);
    expect(parse(1234.56)).toBe(123_456);
    expect(parse('85,000.50')).toBe(8_500_050);
    expect(parse(0.07)).toBe(7);
  });

  it('refuses more than 2 decimals, negatives, huge amounts and non-numbers', () => {
    expect(parse(1.005)).toBe('Salary can have at most 2 decimals');
    expect(parse('1.005')).toBe('Salary can have at most 2 decimals');
    expect(parse(-1)).toBe('Salary cannot be negative');
    expect(parse('-1')).toBe('Salary cannot be negative');
    expect(parse(100_000_000.01)).toBe('Salary can be at most $100,000,000.00');
    expect(parse('abc')).toBe('Salary must be a number');
    expect(parse(Number.NaN)).toBe('Salary must be a number');
    expect(parse(true)).toBe('Salary must be a number');
  });
});

describe('quantity and hours', () => {
  it('takes whole hours from 0 to 744, and null', () => {
    expect(jobPositionHoursSchema.parse(160)).toBe(160);
    expect(jobPositionHoursSchema.parse(null)).toBeNull();
    expect(jobPositionHoursSchema.safeParse(1.5).error?.issues[0]?.message).toBe(
      'Hours must be a whole number',
    );
    expect(jobPositionHoursSchema.safeParse(745).error?.issues[0]?.message).toBe(
      'Hours must be between 0 and 744',
    );
  });

  it('takes a quantity from 1 to 1,000', () => {
    expect(jobPositionQuantitySchema.parse(3)).toBe(3);
    expect(jobPositionQuantitySchema.safeParse(0).error?.issues[0]?.message).toBe(
      'Quantity must be between 1 and 1,000',
    );
  });
});

describe('findJobPositionProblem', () => {
  const employee: JobPositionTerms = {
    quantity: 1,
    salaryCents: 0,
    rateCents: null,
    hours: null,
    startMonth: '2025-05',
    endMonth: null,
    employeeId: null,
  };

  it('accepts an employee with a salary (0 too) and a contractor with a rate and hours', () => {
    expect(findJobPositionProblem(employee)).toBeNull();
    expect(findJobPositionProblem({ ...employee, salaryCents: null, rateCents: 0, hours: 0 })).toBeNull();
    expect(findJobPositionProblem({ ...employee, endMonth: '2025-05' })).toBeNull();
  });

  it('refuses an end before the start', () => {
    expect(findJobPositionProblem({ ...employee, endMonth: '2025-04' })).toBe(HIRING_MESSAGES.endBeforeStart);
  });

  it('refuses both kinds of pay, half a contractor, and no pay', () => {
    expect(findJobPositionProblem({ ...employee, rateCents: 100 })).toBe(HIRING_MESSAGES.payBoth);
    expect(findJobPositionProblem({ ...employee, salaryCents: null, rateCents: 100 })).toBe(
      HIRING_MESSAGES.contractorNeedsBoth,
    );
    expect(findJobPositionProblem({ ...employee, salaryCents: null })).toBe(HIRING_MESSAGES.payMissing);
  });

  it('refuses a quantity other than 1 for a position held by an employee', () => {
    expect(findJobPositionProblem({ ...employee, employeeId: 'e1', quantity: 2 })).toBe(
      HIRING_MESSAGES.filledQuantity,
    );
  });
});
