import { CHAT_QUESTION_MAX_CHARS } from '@keel/domain';
import { Button, Group, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, type RefObject, useEffect } from 'react';

const count = new Intl.NumberFormat('en-US');

/**
 * The question box: Enter sends, Shift+Enter starts a new line. A question is 1 to 4,000 characters
 * (the count shows, the box stops there); nothing is sent while a reply is on its way.
 */
export function ChatComposer({
  value,
  onChange,
  onSend,
  busy,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  busy: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const tooLong = value.length > CHAT_QUESTION_MAX_CHARS;
  const canSend = !busy && value.trim() !== '' && !tooLong;

  // The box is disabled while a reply streams; typing goes on where it left off.
  useEffect(() => {
    if (!busy) inputRef.current?.focus();
  }, [busy, inputRef]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (canSend) onSend();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form onSubmit={submit} aria-label="Ask a question">
      <Textarea
        ref={inputRef}
        aria-label="Your question"
        placeholder="Ask about revenue, spending, vendors, cash, runway or hiring…"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        disabled={busy}
        maxLength={CHAT_QUESTION_MAX_CHARS}
        autosize
        minRows={2}
        maxRows={6}
        radius="md"
        error={tooLong ? `At most ${count.format(CHAT_QUESTION_MAX_CHARS)} characters` : undefined}
      />
      <Group justify="space-between" mt={6} wrap="nowrap">
        <Text fz="xs" c={tooLong ? 'red.7' : 'dimmed'} data-testid="chat-character-count">
          {count.format(value.length)} / {count.format(CHAT_QUESTION_MAX_CHARS)}
        </Text>
        <Button type="submit" size="xs" rightSection={<IconSend size={14} />} disabled={!canSend}>
          Send
        </Button>
      </Group>
    </form>
  );
}
