/**
 * Forecasts: Budget transactions whose forecast entries are their occurrences (spec §3 Forecast, §5
 * inline cell edit, §9). This is how every module writes forecasts: each function opens its own write
 * transaction (a savepoint inside the caller's), locks in the ledger's order (shared/ledgerLocks.ts) and
 * keeps rollups and Entry History exact. Importing it registers the forecast GraphQL types, queries
 * and mutations on the builder (graphql/schema.ts).
 */
import './forecastMutations';
import './forecastQueries';

export { adjustForecastCell } from './adjustForecastCell';
export { ForecastRef } from './forecastTypes';
export { createForecast, type ForecastRecord, updateForecast } from './saveForecast';
export { deleteDerivedForecast, writeDerivedForecast } from './writeDerivedForecast';
