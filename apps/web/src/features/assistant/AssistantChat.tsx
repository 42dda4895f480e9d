import { ActionIcon, Tooltip } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { CHAT_BUTTON_BOTTOM_PX, CHAT_BUTTON_EDGE_PX, CHAT_BUTTON_SIZE_PX } from '../../shell/pageLayout';
import { CHAT_TITLE, CHAT_Z_INDEX, ChatPanel } from './ChatPanel';
import { useChatConversation } from './useChatConversation';

/**
 * 'Ask Keel AI' (spec §2): a floating button at the bottom right of every signed-in page that opens the
 * chat panel in its place; pages keep the strip it floats in clear (shell/pageLayout.ts). The conversation lives as long as the page (closing keeps it; the shell
 * mounts one per company), and the last one of each company is read back on the next visit.
 * Following a source link closes the panel, so the report it opens is not covered.
 */
export function AssistantChat({ entityId }: { entityId: string }) {
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState('');
  const conversation = useChatConversation(entityId, opened);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const focusButton = useRef(false);

  // Closing gives the focus back to the button that opened the panel.
  useEffect(() => {
    if (opened || !focusButton.current) return;
    focusButton.current = false;
    buttonRef.current?.focus();
  }, [opened]);

  if (opened) {
    return (
      <ChatPanel
        conversation={conversation}
        draft={draft}
        onDraftChange={setDraft}
        onClose={() => {
          focusButton.current = true;
          setOpened(false);
        }}
        onFollowCitation={() => setOpened(false)}
      />
    );
  }
  return (
    <Tooltip label={CHAT_TITLE} position="left" withArrow>
      <ActionIcon
        ref={buttonRef}
        aria-label={CHAT_TITLE}
        aria-haspopup="dialog"
        data-testid="assistant-button"
        size={CHAT_BUTTON_SIZE_PX}
        radius="xl"
        variant="gradient"
        gradient={{ from: 'blue.6', to: 'indigo.5', deg: 135 }}
        onClick={() => setOpened(true)}
        style={{
          position: 'fixed',
          right: CHAT_BUTTON_EDGE_PX,
          bottom: CHAT_BUTTON_BOTTOM_PX,
          zIndex: CHAT_Z_INDEX,
          boxShadow: 'var(--mantine-shadow-lg)',
        }}
      >
        <IconSparkles size={22} />
      </ActionIcon>
    </Tooltip>
  );
}
