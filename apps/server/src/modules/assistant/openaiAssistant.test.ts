import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChatCompletionsServer,
  type ScriptedAnswer,
  startChatCompletionsServer,
} from '../../../test/chatCompletionsServer';
import { createGoldenCompany } from '../../../test/goldenCompany';
import { createTestApp, type TestApp } from '../../../test/harness';
import type { ChatCitation } from '../../db/schema';
import { createOpenAiAssistant, OPENAI_ROUNDS_MAX } from '../../providers/ai/openai';
import { ASSISTANT_MESSAGES } from './assistantErrors';
import { buildAssistantTools } from './tools/assistantTools';
import { answerQuestion } from './understanding/answerQuestion';

/**
 * The OpenAI-compatible adapter (AI_PROVIDER=openai) against a local server that speaks Chat
 * Completions (test/chatCompletionsServer.ts): it declares the tools, streams, runs the tool calls the
 * model asks for (arguments arriving in fragments), sends their results back and streams the answer;
 * it stops after OPENAI_ROUNDS_MAX requests; a failing server fails the reply.
 */

let script: (request: ChatCompletionsServer['requests'][number], index: number) => ScriptedAnswer;
let server: ChatCompletionsServer;
let t: TestApp;
let golden: Awaited<ReturnType<typeof createGoldenCompany>>;

beforeAll(async () => {
  server = await startChatCompletionsServer((request, index) => script(request, index));
  t = await createTestApp({
    env: {
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test-key',
      OPENAI_BASE_URL: server.baseUrl,
      OPENAI_MODEL: 'keel-test-model',
    },
  });
  golden = await createGoldenCompany(t, 'openai@golden.test');
});
afterAll(async () => {
  await t.close();
  await server.close();
});

/** Requests from `from` on: the ones one reply made. */
const requestsSince = (from: number) => server.requests.slice(from);

describe('the OpenAI-compatible adapter', () => {
  it('declares the tools, runs the tool call the model streams, sends its result back and streams the answer', async () => {
    const from = server.requests.length;
    script = (_request, index) =>
      index === from
        ? { text: ['Let me check. '], toolCalls: [{ name: 'runway', arguments: '{"method":"runway"}' }] }
        : { text: ['Your runway is ', '4 months: cash ', 'runs out in March 2027.'] };
    const provider = createOpenAiAssistant({ apiKey: 'sk-test-key', baseUrl: server.baseUrl, model: 'm-1' });
    const citations: ChatCitation[] = [];
    const deltas: string[] = [];
    const reply = await provider.reply({
      messages: [
        { role: 'system', content: 'Answer from the tools.' },
        { role: 'user', content: 'What is our runway?' },
      ],
      tools: buildAssistantTools({ db: t.db, clock: t.clock }, golden.entityId, (found) =>
        citations.push(...found),
      ),
      signal: AbortSignal.timeout(10_000),
      onDelta: (delta) => deltas.push(delta),
      today: '2026-11-22',
      answerFromBooks: () => Promise.reject(new Error('a model answers with the tools')),
    });
    expect(deltas).toEqual([
      'Let me check. ',
      'Your runway is ',
      '4 months: cash ',
      'runs out in March 2027.',
    ]);
    expect(reply.text).toBe('Let me check. Your runway is 4 months: cash runs out in March 2027.');

    const [first, second] = requestsSince(from);
    expect(requestsSince(from)).toHaveLength(2);
    expect(first?.authorization).toBe('Bearer sk-test-key');
    expect(first?.body).toMatchObject({ model: 'm-1', stream: true, tool_choice: 'auto' });
    expect(first?.body.tools?.map((tool) => tool.function.name).sort()).toEqual([
      'burn',
      'cash',
      'hiringCosts',
      'hiringPlan',
      'incomeVsExpense',
      'lineFigures',
      'modelOutputs',
      'reportFigures',
      'runway',
      'searchTransactions',
      'spendByCategory',
      'transactions',
      'whatIf',
    ]);
    const spend = first?.body.tools?.find((tool) => tool.function.name === 'spendByCategory');
    expect(spend).toMatchObject({
      type: 'function',
      function: {
        parameters: {
          type: 'object',
          additionalProperties: false,
          properties: { month: { type: 'string' }, top: { type: 'integer', minimum: 1, maximum: 20 } },
        },
      },
    });
    // The second request carries the model's call and the tool's result.
    const messages = second?.body.messages ?? [];
    expect(messages.slice(0, 2)).toEqual([
      { role: 'system', content: 'Answer from the tools.' },
      { role: 'user', content: 'What is our runway?' },
    ]);
    expect(messages[2]).toMatchObject({
      role: 'assistant',
      content: 'Let me check. ',
      tool_calls: [
        {
          id: `call_${from}_0`,
          type: 'function',
          function: { name: 'runway', arguments: '{"method":"runway"}' },
        },
      ],
    });
    expect(messages[3]).toMatchObject({ role: 'tool', tool_call_id: `call_${from}_0` });
    expect(JSON.parse(messages[3]?.content ?? '{}')).toMatchObject({
      method: 'runway',
      months: 4,
      cashOutMonth: '2027-03',
      working: { balanceCents: 9_425_000, balanceMonth: '2026-11' },
    });
    expect(citations.map((c) => [c.label, c.amountCents])).toEqual([
      ['Cash at the end of Nov 2026', 9_425_000],
      ['Cash at the end of Mar 2027 (runs out)', -575_000],
    ]);
  });

  it('answers CreateOpenaiMessage through the configured server, with the system instructions and the cited figures', async () => {
    const from = server.requests.length;
    script = (_request, index) =>
      index === from
        ? {
            toolCalls: [
              { name: 'cash', arguments: '{}' },
              { name: 'spendByCategory', arguments: '{"month":"2026-13"}' },
            ],
          }
        : { text: ['You have $94,250.00 in cash.'] };
    const result = await t.graphql<{
      createOpenaiMessage: {
        errors: string[];
        message: {
          status: string;
          content: string;
          citations: { label: string; amountCents: number; reportUrl: string }[];
        };
      };
    }>(
      `mutation($e: ID!) { createOpenaiMessage(entityId: $e, content: "How much cash do we have?") {
        errors message { status content citations { label amountCents reportUrl } } } }`,
      { e: golden.entityId },
      golden.owner.token,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.createOpenaiMessage).toMatchObject({
      errors: [],
      message: { status: 'complete', content: 'You have $94,250.00 in cash.' },
    });
    expect(result.data?.createOpenaiMessage.message.citations[0]).toEqual({
      label: 'Cash at the end of Nov 2026',
      amountCents: 9_425_000,
      reportUrl: '/financial?account=Banks&month=2026-11&type=actual&expand=true',
    });
    const [first, second] = requestsSince(from);
    expect(first?.body.model).toBe('keel-test-model');
    expect(first?.body.messages[0]?.role).toBe('system');
    expect(first?.body.messages[0]?.content).toContain('Today is 2026-11-22');
    expect(first?.body.messages[0]?.content).toContain('"Golden Co"');
    expect(first?.body.messages.at(-1)).toEqual({ role: 'user', content: 'How much cash do we have?' });
    // Both calls answered, in order; the refused month comes back as an error the model can read.
    const results = (second?.body.messages ?? []).filter((message) => message.role === 'tool');
    expect(results.map((message) => message.tool_call_id)).toEqual([`call_${from}_0`, `call_${from}_1`]);
    expect(JSON.parse(results[0]?.content ?? '{}')).toMatchObject({ cashCents: 9_425_000 });
    expect(JSON.parse(results[1]?.content ?? '{}')).toEqual({ error: 'month: must be a month, YYYY-MM' });
  });

  it("calls the built-in reader's tools by the names people use, and cites what the built-in answer cites", async () => {
    const question = 'opex Q4 2026 vs Q3 2026';
    const builtin = await answerQuestion({ db: t.db, clock: t.clock }, golden.entityId, question);
    expect(builtin.intent).toMatchObject({ kind: 'compare', line: { path: 'Expense/Operating Expenses' } });
    const from = server.requests.length;
    // The model asks for the same two periods of the line, named as the person typed it.
    script = (_request, index) =>
      index === from
        ? {
            toolCalls: [
              { name: 'lineFigures', arguments: '{"line":"opex","from":"2026-10","to":"2026-12"}' },
              { name: 'lineFigures', arguments: '{"line":"opex","from":"2026-07","to":"2026-09"}' },
            ],
          }
        : { text: ['Opex is up in Q4.'] };
    const result = await t.graphql<{
      createOpenaiMessage: {
        errors: string[];
        message: {
          status: string;
          content: string;
          citations: { label: string; amountCents: number; reportUrl: string }[];
        };
      };
    }>(
      `mutation($e: ID!, $c: String!) { createOpenaiMessage(entityId: $e, content: $c) {
        errors message { status content citations { label amountCents reportUrl } } } }`,
      { e: golden.entityId, c: question },
      golden.owner.token,
    );
    expect(result.data?.createOpenaiMessage.message).toMatchObject({
      status: 'complete',
      content: 'Opex is up in Q4.',
    });
    const [, second] = requestsSince(from);
    const results = (second?.body.messages ?? []).filter((message) => message.role === 'tool');
    const [q4, q3] = results.map((message) => JSON.parse(message.content ?? '{}'));
    expect(q4).toMatchObject({
      line: { path: 'Expense/Operating Expenses' },
      from: '2026-10',
      to: '2026-12',
    });
    expect(q3).toMatchObject({
      line: { path: 'Expense/Operating Expenses' },
      from: '2026-07',
      to: '2026-09',
    });
    // The figures the model was given are the ones the built-in answer states.
    expect([q4.totalCents, q3.totalCents]).toEqual(
      builtin.figures.slice(0, 2).map((figure) => figure.amountCents),
    );
    expect(result.data?.createOpenaiMessage.message.citations).toEqual(
      builtin.citations.map(({ label, amountCents, reportUrl }) => ({ label, amountCents, reportUrl })),
    );
  });

  it(`stops after ${OPENAI_ROUNDS_MAX} requests, the last forbidding tools, and fails a model that keeps calling them`, async () => {
    const from = server.requests.length;
    script = () => ({ toolCalls: [{ name: 'burn', arguments: '{}' }] });
    const result = await t.graphql<{
      createOpenaiMessage: { errors: string[]; message: { status: string; error: string } };
    }>(
      'mutation($e: ID!) { createOpenaiMessage(entityId: $e, content: "Loop forever") { errors message { status error } } }',
      { e: golden.entityId },
      golden.owner.token,
    );
    expect(result.data?.createOpenaiMessage).toEqual({
      errors: [ASSISTANT_MESSAGES.replyFailed],
      message: { status: 'failed', error: ASSISTANT_MESSAGES.replyFailed },
    });
    const made = requestsSince(from);
    expect(made).toHaveLength(OPENAI_ROUNDS_MAX);
    expect(made.map((request) => request.body.tool_choice)).toEqual(['auto', 'auto', 'auto', 'auto', 'none']);
  });

  it("fails the reply with the user-facing error when the model's server fails", async () => {
    script = () => ({ status: 500, message: 'The model is overloaded' });
    const result = await t.graphql<{
      createOpenaiMessage: { errors: string[]; message: { status: string; content: string } };
    }>(
      'mutation($e: ID!) { createOpenaiMessage(entityId: $e, content: "What is our burn?") { errors message { status content } } }',
      { e: golden.entityId },
      golden.owner.token,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.createOpenaiMessage).toEqual({
      errors: [ASSISTANT_MESSAGES.replyFailed],
      message: { status: 'failed', content: '' },
    });
  });
});
