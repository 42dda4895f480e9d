import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { chatMessages, chatThreads } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { reserveAttempt } from '../auth/throttle';
import type { AssistantDeps } from './assistantDeps';
import { emptyContent, threadFull, threadNotFound, tooManyMessages } from './assistantErrors';
import { publishChatThreadEvent } from './chatEvents';
import {
  CHAT_THREAD_MESSAGES_MAX,
  type ChatMessageRow,
  findViewerThread,
  nextMessagePosition,
} from './chatRows';
import { generateReply } from './generateReply';
import { startReplyTask } from './replyTasks';

/** A new thread's title: the start of its first question. */
const TITLE_MAX = 80;

type ChatMessageInput = {
  entityId: string;
  userId: string;
  content: string;
  /** The thread to continue; none starts a new one. */
  threadId: string | null;
  /** Answer at once with the reply streaming in the background, or wait for the whole reply. */
  stream: boolean;
};

type ChatExchange = { threadId: string; userMessage: ChatMessageRow; reply: ChatMessageRow };

/**
 * CreateOpenaiMessage (spec §7): stores the user's question and the assistant's reply (status
 * 'streaming', empty) in one transaction, in the user's thread (one of theirs in this company, or a new
 * one), and tells the thread's subscribers. Then the reply is written (generateReply): in the
 * background when `stream` (the answer comes back at once and ThreadWasUpdated brings the text), else
 * before answering. The caller checked that the user may read the company's books.
 * Refusals: empty text (BAD_USER_INPUT naming content), another's or an unknown thread (NOT_FOUND), a
 * full thread, more than 20 questions a minute from one user (TOO_MANY_REQUESTS); nothing is stored.
 */
export async function createChatMessage(deps: AssistantDeps, input: ChatMessageInput): Promise<ChatExchange> {
  const content = input.content.trim();
  if (content === '') throw emptyContent();
  if (input.threadId !== null) {
    const thread = await findViewerThread(deps.db, { ...input, threadId: input.threadId });
    if (!thread) throw threadNotFound();
  }
  const allowed = await reserveAttempt(deps.db, deps.clock, [{ scope: 'assistant_user', key: input.userId }]);
  if (!allowed.allowed) throw tooManyMessages(allowed.retryAfterSeconds);
  const exchange = await writeTransaction(deps.db, (tx) => storeExchange(tx, deps, { ...input, content }));
  const job = {
    entityId: input.entityId,
    threadId: exchange.threadId,
    messageId: exchange.reply.id,
    position: exchange.reply.position,
  };
  if (input.stream) {
    startReplyTask(deps.db, async (stop) => {
      await generateReply(deps, job, stop);
    });
    return exchange;
  }
  return { ...exchange, reply: await generateReply(deps, job) };
}

/** The question and the empty reply, at the thread's next two positions (under the thread's lock). */
async function storeExchange(tx: Tx, deps: AssistantDeps, input: ChatMessageInput): Promise<ChatExchange> {
  const now = deps.clock.now();
  const thread =
    input.threadId === null
      ? await createThread(tx, input, now)
      : await findViewerThread(tx, { ...input, threadId: input.threadId }, { lock: true });
  if (!thread) throw threadNotFound();
  const position = await nextMessagePosition(tx, thread.id);
  if (position + 2 > CHAT_THREAD_MESSAGES_MAX) throw threadFull();
  const common = { threadId: thread.id, entityId: input.entityId, createdAt: now, updatedAt: now };
  const rows = await tx
    .insert(chatMessages)
    .values([
      { ...common, position, role: 'user', content: input.content, status: 'complete' },
      { ...common, position: position + 1, role: 'assistant', content: '', status: 'streaming' },
    ])
    .returning();
  const userMessage = rows.find((row) => row.role === 'user');
  const reply = rows.find((row) => row.role === 'assistant');
  if (!userMessage || !reply) throw new Error('Chat message insert returned nothing');
  await tx.update(chatThreads).set({ updatedAt: now }).where(eq(chatThreads.id, thread.id));
  await publishChatThreadEvent(tx, {
    entityId: input.entityId,
    threadId: thread.id,
    messageId: userMessage.id,
  });
  return { threadId: thread.id, userMessage, reply };
}

async function createThread(tx: Tx, input: ChatMessageInput, now: Date) {
  const firstLine = input.content.split('\n')[0] ?? input.content;
  const title = firstLine.length > TITLE_MAX ? `${firstLine.slice(0, TITLE_MAX - 1)}…` : firstLine;
  const [thread] = await tx
    .insert(chatThreads)
    .values({ entityId: input.entityId, userId: input.userId, title, createdAt: now, updatedAt: now })
    .returning();
  return thread ?? null;
}
