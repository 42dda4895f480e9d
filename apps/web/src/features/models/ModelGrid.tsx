// biome-ignore-all lint/a11y/useSemanticElements: a virtualised ARIA grid of divs; table elements cannot hold its sticky, absolutely placed rows.
// biome-ignore-all lint/a11y/useFocusableInteractive: only cells that can be edited (a list input's months) take focus.
import { INPUT_VALUE_MAX, type MonthKey } from '@keel/domain';
import { Badge, Tooltip } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useLayoutEffect, useMemo, useRef, useState } from 'react';
import styles from './ModelGrid.module.css';
import { type CellView, formatCellView, formatOutputCell, monthLabel } from './modelFormat';
import type { InputType, ModelAccount, ModelData, ModelVariable } from './modelQueries';

const LABEL_WIDTH = 256;
const MONTH_WIDTH = 112;
const HEADER_HEIGHT = 40;

type GridRow =
  | { kind: 'group'; key: string; title: string }
  | { kind: 'variable'; key: string; variable: ModelVariable }
  | { kind: 'output'; key: string; variable: ModelVariable | undefined; name: string; accountPath: string };

const TYPE_BADGES: Partial<Record<InputType, string>> = {
  number: '#',
  percent: '%',
  currency: '$',
  month: 'month',
  link: 'books',
  list: 'list',
};

type ModelGridProps = {
  model: ModelData;
  currentMonth: MonthKey;
  canEdit: boolean;
  /** A list input's month typed in the grid; null clears it. */
  onListValue: (variable: ModelVariable, month: MonthKey, amount: number | null) => void;
};

/**
 * The model's monthly data grid (spec 'Models screens'): rows grouped Inputs, Formulas and Outputs, a
 * column per month of the model, numbers right-aligned in tabular figures with each variable's format,
 * #ERROR cells marked red with the reason on hover. Outputs show what they write into the report (to
 * the cent). A list input's months are typed here. Rows are virtualised: a 1,000-variable model keeps
 * a screenful of rows in the DOM.
 */
export function ModelGrid({ model, currentMonth, canEdit, onListValue }: ModelGridProps) {
  const rows = useMemo(() => gridRows(model), [model]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.kind === 'group' ? 29 : 33),
    getItemKey: (index) => rows[index]?.key ?? index,
    paddingStart: HEADER_HEIGHT,
    overscan: 8,
    initialRect: { width: 1024, height: 560 },
  });
  const width = LABEL_WIDTH + MONTH_WIDTH * model.months.length;
  useScrollToMonthOnce(scrollRef, model.months.indexOf(currentMonth));

  return (
    <div ref={scrollRef} className={styles.grid} data-testid="model-grid" role="grid" aria-label="Model data">
      <div style={{ height: virtualizer.getTotalSize(), width, position: 'relative' }}>
        <div className={styles.headerRow} style={{ width }} role="row">
          <div className={styles.label} role="columnheader">
            Variable
          </div>
          {model.months.map((month) => (
            <div
              key={month}
              role="columnheader"
              className={`${styles.headerCell} ${month === currentMonth ? styles.current : ''}`}
              data-month={month}
            >
              <small>{month < currentMonth ? 'Past' : month === currentMonth ? 'Current' : 'Future'}</small>
              <span>{monthLabel(month)}</span>
            </div>
          ))}
        </div>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          const style = { position: 'absolute' as const, top: item.start, left: 0, width };
          if (row.kind === 'group') {
            return (
              <div key={row.key} className={styles.groupRow} style={style} role="row">
                <div className={styles.label} role="rowheader">
                  {row.title}
                </div>
              </div>
            );
          }
          return (
            <div
              key={row.key}
              className={styles.row}
              style={style}
              role="row"
              data-testid={row.kind === 'output' ? 'model-grid-output' : 'model-grid-row'}
              data-variable-id={row.variable?.id}
            >
              <RowLabel row={row} />
              {model.months.map((month, index) => (
                <GridCell
                  key={month}
                  row={row}
                  month={month}
                  cell={row.variable?.values[index]}
                  current={month === currentMonth}
                  editable={canEdit && row.kind === 'variable' && row.variable.inputType === 'list'}
                  onListValue={onListValue}
                />
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** Opens the grid with the current month near its left edge (two months before it in view), once. */
function useScrollToMonthOnce(scrollRef: RefObject<HTMLDivElement | null>, monthIndex: number) {
  const done = useRef(false);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (done.current || !element || monthIndex < 0) return;
    done.current = true;
    element.scrollLeft = Math.max(0, monthIndex - 2) * MONTH_WIDTH;
  }, [scrollRef, monthIndex]);
}

function gridRows(model: ModelData): GridRow[] {
  const inputs = model.dataSheet.filter((variable) => variable.group === 'inputs');
  const formulas = model.dataSheet.filter((variable) => variable.group === 'formulas');
  const byId = new Map(model.dataSheet.map((variable) => [variable.id, variable]));
  const paths = new Map<string, ModelAccount['path']>(
    model.accounts.map((account) => [account.id, account.path]),
  );
  const rows: GridRow[] = [{ kind: 'group', key: 'group-inputs', title: 'Inputs' }];
  for (const variable of inputs) rows.push({ kind: 'variable', key: variable.id, variable });
  rows.push({ kind: 'group', key: 'group-formulas', title: 'Formulas' });
  for (const variable of formulas) rows.push({ kind: 'variable', key: variable.id, variable });
  rows.push({ kind: 'group', key: 'group-outputs', title: 'Outputs' });
  for (const output of model.budgets) {
    rows.push({
      kind: 'output',
      key: `output-${output.id}`,
      variable: byId.get(output.variableId),
      name: output.name,
      accountPath: paths.get(output.accountId) ?? '',
    });
  }
  return rows;
}

function RowLabel({ row }: { row: Exclude<GridRow, { kind: 'group' }> }) {
  if (row.kind === 'output') {
    const title = `${row.name} → ${row.accountPath}`;
    return (
      <div className={styles.label} role="rowheader" title={title} aria-label={title}>
        <span className={styles.labelText}>{row.name}</span>
        <IconArrowRight size={12} style={{ flex: 'none' }} />
        <span className={`${styles.labelText} ${styles.outputLabel}`}>
          {row.accountPath.split(' / ').at(-1)}
        </span>
      </div>
    );
  }
  const badge = TYPE_BADGES[row.variable.inputType];
  return (
    <div className={styles.label} role="rowheader" title={row.variable.name} aria-label={row.variable.name}>
      <span className={styles.labelText}>{row.variable.name}</span>
      {badge ? (
        <Badge size="xs" variant="light" color="gray" style={{ flex: 'none' }}>
          {badge}
        </Badge>
      ) : null}
    </div>
  );
}

const EMPTY_CELL: CellView = { value: null, text: null, error: null };

function GridCell({
  row,
  month,
  cell = EMPTY_CELL,
  current,
  editable,
  onListValue,
}: {
  row: Exclude<GridRow, { kind: 'group' }>;
  month: MonthKey;
  cell: CellView | undefined;
  current: boolean;
  editable: boolean;
  onListValue: ModelGridProps['onListValue'];
}) {
  const [editing, setEditing] = useState(false);
  const variable = row.variable;
  const text =
    row.kind === 'output'
      ? formatOutputCell(cell)
      : formatCellView(cell, variable?.inputType ?? 'number', variable?.decimalPlaces ?? 0);
  const classes = [
    styles.cell,
    current ? styles.current : '',
    cell.error !== null ? styles.error : '',
    cell.text !== null && cell.error === null ? styles.text : '',
    editable ? styles.editable : '',
  ].join(' ');

  if (editing && variable) {
    return (
      <div className={classes} role="gridcell">
        <ListCellInput
          label={`${variable.name}, ${monthLabel(month)}`}
          initial={cell.value}
          onDone={(amount) => {
            setEditing(false);
            if (amount !== undefined) onListValue(variable, month, amount);
          }}
        />
      </div>
    );
  }
  const content = (
    <div
      className={classes}
      role="gridcell"
      data-month={month}
      aria-invalid={cell.error !== null || undefined}
      tabIndex={editable ? 0 : undefined}
      onClick={editable ? () => setEditing(true) : undefined}
      onKeyDown={
        editable
          ? (event) => {
              if (event.key === 'Enter') setEditing(true);
            }
          : undefined
      }
    >
      {text}
    </div>
  );
  return cell.error !== null ? (
    <Tooltip label={cell.error} multiline maw={320} withinPortal openDelay={150}>
      {content}
    </Tooltip>
  ) : (
    content
  );
}

/** A list input's month typed in place: Enter or leaving saves, Escape cancels, blank clears. */
function ListCellInput({
  label,
  initial,
  onDone,
}: {
  label: string;
  initial: number | null;
  onDone: (amount: number | null | undefined) => void;
}) {
  const [draft, setDraft] = useState(initial === null ? '' : String(initial));
  const [problem, setProblem] = useState(false);
  const finished = useRef(false);
  const done = (amount: number | null | undefined) => {
    if (finished.current) return;
    finished.current = true;
    onDone(amount);
  };
  const finish = () => {
    const cleaned = draft.replace(/,/g, '').trim();
    if (cleaned === '') return done(initial === null ? undefined : null);
    const amount = Number(cleaned);
    if (!Number.isFinite(amount) || Math.abs(amount) > INPUT_VALUE_MAX) return setProblem(true);
    done(amount === initial ? undefined : amount);
  };
  return (
    <input
      className={styles.cellInput}
      aria-label={label}
      aria-invalid={problem || undefined}
      inputMode="decimal"
      maxLength={24}
      // biome-ignore lint/a11y/noAutofocus: the cell was opened for typing
      autoFocus
      value={draft}
      onChange={(event) => {
        setProblem(false);
        setDraft(event.currentTarget.value);
      }}
      onBlur={finish}
      onKeyDown={(event) => {
        if (event.key === 'Enter') finish();
        if (event.key === 'Escape') done(undefined);
      }}
      style={problem ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
    />
  );
}
