import { Menu } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import type { ReportLineItemView } from '../reportQuery';

export type RowMenuState = { row: ReportLineItemView; button: HTMLElement };

export type AccountRowMenuProps = {
  state: RowMenuState | null;
  scroller: HTMLElement | null;
  onClose(): void;
  onAddSubAccount(row: ReportLineItemView): void;
  onRename(row: ReportLineItemView): void;
  onDelete(row: ReportLineItemView): void;
};

/**
 * Spec §2 account row menu: 'Add Sub-Account' on every account; 'Rename Account' and 'Delete Account'
 * only on mutable ones. One menu serves the whole grid, anchored to the clicked row's button, so the
 * hundreds of rows a scroll mounts each carry only a plain button. Scrolling the grid closes it.
 */
export function AccountRowMenu({
  state,
  scroller,
  onClose,
  onAddSubAccount,
  onRename,
  onDelete,
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
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
