import { Group, Paper, Text } from '@mantine/core';
import { IconArrowsMove, IconBan } from '@tabler/icons-react';

/**
 * What follows the pointer while something is dragged (the report grid's cells and entries, the hiring
 * plan's rows): its label, and, when the place under the pointer refuses it, a red frame and why.
 */
export function DragOverlayCard(props: {
  label: string;
  /** Why the drop would be refused here; null when it is allowed. */
  refusal: string | null;
  /** Whether to spell the refusal out (a drop zone is under the pointer). */
  showReason?: boolean;
  testId: string;
}) {
  const { label, refusal, showReason = true, testId } = props;
  return (
    <Paper
      shadow="md"
      radius="sm"
      px="sm"
      py={6}
      withBorder
      data-testid={testId}
      data-refused={refusal ? true : undefined}
      style={{
        width: 'max-content',
        maxWidth: 320,
        borderColor: refusal ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-keel-6)',
        background: refusal ? 'var(--mantine-color-red-0)' : 'var(--mantine-color-white)',
      }}
    >
      <Group gap={6} wrap="nowrap">
        {refusal ? (
          <IconBan size={14} color="var(--mantine-color-red-7)" />
        ) : (
          <IconArrowsMove size={14} color="var(--mantine-color-keel-7)" />
        )}
        <Text size="xs" fw={600} truncate>
          {label}
        </Text>
      </Group>
      {refusal && showReason ? (
        <Text size="xs" c="red.8">
          {refusal}
        </Text>
      ) : null}
    </Paper>
  );
}
