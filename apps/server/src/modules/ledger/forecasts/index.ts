/**
 * Forecasts: Budget transactions whose forecast entries are their occurrences (spec §3 Forecast, §5
 * inline cell edit, §9). This is how every module writes forecasts: each function opens its own write
 * transaction (a savepoint inside the caller's), locks in the ledger's order (shared/ledgerLocks.ts) and
 * keeps rollups and Entry History exact. Importing it registers the forecast GraphQL types, queries
 * and mutations on the builder (graphql/schema.ts).
 */
import './forecastMutations';
import './forecastQueries';

export { refreshPercentageForecasts } from '../shared/refreshPercentageForecasts';
export { adjustForecastCell, type CellAdjustmentInput } from './adjustForecastCell';
export { type DeletedForecast, type DeleteForecastInput, deleteForecast } from './deleteForecast';
export { ForecastRef } from './forecastTypes';
export {
  type CreateForecastInput,
  createForecast,
  type ForecastInput,
  type ForecastRecord,
  type UpdateForecastInput,
  updateForecast,
} from './saveForecast';
export {
  type DerivedForecastInput,
  type DerivedForecastKind,
  type DerivedForecastMonth,
  deleteDerivedForecast,
  writeDerivedForecast,
} from './writeDerivedForecast';
