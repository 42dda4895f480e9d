import { ActionIcon, TextInput } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { type ChangeEvent, type ReactNode, useLayoutEffect, useRef } from 'react';
import { type AmountInputValue, caretAfterFormat, readAmountInput } from './amountInputValue';

type AmountInputProps = {
  label: ReactNode;
  value: AmountInputValue;
  onChange: (value: AmountInputValue) => void;
  onBlur?: () => void;
  error?: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  name?: string;
};

/**
 * The amount box of spec §5: digits and one decimal point, at most 2 decimals, thousands separators
 * while typing, at most 23 characters. Typing '-' anywhere flips the sign, shown by the icon on the
 * left (which also flips it when pressed). Controlled: the value is an AmountInputValue; use
 * amountInputCents for the signed cents.
 */
export function AmountInput({
  label,
  value,
  onChange,
  onBlur,
  error,
  description,
  disabled,
  required,
  name,
}: AmountInputProps) {
  const input = useRef<HTMLInputElement>(null);
  /** Where the caret goes after the next render (the text may have gained or lost separators). */
  const pendingCaret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    pendingCaret.current = null;
    if (caret !== null && input.current && document.activeElement === input.current) {
      input.current.setSelectionRange(caret, caret);
    }
  });

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.currentTarget.value;
    const caret = event.currentTarget.selectionStart ?? raw.length;
    const next = readAmountInput(raw, value);
    if (!next) {
      // Refused: the box keeps its text and the caret stays where the refused character would have gone.
      const kept = Math.max(0, caret - (raw.length - value.text.length));
      event.currentTarget.value = value.text;
      event.currentTarget.setSelectionRange(kept, kept);
      return;
    }
    pendingCaret.current = caretAfterFormat(raw, caret, next.text);
    onChange(next);
  };

  const signLabel = value.negative ? 'Negative amount: make positive' : 'Positive amount: make negative';
  return (
    <TextInput
      ref={input}
      label={label}
      name={name}
      description={description}
      required={required}
      disabled={disabled}
      error={error}
      inputMode="decimal"
      autoComplete="off"
      value={value.text}
      placeholder="0.00"
      onChange={handleChange}
      onBlur={onBlur}
      data-negative={value.negative ? 'true' : 'false'}
      leftSectionPointerEvents="all"
      leftSection={
        <ActionIcon
          variant="subtle"
          color={value.negative ? 'red' : 'gray'}
          size="sm"
          aria-label={signLabel}
          title={signLabel}
          data-testid="amount-sign"
          data-sign={value.negative ? 'negative' : 'positive'}
          disabled={disabled}
          onClick={() => onChange({ ...value, negative: !value.negative })}
        >
          {value.negative ? <IconMinus size={14} aria-hidden /> : <IconPlus size={14} aria-hidden />}
        </ActionIcon>
      }
      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}
