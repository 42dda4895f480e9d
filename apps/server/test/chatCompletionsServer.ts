import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the server received: its headers' authorization and its JSON body. */
export type ChatCompletionsRequest = {
  authorization: string | undefined;
  body: {
    model: string;
    stream?: boolean;
    tool_choice?: unknown;
    tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[];
    messages: {
      role: string;
      content?: string | null;
      tool_call_id?: string;
      tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[];
    }[];
  };
};

/**
 * What the server answers one request with: streamed text (in the pieces given), tool calls (each
 * call's arguments streamed in fragments of a few characters, as OpenAI does), or an HTTP error.
 */
export type ScriptedAnswer =
  | { text: string[] }
  | { toolCalls: { name: string; arguments: string }[]; text?: string[] }
  | { status: number; message: string };

export type ChatCompletionsServer = {
  /** The base URL to give the SDK: http://127.0.0.1:<port>/v1 */
  baseUrl: string;
  requests: ChatCompletionsRequest[];
  close(): Promise<void>;
};

/**
 * A local server that speaks OpenAI's Chat Completions protocol (POST /v1/chat/completions): with
 * `stream: true` it answers Server-Sent Events of `chat.completion.chunk` objects (text deltas,
 * `tool_calls` deltas with their arguments in fragments, a last chunk with `finish_reason`) and then
 * `data: [DONE]`. Each request gets the answer `script` gives for it (by its position, from 0).
 */
export async function startChatCompletionsServer(
  script: (request: ChatCompletionsRequest, index: number) => ScriptedAnswer,
): Promise<ChatCompletionsServer> {
  const requests: ChatCompletionsRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `No route ${req.method} ${req.url}` } }));
      return;
    }
    const request: ChatCompletionsRequest = {
      authorization: req.headers.authorization,
      body: JSON.parse(await readBody(req)),
    };
    const index = requests.length;
    requests.push(request);
    const answer = script(request, index);
    if ('status' in answer) {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: answer.message, type: 'server_error', code: null } }));
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const id = `chatcmpl-${index}`;
    const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created: 1_795_000_000,
        model: request.body.model,
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      })}\n\n`;
    res.write(chunk({ role: 'assistant', content: '' }));
    for (const piece of answer.text ?? []) res.write(chunk({ content: piece }));
    if ('toolCalls' in answer) {
      answer.toolCalls.forEach((call, callIndex) => {
        res.write(
          chunk({
            tool_calls: [
              {
                index: callIndex,
                id: `call_${index}_${callIndex}`,
                type: 'function',
                function: { name: call.name, arguments: '' },
              },
            ],
          }),
        );
        for (let at = 0; at < call.arguments.length; at += 5) {
          res.write(
            chunk({
              tool_calls: [{ index: callIndex, function: { arguments: call.arguments.slice(at, at + 5) } }],
            }),
          );
        }
      });
      res.write(chunk({}, 'tool_calls'));
    } else {
      res.write(chunk({}, 'stop'));
    }
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}
