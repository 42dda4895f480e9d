import { AMOUNT_NOT_ZERO, MAX_ENTRY_CENTS } from '@keel/domain';
import { z } from 'zod';
import { amountInputCents } from './amountInputValue';

/** An AmountInput's value as a form field: an amount is required, not zero, at most MAX_ENTRY_CENTS. */
export const amountFieldSchema = z
  .object({ text: z.string(), negative: z.boolean() })
  .superRefine((value, context) => {
    const cents = amountInputCents(value);
    if (cents === null) context.addIssue({ code: 'custom', message: 'Amount is required' });
    else if (cents === 0) context.addIssue({ code: 'custom', message: AMOUNT_NOT_ZERO });
    else if (Math.abs(cents) > MAX_ENTRY_CENTS)
      context.addIssue({ code: 'custom', message: 'Amount is too large' });
  });

/** Signed cents of a validated amount field (0 only if called on an invalid value). */
export function amountFieldCents(value: { text: string; negative: boolean }): number {
  return amountInputCents(value) ?? 0;
}
