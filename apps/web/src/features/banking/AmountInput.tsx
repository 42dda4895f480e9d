import { TextInput, type TextInputProps } from '@mantine/core';
import { type ChangeEvent, forwardRef } from 'react';
import { readAmountText } from './amountText';

type AmountInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> & {
  /** The box's text: digits and at most one '.' with 2 decimals ('1234.50'), or ''. */
  value: string;
  onChange: (text: string) => void;
};

/**
 * A dollar amount box for money that only goes one way (a transfer, a threshold): '$' in front, and only
 * what readAmountText accepts gets in. A refused keystroke leaves the text and the caret where they were.
 * No maxLength: a pasted '1,234,567.00' is longer than what it leaves, and readAmountText caps the text.
 * Controlled: pair it with a react-hook-form Controller, or state.
 */
export const AmountInput = forwardRef<HTMLInputElement, AmountInputProps>(function AmountInput(
  { value, onChange, ...props },
  ref,
) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const box = event.currentTarget;
    const next = readAmountText(box.value);
    if (next === null) {
      const caret = Math.max(0, (box.selectionStart ?? box.value.length) - (box.value.length - value.length));
      box.value = value;
      box.setSelectionRange(caret, caret);
      return;
    }
    onChange(next);
  };
  return (
    <TextInput
      ref={ref}
      leftSection="$"
      placeholder="0.00"
      inputMode="decimal"
      autoComplete="off"
      {...props}
      value={value}
      onChange={handleChange}
    />
  );
});
