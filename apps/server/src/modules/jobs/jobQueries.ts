import { badInput } from '../../errors';
import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { JOB_LIST_MAX, listJobs } from '../../jobs/jobRows';
import { JobStatusRef } from './jobTypes';

const DEFAULT_JOBS = 20;

builder.queryFields((t) => ({
  entityJobs: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: [JobStatusRef],
    description: `The company's most recent background jobs, newest first (by when they were queued): what the page shows before entityJobWasUpdated brings changes. first: 1 to ${JOB_LIST_MAX}; default ${DEFAULT_JOBS}.`,
    args: {
      entityId: t.arg.id({ required: true }),
      first: t.arg.int({ description: `How many, 1 to ${JOB_LIST_MAX}; default ${DEFAULT_JOBS}.` }),
    },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      const first = args.first ?? DEFAULT_JOBS;
      if (first < 1 || first > JOB_LIST_MAX) {
        throw badInput(`first must be from 1 to ${JOB_LIST_MAX}`, 'first');
      }
      return listJobs(ctx.db, entityId, first);
    },
  }),
}));
