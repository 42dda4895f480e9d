import { jobPositionKind } from '@keel/domain';
import { builder } from '../../graphql/builder';
import { AccountRef } from '../ledger/accounts';
import { departmentDepth } from './departmentTree';
import type { DepartmentRow, EmployeeView, JobPositionRow, JobTitleView } from './hiringRows';
import { type HiringSettingsView, loadHiringSettings } from './hiringSettings';
import type { HiringPlanView } from './loadHiringPlan';

/** Cents as the API's units (dollars with at most 2 decimals), null kept. */
const units = (cents: number | null) => (cents === null ? null : cents / 100);

export const DepartmentRef = builder.objectRef<DepartmentRow>('Department').implement({
  description:
    'A department of the hiring plan (spec §3): a tree under the top-level department, which is the company itself (named after it; it cannot be renamed, moved or deleted).',
  fields: (t) => ({
    id: t.exposeID('id'),
    entityId: t.exposeID('entityId'),
    name: t.exposeString('name'),
    ancestry: t.exposeString('ancestry', {
      description: "Slash-separated ancestor ids: '/' for the top level, '/<top>/' for its children.",
    }),
    parentId: t.exposeID('parentId', { nullable: true, description: 'Null for the top-level department.' }),
    position: t.exposeInt('position', { description: 'Its place among its siblings: 0, 1, 2, ...' }),
    depth: t.int({
      description: 'Levels below the top-level department (0 for it).',
      resolve: (d) => departmentDepth(d),
    }),
    isTopLevel: t.boolean({ resolve: (d) => d.parentId === null }),
  }),
});

export const JobTitleRef = builder.objectRef<JobTitleView>('JobTitle').implement({
  description:
    'A role (spec §3 Job title). Its defaults are annual amounts in units; new positions of it start from the salary.',
  fields: (t) => ({
    id: t.exposeID('id'),
    entityId: t.exposeID('entityId'),
    name: t.exposeString('name'),
    defaultSalary: t.field({ type: 'Units', nullable: true, resolve: (j) => units(j.defaultSalaryCents) }),
    defaultBonus: t.field({ type: 'Units', nullable: true, resolve: (j) => units(j.defaultBonusCents) }),
    hiresCount: t.exposeInt('hiresCount', {
      description:
        'The people its positions plan (their quantities summed); a role with hires cannot be deleted.',
    }),
  }),
});

export const EmployeeRef = builder.objectRef<EmployeeView>('Employee').implement({
  description: 'A person of the hiring plan (spec §3 Employee).',
  fields: (t) => ({
    id: t.exposeID('id'),
    entityId: t.exposeID('entityId'),
    name: t.exposeString('name'),
    positionsCount: t.exposeInt('positionsCount', {
      description: 'The positions they hold; an employee with positions cannot be deleted.',
    }),
  }),
});

const JobPositionKindRef = builder.enumType('JobPositionKind', {
  description: 'Spec §3: a salary means an employee; a rate with hours means a contractor.',
  values: ['employee', 'contractor'] as const,
});

export const JobPositionRef = builder.objectRef<JobPositionRow>('JobPosition').implement({
  description:
    'A line of the hiring plan (spec §3 Job position): quantity people of a role in a department from startDate through endDate (YYYY-MM; no end: open-ended). Employees have an annual salary; contractors an hourly rate and hours per month.',
  fields: (t) => ({
    id: t.exposeID('id'),
    entityId: t.exposeID('entityId'),
    departmentId: t.exposeID('departmentId'),
    position: t.exposeInt('position', {
      description: "Its place in its department's positions: 0, 1, 2, ...",
    }),
    jobTitleId: t.exposeID('jobTitleId'),
    employeeId: t.exposeID('employeeId', { nullable: true }),
    quantity: t.exposeInt('quantity'),
    salary: t.field({
      type: 'Units',
      nullable: true,
      description: 'Annual salary per person, in units.',
      resolve: (p) => units(p.salaryCents),
    }),
    rate: t.field({
      type: 'Units',
      nullable: true,
      description: 'Hourly rate per person, in units.',
      resolve: (p) => units(p.rateCents),
    }),
    hours: t.exposeInt('hours', { nullable: true, description: 'Hours per person per month.' }),
    startDate: t.field({ type: 'MonthKey', resolve: (p) => p.startMonth }),
    endDate: t.field({ type: 'MonthKey', nullable: true, resolve: (p) => p.endMonth }),
    kind: t.field({
      type: JobPositionKindRef,
      resolve: (p) => jobPositionKind(p) ?? 'employee',
    }),
  }),
});

export const HiringSettingsRef = builder.objectRef<HiringSettingsView>('HiringSettings').implement({
  description:
    "Where the plan's costs go in the report (each line a forecast of kind 'hiring' from the current month) and the rates on salaries.",
  fields: (t) => ({
    entityId: t.exposeID('entityId'),
    salariesAccount: t.field({
      type: AccountRef,
      nullable: true,
      description:
        "Employees' salaries. Null until first needed: then an Expense account named Salaries (else Payroll), or a new 'Salaries' under Expense.",
      resolve: (p) => p.salariesAccount,
    }),
    contractorsAccount: t.field({
      type: AccountRef,
      nullable: true,
      description:
        "Contractors' cost. Null until first needed: then an Expense account named Contractors, or a new one under Expense.",
      resolve: (p) => p.contractorsAccount,
    }),
    taxesAccount: t.field({
      type: AccountRef,
      nullable: true,
      description: 'Employer taxes; null: onto the salaries account.',
      resolve: (p) => p.taxesAccount,
    }),
    benefitsAccount: t.field({
      type: AccountRef,
      nullable: true,
      description: 'Benefits; null: onto the salaries account.',
      resolve: (p) => p.benefitsAccount,
    }),
    employerTaxPercent: t.float({
      description: 'Employer taxes as a percent of salaries (7.65), 0 to 100.',
      resolve: (p) => p.employerTaxBasisPoints / 100,
    }),
    benefitsPercent: t.float({
      description: 'Benefits as a percent of salaries, 0 to 100.',
      resolve: (p) => p.benefitsBasisPoints / 100,
    }),
  }),
});

export const HiringPlanRef = builder.objectRef<HiringPlanView>('HiringPlan').implement({
  description: "A company's hiring plan (spec §7 HiringPlan).",
  fields: (t) => ({
    entityId: t.exposeID('entityId'),
    departments: t.field({
      type: [DepartmentRef],
      description:
        'In tree order: the top-level department, then each department followed by its sub-departments.',
      resolve: (p) => p.departments,
    }),
    employees: t.field({ type: [EmployeeRef], description: 'By name.', resolve: (p) => p.employees }),
    jobTitles: t.field({ type: [JobTitleRef], description: 'By name.', resolve: (p) => p.jobTitles }),
    jobPositions: t.field({
      type: [JobPositionRef],
      description: "By department (in the departments' order), then by position.",
      resolve: (p) => p.jobPositions,
    }),
    settings: t.field({
      type: HiringSettingsRef,
      description: "Where the plan's costs go in the report, and the rates on salaries.",
      resolve: (p, _args, ctx) => loadHiringSettings(ctx.db, p.entityId),
    }),
  }),
});

export const HiringPlacementInputRef = builder.inputType('HiringPlacementInput', {
  description:
    'Where a department or job position goes among its siblings (spec §7 position): { first: true }, { before: id } or { after: id } of a sibling; {} (or no position) puts it last.',
  fields: (t) => ({
    first: t.boolean(),
    before: t.id(),
    after: t.id(),
  }),
});
