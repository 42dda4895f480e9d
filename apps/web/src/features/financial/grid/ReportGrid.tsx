import { notifications } from '@mantine/notifications';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useEntityContext } from '../../../shell/EntityContext';
import type { ReportAccountView, ReportColumnView, ReportLineItemView, ReportViewData } from '../reportQuery';
import {
  ancestorRowIds,
  findRowByKey,
  type ReportSelectionControls,
  rowKey,
  selectedColumnKey,
} from '../reportSelection';
import { AccountRowMenu, type RowMenuState } from './AccountRowMenu';
import { varianceEndMonth } from './alignReportPlans';
import { buildReportCsv, reportCsvFileName } from './buildReportCsv';
import { parentAccountIdsOf } from './cellDragItem';
import { downloadCsvFile } from './downloadCsvFile';
import { forecastEditOutcome, isForecastCellEditable } from './forecastCellEdit';
import { GridHeader } from './GridHeader';
import { GridRow } from './GridRow';
import { type GridActions, GridContext, type GridContextValue } from './gridContext';
import { moveGridPosition } from './gridKeyboard';
import {
  ACTIVE_CELL_ID,
  ACTIVE_ROW_ID,
  centeredScrollOffset,
  FIGURE_COLUMN_WIDTH,
  HEADER_HEIGHT,
  LABEL_COLUMN_WIDTH,
  revealedScrollOffset,
  rowHeight,
  snappedScrollOffset,
} from './gridLayout';
import classes from './ReportGrid.module.css';
import { visibleReportColumns } from './reportColumnOptions';
import { ReportDropViewportContext } from './reportDropViewport';
import { buildStaleMarks } from './staleMarks';
import { useAccountRowActions } from './useAccountRowActions';
import { useFillViewportHeight } from './useFillViewportHeight';
import { useGridDragAutoScroll } from './useGridDragAutoScroll';
import { useGridExpansion } from './useGridExpansion';
import { useGridPan } from './useGridPan';
import { useReportColumnOptions } from './useReportColumnOptions';
import { useReportPlans } from './useReportPlans';
import { VarianceLegend } from './VarianceLegend';
import { withoutEmptyAccounts } from './visibleGridRows';

type ReportGridProps = {
  report: ReportViewData;
  accountsById: ReadonlyMap<string, ReportAccountView>;
  controls: ReportSelectionControls;
  selectedRow: ReportLineItemView | undefined;
  selectedColumn: ReportColumnView | undefined;
  refreshing: boolean;
};

/** A row and/or column to bring into view once it is on screen (after expanding or refetching). */
type ScrollTarget = { rowKey: string | null; columnKey: string | null };
type EditingCell = { rowId: string; columnKey: string };

/** Reports whose first render was marked (bench/reportGrid.ts reads the mark). */
const markedReports = new Set<string>();

/**
 * The Financial Report grid (spec §2 'Report grid details'): a sticky label column and header, rows
 * nested by depth, one column per visible month or summary. Rows and columns are virtualised, so a
 * large chart over many months renders only what is on screen.
 */
export function ReportGrid({
  report,
  accountsById,
  controls,
  selectedRow,
  selectedColumn,
  refreshing,
}: ReportGridProps) {
  const { entity } = useEntityContext();
  const scrollRef = useRef<HTMLDivElement>(null);
  const height = useFillViewportHeight(scrollRef);
  useGridPan(scrollRef);
  useGridDragAutoScroll(scrollRef);
  const dropViewport = useContext(ReportDropViewportContext);
  useEffect(() => {
    if (!dropViewport) return;
    dropViewport.current = scrollRef.current;
    return () => {
      dropViewport.current = null;
    };
  }, [dropViewport]);
  const columnOptions = useReportColumnOptions();
  const columns = useMemo(
    () => visibleReportColumns(report.columns, columnOptions.options),
    [report.columns, columnOptions.options],
  );
  const valueIndexes = useMemo(() => {
    const indexByKey = new Map(report.columns.map((column, index) => [column.key, index]));
    return columns.map((column) => indexByKey.get(column.key) ?? -1);
  }, [report.columns, columns]);
  // Plan vs actual: under the past months, only while the months show.
  const varianceShown = columnOptions.options.variance && columnOptions.options.months;
  const reportPlans = useReportPlans(report, accountsById, varianceShown);
  const lineItems = useShownLineItems(report, selectedRow, columnOptions.options.emptyAccounts);
  const expansion = useGridExpansion(report.id, lineItems);
  const rows = expansion.visibleRows;
  const rowKeys = useMemo(() => rows.map((row) => rowKey(row, accountsById)), [rows, accountsById]);
  const parentAccountIds = useMemo(() => parentAccountIdsOf(report.accounts), [report.accounts]);
  const staleMarks = useMemo(
    () => buildStaleMarks(report.staleModelOutputs ?? [], accountsById),
    [report.staleModelOutputs, accountsById],
  );
  const { selection } = controls;
  const selectedKey = selection.account;
  const selectedColKey = selectedColumnKey(selection);

  const [editing, setEditing] = useState<EditingCell | null>(null);
  const [renamingRowId, setRenamingRowId] = useState<string | null>(null);
  const [menu, setMenu] = useState<RowMenuState | null>(null);
  const [scrollTarget, setScrollTarget] = useState<ScrollTarget | null>(null);

  // One memo: new heights (the Variance option) come with a new getItemKey, which is what makes the
  // virtualiser lay the rows out again (it does not watch estimateSize).
  const rowSizing = useMemo(
    () => ({
      estimateSize: (index: number) => {
        const row = rows[index];
        return row ? rowHeight(row, varianceShown) : rowHeight({ name: '' }, varianceShown);
      },
      getItemKey: (index: number) => rows[index]?.id ?? index,
    }),
    [rows, varianceShown],
  );
  const rowVirtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: rowSizing.estimateSize,
    getItemKey: rowSizing.getItemKey,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    overscan: 6,
    initialRect: { width: 1024, height: 600 },
  });
  const columnItemKey = useCallback((index: number) => columns[index]?.key ?? index, [columns]);
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => FIGURE_COLUMN_WIDTH,
    getItemKey: columnItemKey,
    paddingStart: LABEL_COLUMN_WIDTH,
    scrollPaddingStart: LABEL_COLUMN_WIDTH,
    overscan: 2,
    initialRect: { width: 1024, height: 600 },
  });
  const virtualRows = rowVirtualizer.getVirtualItems();
  const virtualColumns = columnVirtualizer.getVirtualItems();
  const firstColumn = virtualColumns[0]?.index ?? 0;
  const lastColumn = virtualColumns[virtualColumns.length - 1]?.index ?? -1;

  const accountActions = useAccountRowActions({
    entityId: entity.id,
    report,
    accountsById,
    controls,
    selectedColumn,
    revealRow: (parentRowId, key) => {
      expansion.setExpanded([parentRowId], true);
      setScrollTarget({ rowKey: key, columnKey: null });
    },
  });

  // The first render with data is what the grid benchmark times.
  useEffect(() => {
    if (rows.length === 0 || markedReports.has(report.id)) return;
    markedReports.add(report.id);
    performance.mark('report-grid:rendered');
  }, [report.id, rows.length]);

  // On load, and whenever `expand=true` arrives, open the selected row's ancestors and bring the
  // selection into view; `expand` is then removed from the URL.
  const loaded = useRef(false);
  const { consumeExpand } = controls;
  const { setExpanded } = expansion;
  const { actualsEndMonth } = report;
  useEffect(() => {
    const firstLoad = !loaded.current;
    loaded.current = true;
    if (!firstLoad && !selection.expand) return;
    const row = findRowByKey(report.lineItems, accountsById, selection.account);
    if (row) setExpanded(ancestorRowIds(row), true);
    // Without a selected column, a first load opens on the actuals end month, where the actuals meet
    // the forecast.
    const columnKey = selectedColKey ?? (firstLoad ? actualsEndMonth : null);
    setScrollTarget({ rowKey: row ? selection.account : null, columnKey });
    if (selection.expand) consumeExpand();
  }, [
    selection.expand,
    selection.account,
    selectedColKey,
    report.lineItems,
    accountsById,
    actualsEndMonth,
    setExpanded,
    consumeExpand,
  ]);

  useEffect(() => {
    if (!scrollTarget) return;
    const rowIndex = scrollTarget.rowKey === null ? -1 : rowKeys.indexOf(scrollTarget.rowKey);
    if (scrollTarget.rowKey !== null && rowIndex < 0) return; // not on screen yet: wait for the rows
    const columnIndex = columns.findIndex((column) => column.key === scrollTarget.columnKey);
    // A column of a range still loading (a link that widened it): wait for the columns.
    if (scrollTarget.columnKey !== null && columnIndex < 0 && refreshing) return;
    const scroller = scrollRef.current;
    const row = rowVirtualizer.measurementsCache[rowIndex];
    if (scroller && row)
      scroller.scrollTop = centeredScrollOffset(row.start, row.size, scroller.clientHeight, HEADER_HEIGHT);
    if (scroller && columnIndex >= 0)
      scroller.scrollLeft = snappedScrollOffset(
        centeredScrollOffset(
          columnStart(columnIndex),
          FIGURE_COLUMN_WIDTH,
          scroller.clientWidth,
          LABEL_COLUMN_WIDTH,
        ),
        FIGURE_COLUMN_WIDTH,
        'nearest',
      );
    setScrollTarget(null);
  }, [scrollTarget, rowKeys, columns, rowVirtualizer, refreshing]);

  // When the grid narrows (the drawer opens beside it) or widens, keep the selected column in view.
  const selectedColumnIndexRef = useRef(-1);
  selectedColumnIndexRef.current = columns.findIndex((column) => column.key === selectedColKey);
  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    let width = scroller.clientWidth;
    const observer = new ResizeObserver(() => {
      if (scroller.clientWidth === width) return;
      width = scroller.clientWidth;
      const index = selectedColumnIndexRef.current;
      if (index >= 0) revealColumn(scroller, index);
    });
    observer.observe(scroller);
    return () => observer.disconnect();
  }, []);

  const handlers: GridActions = {
    selectRow: (key) => {
      setScrollTarget(null);
      controls.selectRow(key);
    },
    selectCell: (key, column) => {
      setScrollTarget(null);
      controls.selectCell(key, column);
    },
    toggleRow: expansion.toggle,
    openRowMenu: (row, button) => setMenu((open) => (open?.row.id === row.id ? null : { row, button })),
    startEdit: (rowId, columnKey) => setEditing({ rowId, columnKey }),
    commitEdit: (row, column, cents, text, initial) => {
      setEditing(null);
      const outcome = forecastEditOutcome(text, initial, cents, row.sign);
      if (outcome.kind === 'invalid')
        notifications.show({ color: 'red', title: 'Forecast not saved', message: outcome.error });
      if (outcome.kind === 'forecast') void accountActions.adjustForecastCell(row, column, outcome.amount);
    },
    cancelEdit: () => setEditing(null),
    rename: (row, name) => {
      setRenamingRowId(null);
      void accountActions.renameAccount(row, name);
    },
    cancelRename: () => setRenamingRowId(null),
  };
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const actions = useMemo<GridActions>(
    () => ({
      selectRow: (key) => handlersRef.current.selectRow(key),
      selectCell: (key, column) => handlersRef.current.selectCell(key, column),
      toggleRow: (rowId) => handlersRef.current.toggleRow(rowId),
      openRowMenu: (row, button) => handlersRef.current.openRowMenu(row, button),
      startEdit: (rowId, columnKey) => handlersRef.current.startEdit(rowId, columnKey),
      commitEdit: (...args) => handlersRef.current.commitEdit(...args),
      cancelEdit: () => handlersRef.current.cancelEdit(),
      rename: (row, name) => handlersRef.current.rename(row, name),
      cancelRename: () => handlersRef.current.cancelRename(),
    }),
    [],
  );
  const closeRowMenu = useCallback(() => setMenu(null), []);
  const menuRowId = menu?.row.id ?? null;
  const context = useMemo<GridContextValue>(
    () => ({
      actions,
      accountsById,
      actualsEndMonth: report.actualsEndMonth,
      parentAccountIds,
      menuRowId,
      staleMarks,
    }),
    [actions, accountsById, report.actualsEndMonth, parentAccountIds, menuRowId, staleMarks],
  );

  const plans = reportPlans.plans;
  const exportCsv = useCallback(() => {
    const variance = varianceShown ? { throughMonth: varianceEndMonth(report), plans } : undefined;
    const csv = buildReportCsv(report.lineItems, report.columns, columns, accountsById, variance);
    downloadCsvFile(reportCsvFileName(new Date()), csv);
  }, [report, columns, accountsById, varianceShown, plans]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, [role="menu"]')) return;
    const rowIndex = selectedKey === null ? -1 : rowKeys.indexOf(selectedKey);
    const columnIndex = columns.findIndex((column) => column.key === selectedColKey);
    const row = rows[rowIndex];
    const column = columns[columnIndex];
    if (event.key === 'Enter' && target === event.currentTarget) {
      if (row && column && isForecastCellEditable(row, column, report.actualsEndMonth)) {
        event.preventDefault();
        setEditing({ rowId: row.id, columnKey: column.key });
      }
      return;
    }
    const from = rowIndex >= 0 ? { rowIndex, columnIndex: columnIndex >= 0 ? columnIndex : null } : null;
    const next = moveGridPosition(event.key, from, rows.length, columns.length);
    const nextKey = next ? rowKeys[next.rowIndex] : undefined;
    if (!next || nextKey === undefined) return;
    event.preventDefault();
    const nextColumn = next.columnIndex === null ? undefined : columns[next.columnIndex];
    if (nextColumn) controls.selectCell(nextKey, nextColumn);
    else controls.selectRow(nextKey);
    const scroller = event.currentTarget;
    const nextRow = rowVirtualizer.measurementsCache[next.rowIndex];
    if (nextRow)
      scroller.scrollTop = revealedScrollOffset(
        nextRow.start,
        nextRow.size,
        scroller.scrollTop,
        scroller.clientHeight,
        HEADER_HEIGHT,
      );
    if (next.columnIndex !== null) revealColumn(scroller, next.columnIndex);
  };

  const firstRowStart = virtualRows[0]?.start ?? HEADER_HEIGHT;
  // Focus stays on the treegrid; assistive technology follows the selection when it is rendered.
  const selectedRowIndex = selectedKey === null ? -1 : rowKeys.indexOf(selectedKey);
  const selectedColumnIndex = columns.findIndex((column) => column.key === selectedColKey);
  const activeDescendant = !virtualRows.some((virtualRow) => virtualRow.index === selectedRowIndex)
    ? undefined
    : selectedColumnIndex >= firstColumn && selectedColumnIndex <= lastColumn
      ? ACTIVE_CELL_ID
      : ACTIVE_ROW_ID;
  return (
    <GridContext.Provider value={context}>
      <VarianceLegend shown={varianceShown} loading={reportPlans.loading} error={reportPlans.error} />
      <div
        ref={scrollRef}
        className={classes.grid}
        data-testid="report-grid"
        role="treegrid"
        aria-label="Financial Report"
        aria-rowcount={rows.length + 1}
        aria-colcount={columns.length + 1}
        aria-busy={refreshing}
        aria-activedescendant={activeDescendant}
        tabIndex={0}
        onKeyDown={onKeyDown}
        style={{ height }}
      >
        <div
          className={classes.canvas}
          style={{ width: columnVirtualizer.getTotalSize(), height: rowVirtualizer.getTotalSize() }}
        >
          <GridHeader
            columns={columns}
            firstColumn={firstColumn}
            lastColumn={lastColumn}
            selectedColumnKey={selectedColKey}
            refreshing={refreshing}
            columnOptions={columnOptions}
            hiddenEmptyRows={report.lineItems.length - lineItems.length}
            varianceThrough={varianceShown ? varianceEndMonth(report) : null}
            onSelectColumn={controls.selectColumn}
            onExportCsv={exportCsv}
          />
          <div style={{ height: firstRowStart - HEADER_HEIGHT }} />
          {virtualRows.map((virtualRow) => {
            const row = rows[virtualRow.index];
            const key = rowKeys[virtualRow.index];
            if (!row || key === undefined) return null;
            const selected = key === selectedKey;
            return (
              <GridRow
                key={row.id}
                row={row}
                rowKey={key}
                columns={columns}
                valueIndexes={valueIndexes}
                plans={reportPlans.plans.get(row.id)}
                higherIsGood={reportPlans.higherIsGood.get(row.id) ?? true}
                firstColumn={firstColumn}
                lastColumn={lastColumn}
                height={virtualRow.size}
                hasChildren={expansion.parents.has(row.id)}
                expanded={expansion.isExpanded(row.id)}
                selected={selected}
                selectedColumnKey={selected ? selectedColKey : null}
                editingColumnKey={editing?.rowId === row.id ? editing.columnKey : null}
                renaming={renamingRowId === row.id}
              />
            );
          })}
        </div>
      </div>
      <AccountRowMenu
        state={menu}
        scroller={scrollRef.current}
        onClose={closeRowMenu}
        onAddSubAccount={(row) => void accountActions.addSubAccount(row)}
        onRename={(row) => setRenamingRowId(row.id)}
        onDelete={(row) => accountActions.confirmDeleteAccount(row)}
        isShownWhenEmpty={(row) => Boolean(row.accountId && accountsById.get(row.accountId)?.shownWhenEmpty)}
        onSetShownWhenEmpty={(row, shown) => {
          // Hidden by the person: it no longer stays because it was selected on this page.
          if (!shown) selectedOnPage.get(report.id)?.delete(row.id);
          void accountActions.setShownWhenEmpty(row, shown);
        }}
      />
    </GridContext.Provider>
  );
}

/** Where a figure column starts in the scrolled content (after the label column). */
function columnStart(index: number): number {
  return LABEL_COLUMN_WIDTH + index * FIGURE_COLUMN_WIDTH;
}

/** Scrolls the grid just enough to show a column beside the sticky labels. */
function revealColumn(scroller: HTMLElement, index: number) {
  const current = scroller.scrollLeft;
  const revealed = revealedScrollOffset(
    columnStart(index),
    FIGURE_COLUMN_WIDTH,
    current,
    scroller.clientWidth,
    LABEL_COLUMN_WIDTH,
  );
  // Brought in at the right edge: on to the next column boundary, so the left column shows whole.
  if (revealed > current) scroller.scrollLeft = snappedScrollOffset(revealed, FIGURE_COLUMN_WIDTH, 'up');
  else if (revealed !== current) scroller.scrollLeft = revealed;
}

/** Rows selected on this page, by report: they stay shown while empty (an account just added, say). */
const selectedOnPage = new Map<string, Set<string>>();

/** The report's rows, without the empty accounts unless the option shows them (withoutEmptyAccounts). */
function useShownLineItems(
  report: ReportViewData,
  selectedRow: ReportLineItemView | undefined,
  showEmpty: boolean,
): readonly ReportLineItemView[] {
  let keep = selectedOnPage.get(report.id);
  if (!keep) {
    keep = new Set();
    selectedOnPage.set(report.id, keep);
  }
  const selectedId = selectedRow?.id;
  if (selectedId && !keep.has(selectedId)) keep.add(selectedId);
  const keepSize = keep.size;
  // Accounts a person added and has not hidden show while empty, on every load.
  const shownAccountIds = useMemo(
    () => new Set(report.accounts.filter((account) => account.shownWhenEmpty).map((account) => account.id)),
    [report.accounts],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: keepSize stands for the set's contents.
  return useMemo(
    () =>
      showEmpty || !keep ? report.lineItems : withoutEmptyAccounts(report.lineItems, keep, shownAccountIds),
    [report.lineItems, showEmpty, keep, keepSize, shownAccountIds],
  );
}
