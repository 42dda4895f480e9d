import { count, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { chatMessages, chatThreads } from '../src/db/schema';
import type { AiProvider, AiToolAnswer } from '../src/providers/ai';
import { createOfflineAssistant } from '../src/providers/ai/offline/offlineAssistant';

/** An AI provider whose implementation a test sets (`use`), the offline assistant until then. */
export function switchableAi(): AiProvider & { use(next: AiProvider | null): void } {
  let current: AiProvider = createOfflineAssistant();
  return {
    name: 'offline',
    reply: (request) => current.reply(request),
    use(next) {
      current = next ?? createOfflineAssistant();
    },
  };
}

/** A provider that streams `pieces` one every `gapMs`, calling no tool. */
export function slowAi(pieces: string[], gapMs: number): AiProvider {
  return {
    name: 'offline',
    async reply(request) {
      for (const piece of pieces) {
        await new Promise((resolve) => setTimeout(resolve, gapMs));
        request.onDelta(piece);
      }
      return { text: pieces.join('') };
    },
  };
}

/** A provider that streams a little, then fails as an unreachable model server would. */
export function failingAi(): AiProvider {
  return {
    name: 'openai',
    async reply(request) {
      request.onDelta('Let me look');
      throw new Error('connect ECONNREFUSED 127.0.0.1:1');
    },
  };
}

/**
 * A provider that calls every tool it is given (with `args` by tool name, {} otherwise), keeps their
 * answers in `answers` (what a model could read of the company) and says how many it called.
 */
export function everyToolAi(
  args: Record<string, unknown>,
  answers: Record<string, AiToolAnswer>[],
): AiProvider {
  return {
    name: 'openai',
    async reply(request) {
      const answered: Record<string, AiToolAnswer> = {};
      for (const tool of request.tools) answered[tool.name] = await tool.call(args[tool.name] ?? {});
      answers.push(answered);
      const text = `Called ${request.tools.length} tools.`;
      request.onDelta(text);
      return { text };
    },
  };
}

/** How many threads and messages a company has. */
export async function chatCounts(db: Db, entityId: string) {
  const [threads] = await db
    .select({ n: count() })
    .from(chatThreads)
    .where(eq(chatThreads.entityId, entityId));
  const [messages] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(eq(chatMessages.entityId, entityId));
  return { threads: threads?.n ?? 0, messages: messages?.n ?? 0 };
}
