import { dayIn, describeMonth, formatCents, type MonthKey, monthBounds, monthKeyOfDate } from '@keel/domain';
import { ActionIcon, Box, Button, Group, Menu, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import { useContext, useMemo, useRef, useState } from 'react';
import { EntityContext } from '../../../shell/EntityContext';
import { browserTimeZone } from '../../../shell/timeZoneOptions';
import { useFillViewportHeight } from '../grid/useFillViewportHeight';
import type { ReportAccountView, ReportColumnView, ReportLineItemView, ReportViewData } from '../reportQuery';
import { AccountRules } from './AccountRules';
import { DeleteEntryDialog } from './DeleteEntryDialog';
import type { DrawerEntry } from './drawerQueries';
import {
  canAddEntries,
  defaultEntryDate,
  defaultForecastMonth,
  entryAccountIds,
  entryDateWindow,
  type NewEntryMode,
  newEntryMode,
} from './drawerScope';
import { EntryDetailsDialog } from './EntryDetailsDialog';
import { EntryForm } from './EntryForm';
import { EntryList } from './EntryList';
import { ForecastForm } from './ForecastForm';
import { RuleDragChip } from './RuleDragChip';
import { type ReportEntriesList, useReportEntries } from './useReportEntries';

type ReportDrawerProps = {
  entityId: string;
  report: ReportViewData;
  accountsById: ReadonlyMap<string, ReportAccountView>;
  row: ReportLineItemView;
  column: ReportColumnView | null;
  currentMonth: string;
  onClose: () => void;
};

/** What the drawer is doing besides listing (spec §4 'Drawer': none, entry form or forecast form). */
type DrawerAction =
  | { kind: 'none' }
  | { kind: 'entry'; entry: DrawerEntry | null }
  | { kind: 'forecast'; entry: DrawerEntry | null };

const NO_ACTION: DrawerAction = { kind: 'none' };
/** The search applies 300 ms after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The right drawer of the Financial Report (spec §2, §4): the selected row's entries in the selected
 * column (or the whole range), a search, a summary, and the Entry and Forecast forms.
 */
export function ReportDrawer({
  entityId,
  report,
  accountsById,
  row,
  column,
  currentMonth,
  onClose,
}: ReportDrawerProps) {
  const drawerRef = useRef<HTMLElement>(null);
  const height = useFillViewportHeight(drawerRef);
  // A new cell, month or account resets the action and drops the entry being edited (spec §4).
  const selectionKey = `${row.id}|${column?.key ?? ''}`;
  const [actionState, setActionState] = useState({ key: selectionKey, action: NO_ACTION });
  const action = actionState.key === selectionKey ? actionState.action : NO_ACTION;
  const setAction = (next: DrawerAction) => setActionState({ key: selectionKey, action: next });

  const [searchState, setSearchState] = useState({ rowId: row.id, text: '' });
  const searchDraft = searchState.rowId === row.id ? searchState.text : '';
  const [debouncedSearch] = useDebouncedValue(searchDraft.trim(), SEARCH_DEBOUNCE_MS);
  const search = searchDraft.trim() === '' ? '' : debouncedSearch;

  const dateWindow = useMemo(() => entryDateWindow(report, column), [report, column]);
  const accountIds = useMemo(() => entryAccountIds(row, report.accounts), [row, report.accounts]);
  const list = useReportEntries({
    reportId: report.id,
    accountId: row.accountId,
    accountIds,
    window: dateWindow,
    search,
    sign: row.sign,
  });
  const [detailsEntryId, setDetailsEntryId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<DrawerEntry | null>(null);

  const today = useServerToday(currentMonth);
  const addable = canAddEntries(row);
  const mode = newEntryMode(column, currentMonth);
  const account = row.accountId ? accountsById.get(row.accountId) : undefined;

  const editEntry = (entry: DrawerEntry) =>
    setAction({ kind: entry.transactionType === 'Budget' ? 'forecast' : 'entry', entry });

  return (
    <Box
      ref={drawerRef}
      component="aside"
      data-testid="report-drawer"
      aria-label="Entries"
      w={360}
      h={height}
      style={{
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        borderLeft: '1px solid var(--mantine-color-gray-3)',
        background: 'var(--mantine-color-body)',
      }}
    >
      <Stack gap="xs" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {row.name}
            </Title>
            <Text size="xs" c="dimmed" data-testid="drawer-scope">
              {describeScope(column, report)}
              {account && account.path !== row.name ? ` · ${account.path}` : ''}
            </Text>
          </Stack>
          <ActionIcon variant="subtle" color="gray" aria-label="Close drawer" onClick={onClose}>
            <IconX size={18} />
          </ActionIcon>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            placeholder="Search entries"
            aria-label="Search entries"
            leftSection={<IconSearch size={14} />}
            value={searchDraft}
            disabled={!row.accountId}
            onChange={(event) => setSearchState({ rowId: row.id, text: event.currentTarget.value })}
          />
          <NewEntryButton
            disabled={!addable}
            mode={mode}
            onOpen={(kind) => setAction({ kind, entry: null })}
          />
        </Group>
        {/* A rule moves one account's entries: a parent row's list (its sub-accounts too) offers none. */}
        {row.accountId && search && accountIds === null ? (
          <RuleDragChip
            sourceAccountId={row.accountId}
            searchFilter={search}
            date={dateWindow.startDate}
            shownCount={list.totalCount}
          />
        ) : null}
        {row.accountId ? <AccountRules accountId={row.accountId} /> : null}
      </Stack>

      {/* The drawer is as tall as the grid; its body scrolls, the heading and search stay. */}
      <Box data-testid="drawer-body" style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {!row.accountId ? (
          <Text size="sm" c="dimmed" p="sm" data-testid="drawer-computed-line">
            {row.name} is computed from other lines of the report, so it has no entries of its own. Select an
            account row to see and add entries.
          </Text>
        ) : (
          <>
            {action.kind !== 'none' && account ? (
              <Box p="sm">
                {action.kind === 'entry' ? (
                  <EntryForm
                    entityId={entityId}
                    reportId={report.id}
                    accountId={account.id}
                    sign={row.sign}
                    accounts={report.accounts}
                    defaultDate={defaultEntryDate(column, currentMonth, today)}
                    entry={action.entry}
                    onDone={() => setAction(NO_ACTION)}
                  />
                ) : (
                  <ForecastForm
                    entityId={entityId}
                    reportId={report.id}
                    accountId={account.id}
                    sign={row.sign}
                    accounts={report.accounts}
                    defaultMonth={defaultForecastMonth(column, currentMonth)}
                    currentMonth={currentMonth}
                    entry={action.entry}
                    onDone={() => setAction(NO_ACTION)}
                  />
                )}
              </Box>
            ) : null}
            <DrawerSummary list={list} />
            <EntryList
              list={list}
              searching={search !== ''}
              onEdit={editEntry}
              onDelete={setDeleting}
              onViewHistory={(entry) => setDetailsEntryId(entry.id)}
            />
          </>
        )}
      </Box>
      <EntryDetailsDialog entryId={detailsEntryId} sign={list.sign} onClose={() => setDetailsEntryId(null)} />
      <DeleteEntryDialog
        reportId={report.id}
        entry={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(entry) => {
          if (action.kind !== 'none' && action.entry?.transactionId === entry.transactionId)
            setAction(NO_ACTION);
        }}
      />
    </Box>
  );
}

/**
 * 'New entry': opens the form the selected month calls for, or offers both when no single month is
 * selected (row only, annual, YTD or total column).
 */
function NewEntryButton({
  disabled,
  mode,
  onOpen,
}: {
  disabled: boolean;
  mode: NewEntryMode;
  onOpen: (kind: 'entry' | 'forecast') => void;
}) {
  const button = (
    <Button
      aria-label="New entry"
      leftSection={<IconPlus size={14} />}
      disabled={disabled}
      onClick={mode === 'choose' ? undefined : () => onOpen(mode)}
    >
      New
    </Button>
  );
  if (mode !== 'choose' || disabled) return button;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onOpen('entry')}>Entry</Menu.Item>
        <Menu.Item onClick={() => onOpen('forecast')}>Forecast</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** How many entries match and what they add up to, as the row shows it. */
function DrawerSummary({ list }: { list: ReportEntriesList }) {
  const count = list.totalCount;
  return (
    <Group
      justify="space-between"
      px="sm"
      py={6}
      data-testid="drawer-summary"
      bg="var(--mantine-color-gray-0)"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Text size="sm" c="dimmed">
        {count === 1 ? '1 entry' : `${count.toLocaleString('en-US')} entries`}
      </Text>
      <Text size="sm" fw={600} ff="monospace">
        Total {formatCents(list.totalAmount * list.sign)}
      </Text>
    </Group>
  );
}

/** 'Nov 2026', 'FY 2026 (Actual)', or the report range with no column selected. */
function describeScope(column: ReportColumnView | null, report: ReportViewData): string {
  const monthLabel = (key: MonthKey) => {
    const month = describeMonth(key);
    return `${month.short} ${month.year}`;
  };
  if (!column) return `${monthLabel(report.startMonth)} – ${monthLabel(report.endMonth)}`;
  if (column.period === 'month') return monthLabel(column.months[0] ?? column.key);
  return `${column.short} (${column.title})`;
}

/**
 * The company's today by the server (in its time zone: it decides actual vs forecast); outside the
 * app shell, today in the browser's zone when that is in the current month, else the month's last day.
 */
function useServerToday(currentMonth: MonthKey): string {
  const serverToday = useContext(EntityContext)?.today;
  if (serverToday) return serverToday.slice(0, 10);
  const browserToday = dayIn(browserTimeZone(), new Date());
  return monthKeyOfDate(browserToday) === currentMonth ? browserToday : monthBounds(currentMonth).lastDay;
}
