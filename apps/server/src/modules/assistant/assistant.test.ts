import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatCounts, everyToolAi, failingAi, slowAi, switchableAi } from '../../../test/assistantTestKit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { insertTestLedger } from '../../../test/insertTestLedger';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledgerTestKit';
import { eventually, listenOnce, openSse, type SseResult } from '../../../test/sseTestKit';
import { chatMessages } from '../../db/schema';
import type { AiToolAnswer } from '../../providers/ai';
import { createOfflineAssistant } from '../../providers/ai/offline/offlineAssistant';
import { ASSISTANT_MESSAGES } from './assistantErrors';
import { settleReplyTasks, stopReplyTasks } from './replyTasks';
import { ASSISTANT_TOOLS } from './tools/assistantTools';

/**
 * 'Ask Keel AI' over GraphQL: threads are their user's, questions are bounded and rate
 * limited, replies stream over threadWasUpdated (SSE) to their user only, a failing model marks the
 * reply failed, and the assistant reads nothing of another company.
 */

const ASK = `mutation($e: ID!, $c: String!, $s: Boolean, $th: ID) {
  createOpenaiMessage(entityId: $e, content: $c, stream: $s, threadId: $th) {
    errors threadId
    userMessage { id role content status threadId entityId }
    message { id role content status error threadId entityId citations { label amountCents } createdAt updatedAt } } }`;

const THREAD = `query($e: ID!, $th: ID!) { chatThread(entityId: $e, threadId: $th) {
  id title entityId messages { id role content status } } }`;

const SUBSCRIBE = `subscription($e: ID!, $th: ID!) { threadWasUpdated(entityId: $e, threadId: $th) {
  message { id role content status error }
  messages { id role status } } }`;

type Message = {
  id: string;
  role: string;
  content: string;
  status: string;
  error?: string | null;
  threadId?: string;
  entityId?: string;
  citations?: { label: string; amountCents: number }[];
};
type Asked = {
  errors: string[];
  threadId: string | null;
  userMessage: Message | null;
  message: Message | null;
};

const ai = switchableAi();
let t: TestApp;
let baseUrl: string;
let x: LedgerFixture;
let y: LedgerFixture;

beforeAll(async () => {
  t = await createTestApp({ providers: { ai } });
  baseUrl = await listenOnce(t);
  x = await createLedgerFixture(t, 'X Corp');
  y = await createLedgerFixture(t, 'Y Corp');
  await insertTestLedger(t.db, y.entityId, {
    accounts: ['Expense/Zebra Supplies', 'Banks/Y Checking'],
    transactions: [
      {
        date: '2026-10-12',
        name: 'Zebra Widgets',
        entries: { 'Expense/Zebra Supplies': 123_456, 'Banks/Y Checking': -123_456 },
      },
    ],
  });
});
afterAll(async () => {
  await settleReplyTasks(t.db);
  await t.close();
});

async function ask(
  fixture: LedgerFixture,
  content: string,
  options: { stream?: boolean; threadId?: string; token?: string; entityId?: string } = {},
) {
  return t.graphql<{ createOpenaiMessage: Asked }>(
    ASK,
    {
      e: options.entityId ?? fixture.entityId,
      c: content,
      s: options.stream ?? null,
      th: options.threadId ?? null,
    },
    options.token ?? fixture.owner.token,
  );
}

async function asked(fixture: LedgerFixture, content: string, options: Parameters<typeof ask>[2] = {}) {
  const result = await ask(fixture, content, options);
  expect(result.errors).toBeUndefined();
  const payload = result.data?.createOpenaiMessage;
  if (!payload?.threadId || !payload.message || !payload.userMessage) throw new Error(JSON.stringify(result));
  return {
    ...payload,
    threadId: payload.threadId,
    message: payload.message,
    userMessage: payload.userMessage,
  };
}

const updateOf = (result: SseResult) =>
  result.data?.threadWasUpdated as {
    message: Message;
    messages: { id: string; role: string; status: string }[];
  };

describe('threads and messages', () => {
  it("stores the question and the answer in a new thread of the viewer's, then continues it", async () => {
    const first = await asked(x, '  What is our runway?  ');
    expect(first.errors).toEqual([]);
    expect(first.userMessage).toMatchObject({
      role: 'user',
      content: 'What is our runway?',
      status: 'complete',
      threadId: first.threadId,
      entityId: x.entityId,
    });
    expect(first.message).toMatchObject({
      role: 'assistant',
      status: 'complete',
      error: null,
      threadId: first.threadId,
    });
    expect(first.message.content).toMatch(/^Your runway by Forecast runway is /);
    expect(first.message.citations?.[0]).toMatchObject({
      label: 'Cash at the end of Nov 2026',
      amountCents: 0,
    });

    const second = await asked(x, 'And our burn?', { threadId: first.threadId });
    expect(second.threadId).toBe(first.threadId);
    const thread = await x.gql<{ chatThread: { title: string; messages: Message[] } }>(THREAD, {
      e: x.entityId,
      th: first.threadId,
    });
    expect(thread.data?.chatThread.title).toBe('What is our runway?');
    expect(thread.data?.chatThread.messages.map((m) => [m.id, m.role])).toEqual([
      [first.userMessage.id, 'user'],
      [first.message.id, 'assistant'],
      [second.userMessage.id, 'user'],
      [second.message.id, 'assistant'],
    ]);
    const listed = await x.gql<{ chatThreads: { id: string; title: string }[] }>(
      'query($e: ID!) { chatThreads(entityId: $e) { id title } }',
      { e: x.entityId },
    );
    expect(listed.data?.chatThreads.map((thread) => thread.id)).toContain(first.threadId);
  });

  it("keeps each thread its user's: another member, another company and unknown ids get NOT_FOUND, and nothing is stored", async () => {
    const own = await asked(x, 'How much cash do we have?');
    const bookkeeper = await x.member('bookkeeper');
    const theirs = await asked(y, 'How much cash do we have?');
    const before = await chatCounts(t.db, x.entityId);
    const notFound = { message: 'Thread not found', extensions: { code: 'NOT_FOUND' } };

    const read = await t.graphql(THREAD, { e: x.entityId, th: own.threadId }, bookkeeper);
    expect(read.errors?.[0]).toMatchObject(notFound);
    const continued = await ask(x, 'Top spending this month', { threadId: own.threadId, token: bookkeeper });
    expect(continued.errors?.[0]).toMatchObject(notFound);
    for (const threadId of [theirs.threadId, crypto.randomUUID(), 'not-a-uuid']) {
      expect((await ask(x, 'Hello', { threadId })).errors?.[0]).toMatchObject(notFound);
      expect((await x.gql(THREAD, { e: x.entityId, th: threadId })).errors?.[0]).toMatchObject(notFound);
    }
    // Y's thread named under Y by X's owner: the company is refused first.
    const foreign = await ask(x, 'Hello', { entityId: y.entityId, threadId: theirs.threadId });
    expect(foreign.errors?.[0]).toMatchObject({
      message: 'Entity not found',
      extensions: { code: 'NOT_FOUND' },
    });
    const cardOnly = await ask(x, 'Hello', { token: await x.member('card_only') });
    expect(cardOnly.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await chatCounts(t.db, x.entityId)).toEqual(before);

    const listed = await t.graphql<{ chatThreads: { id: string }[] }>(
      'query($e: ID!) { chatThreads(entityId: $e) { id } }',
      { e: x.entityId },
      bookkeeper,
    );
    expect(listed.data?.chatThreads).toEqual([]);
  });

  it('refuses an empty or a 4,001-character question with a coded error naming content, and stores nothing', async () => {
    const before = await chatCounts(t.db, x.entityId);
    const empty = await ask(x, ' \n\t ');
    expect(empty.errors?.[0]).toMatchObject({
      message: 'Content must not be empty',
      extensions: { code: 'BAD_USER_INPUT', field: 'content' },
    });
    const long = await ask(x, 'x'.repeat(4_001));
    expect(long.errors?.[0]).toMatchObject({
      message: 'Content must be at most 4000 characters',
      extensions: { code: 'BAD_USER_INPUT', field: 'content' },
    });
    const nul = await ask(x, 'cash\u0000');
    expect(nul.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'content' });
    expect(empty.data ?? null).toBeNull();
    expect(await chatCounts(t.db, x.entityId)).toEqual(before);
    // 4,000 characters is a question like any other.
    const longest = await asked(x, `find transactions ${'y'.repeat(3_982)}`);
    expect(longest.userMessage.content).toHaveLength(4_000);
    expect(longest.message.content).toBe(`No transactions match "${'y'.repeat(100)}".`);
  });

  it('lets one user ask 20 questions a minute, then TOO_MANY_REQUESTS until the minute is over', async () => {
    const z = await createLedgerFixture(t, 'Z Corp');
    for (let i = 0; i < 20; i++) {
      expect((await ask(z, `What is our runway? ${i}`, { stream: true })).errors).toBeUndefined();
    }
    const refused = await ask(z, 'One more?');
    expect(refused.errors?.[0]).toMatchObject({
      message: ASSISTANT_MESSAGES.tooManyMessages,
      extensions: { code: 'TOO_MANY_REQUESTS', retryAfterSeconds: expect.any(Number) },
    });
    expect(await chatCounts(t.db, z.entityId)).toMatchObject({ messages: 40 });
    // Another user of the company is counted apart.
    expect((await ask(z, 'Cash?', { token: await z.member('admin') })).errors).toBeUndefined();
    t.clock.advance(60_000);
    expect((await ask(z, 'One more?')).errors).toBeUndefined();
    await settleReplyTasks(t.db);
  });
});

describe('threadWasUpdated over SSE', () => {
  it('brings its user the reply as it streams, at most every 100 ms, then complete', async () => {
    const baseline = t.app.realtime.subscriberCount;
    const thread = await asked(x, 'What is our runway?');
    const subscription = await openSse(
      baseUrl,
      SUBSCRIBE,
      { e: x.entityId, th: thread.threadId },
      x.owner.token,
    );
    expect(subscription.status).toBe(200);
    const pieces = Array.from({ length: 12 }, (_, i) => `word${i} `);
    ai.use(slowAi(pieces, 25));
    try {
      const started = await asked(x, 'Tell me slowly', { stream: true, threadId: thread.threadId });
      expect(started.message).toMatchObject({ status: 'streaming', content: '' });
      const question = updateOf(await subscription.next());
      expect(question.message).toMatchObject({
        id: started.userMessage.id,
        role: 'user',
        content: 'Tell me slowly',
      });
      const contents: string[] = [];
      let last: Message | undefined;
      for (;;) {
        const update = updateOf(await subscription.next(3_000));
        expect(update.message.id).toBe(started.message.id);
        last = update.message;
        contents.push(update.message.content);
        if (update.message.status !== 'streaming') {
          expect(update.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
          break;
        }
      }
      expect(last).toMatchObject({ status: 'complete', content: pieces.join(''), error: null });
      // The text only grows; 12 deltas over ~300 ms were written a few times, not 12.
      for (let i = 1; i < contents.length; i++)
        expect(contents[i]?.startsWith(contents[i - 1] ?? '')).toBe(true);
      expect(contents.length).toBeGreaterThanOrEqual(3);
      expect(contents.length).toBeLessThanOrEqual(7);
    } finally {
      ai.use(null);
      subscription.close();
    }
    // Let go once its client left (the job runner's own subscription stays).
    await eventually(() => t.app.realtime.subscriberCount === baseline);
  });

  it("refuses anyone but the thread's user: another member NOT_FOUND, another company's member NOT_FOUND, no token UNAUTHENTICATED", async () => {
    const baseline = t.app.realtime.subscriberCount;
    const thread = await asked(x, 'How much cash do we have?');
    const member = await openSse(
      baseUrl,
      SUBSCRIBE,
      { e: x.entityId, th: thread.threadId },
      await x.member('admin'),
    );
    expect((await member.next()).errors?.[0]).toMatchObject({
      message: 'Thread not found',
      extensions: { code: 'NOT_FOUND' },
    });
    await member.ended;
    const outsider = await openSse(baseUrl, SUBSCRIBE, { e: x.entityId, th: thread.threadId }, y.owner.token);
    expect((await outsider.next()).errors?.[0]).toMatchObject({
      message: 'Entity not found',
      extensions: { code: 'NOT_FOUND' },
    });
    const ownCompany = await openSse(
      baseUrl,
      SUBSCRIBE,
      { e: y.entityId, th: thread.threadId },
      y.owner.token,
    );
    expect((await ownCompany.next()).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const anonymous = await openSse(baseUrl, SUBSCRIBE, { e: x.entityId, th: thread.threadId });
    expect((await anonymous.next()).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    // A refused subscription holds nothing.
    await eventually(() => t.app.realtime.subscriberCount === baseline);
  });

  it('marks the reply failed with an error for the user when the model fails, and publishes it', async () => {
    ai.use(failingAi());
    try {
      const waited = await ask(x, 'What is our runway?');
      expect(waited.data?.createOpenaiMessage.errors).toEqual([ASSISTANT_MESSAGES.replyFailed]);
      const failed = waited.data?.createOpenaiMessage.message;
      expect(failed).toMatchObject({
        status: 'failed',
        error: ASSISTANT_MESSAGES.replyFailed,
        content: 'Let me look',
      });
      const threadId = waited.data?.createOpenaiMessage.threadId ?? '';
      const subscription = await openSse(baseUrl, SUBSCRIBE, { e: x.entityId, th: threadId }, x.owner.token);
      const streamed = await asked(x, 'Again?', { stream: true, threadId });
      let update = updateOf(await subscription.next());
      while (update.message.id !== streamed.message.id || update.message.status === 'streaming') {
        update = updateOf(await subscription.next());
      }
      expect(update.message).toMatchObject({ status: 'failed', error: ASSISTANT_MESSAGES.replyFailed });
      subscription.close();
    } finally {
      ai.use(null);
    }
  });
});

describe('a stopping server', () => {
  it('lets a quick reply finish, stores one still being written as interrupted, and leaves none streaming', async () => {
    // Cash is answered at once; runway streams a word, then never answers nor heeds its signal.
    const offline = createOfflineAssistant();
    ai.use({
      name: 'openai',
      reply: (request) => {
        if (request.messages.at(-1)?.content.includes('cash')) return offline.reply(request);
        request.onDelta('Thinking');
        return new Promise(() => undefined);
      },
    });
    try {
      const quick = await asked(x, 'What is our cash?', { stream: true });
      const stuck = await asked(x, 'What is our runway?', { stream: true });
      await stopReplyTasks(t.db, 200);
      const thread = await t.graphql<{ chatThread: { messages: Message[] } }>(
        THREAD,
        { e: x.entityId, th: stuck.threadId },
        x.owner.token,
      );
      expect(thread.data?.chatThread.messages.find((m) => m.id === stuck.message.id)).toMatchObject({
        status: 'failed',
      });
      const [row] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, stuck.message.id));
      expect(row).toMatchObject({
        status: 'failed',
        error: ASSISTANT_MESSAGES.replyInterrupted,
        content: 'Thinking',
      });
      const [done] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, quick.message.id));
      expect(done?.status).toBe('complete');
      expect(done?.content).toContain('$');
    } finally {
      ai.use(null);
    }
  });
});

describe("the assistant reads only the asking company's data", () => {
  it("gives a model in company X nothing of company Y's, whatever it asks the tools", async () => {
    const answers: Record<string, AiToolAnswer>[] = [];
    ai.use(
      everyToolAi(
        {
          searchTransactions: { text: 'Zebra' },
          reportFigures: { account: 'Zebra Supplies', from: '2026-10', to: '2026-10' },
          spendByCategory: { month: '2026-10' },
        },
        answers,
      ),
    );
    try {
      await asked(x, 'Tell me everything');
      await asked(y, 'Tell me everything');
    } finally {
      ai.use(null);
    }
    const [inX, inY] = answers;
    expect(Object.keys(inX ?? {})).toHaveLength(Object.keys(ASSISTANT_TOOLS).length);
    expect(inX?.searchTransactions).toEqual({
      ok: true,
      data: { text: 'Zebra', count: 0, transactions: [] },
    });
    expect(inX?.reportFigures).toEqual({
      ok: false,
      error: 'No account or report line named "Zebra Supplies"',
    });
    const xText = JSON.stringify(inX);
    expect(xText).not.toMatch(/Zebra Widgets|Y Checking|123456|1234\.56/);
    expect(xText).not.toContain(y.entityId);
    // The same questions in Y find Y's own transaction.
    expect(inY?.searchTransactions).toMatchObject({
      ok: true,
      data: { count: 1, transactions: [{ name: 'Zebra Widgets', amountCents: -123_456 }] },
    });
    expect(inY?.reportFigures).toMatchObject({
      ok: true,
      data: { months: [{ month: '2026-10', amountCents: 123_456 }] },
    });
    // Through the offline assistant too: a search in X never finds Y's transaction.
    const search = await asked(x, 'find transactions zebra');
    expect(search.message.content).toBe('No transactions match "zebra".');
  });
});
