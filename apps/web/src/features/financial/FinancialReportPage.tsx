import { useQuery } from '@apollo/client/react';
import {
  CASH_ACCOUNT_GROUP,
  defaultReportRange,
  isMonthKey,
  type MonthRangeWithCutoff,
  monthKeyOfDate,
} from '@keel/domain';
import { Box, Group, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useParams } from 'react-router';
import { useEntityContext } from '../../shell/EntityContext';
import { PageTitle } from '../../shell/PageTitle';
import type { MonthLink } from './cards/RunwayCard';
import { SummaryCards } from './cards/SummaryCards';
import { ReportDrawer } from './drawer/ReportDrawer';
import { EmptyReportGuide, isReportEmpty } from './EmptyReportGuide';
import { ReportDndProvider } from './grid/ReportDndProvider';
import { ReportGrid } from './grid/ReportGrid';
import { ReportLoadError } from './ReportLoadError';
import { ReportDateRange } from './range/ReportDateRange';
import { REPORT_QUERY } from './reportQuery';
import {
  chosenCutoffMonth,
  rangeIncluding,
  reportRangeStore,
  usableStoredRange,
  useStoredReportRange,
} from './reportRangeStore';
import { findRowByKey, rowKey, selectedColumnKey, useReportSelection } from './reportSelection';

/**
 * /financial and /reports/:id (spec §2): title, date range, summary cards, the grid and its drawer.
 * Without an id it shows the company's default report; an id that is not the company's says so.
 */
export function FinancialReportPage() {
  const { entity, today } = useEntityContext();
  const { id: reportIdParam } = useParams();
  const currentMonth = monthKeyOfDate(today);
  const storedRange = useStoredReportRange();
  const chosenRange: MonthRangeWithCutoff =
    usableStoredRange(storedRange, currentMonth) ?? defaultReportRange(currentMonth);
  const cutoffMonth = chosenCutoffMonth(storedRange, chosenRange, currentMonth);
  // A moved handle makes the new range's cutoff the user's; a picked year keeps theirs (cutoffMonth).
  // `now` marks the month it was stored in: a cutoff at the current month follows the calendar.
  const setRange = useCallback(
    (next: MonthRangeWithCutoff, cutoff: string = next.actualsEndMonth) =>
      reportRangeStore.write({ ...next, cutoffMonth: cutoff, now: currentMonth }),
    [currentMonth],
  );
  const controls = useReportSelection();
  // A link into a month (`month` with `expand`: the Runway card's, a source of an 'Ask Keel AI'
  // answer, an address shared) shows that month: the range widens to include it from the first render
  // (no fetch of a range without it), and is stored so, as following the Runway card's link does.
  const { month: linkedMonthParam, expand } = controls.selection;
  const linkedMonth = expand && isMonthKey(linkedMonthParam) ? linkedMonthParam : null;
  const range = linkedMonth ? rangeIncluding(chosenRange, linkedMonth) : chosenRange;
  const widened = range !== chosenRange;
  const { startMonth: shownStart, actualsEndMonth: shownActualsEnd, endMonth: shownEnd } = range;
  useEffect(() => {
    if (!widened) return;
    setRange({ startMonth: shownStart, actualsEndMonth: shownActualsEnd, endMonth: shownEnd }, cutoffMonth);
  }, [widened, shownStart, shownActualsEnd, shownEnd, cutoffMonth, setRange]);

  const { data, previousData, error, loading } = useQuery(REPORT_QUERY, {
    variables: { entityId: entity.id, reportId: reportIdParam ?? null, ...range },
    fetchPolicy: 'cache-and-network',
  });
  // While a new range loads, the previous report stays on screen (the cards keep their place).
  const report = (data ?? previousData)?.report;
  useMarkFirstData(report?.id);
  const accountsById = useMemo(
    () => new Map((report?.accounts ?? []).map((a) => [a.id, a])),
    [report?.accounts],
  );
  const selectedRow = report
    ? findRowByKey(report.lineItems, accountsById, controls.selection.account)
    : undefined;
  const columnKey = selectedColumnKey(controls.selection);
  const selectedColumn = report?.columns.find((column) => column.key === columnKey);

  // The Runway card's link: one navigation to the cash row (the Banks group's top line) in a month,
  // opened and scrolled into view by the grid (`expand`); the page widens its range to the month, as it
  // does for any link with `month` and `expand` (above).
  const location = useLocation();
  const monthLink = useMemo<MonthLink | undefined>(() => {
    const cashRow = report?.lineItems.find((line) => {
      const account = line.accountId ? accountsById.get(line.accountId) : undefined;
      return account?.accountGroup === CASH_ACCOUNT_GROUP && account.parentId === null && !line.isLeaf;
    });
    if (!cashRow) return undefined;
    const key = rowKey(cashRow, accountsById);
    return {
      href: (month) => {
        const params = new URLSearchParams(location.search);
        params.set('account', key);
        params.set('month', month);
        params.set('type', month <= range.actualsEndMonth ? 'actual' : 'forecast');
        params.delete('total');
        params.set('expand', 'true');
        return `${location.pathname}?${params.toString()}`;
      },
    };
  }, [report?.lineItems, accountsById, location.pathname, location.search, range.actualsEndMonth]);

  return (
    <Stack gap="sm" h="100%" data-testid="financial-report">
      <Group justify="space-between" align="center" wrap="wrap">
        <Group gap="sm" align="baseline">
          <PageTitle title={report?.name ?? 'Financial Report'} />
          <Text c="dimmed" data-testid="report-entity-name">
            {entity.name}
          </Text>
        </Group>
        <ReportDateRange
          range={range}
          cutoffMonth={cutoffMonth}
          currentMonth={currentMonth}
          onChange={setRange}
        />
      </Group>
      {error && !report ? (
        <ReportLoadError error={error} reportId={reportIdParam} />
      ) : !report ? (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading report" />
        </Group>
      ) : (
        <>
          {isReportEmpty(report.lineItems) ? <EmptyReportGuide /> : null}
          <SummaryCards
            entityId={entity.id}
            reportId={report.id}
            range={range}
            currentMonth={currentMonth}
            {...(monthLink ? { monthLink } : {})}
          />
          <ReportDndProvider report={report} accountsById={accountsById}>
            <Box style={{ display: 'flex', flex: 1, minHeight: 0, gap: 0 }}>
              <Box style={{ flex: 1, minWidth: 0 }}>
                <ReportGrid
                  report={report}
                  accountsById={accountsById}
                  controls={controls}
                  selectedRow={selectedRow}
                  selectedColumn={selectedColumn}
                  refreshing={loading}
                />
              </Box>
              {selectedRow ? (
                <ReportDrawer
                  entityId={entity.id}
                  report={report}
                  accountsById={accountsById}
                  row={selectedRow}
                  column={selectedColumn ?? null}
                  currentMonth={currentMonth}
                  onClose={controls.clear}
                />
              ) : null}
            </Box>
          </ReportDndProvider>
        </>
      )}
    </Stack>
  );
}

/**
 * Marks when the report's figures first arrive (`report:data`), once per report: with the grid's
 * `report-grid:rendered` mark, bench/reportGrid.ts measures the grid's first render in Chromium.
 */
function useMarkFirstData(reportId: string | undefined) {
  const marked = useRef<string | null>(null);
  if (reportId && marked.current !== reportId) {
    marked.current = reportId;
    performance.mark('report:data');
  }
}
