import { apiError } from '../../errors';
import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { cancelJob } from '../../jobs/cancelJob';
import { JobStatusRef } from './jobTypes';

builder.mutationFields((t) => ({
  cancelEntityJob: t.field({
    ...fieldPolicy({ access: 'manageEntity' }),
    type: JobStatusRef,
    description:
      "Cancels one of the company's jobs while it is queued or running: it becomes 'canceled' and its work stops (what it did so far stays done). A job that has finished is answered as it is. Integrations are the company's settings: owners and admins may cancel.",
    args: { entityId: t.arg.id({ required: true }), jobId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'manageEntity');
      const job = await cancelJob(ctx.db, { entityId, jobId: String(args.jobId) });
      if (!job) throw apiError('NOT_FOUND', 'Job not found');
      return job;
    },
  }),
}));
