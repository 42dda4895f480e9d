/**
 * The model behind 'Ask Keel AI', one interface for each implementation: the built-in assistant
 * (offline/offlineAssistant.ts, the default: the app's own question reader, deterministic, no network) and the
 * OpenAI-compatible adapter (openai.ts: the official SDK; OpenAI or any server that speaks Chat
 * Completions, a local model's among them).
 */

/** A JSON value: what tools take and answer. */
export type AiJson = string | number | boolean | null | AiJson[] | { [key: string]: AiJson };

/** The conversation so far, oldest first: the system's instructions, then the questions and answers. */
export type AiMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** What a tool answered: its data, or why it refused the arguments (the model may try again). */
export type AiToolAnswer = { ok: true; data: AiJson } | { ok: false; error: string };

/**
 * A function the model may call: its name, what it does and the JSON Schema of its arguments (an
 * object). `call` runs it on the company's own data; it never throws for bad arguments (it answers
 * `ok: false`) and only reads the company the conversation is about.
 */
export type AiTool = {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  call(args: unknown): Promise<AiToolAnswer>;
};

export type AiReplyRequest = {
  messages: AiMessage[];
  tools: AiTool[];
  /** Aborts the reply (the server is closing, or it ran too long). */
  signal: AbortSignal;
  /** Each piece of the answer's text as it arrives, in order. */
  onDelta(text: string): void;
  /** Today, 'YYYY-MM-DD', by the app's clock: what 'this month' and 'last month' mean. */
  today: string;
  /**
   * The app's built-in question reader: the answer to a question from the company's books, its figures
   * cited as the tools cite them. The built-in assistant answers with it; a model uses the tools.
   */
  answerFromBooks(question: string): Promise<string>;
};

/** The answer's whole text (the deltas joined). */
export type AiReply = { text: string };

export type AiProvider = {
  readonly name: 'offline' | 'openai';
  /** Answers the last user message, calling tools as it needs; rejects when the model fails. */
  reply(request: AiReplyRequest): Promise<AiReply>;
};

/** The model could not answer (unreachable, refused, too many tool rounds). The message is for logs. */
export class AiProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AiProviderError';
  }
}
