/**
 * The models module's public entry: its GraphQL fields (registered on import) and the services the
 * demo and other modules use.
 */
import './modelQueries';
import './modelMutations';

export { evaluateStoredModel } from './evaluateStoredModel';
export { createModel } from './saveModel';
export { createOutput } from './saveOutput';
export { createVariable, updateVariable, type VariableInput } from './saveVariable';
