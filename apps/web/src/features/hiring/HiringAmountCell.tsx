import { formatCents, HIRING_AMOUNT_MAX_CENTS, unitsToCents } from '@keel/domain';
import { NumberInput, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useInlineEdit } from '../../lib/useInlineEdit';

/** Spec §5: currency inputs with 2 decimals, never negative, at most the plan's largest amount. */
export const HIRING_MONEY_INPUT_PROPS = {
  prefix: '$',
  thousandSeparator: ',',
  decimalScale: 2,
  min: 0,
  max: HIRING_AMOUNT_MAX_CENTS / 100,
  clampBehavior: 'strict',
  allowNegative: false,
  size: 'xs',
} as const;

/** What a money input holds as an amount in units: a number, or null when it is empty (spec §5). */
export function amountOfInput(value: number | string): number | null {
  return typeof value === 'number' ? value : null;
}

/** '$150,000.00', or '—' for no amount. */
function formatUnits(units: number | null): string {
  return units === null ? '—' : formatCents(unitsToCents(units));
}

type HiringAmountCellProps = {
  /** Names the amount for the input and button: 'Default salary of Engineer'. */
  label: string;
  units: number | null;
  canEdit: boolean;
  /** A changed amount, in units; null clears it. */
  onChange: (units: number | null) => void;
};

/**
 * An amount of the plan (a role's default salary or bonus) edited in place: a click opens a currency
 * input; Enter or leaving it saves a changed amount (empty clears it), Escape cancels.
 */
export function HiringAmountCell({ label, units, canEdit, onChange }: HiringAmountCellProps) {
  const [editing, setEditing] = useState(false);
  if (canEdit && editing) {
    return <AmountInput label={label} units={units} onChange={onChange} onDone={() => setEditing(false)} />;
  }
  const text = <Text size="sm">{formatUnits(units)}</Text>;
  if (!canEdit) return text;
  return (
    <UnstyledButton onClick={() => setEditing(true)} aria-label={`Edit ${label}`}>
      {text}
    </UnstyledButton>
  );
}

function AmountInput({
  label,
  units,
  onChange,
  onDone,
}: {
  label: string;
  units: number | null;
  onChange: (units: number | null) => void;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState<number | string>(units ?? '');
  const editHandlers = useInlineEdit((save) => {
    const amount = amountOfInput(draft);
    if (save && amount !== units) onChange(amount);
    onDone();
  });
  return (
    <NumberInput
      aria-label={label}
      {...HIRING_MONEY_INPUT_PROPS}
      w="100%"
      autoFocus
      value={draft}
      onChange={setDraft}
      {...editHandlers}
    />
  );
}
