import { graphql, type ResultOf } from '../../lib/graphql';

/** An account a hiring setting posts to, as the settings' pickers name it. */
const HIRING_SETTINGS_ACCOUNT_FIELDS = graphql(`
  fragment HiringSettingsAccountFields on Account {
    id
    name
  }
`);

/** Spec §7 HiringPlan(entityId): departments in tree order, roles and employees by name, positions. */
export const HIRING_PLAN_QUERY = graphql(
  `
  query HiringPlan($entityId: ID!) {
    hiringPlan(entityId: $entityId) {
      entityId
      departments {
        id
        name
        parentId
        ancestry
        position
        depth
        isTopLevel
      }
      employees {
        id
        name
        positionsCount
      }
      jobTitles {
        id
        name
        defaultSalary
        defaultBonus
        hiresCount
      }
      jobPositions {
        id
        departmentId
        position
        jobTitleId
        employeeId
        quantity
        salary
        rate
        hours
        startDate
        endDate
        kind
      }
      settings {
        entityId
        employerTaxPercent
        benefitsPercent
        salariesAccount {
          ...HiringSettingsAccountFields
        }
        contractorsAccount {
          ...HiringSettingsAccountFields
        }
        taxesAccount {
          ...HiringSettingsAccountFields
        }
        benefitsAccount {
          ...HiringSettingsAccountFields
        }
      }
    }
  }
`,
  [HIRING_SETTINGS_ACCOUNT_FIELDS],
);

export type HiringPlanData = ResultOf<typeof HIRING_PLAN_QUERY>['hiringPlan'];
export type HiringDepartment = HiringPlanData['departments'][number];
export type HiringEmployee = HiringPlanData['employees'][number];
export type HiringJobTitle = HiringPlanData['jobTitles'][number];
export type HiringJobPosition = HiringPlanData['jobPositions'][number];
export type HiringSettingsData = HiringPlanData['settings'];
/** A role's defaults: annual amounts in units (null: none). */
export type JobTitleDefaults = { defaultSalary: number | null; defaultBonus: number | null };

export const CREATE_DEPARTMENT_MUTATION = graphql(`
  mutation CreateDepartment($entityId: ID!, $name: String!, $parentId: ID) {
    createDepartment(entityId: $entityId, name: $name, parentId: $parentId) {
      errors
      department {
        id
      }
    }
  }
`);

export const UPDATE_DEPARTMENT_MUTATION = graphql(`
  mutation UpdateDepartment($id: ID!, $name: String) {
    updateDepartment(id: $id, name: $name) {
      errors
      department {
        id
      }
    }
  }
`);

export const DELETE_DEPARTMENT_MUTATION = graphql(`
  mutation DeleteDepartment($id: ID!) {
    deleteDepartment(id: $id) {
      id
      errors
    }
  }
`);

/** Defaults (annual, units) are optional: absent, the role has none. */
export const CREATE_JOB_TITLE_MUTATION = graphql(`
  mutation CreateJobTitle($entityId: ID!, $name: String!, $defaultSalary: Units, $defaultBonus: Units) {
    createJobTitle(
      entityId: $entityId
      name: $name
      defaultSalary: $defaultSalary
      defaultBonus: $defaultBonus
    ) {
      errors
      jobTitle {
        id
      }
    }
  }
`);

/** A variable left out keeps its field; a default sent as null is cleared. */
export const UPDATE_JOB_TITLE_MUTATION = graphql(`
  mutation UpdateJobTitle($id: ID!, $name: String, $defaultSalary: Units, $defaultBonus: Units) {
    updateJobTitle(id: $id, name: $name, defaultSalary: $defaultSalary, defaultBonus: $defaultBonus) {
      errors
      jobTitle {
        id
      }
    }
  }
`);

export const DELETE_JOB_TITLE_MUTATION = graphql(`
  mutation DeleteJobTitle($id: ID!) {
    deleteJobTitle(id: $id) {
      id
      errors
    }
  }
`);

export const CREATE_EMPLOYEE_MUTATION = graphql(`
  mutation CreateEmployee($entityId: ID!, $name: String!) {
    createEmployee(entityId: $entityId, name: $name) {
      errors
      employee {
        id
      }
    }
  }
`);

export const UPDATE_EMPLOYEE_MUTATION = graphql(`
  mutation UpdateEmployee($id: ID!, $name: String) {
    updateEmployee(id: $id, name: $name) {
      errors
      employee {
        id
      }
    }
  }
`);

export const DELETE_EMPLOYEE_MUTATION = graphql(`
  mutation DeleteEmployee($id: ID!) {
    deleteEmployee(id: $id) {
      id
      errors
    }
  }
`);

export const CREATE_JOB_POSITION_MUTATION = graphql(`
  mutation CreateJobPosition(
    $entityId: ID!
    $departmentId: ID!
    $jobTitleId: ID
    $employeeId: ID
    $quantity: Int
    $salary: Units
    $rate: Units
    $hours: Float
    $startDate: MonthKey!
    $endDate: MonthKey
  ) {
    createJobPosition(
      entityId: $entityId
      departmentId: $departmentId
      jobTitleId: $jobTitleId
      employeeId: $employeeId
      quantity: $quantity
      salary: $salary
      rate: $rate
      hours: $hours
      startDate: $startDate
      endDate: $endDate
    ) {
      errors
      jobPosition {
        id
      }
    }
  }
`);

export const UPDATE_JOB_POSITION_MUTATION = graphql(`
  mutation UpdateJobPosition(
    $id: ID!
    $jobTitleId: ID
    $employeeId: ID
    $quantity: Int
    $salary: Units
    $rate: Units
    $hours: Float
    $startDate: MonthKey
    $endDate: MonthKey
  ) {
    updateJobPosition(
      id: $id
      jobTitleId: $jobTitleId
      employeeId: $employeeId
      quantity: $quantity
      salary: $salary
      rate: $rate
      hours: $hours
      startDate: $startDate
      endDate: $endDate
    ) {
      errors
      jobPosition {
        id
      }
    }
  }
`);

export const DELETE_JOB_POSITION_MUTATION = graphql(`
  mutation DeleteJobPosition($id: ID!) {
    deleteJobPosition(id: $id) {
      id
      errors
    }
  }
`);

/**
 * UpdateHiringSettings: a variable left out keeps its setting; a taxes or benefits account sent as null
 * is cleared (that line then goes onto the salaries account).
 */
export const UPDATE_HIRING_SETTINGS_MUTATION = graphql(`
  mutation UpdateHiringSettings(
    $entityId: ID!
    $salariesAccountId: ID
    $contractorsAccountId: ID
    $taxesAccountId: ID
    $benefitsAccountId: ID
    $employerTaxPercent: Float
    $benefitsPercent: Float
  ) {
    updateHiringSettings(
      entityId: $entityId
      salariesAccountId: $salariesAccountId
      contractorsAccountId: $contractorsAccountId
      taxesAccountId: $taxesAccountId
      benefitsAccountId: $benefitsAccountId
      employerTaxPercent: $employerTaxPercent
      benefitsPercent: $benefitsPercent
    ) {
      errors
      settings {
        entityId
      }
    }
  }
`);

/**
 * The company's chart for the settings' account pickers. No query lists an entity's accounts on its
 * own, so this asks the default report over one month for its accounts only (cheap: one month of
 * rollups); ReportView is kept unnormalised (graphqlClient), so it never mixes with the grid's report.
 */
export const HIRING_ACCOUNTS_QUERY = graphql(`
  query HiringAccounts($entityId: ID!, $month: MonthKey!) {
    report(entityId: $entityId, startMonth: $month, actualsEndMonth: $month, endMonth: $month) {
      accounts {
        id
        name
        path
        accountGroup
      }
    }
  }
`);

export type HiringAccountData = ResultOf<typeof HIRING_ACCOUNTS_QUERY>['report']['accounts'][number];

/** Drag and drop (spec §4): a department into another or beside a sibling. */
export const MOVE_DEPARTMENT_MUTATION = graphql(`
  mutation MoveDepartment($id: ID!, $parentId: ID, $position: HiringPlacementInput) {
    updateDepartment(id: $id, parentId: $parentId, position: $position) {
      errors
      department {
        id
      }
    }
  }
`);

/** Drag and drop (spec §4): a position into a department or beside another position. */
export const MOVE_JOB_POSITION_MUTATION = graphql(`
  mutation MoveJobPosition($id: ID!, $departmentId: ID!, $position: HiringPlacementInput!) {
    updateJobPosition(id: $id, departmentId: $departmentId, position: $position) {
      errors
      jobPosition {
        id
      }
    }
  }
`);
