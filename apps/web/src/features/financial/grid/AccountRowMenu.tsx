import { Menu } from '@mantine/core';
import { IconEdit, IconEye, IconEyeOff, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import type { ReportLineItemView } from '../reportQuery';

export type RowMenuState = { row: ReportLineItemView; button: HTMLElement };

type AccountRowMenuProps = {
  state: RowMenuState | null;
  scroller: HTMLElement | null;
  onClose(): void;
  onAddSubAccount(row: ReportLineItemView): void;
  onRename(row: ReportLineItemView): void;
  onDelete(row: ReportLineItemView): void;
  /** 'Hide When Empty' (false) or 'Show When Empty' (true): whether the row stays while it is empty. */
  onSetShownWhenEmpty(row: ReportLineItemView, shown: boolean): void;
  /** Whether the row's account is shown while empty (an account the person added, not yet hidden). */
  isShownWhenEmpty(row: ReportLineItemView): boolean;
};

/**
 * Spec §2 account row menu: 'Add Sub-Account' on every account; 'Rename Account' and 'Delete Account'
 * only on mutable ones; 'Hide When Empty' or 'Show When Empty' on every account below the top level
 * (an account a person added stays while empty until they hide it). One menu serves the whole grid, anchored to the clicked row's button, so the
 * hundreds of rows a scroll mounts each carry only a plain button. Scrolling the grid closes it.
 */
export function AccountRowMenu({
  state,
  scroller,
  onClose,
  onAddSubAccount,
  onRename,
  onDelete,
  onSetShownWhenEmpty,
  isShownWhenEmpty,
}: AccountRowMenuProps) {
  useEffect(() => {
    if (!state || !scroller) return;
    scroller.addEventListener('scroll', onClose, { once: true });
    return () => scroller.removeEventListener('scroll', onClose);
  }, [state, scroller, onClose]);

  const rect = state?.button.getBoundingClientRect();
  const row = state?.row;
  return (
    <Menu
      opened={state !== null}
      onChange={(opened) => {
        if (!opened) onClose();
      }}
      position="bottom-end"
      shadow="md"
      width={200}
      withinPortal
      returnFocus={false}
      onClose={() => {
        if (state?.button.isConnected) state.button.focus();
      }}
    >
      <Menu.Target>
        <div
          aria-hidden
          style={{
            position: 'fixed',
            left: rect?.left ?? 0,
            top: rect?.top ?? 0,
            width: rect?.width ?? 0,
            height: rect?.height ?? 0,
            pointerEvents: 'none',
          }}
        />
      </Menu.Target>
      <Menu.Dropdown aria-label={row ? `Account menu for ${row.name}` : undefined}>
        {row ? (
          <>
            <Menu.Item leftSection={<IconPlus size={14} />} onClick={() => onAddSubAccount(row)}>
              Add Sub-Account
            </Menu.Item>
            {row.isMutable ? (
              <>
                <Menu.Item leftSection={<IconEdit size={14} />} onClick={() => onRename(row)}>
                  Rename Account
                </Menu.Item>
                <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onDelete(row)}>
                  Delete Account
                </Menu.Item>
              </>
            ) : null}
            {row.depth > 0 ? (
              isShownWhenEmpty(row) ? (
                <Menu.Item
                  leftSection={<IconEyeOff size={14} />}
                  onClick={() => onSetShownWhenEmpty(row, false)}
                >
                  Hide When Empty
                </Menu.Item>
              ) : (
                <Menu.Item leftSection={<IconEye size={14} />} onClick={() => onSetShownWhenEmpty(row, true)}>
                  Show When Empty
                </Menu.Item>
              )
            ) : null}
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
