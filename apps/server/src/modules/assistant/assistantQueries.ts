import type { Config } from '../../config';
import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { threadNotFound } from './assistantErrors';
import { ChatThreadRef } from './assistantTypes';
import { BUILTIN_ABILITIES } from './builtinAbilities';
import { findViewerThread, listViewerThreads } from './chatRows';

/** Who answers 'Ask Keel AI' on this server, so the panel can say so plainly. */
type AssistantMode = { provider: 'builtin' | 'model'; model: string | null; understands: readonly string[] };

const AssistantProviderEnum = builder.enumType('AssistantProvider', {
  description:
    "What answers 'Ask Keel AI': 'builtin', Keel's own question reader over the books (AI_PROVIDER=offline), or 'model', a language model that calls the same tools (AI_PROVIDER=openai).",
  values: ['builtin', 'model'] as const,
});

const AssistantModeRef = builder.objectRef<AssistantMode>('AssistantMode').implement({
  description: "Who answers 'Ask Keel AI' on this server, and what the built-in reader understands.",
  fields: (t) => ({
    provider: t.field({ type: AssistantProviderEnum, resolve: (mode) => mode.provider }),
    model: t.exposeString('model', {
      nullable: true,
      description: "The model's name (OPENAI_MODEL) when a model answers; null for the built-in reader.",
    }),
    understands: t.exposeStringList('understands', {
      description:
        'The kinds of question the built-in reader answers, each with examples; a model is not limited to them.',
    }),
  }),
});

/** The mode the server's settings choose: AI_PROVIDER=openai is a model, anything else the built-in reader. */
function assistantModeOf(config: Pick<Config, 'AI_PROVIDER' | 'OPENAI_MODEL'>): AssistantMode {
  const model = config.AI_PROVIDER === 'openai';
  return {
    provider: model ? 'model' : 'builtin',
    model: model ? config.OPENAI_MODEL : null,
    understands: BUILTIN_ABILITIES,
  };
}

builder.queryFields((t) => ({
  assistantMode: t.field({
    ...fieldPolicy({ access: 'viewer' }),
    type: AssistantModeRef,
    description:
      "Who answers 'Ask Keel AI' on this server (the built-in question reader or a named model) and the kinds of question the built-in reader understands, for the panel to say so.",
    resolve: (_root, _args, ctx) => {
      ctx.requireViewer();
      return assistantModeOf(ctx.config);
    },
  }),
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
