import { builder } from '../../graphql/builder';
import { apiError } from '../../graphql/errors';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { RealtimeBusy } from '../../realtime/realtime';
import { EntityJobUpdateRef } from './jobTypes';
import { watchEntityJobs } from './watchEntityJobs';

builder.subscriptionFields((t) => ({
  entityJobWasUpdated: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: EntityJobUpdateRef,
    description:
      "entityJobWasUpdated(entityId) (spec §7): every change of the company's jobs from now on (queued, progress, finished), as jobStatus, until the client disconnects. Over SSE: POST or GET /graphql with `Accept: text/event-stream`. Refused like a query to anyone who may not read the company's books; ends if that stops being so. Changes made while the connection was down are not replayed: ask entityJobs after reconnecting.",
    args: { entityId: t.arg.id({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      try {
        return watchEntityJobs(ctx, entityId);
      } catch (error) {
        if (error instanceof RealtimeBusy) throw apiError('SERVICE_UNAVAILABLE', error.message);
        throw error;
      }
    },
    resolve: (event) => event,
  }),
}));
