import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { HiringPlanRef } from './hiringTypes';
import { loadHiringPlan } from './loadHiringPlan';

builder.queryFields((t) => ({
  hiringPlan: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: HiringPlanRef,
    description:
      "HiringPlan(entityId): the company's departments (tree order), employees and roles (by name) and job positions (by department, then position).",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      return loadHiringPlan(ctx.db, ctx.clock, entityId);
    },
  }),
}));
