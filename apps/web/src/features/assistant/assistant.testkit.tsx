import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createGraphqlCache } from '../../lib/graphqlCache';
import { LocationProbe } from '../../test/LocationProbe';
import { createLiveTestLink } from '../../test/liveTestLink';
import { theme } from '../../theme';
import { AssistantChat } from './AssistantChat';
import {
  ASSISTANT_MODE_QUERY,
  type AssistantMode,
  CHAT_THREAD_QUERY,
  type ChatCitation,
  type ChatMessage,
  CREATE_CHAT_MESSAGE_MUTATION,
} from './assistantQueries';

/** Test support for 'Ask Keel AI' (test code only): messages as the server sends them, and a render. */

// jsdom has no FontFaceSet; the question box (Mantine's autosizing Textarea) listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

export const ENTITY_ID = 'e1';
export const THREAD_ID = 'thread-1';
export const SUBSCRIPTION = 'ThreadWasUpdated';

let stamp = 0;
/** Each call a later instant, as the server's updatedAt of successive writes. */
function nextInstant(): string {
  stamp += 1;
  return new Date(Date.UTC(2026, 10, 22, 9, 0, 0, stamp)).toISOString();
}

export function chatMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  const at = overrides.updatedAt ?? nextInstant();
  return {
    __typename: 'ChatMessage',
    id: 'm-1',
    content: 'What is our runway?',
    role: 'user',
    threadId: THREAD_ID,
    entityId: ENTITY_ID,
    status: 'complete',
    error: null,
    citations: [],
    createdAt: at,
    updatedAt: at,
    ...overrides,
  } as ChatMessage;
}

export const question = (content = 'What is our runway?', id = 'm-1') => chatMessage({ id, content });

export const reply = (overrides: Partial<ChatMessage> = {}) =>
  chatMessage({ id: 'm-2', role: 'assistant', content: '', status: 'streaming', ...overrides });

export function citation(overrides: Partial<ChatCitation> = {}): ChatCitation {
  return {
    __typename: 'ChatCitation',
    label: 'Cash at the end of Nov 2026',
    amountCents: 383_855_172,
    accountId: 'acc-banks',
    accountName: 'Banks',
    month: '2026-11',
    reportUrl: '/financial?account=Banks&month=2026-11&type=actual&expand=true',
    ...overrides,
  } as ChatCitation;
}

/** createOpenaiMessage answering with the stored question and its reply, streaming. */
export function askMock(
  content: string,
  answer: { userMessage: ChatMessage; message: ChatMessage; errors?: string[] },
  threadId: string | null = null,
): MockLink.MockedResponse {
  return {
    request: { query: CREATE_CHAT_MESSAGE_MUTATION, variables: { entityId: ENTITY_ID, content, threadId } },
    result: {
      data: {
        createOpenaiMessage: {
          __typename: 'CreateOpenaiMessagePayload',
          errors: answer.errors ?? [],
          threadId: THREAD_ID,
          userMessage: answer.userMessage,
          message: answer.message,
        },
      },
    },
  };
}

/** chatThread answering what the server holds at each read. */
export function threadMock(messages: () => ChatMessage[], threadId = THREAD_ID): MockLink.MockedResponse {
  return {
    request: { query: CHAT_THREAD_QUERY, variables: { entityId: ENTITY_ID, threadId } },
    result: () => ({
      data: { chatThread: { __typename: 'ChatThread', id: threadId, messages: messages() } },
    }),
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

/** A threadWasUpdated event: the message that changed and the thread's messages. */
export const threadUpdate = (message: ChatMessage, messages: ChatMessage[]) => ({
  threadWasUpdated: { __typename: 'ThreadUpdate', message, messages },
});

/** What the built-in question reader understands, as a server would list it (shortened). */
const UNDERSTANDS = [
  'Totals, averages and changes of any report line over any period: "rev last month", "opex Q3"',
  'Vendors: "how much did we pay AWS last month"',
  'Hiring plan: "headcount in March", "open roles"',
];

const builtinMode = (): AssistantMode =>
  ({
    __typename: 'AssistantMode',
    provider: 'builtin',
    model: null,
    understands: UNDERSTANDS,
  }) as AssistantMode;

export const modelMode = (model: string): AssistantMode =>
  ({ __typename: 'AssistantMode', provider: 'model', model, understands: UNDERSTANDS }) as AssistantMode;

/** assistantMode answering `mode`, each time the panel asks (it asks again if closed before the answer). */
function modeMock(mode: AssistantMode): MockLink.MockedResponse {
  return {
    request: { query: ASSISTANT_MODE_QUERY },
    result: { data: { assistantMode: mode } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

/**
 * The chat as the shell mounts it: Mantine, Apollo (mocks, subscriptions driven by the test), a router;
 * the server answers assistantMode with `mode` (the built-in reader unless given).
 */
export function renderAssistantChat(
  mocks: MockLink.MockedResponse[] = [],
  { mode = builtinMode() }: { mode?: AssistantMode } = {},
) {
  const live = createLiveTestLink([modeMock(mode), ...mocks]);
  const rendered = render(
    <MantineProvider theme={theme} env="test">
      <MockedProvider link={live.link} cache={createGraphqlCache()}>
        <MemoryRouter initialEntries={['/transactions']}>
          <AssistantChat entityId={ENTITY_ID} />
          <LocationProbe />
        </MemoryRouter>
      </MockedProvider>
    </MantineProvider>,
  );
  return { ...rendered, live };
}
