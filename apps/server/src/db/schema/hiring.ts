import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  char,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './auth';
import { entities } from './entities';
import { accounts, forecasts } from './ledger';

/**
 * The hiring plan's departments (spec §3 Department): a tree per entity under one top-level department
 * (the company itself, `parent_id` null, made on the plan's first read or write). `ancestry` is the
 * slash-separated ids of the ancestors, as accounts have it: '/' for the top level, '/<top>/' for its
 * children, '/<top>/<parent>/' below. `position` orders siblings (0, 1, 2, ... with no gaps).
 */
export const departments = pgTable(
  'departments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => departments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ancestry: text('ancestry').notNull().default('/'),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('departments_entity_idx').on(t.entityId, t.ancestry),
    index('departments_parent_idx').on(t.parentId, t.position),
    // One top-level department per company: two first writes racing cannot make two.
    uniqueIndex('departments_top_level_key').on(t.entityId).where(sql`${t.parentId} IS NULL`),
    // Sibling departments have different names, whatever their case.
    uniqueIndex('departments_sibling_name_key').on(t.parentId, sql`lower(${t.name})`),
  ],
);

/**
 * A role (spec §3 Job title) with the salary and bonus new positions of it start from, in cents per
 * year. Names are unique per company, whatever their case.
 */
export const jobTitles = pgTable(
  'job_titles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    defaultSalaryCents: bigint('default_salary_cents', { mode: 'number' }),
    defaultBonusCents: bigint('default_bonus_cents', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('job_titles_name_key').on(t.entityId, sql`lower(${t.name})`),
    check(
      'job_titles_defaults_not_negative',
      sql`${t.defaultSalaryCents} >= 0 AND ${t.defaultBonusCents} >= 0`,
    ),
  ],
);

/** A person of the plan (spec §3 Employee). Names are unique per company, whatever their case. */
export const employees = pgTable(
  'employees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('employees_name_key').on(t.entityId, sql`lower(${t.name})`)],
);

/**
 * A line of the plan (spec §3 Job position): `quantity` people of a role in a department from
 * `start_month` through `end_month` (null: open-ended). An employee has an annual salary
 * (`salary_cents`); a contractor an hourly rate (`rate_cents`) and hours per month. `position` orders
 * the lines of a department. Departments, roles and employees a line uses cannot be deleted under it.
 */
export const jobPositions = pgTable(
  'job_positions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id),
    position: integer('position').notNull().default(0),
    jobTitleId: uuid('job_title_id')
      .notNull()
      .references(() => jobTitles.id),
    employeeId: uuid('employee_id').references(() => employees.id),
    quantity: integer('quantity').notNull().default(1),
    salaryCents: bigint('salary_cents', { mode: 'number' }),
    rateCents: bigint('rate_cents', { mode: 'number' }),
    hours: integer('hours'),
    startMonth: char('start_month', { length: 7 }).notNull(),
    endMonth: char('end_month', { length: 7 }),
    ...timestamps,
  },
  (t) => [
    index('job_positions_entity_idx').on(t.entityId),
    index('job_positions_department_idx').on(t.departmentId, t.position),
    index('job_positions_job_title_idx').on(t.jobTitleId),
    index('job_positions_employee_idx').on(t.employeeId),
    check(
      'job_positions_terms',
      sql`${t.quantity} >= 1 AND ${t.salaryCents} >= 0 AND ${t.rateCents} >= 0 AND ${t.hours} >= 0 AND ${t.endMonth} >= ${t.startMonth}`,
    ),
  ],
);

/**
 * Where the hiring plan's costs go in the report (one row per company, made the first time the plan
 * writes its forecasts or its settings change): the accounts of its four lines, employer taxes and
 * benefits as basis points of salaries (7.65% is 765), and the forecast (kind 'hiring') each line wrote
 * last. An account left null is found or made when its line first costs something (refreshHiringForecasts);
 * taxes and benefits without an account of their own go onto the salaries account. An account deleted
 * from the chart is forgotten (set null) and found or made again.
 */
export const hiringSettings = pgTable(
  'hiring_settings',
  {
    entityId: uuid('entity_id')
      .primaryKey()
      .references(() => entities.id, { onDelete: 'cascade' }),
    salariesAccountId: uuid('salaries_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    contractorsAccountId: uuid('contractors_account_id').references(() => accounts.id, {
      onDelete: 'set null',
    }),
    taxesAccountId: uuid('taxes_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    benefitsAccountId: uuid('benefits_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    employerTaxBasisPoints: integer('employer_tax_basis_points').notNull().default(0),
    benefitsBasisPoints: integer('benefits_basis_points').notNull().default(0),
    salariesForecastId: uuid('salaries_forecast_id').references(() => forecasts.id, { onDelete: 'set null' }),
    contractorsForecastId: uuid('contractors_forecast_id').references(() => forecasts.id, {
      onDelete: 'set null',
    }),
    taxesForecastId: uuid('taxes_forecast_id').references(() => forecasts.id, { onDelete: 'set null' }),
    benefitsForecastId: uuid('benefits_forecast_id').references(() => forecasts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check(
      'hiring_settings_percents',
      sql`${t.employerTaxBasisPoints} BETWEEN 0 AND 10000 AND ${t.benefitsBasisPoints} BETWEEN 0 AND 10000`,
    ),
  ],
);
