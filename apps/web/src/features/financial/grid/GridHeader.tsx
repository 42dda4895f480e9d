// biome-ignore-all lint/a11y/useSemanticElements: a virtualised ARIA treegrid of divs; table elements cannot hold its sticky, absolutely sized rows and columns.
// biome-ignore-all lint/a11y/useFocusableInteractive: focus stays on the treegrid, which moves the selection with arrow keys (aria-activedescendant).
// biome-ignore-all lint/a11y/useKeyWithClickEvents: the treegrid handles arrow keys and Enter for its rows, cells and headers.
import type { MonthKey } from '@keel/domain';
import { Loader } from '@mantine/core';
import { memo } from 'react';
import type { ReportColumnView } from '../reportQuery';
import { isPlannedColumn } from './alignReportPlans';
import { ColumnOptionsMenu } from './ColumnOptionsMenu';
import { FIGURE_COLUMN_WIDTH, HEADER_HEIGHT, LABEL_COLUMN_WIDTH } from './gridLayout';
import classes from './ReportGrid.module.css';
import type { ColumnOptionsControls } from './useReportColumnOptions';

type GridHeaderProps = {
  columns: readonly ReportColumnView[];
  firstColumn: number;
  lastColumn: number;
  selectedColumnKey: string | null;
  refreshing: boolean;
  columnOptions: ColumnOptionsControls;
  hiddenEmptyRows: number;
  /** While the Variance option is on, the actuals end: the columns through it say 'vs plan'. */
  varianceThrough: MonthKey | null;
  onSelectColumn(column: ReportColumnView): void;
  onExportCsv(): void;
};

/**
 * The sticky header: a corner with the column options, then each column's title above its short label
 * ('Past vs plan' over the months that show their variance).
 */
export const GridHeader = memo(function GridHeader({
  columns,
  firstColumn,
  lastColumn,
  selectedColumnKey,
  refreshing,
  columnOptions,
  hiddenEmptyRows,
  varianceThrough,
  onSelectColumn,
  onExportCsv,
}: GridHeaderProps) {
  const shown = columns.slice(firstColumn, lastColumn + 1);
  return (
    <div className={classes.headerRow} role="row" style={{ height: HEADER_HEIGHT }}>
      <div className={classes.corner} role="columnheader" style={{ width: LABEL_COLUMN_WIDTH }}>
        <span>Account</span>
        <span style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          {refreshing ? <Loader size={14} aria-label="Updating report" /> : null}
          <ColumnOptionsMenu
            controls={columnOptions}
            hiddenEmptyRows={hiddenEmptyRows}
            onExportCsv={onExportCsv}
          />
        </span>
      </div>
      {firstColumn > 0 ? <div style={{ width: firstColumn * FIGURE_COLUMN_WIDTH, flex: 'none' }} /> : null}
      {shown.map((column) => {
        const planned = varianceThrough !== null && isPlannedColumn(column, varianceThrough);
        return (
          <div
            key={column.key}
            role="columnheader"
            className={classes.headerCell}
            data-testid="report-column-header"
            data-column-key={column.key}
            aria-selected={column.key === selectedColumnKey}
            data-border={column.border || undefined}
            data-forecast={(column.period === 'month' && column.filter === 'forecast') || undefined}
            data-current={column.title === 'Current' || undefined}
            data-variance={planned || undefined}
            title={
              planned ? `${column.short}: actual, and under it actual − plan as the month began` : undefined
            }
            style={{ width: FIGURE_COLUMN_WIDTH }}
            onClick={() => onSelectColumn(column)}
          >
            <span className={classes.headerTitle}>{planned ? `${column.title} vs plan` : column.title}</span>
            <span className={classes.headerShort}>{column.short}</span>
          </div>
        );
      })}
    </div>
  );
});
