import { apiError, badInput, tooManyRequests } from '../../errors';

/** What 'Ask Keel AI' tells the user. Another user's thread and an unknown one are refused alike. */
export const ASSISTANT_MESSAGES = {
  threadNotFound: 'Thread not found',
  emptyContent: 'Content must not be empty',
  threadFull: 'This conversation is full: start a new one',
  tooManyMessages: 'Too many questions at once: wait a moment and ask again',
  replyFailed: "Keel AI couldn't answer just now. Please try again in a moment.",
  replyInterrupted: 'The answer was interrupted. Please ask again.',
} as const;

export const threadNotFound = () => apiError('NOT_FOUND', ASSISTANT_MESSAGES.threadNotFound);
export const emptyContent = () => badInput(ASSISTANT_MESSAGES.emptyContent, 'content');
export const threadFull = () => badInput(ASSISTANT_MESSAGES.threadFull, 'threadId');
export const tooManyMessages = (retryAfterSeconds: number) =>
  tooManyRequests(ASSISTANT_MESSAGES.tooManyMessages, retryAfterSeconds);
