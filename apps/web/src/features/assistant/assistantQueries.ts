import { graphql, type ResultOf } from '../../lib/graphql';

/**
 * The GraphQL documents of 'Ask Keel AI' (spec §3 Chat message, §7 CreateOpenaiMessage and
 * ThreadWasUpdated): a question is sent with createOpenaiMessage (stream: true), its reply arrives
 * through threadWasUpdated, and a conversation is read back with chatThread.
 */

export const CHAT_MESSAGE_FIELDS = graphql(`
  fragment ChatMessageFields on ChatMessage {
    id
    content
    role
    threadId
    entityId
    status
    error
    citations {
      label
      amountCents
      accountId
      accountName
      month
      reportUrl
    }
    createdAt
    updatedAt
  }
`);

/** A question of the user's or an answer of the assistant's (spec §3 Chat message). */
export type ChatMessage = ResultOf<typeof CHAT_MESSAGE_FIELDS>;

/** A figure an answer used, with its link into the Financial Report. */
export type ChatCitation = ChatMessage['citations'][number];

/** One of the viewer's conversations in the company, its messages oldest first. */
export const CHAT_THREAD_QUERY = graphql(
  `
  query ChatThread($entityId: ID!, $threadId: ID!) {
    chatThread(entityId: $entityId, threadId: $threadId) {
      id
      messages {
        ...ChatMessageFields
      }
    }
  }
`,
  [CHAT_MESSAGE_FIELDS],
);

/**
 * CreateOpenaiMessage (spec §7): stores the question and answers at once with the reply 'streaming'
 * (stream: true); without a threadId it starts a new conversation, whose id comes back.
 */
export const CREATE_CHAT_MESSAGE_MUTATION = graphql(
  `
  mutation CreateOpenaiMessage($entityId: ID!, $content: String!, $threadId: ID) {
    createOpenaiMessage(entityId: $entityId, content: $content, stream: true, threadId: $threadId) {
      errors
      threadId
      userMessage {
        ...ChatMessageFields
      }
      message {
        ...ChatMessageFields
      }
    }
  }
`,
  [CHAT_MESSAGE_FIELDS],
);

/** ThreadWasUpdated (spec §7): each change of the thread from now on, with all its messages. */
export const THREAD_WAS_UPDATED_SUBSCRIPTION = graphql(
  `
  subscription ThreadWasUpdated($entityId: ID!, $threadId: ID!) {
    threadWasUpdated(entityId: $entityId, threadId: $threadId) {
      message {
        ...ChatMessageFields
      }
      messages {
        ...ChatMessageFields
      }
    }
  }
`,
  [CHAT_MESSAGE_FIELDS],
);

/**
 * Who answers on this server: Keel's built-in question reader (with the kinds of question it
 * understands) or a named model. The panel says which under its title.
 */
export const ASSISTANT_MODE_QUERY = graphql(`
  query AssistantMode {
    assistantMode {
      provider
      model
      understands
    }
  }
`);

export type AssistantMode = ResultOf<typeof ASSISTANT_MODE_QUERY>['assistantMode'];
