import { builder } from '../../graphql/builder';
import { isUuid } from '../../graphql/context';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { subscribeToEntityTopic } from '../../graphql/watchEntityTopic';
import { threadNotFound } from './assistantErrors';
import { messageView, ThreadUpdateRef } from './assistantTypes';
import { chatThreadTopic, parseChatThreadEvent } from './chatEvents';
import { findThreadMessage, findViewerThread, listThreadMessages } from './chatRows';

builder.subscriptionFields((t) => ({
  threadWasUpdated: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: ThreadUpdateRef,
    description:
      "ThreadWasUpdated(entityId, threadId) (spec §7): every change of one of the viewer's threads from now on (a question stored, a reply's text as it streams, at most every 100 ms, then complete or failed), as the message that changed and the thread's messages. Over SSE: POST or GET /graphql with `Accept: text/event-stream`. Refused like chatThread: another user's thread is NOT_FOUND.",
    args: { entityId: t.arg.id({ required: true }), threadId: t.arg.id({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      // As stored and published (the topic is compared as text; the database compares uuids).
      const threadId = String(args.threadId).toLowerCase();
      if (!isUuid(threadId)) {
        // No thread can have this id (nor a topic): refused as chatThread refuses it, nothing opened.
        await ctx.requireEntity(entityId, 'read');
        throw threadNotFound();
      }
      return subscribeToEntityTopic(ctx, {
        entityId,
        topic: chatThreadTopic(threadId),
        parse: (value) => {
          const event = parseChatThreadEvent(value);
          return event && event.threadId === threadId ? event : null;
        },
        admit: async () => {
          const thread = await findViewerThread(ctx.db, {
            entityId,
            userId: ctx.requireViewer().userId,
            threadId,
          });
          if (!thread) throw threadNotFound();
        },
      });
    },
    resolve: async (event, _args, ctx) => {
      const [message, messages] = await Promise.all([
        findThreadMessage(ctx.db, event.threadId, event.messageId),
        listThreadMessages(ctx.db, event.threadId),
      ]);
      if (!message) throw threadNotFound();
      const now = ctx.clock.now();
      return { message: messageView(message, now), messages: messages.map((row) => messageView(row, now)) };
    },
  }),
}));
