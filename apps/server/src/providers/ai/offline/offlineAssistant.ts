import { type AiProvider, AiProviderError } from '../index';

/**
 * The built-in assistant (AI_PROVIDER=offline, the default): deterministic and without any network.
 * It is not a language model: the last question goes to the app's built-in question reader
 * (`answerFromBooks`), which answers from the company's books with the same tools a model calls, or
 * says which part of the question it did not understand. The text streams word by word.
 */
export function createOfflineAssistant(): AiProvider {
  return {
    name: 'offline',
    async reply(request) {
      const question = [...request.messages].reverse().find((message) => message.role === 'user');
      const text = await request.answerFromBooks(question?.content ?? '');
      for (const piece of text.match(/\S+\s*|\s+/g) ?? []) {
        if (request.signal.aborted) throw new AiProviderError('The reply was aborted');
        request.onDelta(piece);
      }
      return { text };
    },
  };
}
