import { AVERAGE_MONTHS_MAX, averageMonthsSchema, monthKeyOfDate } from '@keel/domain';
import { builder } from '../../../graphql/builder';
import { fieldPolicy } from '../../../graphql/fieldPolicy';
import { parseLedgerInput } from '../shared/ledgerErrors';
import { findAccountInEntity } from '../shared/ledgerRows';
import { type AverageWindow, averageWindow } from './expandForecast';

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
        currentMonth: monthKeyOfDate(ctx.clock.now().toISOString()),
      });
      return { ...window, sign: account.sign };
    },
  }),
}));
