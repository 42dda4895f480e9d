import { apiError } from '../../../errors';
import { parseInput } from '../../../graphql/parseInput';

/**
 * The ledger's refusals. A missing row and another company's row get the same NOT_FOUND answer, so a
 * refusal reveals nothing about other companies; broken rules get BAD_USER_INPUT with a message a
 * person can act on.
 */
export const accountNotFound = () => apiError('NOT_FOUND', 'Account not found');
export const entryNotFound = () => apiError('NOT_FOUND', 'Entry not found');
export const forecastNotFound = () => apiError('NOT_FOUND', 'Forecast not found');
export const ruleNotFound = () => apiError('NOT_FOUND', 'Rule not found');
/** Spec §8: 'Report not found: {identifier}'. */
export const reportNotFound = (reportId: string) => apiError('NOT_FOUND', `Report not found: ${reportId}`);
export const badLedgerInput = (message: string) => apiError('BAD_USER_INPUT', message);

/** A model output's forecast (kind 'model') follows its model: edited or deleted there, never directly. */
const MODEL_FORECAST_READ_ONLY = 'This forecast comes from a model: change it in the model';
/** The hiring plan's forecasts (kind 'hiring') follow the plan, as a model's follow the model. */
export const HIRING_FORECAST_READ_ONLY = 'This forecast comes from the hiring plan: change it there';

/** Why a forecast of this kind cannot be edited or deleted directly, or null when it can. */
export function derivedForecastRefusal(kind: string): string | null {
  if (kind === 'model') return MODEL_FORECAST_READ_ONLY;
  if (kind === 'hiring') return HIRING_FORECAST_READ_ONLY;
  return null;
}

/** Spec §5: 'Only user transactions and forecasts can be edited or deleted'. */
export const ONLY_USER_ENTRIES_EDITABLE = 'Only user transactions and forecasts can be edited';
export const ONLY_USER_ENTRIES_DELETABLE = 'Only user transactions and forecasts can be deleted';

/** The value a domain schema accepts, or BAD_USER_INPUT with the schema's first message. */
export const parseLedgerInput = parseInput;
