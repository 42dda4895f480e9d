import type { MonthKey } from '@keel/domain';
import { MonthPickerInput } from '@mantine/dates';
import { actualsEndBounds, monthOfPickerDate, pickerDate } from './dashboardMonths';

/**
 * 'Actuals End Month' (spec §2, §5): the last month the charts show as actual; months after the current
 * month cannot be picked. Saved on this device per dashboard (actualsEndStore).
 */
export function ActualsEndPicker({
  month,
  endMonth,
  currentMonth,
  onChange,
}: {
  month: MonthKey;
  endMonth: MonthKey;
  currentMonth: MonthKey;
  onChange: (month: MonthKey) => void;
}) {
  const bounds = actualsEndBounds(endMonth, currentMonth);
  return (
    <MonthPickerInput
      label="Actuals end month"
      aria-label="Actuals End Month"
      size="sm"
      w={150}
      valueFormat="MMM YYYY"
      previousLabel="Previous year"
      nextLabel="Next year"
      value={pickerDate(month)}
      minDate={pickerDate(bounds.minMonth)}
      maxDate={pickerDate(bounds.maxMonth)}
      onChange={(date) => {
        const picked = monthOfPickerDate(date);
        if (picked && picked <= bounds.maxMonth && picked !== month) onChange(picked);
      }}
      popoverProps={{ withinPortal: true }}
      data-testid="dashboard-actuals-end"
    />
  );
}
