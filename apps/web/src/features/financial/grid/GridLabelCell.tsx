// biome-ignore-all lint/a11y/useSemanticElements: a virtualised ARIA treegrid of divs; table elements cannot hold its sticky, absolutely sized rows and columns.
// biome-ignore-all lint/a11y/useFocusableInteractive: focus stays on the treegrid, which moves the selection with arrow keys (aria-activedescendant).
// biome-ignore-all lint/a11y/useKeyWithClickEvents: the treegrid handles arrow keys and Enter for its rows, cells and headers.
import { ActionIcon, TextInput, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCheck,
  IconChevronDown,
  IconChevronRight,
  IconDots,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import type { ReportLineItemView } from '../reportQuery';
import { useGridContext } from './gridContext';
import { INDENT_PER_DEPTH, LABEL_COLUMN_WIDTH } from './gridLayout';
import classes from './ReportGrid.module.css';
import type { StaleMark } from './staleMarks';

type GridLabelCellProps = {
  row: ReportLineItemView;
  rowKey: string;
  hasChildren: boolean;
  expanded: boolean;
  renaming: boolean;
};

/** The sticky first cell: indentation, the expand toggle, the name (or its rename form) and the row menu. */
export function GridLabelCell({ row, rowKey, hasChildren, expanded, renaming }: GridLabelCellProps) {
  const { actions, menuRowId, staleMarks } = useGridContext();
  // The menu is on account rows; a parent's own-figures row is not an account of its own.
  const hasMenu = row.accountId !== null && !row.isLeaf;
  const stale = row.accountId === null ? undefined : staleMarks.get(row.accountId);
  return (
    <div
      role="rowheader"
      className={classes.label}
      style={{ width: LABEL_COLUMN_WIDTH, paddingLeft: 4 + row.depth * INDENT_PER_DEPTH }}
      title={row.isLeaf ? `${row.name} (own entries)` : row.name}
      onClick={() => actions.selectRow(rowKey)}
    >
      {hasChildren ? (
        <button
          type="button"
          className={`${classes.toggle} keel-hoverable`}
          style={{ border: 0, background: 'transparent', borderRadius: 4, padding: 0, display: 'grid' }}
          aria-label={`${expanded ? 'Collapse' : 'Expand'} ${row.name}`}
          onClick={(event) => {
            event.stopPropagation();
            actions.toggleRow(row.id);
          }}
        >
          {expanded ? (
            <IconChevronDown size={14} style={{ margin: 'auto' }} />
          ) : (
            <IconChevronRight size={14} style={{ margin: 'auto' }} />
          )}
        </button>
      ) : (
        <span className={classes.toggleSpacer} />
      )}
      {renaming ? (
        <RenameForm row={row} />
      ) : (
        <>
          <span className={classes.name}>{row.name}</span>
          {stale ? <StaleMarker mark={stale} /> : null}
          {hasMenu ? (
            <button
              type="button"
              className={`${classes.menuButton} keel-hoverable`}
              style={{
                border: 0,
                background: 'transparent',
                borderRadius: 4,
                width: 24,
                height: 24,
                padding: 0,
              }}
              aria-label={`Account menu for ${row.name}`}
              aria-haspopup="menu"
              aria-expanded={menuRowId === row.id}
              data-expanded={menuRowId === row.id || undefined}
              onClick={(event) => {
                event.stopPropagation();
                actions.openRowMenu(row, event.currentTarget);
              }}
            >
              <IconDots size={16} style={{ display: 'block', margin: 'auto' }} />
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}

/**
 * Marks a row that shows a model output's last good figures because the model cannot compute them
 * now (amber), or whose total includes such a row below it (grey). The tooltip and the accessible name
 * say which model, which output and why.
 */
function StaleMarker({ mark }: { mark: StaleMark }) {
  const own = mark.own.length > 0;
  return (
    <Tooltip
      label={mark.text}
      multiline
      w={340}
      withArrow
      openDelay={150}
      events={{ hover: true, focus: true, touch: true }}
    >
      <span
        role="img"
        aria-label={mark.text}
        className={classes.staleMarker}
        data-testid="stale-marker"
        data-stale={own ? 'own' : 'below'}
        style={{ color: own ? 'var(--mantine-color-orange-7)' : 'var(--mantine-color-gray-6)' }}
      >
        <IconAlertTriangle size={14} style={{ display: 'block' }} aria-hidden />
      </span>
    </Tooltip>
  );
}

/** Spec §2 inline rename: Enter or the tick saves a non-blank name; Escape or the cross cancels. */
function RenameForm({ row }: { row: ReportLineItemView }) {
  const { actions } = useGridContext();
  const [name, setName] = useState(row.name);
  const blank = name.trim().length === 0;
  const save = () => {
    if (!blank) actions.rename(row, name.trim());
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keeps clicks in the form from selecting the row.
    <div className={classes.renameForm} onClick={(event) => event.stopPropagation()}>
      <TextInput
        size="xs"
        style={{ flex: 1, minWidth: 0 }}
        value={name}
        aria-label={`New name for ${row.name}`}
        error={blank || undefined}
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => setName(event.currentTarget.value)}
        onKeyDown={(event) => {
          event.stopPropagation();
          if (event.key === 'Enter') save();
          if (event.key === 'Escape') actions.cancelRename();
        }}
      />
      <ActionIcon
        size="sm"
        variant="subtle"
        color="green"
        aria-label="Save name"
        disabled={blank}
        onClick={save}
      >
        <IconCheck size={14} />
      </ActionIcon>
      <ActionIcon
        size="sm"
        variant="subtle"
        color="gray"
        aria-label="Cancel rename"
        onClick={actions.cancelRename}
      >
        <IconX size={14} />
      </ActionIcon>
    </div>
  );
}
