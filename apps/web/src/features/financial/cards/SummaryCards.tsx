import { useQuery } from '@apollo/client/react';
import type { MonthRangeWithCutoff } from '@keel/domain';
import { formatCents } from '@keel/domain';
import { ActionIcon, Alert, Box, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconChevronDown, IconChevronLeft, IconChevronRight, IconChevronUp } from '@tabler/icons-react';
import { Children, isValidElement, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
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
  SUMMARY_CARD_MIN_WIDTH,
  SUMMARY_CARD_WIDTH,
  SummaryCardSkeleton,
  SummaryCardWidthContext,
} from './SummaryCard';

type SummaryCardsProps = {
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

/** The widest a card grows when the row has room to spare. */
const SUMMARY_CARD_MAX_WIDTH = 420;

/**
 * The narrowest each card gets, in SUMMARY_CARD_TITLES order: the two charts read at 232 px, the
 * Spend legend's amounts need 248 and the Runway working 256 (narrower, it wraps past the card).
 */
const SUMMARY_CARD_MIN_WIDTHS = [232, 232, SUMMARY_CARD_MIN_WIDTH, 248] as const;

/**
 * How wide each card is on a row of this width (spec §2: one horizontally scrollable row), in
 * SUMMARY_CARD_TITLES order. Each gets its narrowest width plus an equal share of the room left (up to
 * 420 px); on a row too narrow for the four at their narrowest they keep it and the row scrolls
 * sideways, so the cards never wrap onto a second line that would push the grid's header off the
 * first screen.
 */
export function summaryCardWidths(rowWidth: number): number[] {
  if (rowWidth <= 0) return SUMMARY_CARD_MIN_WIDTHS.map(() => SUMMARY_CARD_WIDTH);
  const count = SUMMARY_CARD_MIN_WIDTHS.length;
  const narrowest = SUMMARY_CARD_MIN_WIDTHS.reduce((sum, width) => sum + width, 0);
  const spare = Math.max(0, Math.floor((rowWidth - CARD_GAP * (count - 1) - narrowest) / count));
  return SUMMARY_CARD_MIN_WIDTHS.map((width) => Math.min(width + spare, SUMMARY_CARD_MAX_WIDTH));
}

/** How far one press of a scroll button moves the row: one card and its gap. */
const SCROLL_STEP = SUMMARY_CARD_MIN_WIDTH + CARD_GAP;

/**
 * The row of cards, as wide as the page, on one line: the cards share the width when it allows,
 * else the row scrolls sideways (by wheel or trackpad, its scrollbar, the arrow keys once focused, or
 * the scroll buttons beside it). The controls sit in a narrow column at the row's end, outside the
 * cards, so they never cover a card's title. Collapsed, the row is one line of key figures.
 */
function SummaryCardsRow({ children, collapsed = false }: { children: ReactNode; collapsed?: boolean }) {
  const { ref: sizeRef, width } = useElementSize();
  const cardWidths = summaryCardWidths(width);
  const scroller = useRef<HTMLDivElement | null>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });
  const contentWidth =
    cardWidths.reduce((sum, cardWidth) => sum + cardWidth, 0) + (cardWidths.length - 1) * CARD_GAP;
  const scrolls = !collapsed && width > 0 && contentWidth > width + 1;
  const readEdges = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const atStart = el.scrollLeft <= 1;
    const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 1;
    setEdges((previous) =>
      previous.atStart === atStart && previous.atEnd === atEnd ? previous : { atStart, atEnd },
    );
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new width or card width moves the edges.
  useEffect(readEdges, [readEdges, width, contentWidth, collapsed]);
  const scrollBy = (direction: 1 | -1) =>
    scroller.current?.scrollBy({ left: direction * SCROLL_STEP, behavior: 'smooth' });

  const label = collapsed ? 'Expand summary cards' : 'Collapse summary cards';
  return (
    <Box
      data-testid="summary-cards"
      data-collapsed={collapsed || undefined}
      data-scrolls={scrolls || undefined}
      role="region"
      aria-label="Summary cards"
      style={{ flex: '0 0 auto', minWidth: 0, display: 'flex', gap: 4, alignItems: 'flex-start' }}
    >
      <Box ref={sizeRef} style={{ flex: 1, minWidth: 0 }}>
        {collapsed ? (
          children
        ) : (
          // Focusable when it scrolls, so the arrow keys move it; a card's own controls bring it into
          // view when they take focus.
          <Box
            ref={scroller}
            data-testid="summary-cards-scroller"
            tabIndex={scrolls ? 0 : undefined}
            aria-label={scrolls ? 'Summary cards, scroll sideways for more' : undefined}
            role={scrolls ? 'group' : undefined}
            onScroll={readEdges}
            onKeyDown={(event) => {
              // Home and End reach the row's ends (the arrow keys scroll it natively).
              if (event.target !== event.currentTarget) return;
              if (event.key !== 'Home' && event.key !== 'End') return;
              event.preventDefault();
              const el = event.currentTarget;
              el.scrollTo({ left: event.key === 'Home' ? 0 : el.scrollWidth, behavior: 'smooth' });
            }}
            style={{
              display: 'flex',
              flexWrap: 'nowrap',
              gap: CARD_GAP,
              overflowX: scrolls ? 'auto' : 'visible',
              overflowY: scrolls ? 'hidden' : 'visible',
              // Room for the scrollbar under the cards.
              paddingBottom: scrolls ? 6 : 0,
            }}
          >
            {/* Each card in its own width, in SUMMARY_CARD_TITLES order (the error alert takes the first). */}
            {Children.toArray(children).map((child, index) => (
              <SummaryCardWidthContext.Provider
                key={isValidElement(child) && child.key !== null ? child.key : index}
                value={cardWidths[index] ?? SUMMARY_CARD_WIDTH}
              >
                {child}
              </SummaryCardWidthContext.Provider>
            ))}
          </Box>
        )}
      </Box>
      <Stack gap={4} style={{ flex: '0 0 auto' }}>
        <Tooltip label={label} withinPortal>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={label}
            aria-expanded={!collapsed}
            onClick={() => collapsedStore.write(!collapsed)}
          >
            {collapsed ? <IconChevronDown size={16} /> : <IconChevronUp size={16} />}
          </ActionIcon>
        </Tooltip>
        {scrolls ? (
          <>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label="Scroll summary cards right"
              disabled={edges.atEnd}
              onClick={() => scrollBy(1)}
            >
              <IconChevronRight size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label="Scroll summary cards left"
              disabled={edges.atStart}
              onClick={() => scrollBy(-1)}
            >
              <IconChevronLeft size={16} />
            </ActionIcon>
          </>
        ) : null}
      </Stack>
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
