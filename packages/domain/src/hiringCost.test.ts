import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeHiringPlanCosts,
  type DepartmentPositionPay,
  hiringForecastMonths,
  jobPositionKind,
  monthlyPositionCost,
  type PositionPay,
  percentOfCents,
  totalHiringPlan,
} from './hiringCost';
import { monthRange } from './months';
import {
  HIRING_AMOUNT_MAX_CENTS,
  JOB_POSITION_HOURS_MAX,
  JOB_POSITION_QUANTITY_MAX,
} from './validation/hiring';

const engineer: PositionPay = {
  quantity: 2,
  salaryCents: 12_000_000, // $120,000 a year
  rateCents: null,
  hours: null,
  startMonth: '2026-03',
  endMonth: '2026-08',
};
const contractor: PositionPay = {
  quantity: 3,
  salaryCents: null,
  rateCents: 7_550, // $75.50 an hour
  hours: 40,
  startMonth: '2026-05',
  endMonth: null,
};

describe('jobPositionKind', () => {
  it('is employee with a salary, contractor with a rate and hours, null with neither', () => {
    expect(jobPositionKind(engineer)).toBe('employee');
    expect(jobPositionKind({ ...engineer, salaryCents: 0 })).toBe('employee');
    expect(jobPositionKind(contractor)).toBe('contractor');
    expect(jobPositionKind({ ...contractor, hours: null })).toBeNull();
    expect(jobPositionKind({ salaryCents: null, rateCents: null, hours: null })).toBeNull();
  });
});

describe('monthlyPositionCost', () => {
  it('charges an employee a twelfth of the annual salary per person in every month from start to end', () => {
    // $120,000 x 2 / 12 = $20,000
    expect(monthlyPositionCost(engineer, '2026-03')).toBe(2_000_000);
    expect(monthlyPositionCost(engineer, '2026-08')).toBe(2_000_000);
  });

  it('charges nothing before the start month or after the end month', () => {
    expect(monthlyPositionCost(engineer, '2026-02')).toBe(0);
    expect(monthlyPositionCost(engineer, '2026-09')).toBe(0);
    expect(monthlyPositionCost(contractor, '2026-04')).toBe(0);
  });

  it('charges a contractor rate x hours x quantity, and runs on without an end month', () => {
    // $75.50 x 40 h x 3 = $9,060
    expect(monthlyPositionCost(contractor, '2026-05')).toBe(906_000);
    expect(monthlyPositionCost(contractor, '2199-12')).toBe(906_000);
  });

  it('rounds a twelfth of the salary to the cent, half up', () => {
    // $100,000.01 / 12 = 833,333.4166... cents
    expect(monthlyPositionCost({ ...engineer, quantity: 1, salaryCents: 10_000_001 }, '2026-04')).toBe(
      833_333,
    );
    // 18 cents / 12 = 1.5 cents
    expect(monthlyPositionCost({ ...engineer, quantity: 1, salaryCents: 18 }, '2026-04')).toBe(2);
  });

  it('costs nothing for a position with neither a salary nor a rate with hours, or a salary of 0', () => {
    expect(monthlyPositionCost({ ...contractor, hours: null }, '2026-06')).toBe(0);
    expect(monthlyPositionCost({ ...engineer, salaryCents: 0 }, '2026-06')).toBe(0);
  });

  it('stays a safe integer of cents for any terms, a year of salary within 6 cents of salary x quantity', () => {
    const pay = fc.record({
      quantity: fc.integer({ min: 1, max: JOB_POSITION_QUANTITY_MAX }),
      salaryCents: fc.option(fc.integer({ min: 0, max: HIRING_AMOUNT_MAX_CENTS }), { nil: null }),
      rateCents: fc.integer({ min: 0, max: HIRING_AMOUNT_MAX_CENTS }),
      hours: fc.integer({ min: 0, max: JOB_POSITION_HOURS_MAX }),
    });
    fc.assert(
      fc.property(pay, ({ quantity, salaryCents, rateCents, hours }) => {
        const position: PositionPay = {
          quantity,
          salaryCents,
          rateCents: salaryCents === null ? rateCents : null,
          hours: salaryCents === null ? hours : null,
          startMonth: '2026-01',
          endMonth: '2026-12',
        };
        const year = monthRange('2026-01', '2026-12').map((month) => monthlyPositionCost(position, month));
        for (const cents of year) expect(Number.isSafeInteger(cents)).toBe(true);
        if (salaryCents === null) {
          for (const cents of year) expect(cents).toBe(rateCents * hours * quantity);
        } else {
          const total = year.reduce((sum, cents) => sum + cents, 0);
          expect(Math.abs(total - salaryCents * quantity)).toBeLessThanOrEqual(6);
        }
      }),
    );
  });
});

describe('computeHiringPlanCosts', () => {
  it('sums employees and contractors per month and adds taxes and benefits on salaries only', () => {
    const employee: PositionPay = {
      quantity: 1,
      salaryCents: 120_000_00,
      rateCents: null,
      hours: null,
      startMonth: '2026-02',
      endMonth: '2026-03',
    };
    const contractor: PositionPay = {
      quantity: 2,
      salaryCents: null,
      rateCents: 50_00,
      hours: 10,
      startMonth: '2026-01',
      endMonth: null,
    };
    const costs = computeHiringPlanCosts([employee, contractor], ['2026-01', '2026-02', '2026-04'], {
      employerTaxBasisPoints: 765,
      benefitsBasisPoints: 1_000,
    });
    expect(costs).toEqual([
      { month: '2026-01', salaries: 0, contractors: 1_000_00, employerTaxes: 0, benefits: 0 },
      {
        month: '2026-02',
        salaries: 10_000_00,
        contractors: 1_000_00,
        employerTaxes: 765_00,
        benefits: 1_000_00,
      },
      { month: '2026-04', salaries: 0, contractors: 1_000_00, employerTaxes: 0, benefits: 0 },
    ]);
  });

  it('rounds a percentage half away from zero to the cent, exactly for large amounts', () => {
    expect(percentOfCents(50, 100)).toBe(1);
    expect(percentOfCents(49, 100)).toBe(0);
    expect(percentOfCents(-50, 100)).toBe(-1);
    expect(percentOfCents(833_333_333_333, 765)).toBe(63_750_000_000);
    expect(percentOfCents(1_000_000_000_000_001, 5_000)).toBe(500_000_000_000_001);
  });
});

describe('hiringForecastMonths', () => {
  it('runs from the current month for at least 60 months, through the default report range', () => {
    const months = hiringForecastMonths('2026-11');
    expect(months).toHaveLength(60);
    expect(months[0]).toBe('2026-11');
    expect(months.at(-1)).toBe('2031-10');
  });
});

describe('totalHiringPlan', () => {
  // Company > Engineering > Platform, and Sales; Nov 2026.
  const departments = [
    { id: 'co', parentId: null },
    { id: 'eng', parentId: 'co' },
    { id: 'platform', parentId: 'eng' },
    { id: 'sales', parentId: 'co' },
  ];
  const at = (departmentId: string, pay: PositionPay): DepartmentPositionPay => ({ ...pay, departmentId });
  const positions = [
    // 2 x $100,000.01 / 12 = $16,666.668333… → 1,666,667 cents
    at('eng', { ...engineer, salaryCents: 10_000_001, startMonth: '2026-01', endMonth: null }),
    // 3 x $75.50 x 40 h = 906,000 cents
    at('platform', contractor),
    // starts in 2027: not counted in Nov 2026
    at('platform', { ...engineer, quantity: 1, startMonth: '2027-02', endMonth: null }),
    // ended in Oct 2026: not counted
    at('sales', { ...engineer, quantity: 4, startMonth: '2026-01', endMonth: '2026-10' }),
    // an open role with no pay yet: one person at $0, said so
    at('sales', { ...engineer, quantity: 1, salaryCents: null, startMonth: '2026-11', endMonth: null }),
  ];

  it('counts the people and sums the monthly cost of the positions active in the month, rolled up', () => {
    const totals = totalHiringPlan(departments, positions, '2026-11');
    expect(totals.company).toEqual({
      headcount: 6,
      activePositions: 3,
      inactivePositions: 2,
      unpricedPositions: 1,
      monthlyCostCents: 1_666_667 + 906_000,
    });
    expect(totals.byDepartment.get('platform')).toMatchObject({
      headcount: 3,
      activePositions: 1,
      inactivePositions: 1,
      monthlyCostCents: 906_000,
    });
    // Engineering holds its own position and Platform's.
    expect(totals.byDepartment.get('eng')).toMatchObject({ headcount: 5, monthlyCostCents: 2_572_667 });
    expect(totals.byDepartment.get('sales')).toMatchObject({
      headcount: 1,
      activePositions: 1,
      inactivePositions: 1,
      unpricedPositions: 1,
      monthlyCostCents: 0,
    });
    // The top level is the company.
    expect(totals.byDepartment.get('co')).toEqual(totals.company);
  });

  it('is exactly the sum of monthlyPositionCost over the active positions, in any month', () => {
    const arbitraryPosition = fc.record({
      departmentId: fc.constantFrom('co', 'eng', 'platform', 'sales'),
      quantity: fc.integer({ min: 1, max: JOB_POSITION_QUANTITY_MAX }),
      salaryCents: fc.option(fc.integer({ min: 0, max: HIRING_AMOUNT_MAX_CENTS }), { nil: null }),
      rateCents: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
      hours: fc.option(fc.integer({ min: 0, max: JOB_POSITION_HOURS_MAX }), { nil: null }),
      startMonth: fc.constantFrom(...monthRange('2026-01', '2026-12')),
      endMonth: fc.option(fc.constantFrom(...monthRange('2026-01', '2026-12')), { nil: null }),
    });
    fc.assert(
      fc.property(
        fc.array(arbitraryPosition, { maxLength: 30 }),
        fc.constantFrom(...monthRange('2026-01', '2026-12')),
        (list, month) => {
          const totals = totalHiringPlan(departments, list, month);
          const sum = list.reduce((cents, position) => cents + monthlyPositionCost(position, month), 0);
          expect(totals.company.monthlyCostCents).toBe(sum);
          expect(totals.byDepartment.get('co')).toEqual(totals.company);
          const own = (id: string) =>
            list
              .filter((position) => position.departmentId === id)
              .reduce((cents, position) => cents + monthlyPositionCost(position, month), 0);
          expect(totals.byDepartment.get('eng')?.monthlyCostCents).toBe(own('eng') + own('platform'));
          expect(totals.company.activePositions + totals.company.inactivePositions).toBe(list.length);
        },
      ),
    );
  });
});
