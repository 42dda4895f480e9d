import { CHAT_MESSAGE_STATUSES, CHAT_ROLES, type ChatCitation } from '../../db/schema';
import { builder } from '../../graphql/builder';
import { ASSISTANT_MESSAGES } from './assistantErrors';
import { type ChatMessageRow, type ChatThreadRow, listThreadMessages } from './chatRows';

/** A reply still 'streaming' this long after its last write was cut off (its server stopped): shown failed. */
const STALE_REPLY_MS = 5 * 60_000;

/** A message as the API shows it: a reply abandoned mid-stream reads as failed. */
export function messageView(row: ChatMessageRow, now: Date): ChatMessageRow {
  if (row.status !== 'streaming' || now.getTime() - row.updatedAt.getTime() < STALE_REPLY_MS) return row;
  return { ...row, status: 'failed', error: ASSISTANT_MESSAGES.replyInterrupted };
}

const ChatRoleEnum = builder.enumType('ChatRole', {
  description: 'Who wrote a chat message (spec §3): the user, or the assistant.',
  values: CHAT_ROLES,
});

const ChatMessageStatusEnum = builder.enumType('ChatMessageStatus', {
  description:
    "A user's message is complete when stored; the assistant's reply is streaming while its text arrives (ThreadWasUpdated brings each step), then complete, or failed (error says why).",
  values: CHAT_MESSAGE_STATUSES,
});

const ChatCitationRef = builder.objectRef<ChatCitation>('ChatCitation').implement({
  description:
    'A figure an answer used: what it is, its amount, the account and month it came from, and the Financial Report link that selects that cell.',
  fields: (t) => ({
    label: t.exposeString('label', {
      description: "What the figure is, e.g. 'Cash at the end of Nov 2026'.",
    }),
    amountCents: t.field({ type: 'Cents', resolve: (c) => c.amountCents }),
    accountId: t.exposeID('accountId', { nullable: true }),
    accountName: t.exposeString('accountName', { nullable: true }),
    month: t.field({ type: 'MonthKey', nullable: true, resolve: (c) => c.month }),
    reportUrl: t.exposeString('reportUrl', {
      nullable: true,
      description:
        "The web app's path to the cell in the Financial Report: /financial?account=<row path>&month=<YYYY-MM>&type=<actual|forecast>&expand=true, as the Runway card's 'Show <month> in the report' link.",
    }),
  }),
});

const ChatMessageRef = builder.objectRef<ChatMessageRow>('ChatMessage').implement({
  description: "Spec §3 Chat message: a question of the user's or an answer of the assistant's, in a thread.",
  fields: (t) => ({
    id: t.exposeID('id'),
    content: t.exposeString('content', { description: "The text; a streaming reply's text so far." }),
    role: t.field({ type: ChatRoleEnum, resolve: (m) => m.role }),
    threadId: t.exposeID('threadId'),
    entityId: t.exposeID('entityId'),
    status: t.field({ type: ChatMessageStatusEnum, resolve: (m) => m.status }),
    error: t.exposeString('error', {
      nullable: true,
      description: 'Why a reply failed, for the user; null otherwise.',
    }),
    citations: t.field({
      type: [ChatCitationRef],
      description: 'The figures a complete answer used, with links to them in the report ([] for questions).',
      resolve: (m) => m.citations,
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (m) => m.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (m) => m.updatedAt }),
  }),
});

export const ChatThreadRef = builder.objectRef<ChatThreadRow>('ChatThread').implement({
  description: "A conversation with 'Ask Keel AI' in one company: its user's alone.",
  fields: (t) => ({
    id: t.exposeID('id'),
    entityId: t.exposeID('entityId'),
    title: t.exposeString('title', { description: 'The start of its first question.' }),
    createdAt: t.field({ type: 'DateTime', resolve: (thread) => thread.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (thread) => thread.updatedAt }),
    messages: t.field({
      type: [ChatMessageRef],
      description: 'Its messages, oldest first.',
      resolve: async (thread, _args, ctx) => {
        const now = ctx.clock.now();
        return (await listThreadMessages(ctx.db, thread.id)).map((row) => messageView(row, now));
      },
    }),
  }),
});

/** What asking the assistant answers: the spec's CreateOpenaiMessagePayload, whichever assistant replies. */
type CreateChatMessageAnswer = {
  errors: string[];
  message: ChatMessageRow | null;
  userMessage: ChatMessageRow | null;
  threadId: string | null;
};

export const CreateChatMessagePayloadRef = builder
  .objectRef<CreateChatMessageAnswer>('CreateOpenaiMessagePayload')
  .implement({
    fields: (t) => ({
      errors: t.exposeStringList('errors', {
        description: "Why the answer failed, for the user (the message is then 'failed'); [] otherwise.",
      }),
      message: t.field({
        type: ChatMessageRef,
        nullable: true,
        description: "The assistant's reply: streaming (stream: true) or finished.",
        resolve: (p) => p.message,
      }),
      userMessage: t.field({
        type: ChatMessageRef,
        nullable: true,
        description: 'The question as stored.',
        resolve: (p) => p.userMessage,
      }),
      threadId: t.exposeID('threadId', { nullable: true }),
    }),
  });

type ThreadUpdate = { message: ChatMessageRow; messages: ChatMessageRow[] };

export const ThreadUpdateRef = builder.objectRef<ThreadUpdate>('ThreadUpdate').implement({
  description: 'ThreadWasUpdated: the message that changed, and the thread’s messages as they are now.',
  fields: (t) => ({
    message: t.field({ type: ChatMessageRef, resolve: (u) => u.message }),
    messages: t.field({ type: [ChatMessageRef], resolve: (u) => u.messages }),
  }),
});
