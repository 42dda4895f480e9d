import { Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Every card has the same size, so the row lines up and scrolls sideways when the page is narrow. */
export const SUMMARY_CARD_WIDTH = 304;
export const SUMMARY_CARD_HEIGHT = 228;
/** The card's inner width (less its padding): charts are sized to it explicitly. */
export const SUMMARY_CARD_BODY_WIDTH = SUMMARY_CARD_WIDTH - 2 * 12 - 2;

export type SummaryCardProps = {
  title: string;
  /** A control beside the title (the runway method picker). */
  aside?: ReactNode;
  children: ReactNode;
};

/** One dashboard card (spec §2 'Dashboard cards'): a titled box of fixed size. */
export function SummaryCard({ title, aside, children }: SummaryCardProps) {
  return (
    <Paper
      withBorder
      radius="md"
      p={12}
      w={SUMMARY_CARD_WIDTH}
      h={SUMMARY_CARD_HEIGHT}
      data-testid="summary-card"
      aria-label={title}
      component="section"
      style={{ flex: '0 0 auto', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" mih={28} mb={4}>
        <Title order={3} fz="sm" fw={600} lh={1.3}>
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}

/** What a card shows while its figures load. */
export function SummaryCardSkeleton({ title }: { title: string }) {
  return (
    <SummaryCard title={title}>
      <Stack gap={8} aria-busy="true" aria-label={`Loading ${title}`}>
        <Skeleton h={22} w="45%" />
        <Skeleton h={130} />
      </Stack>
    </SummaryCard>
  );
}
