/**
 * The hiring module's public entry: its GraphQL fields (registered on import) and the services the
 * demo and other modules use (payroll forecasts read the plan through loadHiringPlan).
 */
import './hiringQueries';
import './hiringMutations';

export { HIRING_ACCOUNT_NAMES, type HiringSettingsView, loadHiringSettings } from './hiringSettings';
export { type HiringPlanView, loadHiringPlan } from './loadHiringPlan';
export type { Placement } from './placeSibling';
export { HIRING_FORECAST_NAMES, refreshHiringForecasts } from './refreshHiringForecasts';
export { createDepartment, deleteDepartment, updateDepartment } from './saveDepartment';
export { createEmployee, deleteEmployee, updateEmployee } from './saveEmployee';
export { createJobPosition, deleteJobPosition, updateJobPosition } from './saveJobPosition';
export { createJobTitle, deleteJobTitle, updateJobTitle } from './saveJobTitle';
export { type HiringSettingsInput, updateHiringSettings } from './updateHiringSettings';
