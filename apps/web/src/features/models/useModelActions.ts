import { useMutationRun } from '../../lib/useMutationRun';
import { MODEL_QUERY, MODELS_QUERY } from './modelQueries';

const MODEL_PAGE_QUERIES = [MODEL_QUERY, MODELS_QUERY];

/**
 * Runs one model change (useMutationRun), then refetches the model (its figures are the server's
 * evaluation) and the switcher, or the queries given (a deleted model's page refetches only the switcher).
 */
export function useModelActions() {
  return useMutationRun(MODEL_PAGE_QUERIES);
}
