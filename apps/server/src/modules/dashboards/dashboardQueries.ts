import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { listCharts } from './dashboardRows';
import { DashboardRef } from './dashboardTypes';
import { listDashboardsEnsuringDefault } from './ensureDefaultDashboard';

builder.queryFields((t) => ({
  dashboards: t.field({
    ...fieldPolicy({ access: 'read', cost: 10 }),
    type: [DashboardRef],
    description:
      "Dashboards(entityId): the company's dashboards with their charts, the first made first. A company's first dashboard is made on this first read, tied to its 'Financial Report'; without one: NOT_FOUND 'Financial Report not found'. (The spec's Dashboards operation also asks `reports`.)",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      const dashboards = await listDashboardsEnsuringDefault(ctx.db, ctx.clock, entityId);
      const charts = await listCharts(
        ctx.db,
        dashboards.map((dashboard) => dashboard.id),
      );
      return dashboards.map((dashboard) => ({
        ...dashboard,
        charts: charts.filter((chart) => chart.dashboardId === dashboard.id),
      }));
    },
  }),
}));
