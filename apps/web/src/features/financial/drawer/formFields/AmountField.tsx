import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { AmountInput } from '../AmountInput';
import type { AmountInputValue } from '../amountInputValue';

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
