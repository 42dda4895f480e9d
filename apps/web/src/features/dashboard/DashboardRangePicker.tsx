import { findDashboardRangeProblem, type MonthKey } from '@keel/domain';
import { MonthPickerInput } from '@mantine/dates';
import { useState } from 'react';
import { dashboardMonthBounds, isWithinSpan, monthOfPickerDate, pickerDate } from './dashboardMonths';

type PickerValue = [string | null, string | null];

/**
 * 'Select Time Period' (spec §2 Dashboard screen, §4, §5): a month range picker. A range needs two
 * months and applies once both are picked; picking one and closing keeps the range shown. Months
 * outside the bounds, or more than 120 months from the first month picked, cannot be picked.
 */
export function DashboardRangePicker({
  startMonth,
  endMonth,
  currentMonth,
  onChange,
}: {
  startMonth: MonthKey;
  endMonth: MonthKey;
  currentMonth: MonthKey;
  onChange: (range: { startMonth: MonthKey; endMonth: MonthKey }) => void;
}) {
  const [pending, setPending] = useState<PickerValue | null>(null);
  const bounds = dashboardMonthBounds(currentMonth);
  const firstPicked = pending?.[0] && !pending[1] ? monthOfPickerDate(pending[0]) : null;
  return (
    <MonthPickerInput
      type="range"
      label="Time period"
      aria-label="Select Time Period"
      placeholder="Select Time Period"
      size="sm"
      w={196}
      valueFormat="MMM YYYY"
      previousLabel="Previous year"
      nextLabel="Next year"
      value={pending ?? [pickerDate(startMonth), pickerDate(endMonth)]}
      minDate={pickerDate(bounds.minMonth)}
      maxDate={pickerDate(bounds.maxMonth)}
      getMonthControlProps={(date) => {
        const month = monthOfPickerDate(date);
        return firstPicked && month && !isWithinSpan(firstPicked, month) ? { disabled: true } : {};
      }}
      onChange={([from, to]) => {
        const start = monthOfPickerDate(from);
        const end = monthOfPickerDate(to);
        if (!start) {
          setPending(null);
          return;
        }
        if (!end) {
          setPending([from, null]);
          return;
        }
        setPending(null);
        if (findDashboardRangeProblem(start, end) === null && (start !== startMonth || end !== endMonth)) {
          onChange({ startMonth: start, endMonth: end });
        }
      }}
      onDropdownClose={() => setPending(null)}
      popoverProps={{ withinPortal: true }}
      data-testid="dashboard-range"
    />
  );
}
