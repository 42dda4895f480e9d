import { graphql, type ResultOf } from '../../lib/graphql';

/** Spec §7 HiringPlan(entityId): departments in tree order, roles and employees by name, positions. */
export const HIRING_PLAN_QUERY = graphql(`
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
    }
  }
`);

export type HiringPlanData = ResultOf<typeof HIRING_PLAN_QUERY>['hiringPlan'];
export type HiringDepartment = HiringPlanData['departments'][number];
export type HiringEmployee = HiringPlanData['employees'][number];
export type HiringJobTitle = HiringPlanData['jobTitles'][number];
export type HiringJobPosition = HiringPlanData['jobPositions'][number];

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

export const CREATE_JOB_TITLE_MUTATION = graphql(`
  mutation CreateJobTitle($entityId: ID!, $name: String!) {
    createJobTitle(entityId: $entityId, name: $name) {
      errors
      jobTitle {
        id
      }
    }
  }
`);

export const UPDATE_JOB_TITLE_MUTATION = graphql(`
  mutation UpdateJobTitle($id: ID!, $name: String) {
    updateJobTitle(id: $id, name: $name) {
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
