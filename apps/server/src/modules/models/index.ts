/**
 * The models module's public entry: its GraphQL fields (registered on import) and the services the
 * demo and other modules use.
 */
import './modelQueries';
import './modelMutations';

export { evaluateStoredModel, type StoredModelEvaluation } from './evaluateStoredModel';
export { createModel, deleteModel, updateModel } from './saveModel';
export { createOutput, deleteOutput, updateOutput } from './saveOutput';
export { createVariable, deleteVariable, updateVariable, type VariableInput } from './saveVariable';
