import type { MonthRangeWithCutoff } from '@keel/domain';
import { ActionIcon, Box, Group, Select } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import {
  initialWindowYear,
  isSameRange,
  isWindowYearUsable,
  rangeOfYear,
  sliderWindowOfYear,
  yearPickerYears,
} from './clampReportRange';
import { MonthRangeSlider } from './MonthRangeSlider';

type ReportDateRangeProps = {
  range: MonthRangeWithCutoff;
  /** The actuals cutoff the user chose; the shown range's may differ after a year was picked. */
  cutoffMonth: string;
  currentMonth: string;
  /**
   * A new range. `cutoffMonth` is the cutoff to remember: the same as before for a picked year,
   * absent when a handle moved (the new range's cutoff is the user's).
   */
  onChange: (range: MonthRangeWithCutoff, cutoffMonth?: string) => void;
};

/**
 * The report's date range control (spec §2 'Report grid details', §5, §9): the three-handle slider over
 * a window of three years and four months, a year picker (20 years centred on the current year) that
 * moves the window to January of the picked year and shows that year, January to December, keeping the
 * actuals cutoff (rangeOfYear), and the range settings button, which the spec shows disabled. Years
 * whose window starts at or after the current month are offered but disabled: no start month in them
 * would be before the current month.
 */
export function ReportDateRange({ range, cutoffMonth, currentMonth, onChange }: ReportDateRangeProps) {
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
    const next = rangeOfYear(year, cutoffMonth, currentMonth);
    if (!isSameRange(next, range)) onChange(next, cutoffMonth);
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
          onChange={(next) => onChange(next)}
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
