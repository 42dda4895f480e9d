import { PRODUCT_NAME } from '@keel/domain';
import { Anchor, Box, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCents } from '../../lib/format';
import type { ChatCitation, ChatMessage } from './assistantQueries';
import { ChatText } from './ChatText';

/** The assistant's name in the chat: 'Keel AI'. */
export const ASSISTANT_NAME = `${PRODUCT_NAME} AI`;

type Side = 'user' | 'assistant';

/** A bubble of the conversation: the user's on the right, the assistant's on the left. */
export function ChatBubble({
  side,
  children,
  testId,
  status,
}: {
  side: Side;
  children: ReactNode;
  testId: string;
  status?: string;
}) {
  const user = side === 'user';
  return (
    <Box
      data-testid={testId}
      data-role={side}
      data-status={status}
      aria-label={user ? 'You' : ASSISTANT_NAME}
      role="article"
      style={{ alignSelf: user ? 'flex-end' : 'flex-start', maxWidth: user ? '85%' : '100%', minWidth: 0 }}
    >
      <Paper
        px="sm"
        py={8}
        radius="lg"
        bg={user ? 'blue.6' : 'gray.0'}
        c={user ? 'white' : undefined}
        withBorder={!user}
        style={user ? { borderBottomRightRadius: 4 } : { borderBottomLeftRadius: 4 }}
      >
        {children}
      </Paper>
    </Box>
  );
}

/**
 * A message of the conversation. An answer lists the figures it used (its citations) as links into the
 * Financial Report; a failed one says why and offers to ask again.
 */
export function ChatMessageItem({
  message,
  onRetry,
  onFollowCitation,
  retryDisabled,
}: {
  message: ChatMessage;
  onRetry: (replyId: string) => void;
  onFollowCitation: () => void;
  retryDisabled: boolean;
}) {
  if (message.role === 'user') {
    return (
      <ChatBubble side="user" testId="chat-message">
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.content}
        </Text>
      </ChatBubble>
    );
  }
  const failed = message.status === 'failed';
  const streaming = message.status === 'streaming';
  return (
    <ChatBubble side="assistant" testId="chat-message" status={message.status}>
      <Stack gap={6}>
        {message.content ? (
          <div data-testid="chat-message-text">
            <ChatText text={message.content} />
          </div>
        ) : null}
        {streaming && message.content ? <Loader type="dots" size="xs" aria-label="Still writing" /> : null}
        {failed ? (
          <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
            <Text fz="sm" c="red.7" role="alert" data-testid="chat-message-error">
              {message.error ?? 'This answer failed.'}
            </Text>
            <Button
              size="compact-xs"
              variant="light"
              color="red"
              leftSection={<IconRefresh size={12} />}
              onClick={() => onRetry(message.id)}
              disabled={retryDisabled}
              style={{ flexShrink: 0 }}
            >
              Try again
            </Button>
          </Group>
        ) : null}
        {message.status === 'complete' && message.citations.length > 0 ? (
          <Citations citations={message.citations} onFollow={onFollowCitation} />
        ) : null}
      </Stack>
    </ChatBubble>
  );
}

/** Only a path of this app is followed: a citation never leads elsewhere. */
function isAppPath(url: string | null): url is string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//');
}

function Citations({ citations, onFollow }: { citations: readonly ChatCitation[]; onFollow: () => void }) {
  return (
    <Box
      component="section"
      aria-label="Sources"
      pt={6}
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Text fz={11} fw={600} c="dimmed" tt="uppercase" mb={2}>
        Sources
      </Text>
      <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
        {citations.map((citation, index) => {
          const text = `${citation.label}: ${formatCents(citation.amountCents)}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: citations have no id; the list is fixed once complete
            <li key={index} data-testid="chat-citation">
              {isAppPath(citation.reportUrl) ? (
                <Anchor component={Link} to={citation.reportUrl} onClick={onFollow} fz="xs">
                  {text}
                </Anchor>
              ) : (
                <Text fz="xs" c="dimmed">
                  {text}
                </Text>
              )}
            </li>
          );
        })}
      </Stack>
    </Box>
  );
}
