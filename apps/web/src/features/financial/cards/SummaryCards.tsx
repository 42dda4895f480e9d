import { useQuery } from '@apollo/client/react';
import type { MonthRangeWithCutoff } from '@keel/domain';
import { Alert, Box, ScrollArea } from '@mantine/core';
import type { ReactNode } from 'react';
import { IncomeVsExpenseCard } from './IncomeVsExpenseCard';
import { type MonthLink, RunwayCard } from './RunwayCard';
import { REPORT_SUMMARY_QUERY } from './reportSummaryQuery';
import { runwayMethodStore, useRunwayMethod } from './runwayMethodStore';
import { SpendByCategoryCard } from './SpendByCategoryCard';
import { StartingBalanceCard } from './StartingBalanceCard';
import { SummaryCardSkeleton } from './SummaryCard';

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

/** The cards keep their width; the row scrolls sideways when the page is narrower than all four. */
function SummaryCardsRow({ children }: { children: ReactNode }) {
  return (
    <ScrollArea
      type="auto"
      scrollbars="x"
      offsetScrollbars="x"
      scrollbarSize={8}
      data-testid="summary-cards"
      role="region"
      aria-label="Summary cards"
      style={{ flex: '0 0 auto', minWidth: 0 }}
    >
      <Box style={{ display: 'flex', gap: 12, width: 'max-content', minWidth: '100%' }}>{children}</Box>
    </ScrollArea>
  );
}
