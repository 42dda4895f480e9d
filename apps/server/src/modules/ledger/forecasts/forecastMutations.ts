import { ENTRY_MEMO_MAX, PERCENTAGE_DECIMALS, PERCENTAGE_MAX, PERCENTAGE_MIN } from '@keel/domain';
import { builder } from '../../../graphql/builder';
import { fieldPolicy } from '../../../graphql/fieldPolicy';
import { textLimit } from '../../../graphql/inputLimits';
import { requireForecast } from '../shared/guardLedgerRow';
import { adjustForecastCell } from './adjustForecastCell';
import { ForecastCalculationTypeRef, ForecastRecurrenceRef, ForecastRef } from './forecastTypes';
import { createForecast, updateForecast } from './saveForecast';

const idOrNull = (value: string | number | null | undefined) => (value == null ? null : String(value));

const SOURCE_ACCOUNT_ARG = `For percentage: the report line (an account of the same company, with its sub-accounts) the forecast is a share of. Not the forecast's own account, a line containing it, or a line that depends on it through other percentage forecasts (BAD_USER_INPUT, extensions.field 'sourceAccountId').`;
const PERCENT_ARG = `For percentage: the share as a percent (2.9 for 2.9%), ${PERCENTAGE_MIN} to ${PERCENTAGE_MAX}, at most ${PERCENTAGE_DECIMALS} decimals, not zero (BAD_USER_INPUT, extensions.field 'percent').`;

builder.mutationFields((t) => ({
  createForecast: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: ForecastRef,
    description:
      "CreateForecast: a forecast from the start month (date, 'YYYY-MM'), recurring none, monthly (default), quarterly or annually for 60 months. Each occurrence puts the amount per occurrence on accountId and its negation on againstId (default: Banks, else the first account), as forecast entries on the first of the month. calculationType fixed (default; amount in whole units, required), average (averageMonths 1-24, required) or percentage (sourceAccountId and percent, required: each month percent of that report line's figure, following it).",
    args: {
      accountId: t.arg.id({ required: true }),
      againstId: t.arg.id(),
      amount: t.arg({ type: 'Units', description: 'Whole units per occurrence, debit-positive; for fixed.' }),
      averageMonths: t.arg.int({
        description: 'For average: how many full months before the start to average.',
      }),
      calculationType: t.arg({ type: ForecastCalculationTypeRef }),
      sourceAccountId: t.arg.id({ description: SOURCE_ACCOUNT_ARG }),
      percent: t.arg.float({ description: PERCENT_ARG }),
      date: t.arg({ type: 'MonthKey', required: true, description: 'The start month.' }),
      entityId: t.arg.id({ required: true }),
      memo: t.arg.string({ ...textLimit(ENTRY_MEMO_MAX) }),
      name: t.arg.string(),
      recurring: t.arg({ type: ForecastRecurrenceRef }),
      reportId: t.arg.id(),
    },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'bookkeeping');
      return createForecast(ctx.db, ctx.clock, ctx.requireViewer().userId, {
        entityId,
        accountId: String(args.accountId),
        againstId: idOrNull(args.againstId),
        amount: args.amount,
        averageMonths: args.averageMonths,
        calculationType: args.calculationType,
        sourceAccountId: idOrNull(args.sourceAccountId),
        percent: args.percent,
        startMonth: args.date,
        name: args.name,
        memo: args.memo,
        recurring: args.recurring,
        reportId: idOrNull(args.reportId),
      });
    },
  }),
  updateForecast: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: ForecastRef,
    description:
      "UpdateForecast: new parameters for the forecast budgetId (absent fields stay) and its occurrences replaced; an average amount is recomputed, a percentage forecast takes its source line's figures of the moment.",
    args: {
      budgetId: t.arg.id({ required: true, description: 'The forecast id (Entry.refTransaction.id).' }),
      accountId: t.arg.id(),
      againstId: t.arg.id(),
      amount: t.arg({ type: 'Units' }),
      averageMonths: t.arg.int(),
      calculationType: t.arg({ type: ForecastCalculationTypeRef }),
      sourceAccountId: t.arg.id({ description: SOURCE_ACCOUNT_ARG }),
      percent: t.arg.float({ description: PERCENT_ARG }),
      date: t.arg({ type: 'MonthKey', description: 'The start month.' }),
      entityId: t.arg.id(),
      memo: t.arg.string({ ...textLimit(ENTRY_MEMO_MAX) }),
      name: t.arg.string(),
      recurring: t.arg({ type: ForecastRecurrenceRef }),
      reportId: t.arg.id(),
    },
    resolve: async (_root, args, ctx) => {
      if (args.entityId != null) await ctx.requireEntity(String(args.entityId), 'bookkeeping');
      const forecast = await requireForecast(ctx, String(args.budgetId), 'bookkeeping');
      return updateForecast(ctx.db, ctx.clock, ctx.requireViewer().userId, {
        forecastId: forecast.id,
        entityId: idOrNull(args.entityId),
        accountId: idOrNull(args.accountId),
        againstId: idOrNull(args.againstId),
        amount: args.amount,
        averageMonths: args.averageMonths,
        calculationType: args.calculationType,
        sourceAccountId: idOrNull(args.sourceAccountId),
        percent: args.percent,
        startMonth: args.date,
        name: args.name,
        memo: args.memo,
        recurring: args.recurring,
        reportId: idOrNull(args.reportId),
      });
    },
  }),
  adjustForecastCell: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: ForecastRef,
    nullable: true,
    description:
      "An inline edit of a future cell: adds amount (the change, in units with cents, debit-positive) to the account-month's one 'Adjustment' forecast (a one-month fixed forecast), creating it, or deleting it when it comes back to zero (then null).",
    args: {
      entityId: t.arg.id({ required: true }),
      accountId: t.arg.id({ required: true }),
      date: t.arg({ type: 'MonthKey', required: true, description: "The cell's month." }),
      amount: t.arg({
        type: 'Units',
        required: true,
        description: 'The change to the cell, debit-positive.',
      }),
      reportId: t.arg.id(),
    },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'bookkeeping');
      return adjustForecastCell(ctx.db, ctx.clock, ctx.requireViewer().userId, {
        entityId,
        accountId: String(args.accountId),
        month: args.date,
        amount: args.amount,
        reportId: idOrNull(args.reportId),
      });
    },
  }),
}));
