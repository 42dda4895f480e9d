import { FORECAST_CALCULATION_TYPES, FORECAST_RECURRENCES, ppmToPercent } from '@keel/domain';
import { builder } from '../../../graphql/builder';
import { AccountRef } from '../accounts';
import { loadExistingAccount } from '../shared/loadAccount';
import type { ForecastRecord } from './saveForecast';

export const ForecastRecurrenceRef = builder.enumType('ForecastRecurrence', {
  description: 'How often a forecast occurs (spec §9; default monthly).',
  values: FORECAST_RECURRENCES,
});

export const ForecastCalculationTypeRef = builder.enumType('ForecastCalculationType', {
  description:
    "fixed: the amount given, per occurrence. average: the average of the account's actual monthly totals over the averageMonths full months before the start month, rounded half away from zero to the cent, computed when the forecast is saved. percentage: each occurrence month, percent of the source line's report figure that month (its actual up to the current month, its forecast after; the account with its sub-accounts, as its row shows it), rounded half away from zero to the cent, and booked as the forecast's row shows it; it follows the source line, recomputed whenever a forecast changes.",
  values: FORECAST_CALCULATION_TYPES,
});

/** A forecast (spec §3 'Forecast (budget) refTransaction'): the parameters of a Budget transaction. */
export const ForecastRef = builder.objectRef<ForecastRecord>('Forecast').implement({
  description: 'A forecast: a Budget transaction whose forecast entries are its occurrences.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The forecast id: UpdateForecast takes it as budgetId.' }),
    budgetId: t.exposeID('id', { description: 'The same as id.' }),
    entityId: t.exposeID('entityId'),
    transactionId: t.exposeID('transactionId', { description: 'Its Budget transaction.' }),
    name: t.exposeString('name'),
    memo: t.exposeString('memo'),
    accountId: t.exposeID('accountId', { description: 'The account that gets +amount each occurrence.' }),
    againstId: t.exposeID('againstAccountId', {
      description: 'The account that gets -amount each occurrence.',
    }),
    accounts: t.field({
      type: [AccountRef],
      description: 'The account, then the against account.',
      resolve: async (forecast, _args, ctx) => [
        await loadExistingAccount(ctx, forecast.accountId),
        await loadExistingAccount(ctx, forecast.againstAccountId),
      ],
    }),
    amount: t.field({
      type: 'Units',
      description:
        "Per occurrence, in whole units (as CreateForecast takes it); for average, the computed figure; for percentage, the first month's (each month has its own).",
      resolve: (forecast) => forecast.amount / 100,
    }),
    amountCents: t.field({
      type: 'Cents',
      description: 'Per occurrence, in cents.',
      resolve: (f) => f.amount,
    }),
    calculationType: t.field({ type: ForecastCalculationTypeRef, resolve: (f) => f.calculationType }),
    averageMonths: t.exposeInt('averageMonths', {
      nullable: true,
      description: 'For average: months averaged.',
    }),
    sourceAccountId: t.exposeID('sourceAccountId', {
      nullable: true,
      description: 'For percentage: the report line it is a share of.',
    }),
    percent: t.float({
      nullable: true,
      description: 'For percentage: the share as a percent (2.9 for 2.9%).',
      resolve: (f) => (f.sharePpm == null ? null : ppmToPercent(f.sharePpm)),
    }),
    recurring: t.field({ type: ForecastRecurrenceRef, resolve: (f) => f.recurring }),
    startDate: t.field({ type: 'MonthKey', description: 'The start month.', resolve: (f) => f.startMonth }),
    endDate: t.field({
      type: 'MonthKey',
      nullable: true,
      description: 'The last month an occurrence may fall in; null: 60 months from the start month.',
      resolve: (f) => f.endMonth,
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (f) => f.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (f) => f.updatedAt }),
  }),
});
