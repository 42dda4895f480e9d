import {
  AVERAGE_MONTHS_MAX,
  averageMonthsSchema,
  computePercentageForecast,
  forecastOccurrenceMonths,
  forecastPercentSchema,
  percentToPpm,
} from '@keel/domain';
import { builder } from '../../../graphql/builder';
import { fieldPolicy } from '../../../graphql/fieldPolicy';
import { entityToday } from '../../entities/timeZone';
import { parseLedgerInput } from '../shared/ledgerErrors';
import { findAccountInEntity } from '../shared/ledgerRows';
import { readLineFigures } from '../shared/readLineFigures';
import { checkPercentageSource } from './checkPercentageSource';
import { type AverageWindow, averageWindow } from './expandForecast';
import { ForecastRecurrenceRef } from './forecastTypes';
import { parseField } from './parseField';

type AverageAnswer = AverageWindow & { sign: number };

const AveragedMonthRef = builder
  .objectRef<{ month: string; amount: number; sign: number }>('AveragedMonth')
  .implement({
    description: 'One month an average forecast averages, with the figure its report row shows.',
    fields: (t) => ({
      month: t.field({ type: 'MonthKey', resolve: (m) => m.month }),
      amount: t.field({
        type: 'Cents',
        description: 'The actual total of the account and its sub-accounts, debit-positive (as booked).',
        resolve: (m) => m.amount,
      }),
      shownAmount: t.field({
        type: 'Cents',
        description: 'The same as the report row shows it (credit accounts negated).',
        resolve: (m) => m.amount * m.sign,
      }),
    }),
  });

const ForecastAverageRef = builder.objectRef<AverageAnswer>('ForecastAverage').implement({
  description:
    "The working of an average forecast: the complete months before its start month it averages, each month's actual figure, and the average per occurrence.",
  fields: (t) => ({
    months: t.field({
      type: [AveragedMonthRef],
      resolve: (a) => a.months.map((m) => ({ ...m, sign: a.sign })),
    }),
    average: t.field({
      type: 'Cents',
      description: 'Per occurrence, debit-positive, as the forecast books it.',
      resolve: (a) => a.average,
    }),
    shownAverage: t.field({
      type: 'Cents',
      description: 'The average as the report row shows it.',
      resolve: (a) => a.average * a.sign,
    }),
  }),
});

builder.queryFields((t) => ({
  forecastAverage: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: ForecastAverageRef,
    description: `What an average forecast on accountId starting in startMonth would book: the averageMonths (1-${AVERAGE_MONTHS_MAX}) most recent complete months before the start month (never the current month), of the account with its sub-accounts, and their average.`,
    args: {
      entityId: t.arg.id({ required: true }),
      accountId: t.arg.id({ required: true }),
      startMonth: t.arg({ type: 'MonthKey', required: true }),
      averageMonths: t.arg.int({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      const averageMonths = parseLedgerInput(averageMonthsSchema, args.averageMonths);
      const account = await findAccountInEntity(ctx.db, entityId, String(args.accountId));
      const window = await averageWindow(ctx.db, {
        entityId,
        account,
        startMonth: args.startMonth,
        averageMonths,
        currentMonth: (await entityToday(ctx.db, ctx.clock, entityId)).month,
      });
      return { ...window, sign: account.sign };
    },
  }),
}));

type PercentageAnswer = {
  sourceName: string;
  percent: number;
  months: { month: string; sourceAmount: number; amount: number }[];
};

const PercentageMonthRef = builder
  .objectRef<PercentageAnswer['months'][number]>('PercentageForecastMonth')
  .implement({
    description: "One month of a percentage forecast: the source line's figure and the forecast's.",
    fields: (t) => ({
      month: t.field({ type: 'MonthKey', resolve: (m) => m.month }),
      sourceAmount: t.field({
        type: 'Cents',
        description:
          "The source line's figure that month as its report row shows it: its actual up to the current month, its forecast after.",
        resolve: (m) => m.sourceAmount,
      }),
      amount: t.field({
        type: 'Cents',
        description:
          'percent of sourceAmount, rounded half away from zero to the cent, as the forecast row shows it.',
        resolve: (m) => m.amount,
      }),
    }),
  });

const ForecastPercentageRef = builder.objectRef<PercentageAnswer>('ForecastPercentage').implement({
  description:
    "The working of a percentage forecast: for each month it occurs in, the source line's figure and the percent of it.",
  fields: (t) => ({
    sourceName: t.exposeString('sourceName', { description: "The source line's account name." }),
    percent: t.exposeFloat('percent', { description: 'The share, as a percent (2.9 for 2.9%).' }),
    months: t.field({ type: [PercentageMonthRef], resolve: (a) => a.months }),
  }),
});

builder.queryFields((t) => ({
  forecastPercentage: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: ForecastPercentageRef,
    description:
      "What a percentage forecast on accountId of sourceAccountId's line would book from startMonth (recurring, default monthly, for 60 months): each month, percent of the line's report figure that month, as the forecast saved now would. The same refusals as CreateForecast: a source line that is not the company's, contains the forecast's account or depends on it (extensions.field 'sourceAccountId'), a percent out of range (extensions.field 'percent'). budgetId: the forecast being edited, left out of the loop check.",
    args: {
      entityId: t.arg.id({ required: true }),
      accountId: t.arg.id({ required: true }),
      sourceAccountId: t.arg.id({ required: true }),
      percent: t.arg.float({ required: true }),
      startMonth: t.arg({ type: 'MonthKey', required: true }),
      recurring: t.arg({ type: ForecastRecurrenceRef }),
      budgetId: t.arg.id(),
    },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      const percent = parseField(forecastPercentSchema, args.percent, 'percent');
      const account = await findAccountInEntity(ctx.db, entityId, String(args.accountId));
      const source = await checkPercentageSource(ctx.db, {
        entityId,
        forecastId: args.budgetId == null ? null : String(args.budgetId),
        account,
        sourceAccountId: String(args.sourceAccountId),
      });
      const currentMonth = (await entityToday(ctx.db, ctx.clock, entityId)).month;
      const months = forecastOccurrenceMonths({
        startMonth: args.startMonth,
        endMonth: null,
        recurring: args.recurring ?? 'monthly',
      });
      const figures = await readLineFigures(ctx.db, { entityId, account: source, months, currentMonth });
      const computed = computePercentageForecast(figures, percentToPpm(percent), currentMonth);
      return {
        sourceName: source.name,
        percent,
        months: computed.map((m) => ({ month: m.month, sourceAmount: m.sourceCents, amount: m.cents })),
      };
    },
  }),
}));
