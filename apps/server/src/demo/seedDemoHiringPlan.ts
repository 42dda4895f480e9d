import { addMonths } from '@keel/domain';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { entityToday } from '../modules/entities/timeZone';
import {
  createDepartment,
  createEmployee,
  createJobPositions,
  createJobTitle,
  updateHiringSettings,
} from '../modules/hiring';
import { createAccount } from '../modules/ledger/accounts';
import { BENEFITS, RECURRING_BILLS } from './companyCatalog';
import { countSeats, interpolateCents } from './monthPlan';
import { computeMonthlyPayrollCents, EMPLOYER_TAX_RATE } from './planFixedTransactions';
import { demoAccountIdsByPath } from './seedDemoForecasts';

const PAYROLL = 'Expense/Operating Expenses/Payroll';

type Department = 'Company' | 'Engineering' | 'Hardware' | 'Software' | 'Sales & Marketing' | 'Operations';

/** Departments under the company, parents first. */
const DEPARTMENTS: readonly { name: Department; parent: Department }[] = [
  { name: 'Engineering', parent: 'Company' },
  { name: 'Hardware', parent: 'Engineering' },
  { name: 'Software', parent: 'Engineering' },
  { name: 'Sales & Marketing', parent: 'Company' },
  { name: 'Operations', parent: 'Company' },
];

/**
 * The roles, with the base salary each is scaled from: the staff's salaries are scaled together so that
 * they add up to the books' payroll of this month (computeMonthlyPayrollCents).
 */
const ROLES = {
  'Chief Executive Officer': 220_000,
  'Engineering Manager': 195_000,
  'Robotics Lead': 200_000,
  'Hardware Engineer': 150_000,
  'Software Engineer': 155_000,
  'Account Executive': 120_000,
  'Marketing Manager': 130_000,
  'Operations Manager': 125_000,
  'Customer Success Manager': 95_000,
  'Office Manager': 75_000,
} as const;
type Role = keyof typeof ROLES;

/** The staff, in the order they joined (the books' head count grows from 9 to 20). */
const STAFF: readonly { name: string; role: Role; department: Department }[] = [
  { name: 'Maya Chen', role: 'Chief Executive Officer', department: 'Company' },
  { name: 'Daniel Okafor', role: 'Robotics Lead', department: 'Hardware' },
  { name: 'Priya Raman', role: 'Engineering Manager', department: 'Software' },
  { name: 'Lucas Moreau', role: 'Hardware Engineer', department: 'Hardware' },
  { name: 'Sofia Alvarez', role: 'Software Engineer', department: 'Software' },
  { name: 'Ethan Brooks', role: 'Account Executive', department: 'Sales & Marketing' },
  { name: 'Hannah Kim', role: 'Operations Manager', department: 'Operations' },
  { name: 'Omar Haddad', role: 'Software Engineer', department: 'Software' },
  { name: 'Grace Liu', role: 'Hardware Engineer', department: 'Hardware' },
  { name: 'Noah Fischer', role: 'Customer Success Manager', department: 'Operations' },
  { name: 'Amara Mensah', role: 'Marketing Manager', department: 'Sales & Marketing' },
  { name: 'Leo Rossi', role: 'Software Engineer', department: 'Software' },
  { name: 'Isabel Santos', role: 'Hardware Engineer', department: 'Hardware' },
  { name: 'Kenji Watanabe', role: 'Software Engineer', department: 'Software' },
  { name: 'Chloe Martin', role: 'Account Executive', department: 'Sales & Marketing' },
  { name: 'Ravi Patel', role: 'Hardware Engineer', department: 'Hardware' },
  { name: 'Zoe Williams', role: 'Customer Success Manager', department: 'Operations' },
  { name: 'Mateo Garcia', role: 'Software Engineer', department: 'Software' },
  { name: 'Ella Novak', role: 'Account Executive', department: 'Sales & Marketing' },
  { name: 'Sam Taylor', role: 'Office Manager', department: 'Operations' },
];

/** Open roles (no employee yet), starting this many months from now. */
const OPEN_ROLES: readonly { role: Role; department: Department; inMonths: number }[] = [
  { role: 'Software Engineer', department: 'Software', inMonths: 1 },
  { role: 'Hardware Engineer', department: 'Hardware', inMonths: 2 },
  { role: 'Account Executive', department: 'Sales & Marketing', inMonths: 4 },
];

/** The contractor: an industrial designer, from this month for six months. */
const CONTRACTOR = {
  role: 'Industrial Designer',
  department: 'Hardware',
  rate: 95,
  hours: 80,
  months: 6,
} as const;

/** What the books pay this month, from the generator: gross wages and the rates on them. */
export function demoPayrollFigures(history: { months: number; scale: number }) {
  const lastMonth = { index: history.months - 1, progress: 1 };
  const monthlySalaryCents = computeMonthlyPayrollCents(lastMonth, history.scale);
  const benefitsBill = RECURRING_BILLS.find((bill) => bill.account === BENEFITS);
  if (!benefitsBill) throw new Error('The demo has no benefits bill');
  const benefitsCents = countSeats(lastMonth, 1) * interpolateCents(benefitsBill.monthly, 1, history.scale);
  return {
    monthlySalaryCents,
    employerTaxPercent: Math.round(EMPLOYER_TAX_RATE * 10_000) / 100,
    benefitsPercent: Math.round((benefitsCents / monthlySalaryCents) * 10_000) / 100,
  };
}

/**
 * Acme Robotics' hiring plan: its departments, its roles, its current staff as employees whose salaries
 * add up to this month's payroll in the books (to a few dollars), employer taxes and benefits at the
 * books' rates, three open roles starting in the coming months and one contractor (on a Contractors
 * account under Payroll). Its forecasts are the company's payroll forecast.
 */
export async function seedDemoHiringPlan(
  db: Db,
  clock: Clock,
  company: { entityId: string; months: number; scale: number },
): Promise<void> {
  const { entityId } = company;
  const currentMonth = (await entityToday(db, clock, entityId)).month;
  const figures = demoPayrollFigures(company);
  const payroll = (await demoAccountIdsByPath(db, entityId)).get(PAYROLL);
  if (!payroll) throw new Error(`Demo account ${PAYROLL} is missing`);
  const contractors = await createAccount(db, clock, { entityId, parentId: payroll, name: 'Contractors' });
  await updateHiringSettings(db, clock, null, {
    entityId,
    contractorsAccountId: contractors.id,
    employerTaxPercent: figures.employerTaxPercent,
    benefitsPercent: figures.benefitsPercent,
  });

  const departmentIds = new Map<Department, string>();
  const top = await createDepartment(db, clock, { entityId, name: 'Engineering' });
  departmentIds.set('Company', top.parentId ?? '');
  departmentIds.set('Engineering', top.id);
  for (const { name, parent } of DEPARTMENTS.slice(1)) {
    const created = await createDepartment(db, clock, {
      entityId,
      name,
      parentId: departmentIds.get(parent),
    });
    departmentIds.set(name, created.id);
  }
  const department = (name: Department) => departmentIds.get(name) ?? '';

  // Everyone's salary scaled from the base so the staff costs what the books paid this month; roles'
  // defaults rounded to $1,000, the CEO's salary taking the remainder.
  const baseTotal = STAFF.reduce((sum, person) => sum + ROLES[person.role], 0);
  const factor = (figures.monthlySalaryCents * 12) / 100 / baseTotal;
  const roleIds = new Map<string, string>();
  const salaryOf = new Map<string, number>();
  for (const [role, base] of Object.entries(ROLES)) {
    const salary = Math.round((base * factor) / 1_000) * 1_000;
    salaryOf.set(role, salary);
    roleIds.set(role, (await createJobTitle(db, clock, { entityId, name: role, defaultSalary: salary })).id);
  }
  roleIds.set(CONTRACTOR.role, (await createJobTitle(db, clock, { entityId, name: CONTRACTOR.role })).id);
  const others = STAFF.slice(1).reduce((sum, person) => sum + (salaryOf.get(person.role) ?? 0), 0);
  const ceoSalary = Math.round((figures.monthlySalaryCents * 12) / 100 - others);

  const employeeIds: string[] = [];
  for (const person of STAFF)
    employeeIds.push((await createEmployee(db, clock, { entityId, name: person.name })).id);
  // The whole plan at once: its forecasts are written once, after the last position.
  await createJobPositions(db, clock, null, entityId, [
    ...STAFF.map((person, index) => ({
      departmentId: department(person.department),
      jobTitleId: roleIds.get(person.role) ?? null,
      employeeId: employeeIds[index] ?? null,
      salary: index === 0 ? ceoSalary : (salaryOf.get(person.role) ?? 0),
      startMonth: addMonths(currentMonth, joinedMonthsAgo(index, company.months)),
    })),
    ...OPEN_ROLES.map((open) => ({
      departmentId: department(open.department),
      jobTitleId: roleIds.get(open.role) ?? null,
      startMonth: addMonths(currentMonth, open.inMonths),
    })),
    {
      departmentId: department(CONTRACTOR.department),
      jobTitleId: roleIds.get(CONTRACTOR.role) ?? null,
      rate: CONTRACTOR.rate,
      hours: CONTRACTOR.hours,
      startMonth: currentMonth,
      endMonth: addMonths(currentMonth, CONTRACTOR.months - 1),
    },
  ]);
}

/**
 * When the `index`-th person joined, in months before this one (0 or less): the first month of the
 * history whose head count (countSeats) reaches them.
 */
function joinedMonthsAgo(index: number, months: number): number {
  for (let month = 0; month < months; month++) {
    const progress = months === 1 ? 1 : month / (months - 1);
    if (countSeats({ progress }, 1) > index) return month - (months - 1);
  }
  return 0;
}
