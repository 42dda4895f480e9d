/** A question to 'Ask Keel AI' (createOpenaiMessage's content): 1 to this many characters, trimmed. */
export const CHAT_QUESTION_MAX_CHARS = 4_000;
