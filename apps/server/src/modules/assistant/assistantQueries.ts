import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { threadNotFound } from './assistantErrors';
import { ChatThreadRef } from './assistantTypes';
import { findViewerThread, listViewerThreads } from './chatRows';

builder.queryFields((t) => ({
  chatThreads: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: [ChatThreadRef],
    description:
      "The viewer's 'Ask Keel AI' threads in the company, most recently active first (at most 50). Nobody sees another's threads.",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      return listViewerThreads(ctx.db, entityId, ctx.requireViewer().userId);
    },
  }),
  chatThread: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: ChatThreadRef,
    description:
      "One of the viewer's threads in the company, its messages oldest first. Another user's thread, another company's and an unknown id are NOT_FOUND alike.",
    args: { entityId: t.arg.id({ required: true }), threadId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      const thread = await findViewerThread(ctx.db, {
        entityId,
        userId: ctx.requireViewer().userId,
        threadId: String(args.threadId),
      });
      if (!thread) throw threadNotFound();
      return thread;
    },
  }),
}));
