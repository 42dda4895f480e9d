import { formatCents, formatMonthLong } from '@keel/domain';
import { DonutChart } from '@mantine/charts';
import { Box, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import type { SpendByCategoryView } from './reportSummaryQuery';
import { SummaryCard } from './SummaryCard';

/** The spend-by-category palette: 8 colours for the top 8 categories (spec §9); Others is grey. */
const SPEND_PALETTE = [
  'keel.6',
  'teal.5',
  'grape.5',
  'orange.5',
  'indigo.4',
  'pink.5',
  'lime.6',
  'yellow.5',
] as const;
const OTHERS_COLOR = 'gray.5';
const DONUT_SIZE = 92;

function colorOf(index: number, accountId: string | null): string {
  return accountId === null ? OTHERS_COLOR : (SPEND_PALETTE[index % SPEND_PALETTE.length] ?? OTHERS_COLOR);
}

/** A Mantine colour ('teal.5') as the CSS variable a swatch takes. */
function cssColor(color: string): string {
  const [name, shade] = color.split('.');
  return `var(--mantine-color-${name}-${shade})`;
}

/**
 * Spend by Category (spec §2 'Dashboard cards', §9): a donut of the month's top 8 expense categories
 * plus Others, as the server ranks them, and a legend 'Top Spending in {month}' with each amount.
 */
export function SpendByCategoryCard({ spend }: { spend: SpendByCategoryView }) {
  const title = `Top Spending in ${formatMonthLong(spend.month)}`;
  const cells = spend.categories.map((category, i) => ({
    ...category,
    color: colorOf(i, category.accountId),
  }));
  // A donut cannot draw a negative slice (a refund-heavy month): those stay in the legend only.
  const slices = cells
    .filter((c) => c.amount > 0)
    .map((c) => ({ name: c.name, value: c.amount, color: c.color }));
  return (
    <SummaryCard title="Spend by Category">
      <Text fz="xs" fw={600} c="dimmed" mb={6} data-testid="spend-legend-title">
        {title}
      </Text>
      <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: 1, minHeight: 0 }}>
        <Box w={DONUT_SIZE} pt={8} style={{ flex: '0 0 auto' }}>
          {slices.length > 0 ? (
            <DonutChart
              data={slices}
              size={DONUT_SIZE}
              thickness={14}
              paddingAngle={1}
              valueFormatter={formatCents}
              tooltipDataSource="segment"
              tooltipProps={{ wrapperStyle: { zIndex: 10 } }}
            />
          ) : (
            <Box
              w={DONUT_SIZE}
              h={DONUT_SIZE}
              style={{ borderRadius: '50%', border: '14px solid var(--mantine-color-gray-2)' }}
            />
          )}
        </Box>
        <Stack gap={1} style={{ flex: 1, minWidth: 0 }} data-testid="spend-legend" aria-label={title}>
          {cells.length === 0 ? (
            <Text fz="xs" c="dimmed">
              No spending this month
            </Text>
          ) : (
            cells.map((cell) => (
              <Group
                key={cell.accountId ?? 'others'}
                gap={6}
                wrap="nowrap"
                justify="space-between"
                data-testid="spend-legend-item"
              >
                <Group gap={5} wrap="nowrap" style={{ minWidth: 0 }}>
                  <ColorSwatch color={cssColor(cell.color)} size={8} withShadow={false} />
                  <Text fz={11} lh="15px" truncate="end" title={cell.name}>
                    {cell.name}
                  </Text>
                </Group>
                <Text fz={11} lh="15px" style={{ flex: '0 0 auto', fontVariantNumeric: 'tabular-nums' }}>
                  {formatCents(cell.amount)}
                </Text>
              </Group>
            ))
          )}
        </Stack>
      </Group>
    </SummaryCard>
  );
}
