import { Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { createContext, type ReactNode, useContext } from 'react';

/** The width a card takes when the row has room for all four (the row sets the real width). */
export const SUMMARY_CARD_WIDTH = 304;
/**
 * The narrowest the widest-needing card gets (Runway, whose working must fit its height): on a row
 * too narrow for the four at their narrowest, the row scrolls sideways.
 */
export const SUMMARY_CARD_MIN_WIDTH = 256;
const SUMMARY_CARD_HEIGHT = 228;
const CARD_PADDING = 12;

/** The width of each card, set by the row (SummaryCards) from the room it has. */
export const SummaryCardWidthContext = createContext(SUMMARY_CARD_WIDTH);

/** The card's inner width (less its padding and border): charts are sized to it explicitly. */
export function useSummaryCardBodyWidth(): number {
  return useContext(SummaryCardWidthContext) - 2 * CARD_PADDING - 2;
}

type SummaryCardProps = {
  title: string;
  /** A control beside the title (the runway method picker). */
  aside?: ReactNode;
  children: ReactNode;
};

/**
 * One dashboard card (spec §2 'Dashboard cards'): a titled box of the row's card width and a fixed
 * height. Its overflow shows, so a chart's tooltip is never cut at the card's edge.
 */
export function SummaryCard({ title, aside, children }: SummaryCardProps) {
  const width = useContext(SummaryCardWidthContext);
  return (
    <Paper
      withBorder
      radius="md"
      p={CARD_PADDING}
      w={width}
      h={SUMMARY_CARD_HEIGHT}
      data-testid="summary-card"
      aria-label={title}
      component="section"
      style={{ flex: '0 0 auto', display: 'flex', flexDirection: 'column', overflow: 'visible', minWidth: 0 }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" mih={28} mb={4}>
        <Title order={3} fz="sm" fw={600} lh={1.3} style={{ whiteSpace: 'nowrap' }}>
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
