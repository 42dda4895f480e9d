import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { type Payload, userErrorPayload } from '../../graphql/userErrorPayload';
import { requireDepartment, requireEmployee, requireJobPosition, requireJobTitle } from './guardHiringRow';
import type { DepartmentRow, EmployeeView, JobPositionRow, JobTitleView } from './hiringRows';
import { type HiringSettingsView, loadHiringSettings } from './hiringSettings';
import {
  DepartmentRef,
  EmployeeRef,
  HiringPlacementInputRef,
  HiringSettingsRef,
  JobPositionRef,
  JobTitleRef,
} from './hiringTypes';
import { type PlacementInput, parsePlacement } from './placeSibling';
import { createDepartment, deleteDepartment, updateDepartment } from './saveDepartment';
import { createEmployee, deleteEmployee, updateEmployee } from './saveEmployee';
import { createJobPosition, deleteJobPosition, updateJobPosition } from './saveJobPosition';
import { createJobTitle, deleteJobTitle, updateJobTitle } from './saveJobTitle';
import { updateHiringSettings } from './updateHiringSettings';

const errorsField = {
  description: "Why it was refused (spec §5 'Hiring' messages); empty when it was done.",
};

const DepartmentPayloadRef = builder.objectRef<Payload<DepartmentRow>>('DepartmentPayload').implement({
  fields: (t) => ({
    department: t.field({ type: DepartmentRef, nullable: true, resolve: (p) => p.result }),
    errors: t.stringList({ ...errorsField, resolve: (p) => p.errors }),
  }),
});

const JobTitlePayloadRef = builder.objectRef<Payload<JobTitleView>>('JobTitlePayload').implement({
  fields: (t) => ({
    jobTitle: t.field({ type: JobTitleRef, nullable: true, resolve: (p) => p.result }),
    errors: t.stringList({ ...errorsField, resolve: (p) => p.errors }),
  }),
});

const EmployeePayloadRef = builder.objectRef<Payload<EmployeeView>>('EmployeePayload').implement({
  fields: (t) => ({
    employee: t.field({ type: EmployeeRef, nullable: true, resolve: (p) => p.result }),
    errors: t.stringList({ ...errorsField, resolve: (p) => p.errors }),
  }),
});

const JobPositionPayloadRef = builder.objectRef<Payload<JobPositionRow>>('JobPositionPayload').implement({
  fields: (t) => ({
    jobPosition: t.field({ type: JobPositionRef, nullable: true, resolve: (p) => p.result }),
    errors: t.stringList({ ...errorsField, resolve: (p) => p.errors }),
  }),
});

const HiringSettingsPayloadRef = builder
  .objectRef<Payload<HiringSettingsView>>('HiringSettingsPayload')
  .implement({
    fields: (t) => ({
      settings: t.field({ type: HiringSettingsRef, nullable: true, resolve: (p) => p.result }),
      errors: t.stringList({ ...errorsField, resolve: (p) => p.errors }),
    }),
  });

const HiringDeletePayloadRef = builder.objectRef<Payload<string>>('HiringDeletePayload').implement({
  description: 'The deleted id, or null with the errors that refused it.',
  fields: (t) => ({
    id: t.field({ type: 'ID', nullable: true, resolve: (p) => p.result }),
    errors: t.stringList({ ...errorsField, resolve: (p) => p.errors }),
  }),
});

type Args = Parameters<Parameters<typeof builder.mutationFields>[0]>[0];

const positionArg = (t: Args) =>
  t.arg({
    type: HiringPlacementInputRef,
    description:
      '{ first: true }, { before: id } or { after: id } of a sibling; absent: last (on update: where it is).',
  });

const jobPositionArgs = (t: Args) => ({
  employeeId: t.arg.id({ description: 'The employee holding it; null: open (on update, takes them off).' }),
  quantity: t.arg.int({
    description: 'How many people (1 to 1,000; default 1); 1 when an employee holds it.',
  }),
  salary: t.arg({ type: 'Units', description: 'Annual salary per person: an employee. Null clears it.' }),
  rate: t.arg({
    type: 'Units',
    description: 'Hourly rate per person, with hours: a contractor. Null clears it.',
  }),
  hours: t.arg.float({ description: 'Hours per person per month: a whole number from 0 to 744.' }),
  endDate: t.arg({
    type: 'MonthKey',
    description: 'The last month (YYYY-MM), not before the start; null: open-ended.',
  }),
  position: positionArg(t),
});

/** The placement asked for (BAD_USER_INPUT for two at once), inside the payload's work. */
const placementOf = (input: PlacementInput | null | undefined) => parsePlacement(input);

builder.mutationFields((t) => ({
  createDepartment: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: DepartmentPayloadRef,
    description:
      'CreateDepartment: a department inside parentId (default: the top level, or the parent of the sibling position names).',
    args: {
      entityId: t.arg.id({ required: true }),
      name: t.arg.string({ required: true }),
      parentId: t.arg.id(),
      position: positionArg(t),
    },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'bookkeeping');
      return userErrorPayload(() =>
        createDepartment(ctx.db, ctx.clock, {
          entityId,
          name: args.name,
          parentId: args.parentId == null ? null : String(args.parentId),
          placement: placementOf(args.position),
        }),
      );
    },
  }),
  updateDepartment: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: DepartmentPayloadRef,
    description:
      'UpdateDepartment: rename, and/or move inside parentId (its sub-departments with it) and/or among its siblings. The top-level department cannot be renamed or moved.',
    args: {
      id: t.arg.id({ required: true }),
      name: t.arg.string(),
      parentId: t.arg.id(),
      position: positionArg(t),
    },
    resolve: async (_root, args, ctx) => {
      const department = await requireDepartment(ctx, String(args.id), 'bookkeeping');
      return userErrorPayload(() =>
        updateDepartment(ctx.db, ctx.clock, {
          id: department.id,
          name: args.name,
          parentId: args.parentId == null ? null : String(args.parentId),
          placement: placementOf(args.position),
        }),
      );
    },
  }),
  deleteDepartment: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: HiringDeletePayloadRef,
    description:
      'DeleteDepartment: the department and its sub-departments; refused while any of them has job positions, and for the top-level department.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const department = await requireDepartment(ctx, String(args.id), 'bookkeeping');
      return userErrorPayload(() => deleteDepartment(ctx.db, ctx.clock, department.id));
    },
  }),
  createJobTitle: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: JobTitlePayloadRef,
    description: 'CreateJobTitle: a role, with an optional default annual salary and bonus (units).',
    args: {
      entityId: t.arg.id({ required: true }),
      name: t.arg.string({ required: true }),
      defaultSalary: t.arg({ type: 'Units' }),
      defaultBonus: t.arg({ type: 'Units' }),
    },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'bookkeeping');
      return userErrorPayload(() =>
        createJobTitle(ctx.db, ctx.clock, {
          entityId,
          name: args.name,
          defaultSalary: args.defaultSalary,
          defaultBonus: args.defaultBonus,
        }),
      );
    },
  }),
  updateJobTitle: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: JobTitlePayloadRef,
    description: 'UpdateJobTitle: a new name and/or defaults (null clears a default; absent keeps it).',
    args: {
      id: t.arg.id({ required: true }),
      name: t.arg.string(),
      defaultSalary: t.arg({ type: 'Units' }),
      defaultBonus: t.arg({ type: 'Units' }),
    },
    resolve: async (_root, args, ctx) => {
      const jobTitle = await requireJobTitle(ctx, String(args.id), 'bookkeeping');
      return userErrorPayload(() =>
        updateJobTitle(ctx.db, ctx.clock, {
          id: jobTitle.id,
          name: args.name,
          defaultSalary: args.defaultSalary,
          defaultBonus: args.defaultBonus,
        }),
      );
    },
  }),
  deleteJobTitle: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: HiringDeletePayloadRef,
    description: 'DeleteJobTitle: refused while a job position uses the role.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const jobTitle = await requireJobTitle(ctx, String(args.id), 'bookkeeping');
      return userErrorPayload(() => deleteJobTitle(ctx.db, ctx.clock, jobTitle.id));
    },
  }),
  createEmployee: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: EmployeePayloadRef,
    description: 'CreateEmployee: a person of the plan.',
    args: { entityId: t.arg.id({ required: true }), name: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'bookkeeping');
      return userErrorPayload(() => createEmployee(ctx.db, ctx.clock, { entityId, name: args.name }));
    },
  }),
  updateEmployee: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: EmployeePayloadRef,
    description: 'UpdateEmployee: a new name.',
    args: { id: t.arg.id({ required: true }), name: t.arg.string() },
    resolve: async (_root, args, ctx) => {
      const employee = await requireEmployee(ctx, String(args.id), 'bookkeeping');
      return userErrorPayload(() => updateEmployee(ctx.db, ctx.clock, { id: employee.id, name: args.name }));
    },
  }),
  deleteEmployee: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: HiringDeletePayloadRef,
    description: 'DeleteEmployee: refused while they hold a job position.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const employee = await requireEmployee(ctx, String(args.id), 'bookkeeping');
      return userErrorPayload(() => deleteEmployee(ctx.db, ctx.clock, employee.id));
    },
  }),
  createJobPosition: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: JobPositionPayloadRef,
    description:
      "CreateJobPosition: quantity people of a role in a department from startDate: an employee (salary) or a contractor (rate and hours). With neither given it takes the role's default salary.",
    args: {
      entityId: t.arg.id({ required: true }),
      departmentId: t.arg.id({ required: true }),
      jobTitleId: t.arg.id({ description: 'Required (the message says so when it is missing).' }),
      startDate: t.arg({ type: 'MonthKey', required: true, description: 'The first month, YYYY-MM.' }),
      ...jobPositionArgs(t),
    },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'bookkeeping');
      return userErrorPayload(() =>
        createJobPosition(ctx.db, ctx.clock, ctx.requireViewer().userId, {
          entityId,
          departmentId: String(args.departmentId),
          jobTitleId: args.jobTitleId == null ? null : String(args.jobTitleId),
          startMonth: args.startDate,
          ...jobPositionFields(args),
        }),
      );
    },
  }),
  updateJobPosition: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: JobPositionPayloadRef,
    description:
      'UpdateJobPosition: new terms (absent fields stay; null clears employee, salary, rate, hours and end), another role, and/or a move to departmentId or among its positions.',
    args: {
      id: t.arg.id({ required: true }),
      departmentId: t.arg.id(),
      jobTitleId: t.arg.id(),
      startDate: t.arg({ type: 'MonthKey', description: 'The first month, YYYY-MM.' }),
      ...jobPositionArgs(t),
    },
    resolve: async (_root, args, ctx) => {
      const position = await requireJobPosition(ctx, String(args.id), 'bookkeeping');
      return userErrorPayload(() =>
        updateJobPosition(ctx.db, ctx.clock, ctx.requireViewer().userId, {
          id: position.id,
          departmentId: args.departmentId == null ? null : String(args.departmentId),
          jobTitleId: args.jobTitleId == null ? null : String(args.jobTitleId),
          startMonth: args.startDate,
          ...jobPositionFields(args),
        }),
      );
    },
  }),
  deleteJobPosition: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: HiringDeletePayloadRef,
    description: "DeleteJobPosition: the position; its department's positions close up.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const position = await requireJobPosition(ctx, String(args.id), 'bookkeeping');
      return userErrorPayload(() =>
        deleteJobPosition(ctx.db, ctx.clock, ctx.requireViewer().userId, position.id),
      );
    },
  }),
  updateHiringSettings: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: HiringSettingsPayloadRef,
    description:
      "UpdateHiringSettings: the accounts of the plan's cost lines and the employer tax and benefits percents (0 to 100, 2 decimals); absent arguments stay, null clears the taxes or benefits account (onto salaries). The plan's forecasts are rewritten at once.",
    args: {
      entityId: t.arg.id({ required: true }),
      salariesAccountId: t.arg.id(),
      contractorsAccountId: t.arg.id(),
      taxesAccountId: t.arg.id(),
      benefitsAccountId: t.arg.id(),
      employerTaxPercent: t.arg.float(),
      benefitsPercent: t.arg.float(),
    },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'bookkeeping');
      const id = (value: string | number | null | undefined) =>
        value === undefined ? undefined : value === null ? null : String(value);
      return userErrorPayload(async () => {
        await updateHiringSettings(ctx.db, ctx.clock, ctx.requireViewer().userId, {
          entityId,
          salariesAccountId: id(args.salariesAccountId),
          contractorsAccountId: id(args.contractorsAccountId),
          taxesAccountId: id(args.taxesAccountId),
          benefitsAccountId: id(args.benefitsAccountId),
          employerTaxPercent: args.employerTaxPercent,
          benefitsPercent: args.benefitsPercent,
        });
        return loadHiringSettings(ctx.db, entityId);
      });
    },
  }),
}));

type JobPositionArgs = {
  employeeId?: string | number | null;
  quantity?: number | null;
  salary?: number | null;
  rate?: number | null;
  hours?: number | null;
  endDate?: string | null;
  position?: PlacementInput | null;
};

/** The optional fields as the services take them: absent stays absent (keep), null stays null (clear). */
function jobPositionFields(args: JobPositionArgs) {
  return {
    ...(args.employeeId === undefined
      ? {}
      : { employeeId: args.employeeId === null ? null : String(args.employeeId) }),
    quantity: args.quantity,
    ...(args.salary === undefined ? {} : { salary: args.salary }),
    ...(args.rate === undefined ? {} : { rate: args.rate }),
    ...(args.hours === undefined ? {} : { hours: args.hours }),
    ...(args.endDate === undefined ? {} : { endMonth: args.endDate }),
    placement: placementOf(args.position),
  };
}
