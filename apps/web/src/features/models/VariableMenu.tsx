import { DECIMAL_PLACES_MAX } from '@keel/domain';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

const DECIMAL_CHOICES = Array.from({ length: DECIMAL_PLACES_MAX + 1 }, (_, places) => places);

type VariableMenuProps = {
  name: string;
  decimalPlaces: number;
  /** Format is offered unless the variable is a month (which has no decimals). */
  formatDisabled?: boolean;
  onRename: () => void;
  onFormat: (decimalPlaces: number) => void;
  onDelete: () => void;
  /** Items between Rename and Format (an input's Convert type). */
  children?: ReactNode;
};

/**
 * A variable's menu (spec 'Models screens'): Rename, then `children`, Format (decimal places, the
 * current one checked) and Delete, which a second click confirms ('Confirm delete'). Focus does not
 * return to the button on close, so a rename field opened from the menu keeps it.
 */
export function VariableMenu({
  name,
  decimalPlaces,
  formatDisabled = false,
  onRename,
  onFormat,
  onDelete,
  children,
}: VariableMenuProps) {
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  return (
    <Menu position="bottom-end" withinPortal returnFocus={false} onClose={() => setConfirmingDelete(false)}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Options for ${name}`}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onRename}>Rename</Menu.Item>
        {children}
        <Menu.Sub>
          <Menu.Sub.Target>
            <Menu.Sub.Item disabled={formatDisabled}>Format</Menu.Sub.Item>
          </Menu.Sub.Target>
          <Menu.Sub.Dropdown>
            <Menu.Label>Decimal places</Menu.Label>
            {DECIMAL_CHOICES.map((places) => (
              <Menu.Item
                key={places}
                onClick={() => onFormat(places)}
                fw={places === decimalPlaces ? 650 : undefined}
                aria-checked={places === decimalPlaces}
                role="menuitemradio"
              >
                {places === 0 ? '1,234' : `1,234.${'0'.repeat(places)}`}
              </Menu.Item>
            ))}
          </Menu.Sub.Dropdown>
        </Menu.Sub>
        <Menu.Divider />
        <Menu.Item
          color="red"
          closeMenuOnClick={confirmingDelete}
          onClick={() => (confirmingDelete ? onDelete() : setConfirmingDelete(true))}
        >
          {confirmingDelete ? 'Confirm delete' : 'Delete'}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
