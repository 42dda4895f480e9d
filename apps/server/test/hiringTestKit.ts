import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client';
import { queryRows } from '../src/db/queryRows';
import type { LedgerFixture } from './ledgerTestKit';

/** Test support for the hiring suites: the plan's documents, helpers that send them, and a snapshot. */

export const HIRING_PLAN = `query($e: ID!) { hiringPlan(entityId: $e) {
  entityId
  departments { id entityId name ancestry parentId position depth isTopLevel }
  employees { id entityId name positionsCount }
  jobTitles { id entityId name defaultSalary defaultBonus hiresCount }
  jobPositions { id entityId departmentId position jobTitleId employeeId quantity salary rate hours startDate endDate kind }
} }`;

export type PlanDepartment = {
  id: string;
  entityId: string;
  name: string;
  ancestry: string;
  parentId: string | null;
  position: number;
  depth: number;
  isTopLevel: boolean;
};
type PlanEmployee = { id: string; entityId: string; name: string; positionsCount: number };
type PlanJobTitle = {
  id: string;
  entityId: string;
  name: string;
  defaultSalary: number | null;
  defaultBonus: number | null;
  hiresCount: number;
};
type PlanJobPosition = {
  id: string;
  entityId: string;
  departmentId: string;
  position: number;
  jobTitleId: string;
  employeeId: string | null;
  quantity: number;
  salary: number | null;
  rate: number | null;
  hours: number | null;
  startDate: string;
  endDate: string | null;
  kind: 'employee' | 'contractor';
};
type Plan = {
  entityId: string;
  departments: PlanDepartment[];
  employees: PlanEmployee[];
  jobTitles: PlanJobTitle[];
  jobPositions: PlanJobPosition[];
};

const DEPARTMENT_FIELDS = 'id entityId name ancestry parentId position depth isTopLevel';
const POSITION_FIELDS =
  'id entityId departmentId position jobTitleId employeeId quantity salary rate hours startDate endDate kind';

const CREATE_DEPARTMENT = `mutation($e: ID!, $n: String!, $p: ID, $at: HiringPlacementInput) {
  createDepartment(entityId: $e, name: $n, parentId: $p, position: $at) { errors department { ${DEPARTMENT_FIELDS} } } }`;
const UPDATE_DEPARTMENT = `mutation($id: ID!, $n: String, $p: ID, $at: HiringPlacementInput) {
  updateDepartment(id: $id, name: $n, parentId: $p, position: $at) { errors department { ${DEPARTMENT_FIELDS} } } }`;
const DELETE_DEPARTMENT = 'mutation($id: ID!) { deleteDepartment(id: $id) { id errors } }';
const CREATE_JOB_TITLE = `mutation($e: ID!, $n: String!, $s: Units, $b: Units) {
  createJobTitle(entityId: $e, name: $n, defaultSalary: $s, defaultBonus: $b) {
    errors jobTitle { id entityId name defaultSalary defaultBonus hiresCount } } }`;
const UPDATE_JOB_TITLE = `mutation($id: ID!, $n: String, $s: Units, $b: Units) {
  updateJobTitle(id: $id, name: $n, defaultSalary: $s, defaultBonus: $b) {
    errors jobTitle { id name defaultSalary defaultBonus hiresCount } } }`;
const DELETE_JOB_TITLE = 'mutation($id: ID!) { deleteJobTitle(id: $id) { id errors } }';
const CREATE_EMPLOYEE = `mutation($e: ID!, $n: String!) {
  createEmployee(entityId: $e, name: $n) { errors employee { id entityId name positionsCount } } }`;
const UPDATE_EMPLOYEE = `mutation($id: ID!, $n: String) {
  updateEmployee(id: $id, name: $n) { errors employee { id name positionsCount } } }`;
const DELETE_EMPLOYEE = 'mutation($id: ID!) { deleteEmployee(id: $id) { id errors } }';
const CREATE_JOB_POSITION = `mutation($e: ID!, $d: ID!, $j: ID, $emp: ID, $q: Int, $salary: Units, $rate: Units,
  $hours: Float, $start: MonthKey!, $end: MonthKey, $at: HiringPlacementInput) {
  createJobPosition(entityId: $e, departmentId: $d, jobTitleId: $j, employeeId: $emp, quantity: $q, salary: $salary,
    rate: $rate, hours: $hours, startDate: $start, endDate: $end, position: $at) {
    errors jobPosition { ${POSITION_FIELDS} } } }`;
const DELETE_JOB_POSITION = 'mutation($id: ID!) { deleteJobPosition(id: $id) { id errors } }';

/** UpdateJobPosition with exactly the arguments given (absent ones stay absent, null ones are sent). */
function updateJobPositionDocument(variables: Record<string, unknown>): string {
  const types: Record<string, string> = {
    departmentId: 'ID',
    jobTitleId: 'ID',
    employeeId: 'ID',
    quantity: 'Int',
    salary: 'Units',
    rate: 'Units',
    hours: 'Float',
    startDate: 'MonthKey',
    endDate: 'MonthKey',
    position: 'HiringPlacementInput',
  };
  const names = Object.keys(variables).filter((name) => name in types);
  const declarations = names.map((name) => `, $${name}: ${types[name]}`).join('');
  const call = names.map((name) => `, ${name}: $${name}`).join('');
  return `mutation($id: ID!${declarations}) { updateJobPosition(id: $id${call}) {
    errors jobPosition { ${POSITION_FIELDS} } } }`;
}

type Answer<T> = Promise<{ data?: T; errors?: { message: string; extensions?: { code?: string } }[] }>;

/** Sends the hiring operations as the fixture's owner (or the token given). */
export function hiringClient(fixture: LedgerFixture, token?: string) {
  const send = <T>(query: string, variables: Record<string, unknown>): Answer<T> =>
    fixture.gql<T>(query, variables, token ?? fixture.owner.token);
  return {
    async plan(entityId = fixture.entityId): Promise<Plan> {
      const result = await send<{ hiringPlan: Plan }>(HIRING_PLAN, { e: entityId });
      expect(result.errors).toBeUndefined();
      return result.data!.hiringPlan;
    },
    async topLevel(): Promise<PlanDepartment> {
      const top = (await this.plan()).departments[0];
      if (!top?.isTopLevel) throw new Error('no top-level department');
      return top;
    },
    createDepartment(name: string, variables: { p?: string | null; at?: unknown; e?: string } = {}) {
      return send<{ createDepartment: { errors: string[]; department: PlanDepartment | null } }>(
        CREATE_DEPARTMENT,
        { e: fixture.entityId, n: name, ...variables },
      );
    },
    updateDepartment(id: string, variables: { n?: string | null; p?: string | null; at?: unknown }) {
      return send<{ updateDepartment: { errors: string[]; department: PlanDepartment | null } }>(
        UPDATE_DEPARTMENT,
        { id, ...variables },
      );
    },
    deleteDepartment(id: string) {
      return send<{ deleteDepartment: { id: string | null; errors: string[] } }>(DELETE_DEPARTMENT, { id });
    },
    createJobTitle(name: string, variables: { s?: unknown; b?: unknown; e?: string } = {}) {
      return send<{ createJobTitle: { errors: string[]; jobTitle: PlanJobTitle | null } }>(CREATE_JOB_TITLE, {
        e: fixture.entityId,
        n: name,
        ...variables,
      });
    },
    updateJobTitle(id: string, variables: { n?: string | null; s?: unknown; b?: unknown }) {
      return send<{ updateJobTitle: { errors: string[]; jobTitle: PlanJobTitle | null } }>(UPDATE_JOB_TITLE, {
        id,
        ...variables,
      });
    },
    deleteJobTitle(id: string) {
      return send<{ deleteJobTitle: { id: string | null; errors: string[] } }>(DELETE_JOB_TITLE, { id });
    },
    createEmployee(name: string, entityId = fixture.entityId) {
      return send<{ createEmployee: { errors: string[]; employee: PlanEmployee | null } }>(CREATE_EMPLOYEE, {
        e: entityId,
        n: name,
      });
    },
    updateEmployee(id: string, name: string | null) {
      return send<{ updateEmployee: { errors: string[]; employee: PlanEmployee | null } }>(UPDATE_EMPLOYEE, {
        id,
        n: name,
      });
    },
    deleteEmployee(id: string) {
      return send<{ deleteEmployee: { id: string | null; errors: string[] } }>(DELETE_EMPLOYEE, { id });
    },
    createJobPosition(variables: Record<string, unknown>) {
      return send<{ createJobPosition: { errors: string[]; jobPosition: PlanJobPosition | null } }>(
        CREATE_JOB_POSITION,
        { e: fixture.entityId, start: '2026-01', ...variables },
      );
    },
    updateJobPosition(id: string, variables: Record<string, unknown>) {
      return send<{ updateJobPosition: { errors: string[]; jobPosition: PlanJobPosition | null } }>(
        updateJobPositionDocument(variables),
        { id, ...variables },
      );
    },
    deleteJobPosition(id: string) {
      return send<{ deleteJobPosition: { id: string | null; errors: string[] } }>(DELETE_JOB_POSITION, {
        id,
      });
    },
  };
}

/** A created row's id, or the test fails with what was answered. */
export function idOf(answer: { data?: Record<string, unknown>; errors?: unknown }): string {
  const payload = Object.values(answer.data ?? {})[0] as Record<string, { id?: string } | string[] | null>;
  const row = Object.entries(payload ?? {}).find(([key]) => key !== 'errors')?.[1] as { id?: string } | null;
  if (!row?.id) throw new Error(`No row in ${JSON.stringify(answer)}`);
  return row.id;
}

/** Every hiring row of a company, as text: 'nothing changed' compares two of these. */
export async function hiringSnapshot(db: Db, entityId: string) {
  const [row] = await queryRows<Record<string, string | null>>(
    db,
    sql`SELECT
      (SELECT string_agg(id || ':' || coalesce(parent_id::text, '-') || ':' || name || ':' || ancestry || ':' || position, ',' ORDER BY id)
         FROM departments WHERE entity_id = ${entityId}::uuid) AS departments,
      (SELECT string_agg(id || ':' || name || ':' || coalesce(default_salary_cents::text, '-') || ':' || coalesce(default_bonus_cents::text, '-'), ',' ORDER BY id)
         FROM job_titles WHERE entity_id = ${entityId}::uuid) AS job_titles,
      (SELECT string_agg(id || ':' || name, ',' ORDER BY id) FROM employees WHERE entity_id = ${entityId}::uuid) AS employees,
      (SELECT string_agg(concat_ws(':', id, department_id, position, job_title_id, employee_id, quantity, salary_cents,
          rate_cents, hours, start_month, end_month), ',' ORDER BY id)
         FROM job_positions WHERE entity_id = ${entityId}::uuid) AS job_positions,
      (SELECT concat_ws(':', salaries_account_id, contractors_account_id, taxes_account_id, benefits_account_id,
          employer_tax_basis_points, benefits_basis_points, salaries_forecast_id, contractors_forecast_id,
          taxes_forecast_id, benefits_forecast_id)
         FROM hiring_settings WHERE entity_id = ${entityId}::uuid) AS hiring_settings`,
  );
  return row;
}
