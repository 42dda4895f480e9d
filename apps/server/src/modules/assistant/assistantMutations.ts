import { CHAT_QUESTION_MAX_CHARS } from '@keel/domain';
import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { textLimit } from '../../graphql/inputLimits';
import { CreateChatMessagePayloadRef, messageView } from './assistantTypes';
import { createChatMessage } from './createChatMessage';

builder.mutationFields((t) => ({
  createOpenaiMessage: t.field({
    // Cost: a model's answer, with its tools' report reads.
    ...fieldPolicy({ access: 'read', cost: 500 }),
    type: CreateChatMessagePayloadRef,
    description: `CreateOpenaiMessage (spec §7): asks 'Ask Keel AI' a question about the company (1 to ${CHAT_QUESTION_MAX_CHARS} characters, trimmed), in the viewer's thread threadId or a new one. The answer comes from the company's books and plan and cites its figures. With stream: true the reply comes back at once, 'streaming', and threadWasUpdated(entityId, threadId) brings its text as it is written; otherwise the answer waits for the whole reply. Anyone who may read the books may ask; at most 20 questions a minute per user (TOO_MANY_REQUESTS).`,
    args: {
      entityId: t.arg.id({ required: true }),
      content: t.arg.string({ required: true, ...textLimit(CHAT_QUESTION_MAX_CHARS) }),
      stream: t.arg.boolean({ description: 'Answer at once and stream the reply (default false).' }),
      threadId: t.arg.id({
        description: "One of the viewer's threads in this company; none starts a new one.",
      }),
    },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      const exchange = await createChatMessage(
        { db: ctx.db, clock: ctx.clock, ai: ctx.providers.ai },
        {
          entityId,
          userId: ctx.requireViewer().userId,
          content: args.content,
          threadId: args.threadId === null || args.threadId === undefined ? null : String(args.threadId),
          stream: args.stream ?? false,
        },
      );
      const now = ctx.clock.now();
      const reply = messageView(exchange.reply, now);
      return {
        errors: reply.status === 'failed' && reply.error ? [reply.error] : [],
        message: reply,
        userMessage: messageView(exchange.userMessage, now),
        threadId: exchange.threadId,
      };
    },
  }),
}));
