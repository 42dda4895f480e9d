import { Select, Text } from '@mantine/core';
import { useMemo } from 'react';
import {
  type ChartLineRef,
  findReportLine,
  isLineInReport,
  lineOfOption,
  type ReportLineOption,
} from './reportLines';

/** Spec §9: combo lists are at most 12rem high. */
const LIST_MAX_HEIGHT = 192;

/**
 * A report line picker: the report's rows in its order by their path ('Expense › Operating Expenses ›
 * Payroll'), searchable by it. A line the report no longer has says so.
 */
export function ReportLineSelect({
  value,
  options,
  loading,
  label,
  ariaLabel,
  placeholder = 'Choose a report line',
  clearable = false,
  onChange,
}: {
  value: ChartLineRef | null;
  options: readonly ReportLineOption[];
  loading: boolean;
  label?: string;
  ariaLabel: string;
  placeholder?: string;
  clearable?: boolean;
  onChange: (line: ChartLineRef | null, option: ReportLineOption | null) => void;
}) {
  const data = useMemo(
    () => options.map((option) => ({ value: option.value, label: option.path })),
    [options],
  );
  const byValue = useMemo(() => new Map(options.map((option) => [option.value, option])), [options]);
  const selected = findReportLine(options, value);
  const missing = value !== null && selected === null && !loading && !isLineInReport(options, value);
  // An account's own figures over months where the grid shows no row for them: named by the account.
  const ownFigures = value?.isLeaf && !selected ? findReportLine(options, { ...value, isLeaf: false }) : null;
  return (
    <Select
      label={label}
      aria-label={ariaLabel}
      placeholder={
        loading ? 'Loading report lines…' : ownFigures ? `${ownFigures.path} (own figures)` : placeholder
      }
      data={data}
      value={selected?.value ?? null}
      searchable
      allowDeselect={false}
      clearable={clearable}
      // The selected line's path in the box lists every line; anything else typed narrows the list.
      filter={({ options, search }) => {
        const query = search.trim().toLowerCase();
        if (!query || search === selected?.path) return options;
        return options.filter((option) => 'label' in option && option.label.toLowerCase().includes(query));
      }}
      nothingFoundMessage="No report line matches"
      maxDropdownHeight={LIST_MAX_HEIGHT}
      comboboxProps={{ withinPortal: true }}
      error={missing ? 'The report no longer has this line: choose another' : undefined}
      renderOption={({ option }) => {
        const line = byValue.get(option.value);
        // The whole path as one text (a person and a screen reader read the same words); top rows stand out.
        return (
          <Text size="sm" fw={line?.depth === 0 ? 600 : 400}>
            {option.label}
          </Text>
        );
      }}
      onChange={(next) => {
        const option = next ? (byValue.get(next) ?? null) : null;
        onChange(option ? lineOfOption(option) : null, option);
      }}
      style={{ flex: 1, minWidth: 0 }}
    />
  );
}
