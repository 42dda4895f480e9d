import { ActionIcon, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAdjustmentsHorizontal, IconDeviceFloppy, IconFileExport } from '@tabler/icons-react';
import type { ReportColumnOptions } from './reportColumnOptions';
import type { ColumnOptionsControls } from './useReportColumnOptions';

const TOGGLES: { key: keyof ReportColumnOptions; label: string }[] = [
  { key: 'months', label: 'Months' },
  { key: 'annualTotal', label: 'Annual Summaries' },
  { key: 'overallTotal', label: 'Overall Total' },
  { key: 'variance', label: 'Variance' },
];

/**
 * Spec §2 column options: which columns show (and the Variance under the past months), 'Make
 * default' to keep them, 'Export CSV'.
 */
export function ColumnOptionsMenu({
  controls,
  hiddenEmptyRows,
  onExportCsv,
}: {
  controls: ColumnOptionsControls;
  /** How many empty account rows the option hides now (shown beside it). */
  hiddenEmptyRows: number;
  onExportCsv(): void;
}) {
  const { options, setOptions, makeDefault } = controls;
  return (
    <Menu position="bottom-start" width={220} shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Column options">
          <IconAdjustmentsHorizontal size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Columns</Menu.Label>
        {TOGGLES.map((toggle) => (
          <Menu.CheckboxItem
            key={toggle.key}
            checked={options[toggle.key]}
            onChange={(checked) => setOptions({ ...options, [toggle.key]: checked })}
          >
            {toggle.label}
          </Menu.CheckboxItem>
        ))}
        <Menu.Label>Rows</Menu.Label>
        <Menu.CheckboxItem
          checked={options.emptyAccounts}
          onChange={(checked) => setOptions({ ...options, emptyAccounts: checked })}
        >
          Empty Accounts{!options.emptyAccounts && hiddenEmptyRows > 0 ? ` (${hiddenEmptyRows} hidden)` : ''}
        </Menu.CheckboxItem>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconDeviceFloppy size={14} />}
          onClick={() => {
            makeDefault();
            notifications.show({ message: 'Column options saved as the default' });
          }}
        >
          Make default
        </Menu.Item>
        <Menu.Item leftSection={<IconFileExport size={14} />} onClick={onExportCsv}>
          Export CSV
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
