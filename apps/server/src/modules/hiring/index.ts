/**
 * The hiring module's public entry: its GraphQL fields (registered on import) and the services the
 * demo and other modules use (payroll forecasts read the plan through loadHiringPlan).
 */
import './hiringQueries';
import './hiringMutations';

export { loadHiringSettings } from './hiringSettings';
export { loadHiringPlan } from './loadHiringPlan';
export { createDepartment } from './saveDepartment';
export { createEmployee } from './saveEmployee';
export { createJobPosition, createJobPositions } from './saveJobPosition';
export { createJobTitle } from './saveJobTitle';
export { updateHiringSettings } from './updateHiringSettings';
