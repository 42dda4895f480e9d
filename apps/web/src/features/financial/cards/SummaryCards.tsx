import { useQuery } from '@apollo/client/react';
import type { MonthRangeWithCutoff } from '@keel/domain';
import { formatCents } from '@keel/domain';
import { ActionIcon, Alert, Box, Group, Paper, Text, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { createStoredValue, parseBoolean, useStoredValue } from '../../../lib/localStore';
import { STORAGE_KEYS } from '../../../lib/storageKeys';
import { formatMonthYear } from './chartFormat';
import { IncomeVsExpenseCard } from './IncomeVsExpenseCard';
import { type MonthLink, RunwayCard } from './RunwayCard';
import type { ReportSummaryView } from './reportSummaryQuery';
import { REPORT_SUMMARY_QUERY } from './reportSummaryQuery';
import { runwayMethodStore, useRunwayMethod } from './runwayMethodStore';
import { SpendByCategoryCard } from './SpendByCategoryCard';
import { StartingBalanceCard } from './StartingBalanceCard';
import {
  SUMMARY_CARD_HEIGHT,
  SUMMARY_CARD_MIN_WIDTH,
  SUMMARY_CARD_WIDTH,
  SummaryCardSkeleton,
  SummaryCardWidthContext,
} from './SummaryCard';

export type SummaryCardsProps = {
  entityId: string;
  reportId: string;
  range: MonthRangeWithCutoff;
  currentMonth: string;
  /** The Runway card's link to a month of the cash row in the grid. */
  monthLink?: MonthLink;
};

export const SUMMARY_CARD_TITLES = [
  'Available Starting Balance',
  'Income vs Expense',
  'Runway',
  'Spend by Category',
] as const;

/**
 * The dashboard cards above the grid (spec §2 'Dashboard cards'), over the report's range: Available
 * Starting Balance, Income vs Expense, Runway (by the locally saved method) and Spend by Category (for
 * the actuals end month). One ReportSummary query feeds them; a new range or runway method keeps the
 * previous figures on screen until the new ones arrive.
 */
export function SummaryCards({ entityId, reportId, range, currentMonth, monthLink }: SummaryCardsProps) {
  const method = useRunwayMethod();
  const { data, previousData, error, loading } = useQuery(REPORT_SUMMARY_QUERY, {
    variables: { entityId, reportId, ...range, method },
    fetchPolicy: 'cache-and-network',
  });
  const summary = (data ?? previousData)?.report.summary;
  const collapsed = useSummaryCardsCollapsed();

  if (collapsed) {
    return (
      <SummaryCardsRow collapsed>
        {summary ? (
          <KeyFigures summary={summary} />
        ) : (
          <Text fz="sm" c="dimmed">
            Loading the summary…
          </Text>
        )}
      </SummaryCardsRow>
    );
  }
  if (error && !summary) {
    return (
      <SummaryCardsRow>
        <Alert color="red" title="Error" w="100%" data-testid="summary-cards-error">
          The summary cards could not be loaded.
        </Alert>
      </SummaryCardsRow>
    );
  }
  if (!summary) {
    return (
      <SummaryCardsRow>
        {SUMMARY_CARD_TITLES.map((title) => (
          <SummaryCardSkeleton key={title} title={title} />
        ))}
      </SummaryCardsRow>
    );
  }
  return (
    <SummaryCardsRow>
      <StartingBalanceCard balances={summary.startingBalance} />
      <IncomeVsExpenseCard months={summary.incomeVsExpense} />
      <RunwayCard
        runway={summary.runway}
        method={method}
        onMethodChange={(next) => runwayMethodStore.write(next)}
        currentMonth={currentMonth}
        refreshing={loading && summary.runway.method !== method}
        {...(monthLink ? { monthLink } : {})}
      />
      <SpendByCategoryCard spend={summary.spendByCategory} />
    </SummaryCardsRow>
  );
}

const CARD_GAP = 12;
/** Below this window height the cards start collapsed: the grid needs the room. */
const SHORT_WINDOW_HEIGHT = 800;

/**
 * Whether the cards are collapsed to one line of key figures: the person's choice, kept locally;
 * until they make one, collapsed on a short window (under 800 px tall), where the grid needs the room.
 */
const collapsedStore = createStoredValue<boolean | null>(
  STORAGE_KEYS.summaryCardsCollapsed,
  parseBoolean,
  null,
);

function useSummaryCardsCollapsed(): boolean {
  const chosen = useStoredValue(collapsedStore);
  return chosen ?? window.innerHeight < SHORT_WINDOW_HEIGHT;
}

/** How many cards fit on a line of this width, and how wide each is: they wrap, never cut. */
export function summaryCardLayout(rowWidth: number): { perLine: number; cardWidth: number } {
  if (rowWidth <= 0) return { perLine: 4, cardWidth: SUMMARY_CARD_WIDTH };
  const fit = Math.floor((rowWidth + CARD_GAP) / (SUMMARY_CARD_MIN_WIDTH + CARD_GAP));
  const perLine = Math.max(1, Math.min(4, fit));
  const cardWidth = Math.floor((rowWidth - CARD_GAP * (perLine - 1)) / perLine);
  return { perLine, cardWidth: Math.min(Math.max(cardWidth, 200), 420) };
}

/**
 * The row of cards, as wide as the page: the cards share the width (four to a line when each gets
 * at least SUMMARY_CARD_MIN_WIDTH, else they wrap), with the collapse toggle at the end. Collapsed,
 * the row is one line of key figures.
 */
function SummaryCardsRow({ children, collapsed = false }: { children: ReactNode; collapsed?: boolean }) {
  const { ref, width } = useElementSize();
  const { perLine, cardWidth } = summaryCardLayout(width);
  // Expanded, the toggle sits in the title corner of the last card (Spend by Category, whose title is
  // short), on whichever line the cards wrapped it to.
  const lines = Math.ceil(SUMMARY_CARD_TITLES.length / perLine);
  const onLastLine = SUMMARY_CARD_TITLES.length - (lines - 1) * perLine;
  const lastLineWidth = onLastLine * cardWidth + (onLastLine - 1) * CARD_GAP;
  const togglePosition = collapsed
    ? { top: 2, right: 0 }
    : {
        top: (lines - 1) * (SUMMARY_CARD_HEIGHT + CARD_GAP) + 8,
        right: Math.max(0, width - lastLineWidth) + 8,
      };
  const label = collapsed ? 'Expand summary cards' : 'Collapse summary cards';
  return (
    <Box
      data-testid="summary-cards"
      data-collapsed={collapsed || undefined}
      role="region"
      aria-label="Summary cards"
      style={{ flex: '0 0 auto', minWidth: 0, position: 'relative' }}
    >
      <Box ref={ref} style={collapsed ? { paddingRight: 32 } : undefined}>
        {collapsed ? (
          children
        ) : (
          <SummaryCardWidthContext.Provider value={cardWidth}>
            <Box
              style={{
                display: 'grid',
                gridTemplateColumns: `repeat(${perLine}, ${cardWidth}px)`,
                gap: CARD_GAP,
              }}
            >
              {children}
            </Box>
          </SummaryCardWidthContext.Provider>
        )}
      </Box>
      {/* In the last card's title corner (or at the end of the collapsed line): it takes no width. */}
      <Tooltip label={label} withinPortal>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={label}
          aria-expanded={!collapsed}
          onClick={() => collapsedStore.write(!collapsed)}
          style={{ position: 'absolute', ...togglePosition, zIndex: 2 }}
        >
          {collapsed ? <IconChevronDown size={16} /> : <IconChevronUp size={16} />}
        </ActionIcon>
      </Tooltip>
    </Box>
  );
}

/** The collapsed cards: each card's key figure on one line that wraps on a narrow page. */
function KeyFigures({ summary }: { summary: ReportSummaryView }) {
  const latest = summary.startingBalance.findLast((b) => b.actual !== null);
  const lastActual = summary.incomeVsExpense.findLast((m) => m.scenario === 'actual');
  const top = summary.spendByCategory.categories[0];
  const { runway } = summary;
  // Each card's headline with a short label; the card's title names it for assistive technology.
  const figures: { title: string; label: string; value: string; detail: string }[] = [
    {
      title: 'Available Starting Balance',
      label: 'Cash',
      value: latest ? formatCents(latest.actual ?? 0) : '—',
      detail: latest ? formatMonthYear(latest.month) : 'no cash accounts',
    },
    {
      title: 'Income vs Expense',
      label: lastActual ? formatMonthYear(lastActual.month) : 'Income vs Expense',
      value: lastActual
        ? `in ${formatCents(lastActual.income)} · out ${formatCents(lastActual.expense)}`
        : '—',
      detail: '',
    },
    {
      title: 'Runway',
      label: 'Runway',
      value: runway.months === null ? runway.label : `${runway.label} months`,
      detail: runway.cashOutMonth
        ? `cash out ${formatMonthYear(runway.cashOutMonth)}`
        : 'cash never runs out',
    },
    {
      title: 'Spend by Category',
      label: 'Top spend',
      value: top ? `${top.name} ${formatCents(top.amount)}` : 'none',
      detail: formatMonthYear(summary.spendByCategory.month),
    },
  ];
  return (
    <Group gap={8} wrap="wrap">
      {figures.map((figure) => (
        <Paper
          key={figure.title}
          withBorder
          radius="md"
          px={10}
          py={4}
          data-testid="summary-key-figure"
          aria-label={figure.title}
          component="section"
        >
          <Text fz="xs" lh="18px" style={{ whiteSpace: 'nowrap' }}>
            <Text span fz="xs" c="dimmed">
              {figure.label}{' '}
            </Text>
            <Text span fz="xs" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {figure.value}
            </Text>
            {figure.detail ? (
              <Text span fz="xs" c="dimmed">
                {' '}
                · {figure.detail}
              </Text>
            ) : null}
          </Text>
        </Paper>
      ))}
    </Group>
  );
}
