import type { MonthRangeWithCutoff } from '@keel/domain';
import { ActionIcon, Box, Group, Select } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import {
  clampReportRange,
  initialWindowYear,
  isWindowYearUsable,
  sliderWindowOfYear,
  yearPickerYears,
} from './clampReportRange';
import { MonthRangeSlider } from './MonthRangeSlider';

export type ReportDateRangeProps = {
  range: MonthRangeWithCutoff;
  currentMonth: string;
  onChange: (range: MonthRangeWithCutoff) => void;
};

/**
 * The report's date range control (spec §2 'Report grid details', §5, §9): the three-handle slider over
 * a window of three years and four months, a year picker that moves the window to January of the
 * picked year (20 years centred on the current year), and the range settings button, which the spec
 * shows disabled. Years whose window starts at or after the current month are offered but disabled:
 * no start month in them would be before the current month.
 */
export function ReportDateRange({ range, currentMonth, onChange }: ReportDateRangeProps) {
  const [windowYear, setWindowYear] = useState(() => initialWindowYear(range, currentMonth));
  const sliderWindow = sliderWindowOfYear(windowYear);
  const years = yearPickerYears(currentMonth).map((year) => ({
    value: String(year),
    label: String(year),
    disabled: !isWindowYearUsable(year, currentMonth),
  }));

  const pickYear = (value: string | null) => {
    const year = Number(value);
    if (!value || !Number.isInteger(year) || !isWindowYearUsable(year, currentMonth)) return;
    setWindowYear(year);
    const next = clampReportRange(range, sliderWindowOfYear(year), currentMonth);
    if (next !== range) onChange(next);
  };

  return (
    <Group
      gap="sm"
      wrap="nowrap"
      align="center"
      justify="flex-end"
      data-testid="report-date-range"
      style={{ flex: '1 1 380px', maxWidth: 640, minWidth: 0 }}
    >
      <Box style={{ flex: 1, minWidth: 0, display: 'flex', justifyContent: 'flex-end' }}>
        <MonthRangeSlider
          range={range}
          sliderWindow={sliderWindow}
          currentMonth={currentMonth}
          onChange={onChange}
        />
      </Box>
      <Select
        aria-label="Year"
        data={years}
        value={String(windowYear)}
        onChange={pickYear}
        allowDeselect={false}
        size="xs"
        w={88}
        maxDropdownHeight={260}
        data-testid="report-date-range-year-picker"
      />
      <ActionIcon variant="default" size="lg" disabled aria-label="Range settings">
        <IconSettings size={18} />
      </ActionIcon>
    </Group>
  );
}
