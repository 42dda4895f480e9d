import { Select } from '@mantine/core';
import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { AmountInput } from './AmountInput';
import type { AmountInputValue } from './amountInputValue';

/**
 * The Amount field of the Entry and Forecast forms: its message shows once the field was touched or
 * changed, so an empty new form does not open in red.
 */
export function AmountField<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T>;
  name: FieldPathByValue<T, AmountInputValue>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <AmountInput
          label="Amount"
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.isTouched || fieldState.isDirty ? fieldState.error?.message : undefined}
        />
      )}
    />
  );
}

/** The searchable 'Against account' picker of the Entry and Forecast forms ('' while none is chosen). */
export function AgainstAccountField<T extends FieldValues>({
  control,
  name,
  options,
}: {
  control: Control<T>;
  name: FieldPathByValue<T, string>;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label="Against account"
          searchable
          data={options}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );
}
