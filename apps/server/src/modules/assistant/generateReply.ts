import { DEFAULT_TIME_ZONE, dayIn } from '@keel/domain';
import { and, eq } from 'drizzle-orm';
import type { ChatCitation, ChatMessageStatus } from '../../db/schema';
import { chatMessages, entities } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import type { AiMessage } from '../../providers/ai';
import type { AssistantDeps } from './assistantDeps';
import { ASSISTANT_MESSAGES } from './assistantErrors';
import { publishChatThreadEvent } from './chatEvents';
import { type ChatMessageRow, listMessagesBefore } from './chatRows';
import { buildSystemPrompt } from './systemPrompt';
import { buildAssistantTools } from './tools/assistantTools';
import { answerQuestion } from './understanding/answerQuestion';

/** The reply being written: its message (status 'streaming') and where it sits. */
type ReplyJob = { entityId: string; threadId: string; messageId: string; position: number };

/** A streaming reply's text is written (and its subscribers told) at most this often. */
const STREAM_FLUSH_MS = 100;
/** The longest a reply may take, tool calls included. */
const REPLY_TIMEOUT_MS = 120_000;
/** Earlier messages the model sees. */
const HISTORY_MESSAGES = 20;
/** Citations kept per answer. */
const CITATIONS_MAX = 40;
/** The longest answer stored; a longer one is cut. */
const REPLY_MAX_CHARS = 8_000;

/**
 * Writes the assistant's answer into its message: the thread's earlier messages and the system's
 * instructions go to the model with the tools over this company's data (bound to the thread's
 * company: they read nothing else); the text is stored as it streams, at most every STREAM_FLUSH_MS,
 * each write told to the thread's subscribers; then the message is complete with the figures the tools
 * gave as its citations. When the model fails the message is 'failed' with an error for the user (and
 * the text so far), and that is published too. Answers the final row.
 */
export async function generateReply(
  deps: AssistantDeps,
  job: ReplyJob,
  stop?: AbortSignal,
): Promise<ChatMessageRow> {
  const [entity] = await deps.db
    .select({ name: entities.name, timeZone: entities.timeZone })
    .from(entities)
    .where(eq(entities.id, job.entityId));
  // The company's today, in its own time zone: 'this month', 'last month' and 'this year' are its (the tools' too).
  const today = dayIn(entity?.timeZone ?? DEFAULT_TIME_ZONE, deps.clock.now());
  const history = await listMessagesBefore(deps.db, job.threadId, job.position, HISTORY_MESSAGES);
  const messages: AiMessage[] = [
    { role: 'system', content: buildSystemPrompt({ today, entityName: entity?.name ?? 'your company' }) },
    ...history.map((message) => ({ role: message.role, content: message.content })),
  ];
  const citations: ChatCitation[] = [];
  const toolDeps = { db: deps.db, clock: deps.clock, timeZone: entity?.timeZone };
  const tools = buildAssistantTools(toolDeps, job.entityId, (found) => citations.push(...found));
  const answerFromBooks = async (question: string) => {
    const answer = await answerQuestion(toolDeps, job.entityId, question);
    citations.push(...answer.citations);
    return answer.text;
  };
  let text = '';
  const writer = createStreamWriter((content) =>
    updateReply(deps, job, { content, status: 'streaming', citations: [], error: null }),
  );
  const signal = stop
    ? AbortSignal.any([AbortSignal.timeout(REPLY_TIMEOUT_MS), stop])
    : AbortSignal.timeout(REPLY_TIMEOUT_MS);
  try {
    const reply = await untilAborted(
      deps.ai.reply({
        messages,
        tools,
        signal,
        onDelta: (delta) => {
          if (signal.aborted) return;
          text += delta;
          writer.push(capReply(text));
        },
        today,
        answerFromBooks,
      }),
      signal,
    );
    await writer.finish();
    return await updateReply(deps, job, {
      content: capReply(reply.text || text),
      status: 'complete',
      citations: distinctCitations(citations),
      error: null,
    });
  } catch {
    await writer.finish().catch(() => undefined);
    return updateReply(deps, job, {
      content: capReply(text),
      status: 'failed',
      citations: [],
      error: stop?.aborted ? ASSISTANT_MESSAGES.replyInterrupted : ASSISTANT_MESSAGES.replyFailed,
    });
  }
}

/** `work`'s answer, or a rejection as soon as `signal` aborts (a provider that ignores it cannot hold a reply). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

type ReplyState = {
  content: string;
  status: ChatMessageStatus;
  citations: ChatCitation[];
  error: string | null;
};

/** Stores the reply's state and tells the thread's subscribers once it is committed. */
async function updateReply(deps: AssistantDeps, job: ReplyJob, state: ReplyState): Promise<ChatMessageRow> {
  return writeTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .update(chatMessages)
      .set({ ...state, updatedAt: deps.clock.now() })
      .where(and(eq(chatMessages.id, job.messageId), eq(chatMessages.threadId, job.threadId)))
      .returning();
    if (!row) throw new Error(`Chat message ${job.messageId} is gone`);
    await publishChatThreadEvent(tx, { entityId: job.entityId, threadId: job.threadId, messageId: row.id });
    return row;
  });
}

/**
 * Writes the latest text at most every STREAM_FLUSH_MS, one write at a time and in order: the first
 * delta is written at once, later ones when the interval has passed (the newest text then).
 */
function createStreamWriter(write: (content: string) => Promise<unknown>) {
  let latest: string | null = null;
  let written: string | null = null;
  let lastWriteAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let chain: Promise<unknown> = Promise.resolve();
  let failure: unknown = null;
  const flush = () => {
    timer = undefined;
    lastWriteAt = Date.now();
    chain = chain.then(async () => {
      if (latest === null || latest === written || failure) return;
      const content = latest;
      try {
        await write(content);
        written = content;
      } catch (error) {
        failure = error;
      }
    });
  };
  return {
    push(content: string) {
      latest = content;
      if (timer) return;
      const wait = lastWriteAt + STREAM_FLUSH_MS - Date.now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    async finish() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await chain;
      if (failure) throw failure;
    },
  };
}

function capReply(text: string): string {
  return text.length <= REPLY_MAX_CHARS ? text : `${text.slice(0, REPLY_MAX_CHARS - 1)}…`;
}

/** The citations in the order the tools gave them, each figure once, at most CITATIONS_MAX. */
function distinctCitations(citations: readonly ChatCitation[]): ChatCitation[] {
  const seen = new Set<string>();
  const kept: ChatCitation[] = [];
  for (const citation of citations) {
    const key = [citation.label, citation.amountCents, citation.accountId, citation.month].join('|');
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(citation);
    if (kept.length >= CITATIONS_MAX) break;
  }
  return kept;
}
