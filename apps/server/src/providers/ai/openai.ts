import OpenAI from 'openai';
import type {
  ChatCompletionFunctionTool,
  ChatCompletionMessageFunctionToolCall,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { type AiProvider, AiProviderError, type AiReplyRequest, type AiTool } from './index';

export type OpenAiSettings = {
  apiKey: string;
  /** Another server that speaks Chat Completions (a local model's, a proxy); unset, OpenAI's. */
  baseUrl?: string | undefined;
  model: string;
};

/** Requests to the model per reply: up to four rounds of tool calls, then one that must answer. */
export const OPENAI_ROUNDS_MAX = 5;
/** The most of one tool result sent back to the model. */
const TOOL_RESULT_MAX_CHARS = 16_000;
/** How long one request to the model may take, in ms. */
const REQUEST_TIMEOUT_MS = 60_000;

/**
 * The OpenAI-compatible adapter (AI_PROVIDER=openai), through the official SDK: Chat Completions with
 * `stream: true` and the tools declared as JSON-schema functions. Each round streams the text deltas
 * and gathers the tool calls from their deltas; the calls are run and their results sent back as
 * `tool` messages, until the model answers without calling a tool. The last round allowed
 * (OPENAI_ROUNDS_MAX) forbids tools (`tool_choice: 'none'`), so a reply always ends.
 */
export function createOpenAiAssistant(settings: OpenAiSettings): AiProvider {
  const client = new OpenAI({
    apiKey: settings.apiKey,
    ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}),
    maxRetries: 1,
    timeout: REQUEST_TIMEOUT_MS,
  });
  return {
    name: 'openai',
    async reply(request) {
      const messages: ChatCompletionMessageParam[] = request.messages.map((message) => ({
        role: message.role,
        content: message.content,
      }));
      const tools: ChatCompletionFunctionTool[] = request.tools.map((tool) => ({
        type: 'function',
        function: { name: tool.name, description: tool.description, parameters: tool.parameters },
      }));
      let text = '';
      for (let round = 1; round <= OPENAI_ROUNDS_MAX; round++) {
        const last = round === OPENAI_ROUNDS_MAX;
        const streamed = await streamRound(client, settings.model, messages, tools, last, request);
        text += streamed.text;
        if (streamed.toolCalls.length === 0) return { text };
        if (last) throw new AiProviderError('The model kept calling tools after it was told to answer');
        messages.push({ role: 'assistant', content: streamed.text || null, tool_calls: streamed.toolCalls });
        for (const call of streamed.toolCalls) {
          messages.push({
            role: 'tool',
            tool_call_id: call.id,
            content: await runToolCall(request.tools, call),
          });
        }
      }
      throw new AiProviderError('No answer');
    },
  };
}

type Round = { text: string; toolCalls: ChatCompletionMessageFunctionToolCall[] };

/** One streamed request: its text (each delta passed on as it comes) and the tool calls it asked for. */
async function streamRound(
  client: OpenAI,
  model: string,
  messages: ChatCompletionMessageParam[],
  tools: ChatCompletionFunctionTool[],
  mustAnswer: boolean,
  request: AiReplyRequest,
): Promise<Round> {
  let text = '';
  const calls = new Map<number, { id: string; name: string; arguments: string }>();
  try {
    const stream = await client.chat.completions.create(
      {
        model,
        messages,
        stream: true,
        ...(tools.length > 0 ? { tools, tool_choice: mustAnswer ? 'none' : 'auto' } : {}),
      },
      { signal: request.signal },
    );
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta;
      if (!delta) continue;
      if (delta.content) {
        text += delta.content;
        request.onDelta(delta.content);
      }
      for (const part of delta.tool_calls ?? []) {
        const call = calls.get(part.index) ?? { id: '', name: '', arguments: '' };
        if (part.id) call.id = part.id;
        if (part.function?.name) call.name += part.function.name;
        if (part.function?.arguments) call.arguments += part.function.arguments;
        calls.set(part.index, call);
      }
    }
  } catch (error) {
    if (error instanceof AiProviderError) throw error;
    const status = error instanceof OpenAI.APIError ? ` (${error.status ?? 'no status'})` : '';
    throw new AiProviderError(`The model's server failed${status}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const toolCalls = [...calls.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, call]) => ({
      id: call.id || `call_${index}`,
      type: 'function' as const,
      function: { name: call.name, arguments: call.arguments },
    }));
  return { text, toolCalls };
}

/** Runs one tool call; what goes back to the model is JSON: the tool's data or the error. */
async function runToolCall(tools: readonly AiTool[], call: ChatCompletionMessageFunctionToolCall) {
  const tool = tools.find((candidate) => candidate.name === call.function.name);
  if (!tool) return JSON.stringify({ error: `There is no tool named ${call.function.name}` });
  let args: unknown;
  try {
    args = call.function.arguments.trim() === '' ? {} : JSON.parse(call.function.arguments);
  } catch {
    return JSON.stringify({ error: 'The arguments are not valid JSON' });
  }
  const answer = await tool.call(args);
  const content = JSON.stringify(answer.ok ? answer.data : { error: answer.error });
  return content.length > TOOL_RESULT_MAX_CHARS
    ? JSON.stringify({ error: 'The result is too large; ask for fewer months or items' })
    : content;
}
