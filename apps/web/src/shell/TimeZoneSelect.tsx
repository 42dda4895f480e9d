import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { timeZoneOptions } from './timeZoneOptions';

type TimeZoneSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable'> & {
  value: string;
  onChange: (timeZone: string) => void;
};

/** The most zones listed at once: typing narrows the ~420 names (and a long list is slow to draw). */
const LISTED_AT_ONCE = 50;

/**
 * A searchable pick of the company's time zone (IANA names, with their offsets): used when a company
 * is created and in its settings. Clearing it is not a choice: the last zone stays.
 */
export function TimeZoneSelect({ value, onChange, ...props }: TimeZoneSelectProps) {
  const data = useMemo(() => timeZoneOptions(value), [value]);
  return (
    <Select
      searchable
      allowDeselect={false}
      nothingFoundMessage="No time zone matches"
      maxDropdownHeight={280}
      limit={LISTED_AT_ONCE}
      comboboxProps={{ withinPortal: true }}
      {...props}
      data={data}
      value={value}
      onChange={(next) => {
        if (next) onChange(next);
      }}
    />
  );
}
