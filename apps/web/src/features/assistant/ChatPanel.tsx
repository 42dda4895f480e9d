import { PRODUCT_NAME } from '@keel/domain';
import {
  Alert,
  Box,
  Button,
  CloseButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconMessagePlus, IconSparkles } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { AssistantModeNote } from './AssistantModeNote';
import { ChatComposer } from './ChatComposer';
import { ASSISTANT_NAME, ChatBubble, ChatMessageItem } from './ChatMessageItem';
import type { ChatConversation } from './useChatConversation';

/** The chat's title (spec §2: 'Ask {product} AI'). */
export const CHAT_TITLE = `Ask ${PRODUCT_NAME} AI`;

/**
 * The assistant's first words in every conversation (shown by the web app, not stored): what it answers,
 * true of the built-in question reader and of a model alike (the note under the title says which).
 */
export const CHAT_GREETING =
  'Hi! Ask me about your books: any report line over any period, what you paid a vendor, cash and runway, the hiring plan, or a what-if. Each answer links to the figures it used.';

/** Questions offered on an empty conversation: one of each kind the built-in question reader answers best. */
const CHAT_SUGGESTIONS = [
  'Revenue last month',
  'How much did we pay AWS last month?',
  'Runway if we hire two engineers at $150k',
];

/** The panel's distance from the window's edges; it scrolls inside when the window is short. */
const EDGE_PX = 16;
const WIDTH_PX = 400;
const HEIGHT_PX = 640;
/** Above the page and its sticky parts, below Mantine's modals (200), menus and toasts. */
export const CHAT_Z_INDEX = 190;
/** Scrolled this close to the end, the log keeps following the newest message. */
const FOLLOW_SLACK_PX = 48;

/**
 * The 'Ask Keel AI' panel: title, 'New conversation' and close; the conversation (greeting, questions,
 * answers streaming in with their sources, a typing indicator, errors) scrolling inside; the question
 * box. Escape closes it. Not modal: the page stays usable beside it.
 */
export function ChatPanel({
  conversation,
  draft,
  onDraftChange,
  onClose,
  onFollowCitation,
}: {
  conversation: ChatConversation;
  draft: string;
  onDraftChange: (value: string) => void;
  onClose: () => void;
  onFollowCitation: () => void;
}) {
  const titleId = useId();
  const modeId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const { messages, pendingQuestion, greetingShown, typing, busy, restoring, error } = conversation;

  // The newest message stays in view as it arrives and grows, unless the user scrolled up to read.
  const followNewest = useRef(true);
  const lastText = messages.at(-1)?.content;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each of these changes what the log shows.
  useEffect(() => {
    const log = logRef.current;
    if (log && followNewest.current) log.scrollTop = log.scrollHeight;
  }, [messages.length, lastText, pendingQuestion, typing, greetingShown, error]);
  const onLogScroll = () => {
    const log = logRef.current;
    if (log) followNewest.current = log.scrollHeight - log.scrollTop - log.clientHeight < FOLLOW_SLACK_PX;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.stopPropagation();
    onClose();
  };

  const ask = async (question: string) => {
    onDraftChange('');
    const sent = await conversation.send(question);
    // A question that did not go comes back to the box, to send again.
    if (!sent) onDraftChange(question);
  };

  const empty = messages.length === 0 && pendingQuestion === null && !restoring;
  return (
    <Paper
      role="dialog"
      aria-modal={false}
      aria-labelledby={titleId}
      aria-describedby={modeId}
      data-testid="assistant-panel"
      shadow="xl"
      radius="md"
      withBorder
      onKeyDown={onKeyDown}
      style={{
        position: 'fixed',
        right: EDGE_PX,
        bottom: EDGE_PX,
        width: `min(${WIDTH_PX}px, calc(100vw - ${2 * EDGE_PX}px))`,
        height: `min(${HEIGHT_PX}px, calc(100dvh - ${2 * EDGE_PX}px))`,
        zIndex: CHAT_Z_INDEX,
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
      }}
    >
      <Box style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', flexShrink: 0 }}>
        <Group justify="space-between" wrap="nowrap" px="md" py="sm" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <ThemeIcon variant="light" radius="xl" size="md">
              <IconSparkles size={16} />
            </ThemeIcon>
            <Title order={2} fz="md" id={titleId}>
              {CHAT_TITLE}
            </Title>
          </Group>
          <Group gap={4} wrap="nowrap">
            <Button
              variant="subtle"
              size="compact-xs"
              leftSection={<IconMessagePlus size={14} />}
              onClick={() => {
                conversation.startNew();
                inputRef.current?.focus();
              }}
              disabled={!conversation.started}
            >
              New conversation
            </Button>
            <CloseButton aria-label={`Close ${CHAT_TITLE}`} onClick={onClose} />
          </Group>
        </Group>
        <AssistantModeNote id={modeId} />
      </Box>

      <Stack
        ref={logRef}
        role="log"
        aria-label="Conversation"
        aria-busy={typing || busy}
        gap="sm"
        p="md"
        onScroll={onLogScroll}
        style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
      >
        {greetingShown ? (
          <ChatBubble side="assistant" testId="chat-greeting">
            <Text fz="sm">{CHAT_GREETING}</Text>
          </ChatBubble>
        ) : null}
        {greetingShown && empty && !typing ? (
          <Group gap={6} aria-label="Suggested questions" role="group">
            {CHAT_SUGGESTIONS.map((question) => (
              <Button
                key={question}
                variant="light"
                size="compact-sm"
                radius="xl"
                fw={500}
                onClick={() => void ask(question)}
                disabled={busy}
              >
                {question}
              </Button>
            ))}
          </Group>
        ) : null}
        {restoring ? (
          <Group gap="xs" c="dimmed">
            <Loader size="xs" />
            <Text fz="sm">Loading your conversation…</Text>
          </Group>
        ) : null}
        {messages.map((message) => (
          <ChatMessageItem
            key={message.id}
            message={message}
            onRetry={conversation.retryReply}
            onFollowCitation={onFollowCitation}
            retryDisabled={busy}
          />
        ))}
        {pendingQuestion !== null ? (
          <ChatBubble side="user" testId="chat-message">
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {pendingQuestion}
            </Text>
          </ChatBubble>
        ) : null}
        {typing ? <TypingIndicator /> : null}
        {error ? (
          <Alert color="red" variant="light" role="alert" data-testid="chat-error" p="xs">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text fz="sm">{error.message}</Text>
              {restoring ? null : (
                <Button
                  size="compact-xs"
                  variant="light"
                  color="red"
                  style={{ flexShrink: 0 }}
                  onClick={() => (error.retry === 'restore' ? conversation.retryRestore() : void ask(draft))}
                  disabled={busy || (error.retry === 'send' && draft.trim() === '')}
                >
                  Try again
                </Button>
              )}
            </Group>
          </Alert>
        ) : null}
      </Stack>

      <Box px="md" pb="sm" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        <ChatComposer
          value={draft}
          onChange={onDraftChange}
          onSend={() => void ask(draft)}
          busy={busy}
          inputRef={inputRef}
        />
      </Box>
    </Paper>
  );
}

/** The assistant is writing: shown until the first words of its message arrive. */
function TypingIndicator() {
  return (
    <Box
      role="status"
      aria-label={`${ASSISTANT_NAME} is typing`}
      data-testid="chat-typing"
      style={{ alignSelf: 'flex-start' }}
    >
      <Paper px="sm" py={10} radius="lg" bg="gray.0" withBorder style={{ borderBottomLeftRadius: 4 }}>
        <Loader type="dots" size="sm" color="gray" />
      </Paper>
    </Box>
  );
}
