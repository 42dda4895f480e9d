import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { entityToday } from '../entities/timeZone';
import { listReports } from './listReports';
import { loadReport } from './loadReport';
import { defaultReportNotFound, reportNotFound } from './reportErrors';
import { resolveReportRange } from './resolveReportRange';
import { ReportRef, ReportViewRef } from './types';

builder.queryFields((t) => ({
  reports: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: [ReportRef],
    description: "The entity's reports, the default 'Financial Report' first (Reports query).",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await ctx.requireEntity(String(args.entityId), 'read');
      return listReports(ctx.db, String(args.entityId));
    },
  }),
  getReports: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: [ReportRef],
    description: 'The same as reports (GetReports query).',
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await ctx.requireEntity(String(args.entityId), 'read');
      return listReports(ctx.db, String(args.entityId));
    },
  }),
  report: t.field({
    // Cost: every account by every month of the range, with the summary cards.
    ...fieldPolicy({ access: 'read', cost: 5_000 }),
    type: ReportViewRef,
    description:
      "A report computed over a month range (Report query). Without reportId: the report named 'Financial Report'. Missing months default to the spec's range (January of last year to two years and two months after this January, actuals through the current month: the company's, in its time zone); start <= actualsEnd <= end and at most 120 months from start to end, else BAD_USER_INPUT.",
    args: {
      entityId: t.arg.id({ required: true }),
      reportId: t.arg.id(),
      startMonth: t.arg({ type: 'MonthKey' }),
      endMonth: t.arg({ type: 'MonthKey' }),
      actualsEndMonth: t.arg({ type: 'MonthKey' }),
    },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      // The current month is the company's, in its own time zone (Past/Current/Future, actuals' end).
      const { month } = await entityToday(ctx.db, ctx.clock, entityId);
      const range = resolveReportRange(args, month);
      const reportId = args.reportId === null || args.reportId === undefined ? null : String(args.reportId);
      const loaded = await loadReport(ctx.db, entityId, reportId, range);
      if (!loaded) throw reportId === null ? defaultReportNotFound() : reportNotFound(reportId);
      return loaded;
    },
  }),
}));
