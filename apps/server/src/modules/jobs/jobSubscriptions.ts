import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { subscribeToEntityTopic } from '../../graphql/watchEntityTopic';
import { entityJobsTopic, parseJobStatusEvent } from '../../jobs/jobEvents';
import { EntityJobUpdateRef } from './jobTypes';

builder.subscriptionFields((t) => ({
  entityJobWasUpdated: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: EntityJobUpdateRef,
    description:
      "entityJobWasUpdated(entityId) (spec §7): every change of the company's jobs from now on (queued, progress, finished), as jobStatus, until the client disconnects. Over SSE: POST or GET /graphql with `Accept: text/event-stream`. Refused like a query to anyone who may not read the company's books; ends if that stops being so. Changes made while the connection was down are not replayed: ask entityJobs after reconnecting.",
    args: { entityId: t.arg.id({ required: true }) },
    subscribe: (_root, args, ctx) => {
      const entityId = String(args.entityId);
      return subscribeToEntityTopic(ctx, {
        entityId,
        topic: entityJobsTopic(entityId),
        parse: parseJobStatusEvent,
      });
    },
    resolve: (event) => event,
  }),
}));
